// zod 4 probes `new Function`, which the Content Security Policy (no 'unsafe-eval') reports as a
// violation; the browser parses small forms only, so the JIT is turned off. zod reads this global
// when its core loads (a lazy chunk), so no zod import here.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
