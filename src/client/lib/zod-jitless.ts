// zod 4 probes `new Function` to speed up object parsing; under the Content Security Policy
// (no 'unsafe-eval') that probe is reported as a CSP violation in the browser (Lighthouse
// best-practices "inspector issues"). The browser parses small forms only: turn the JIT off.
// zod reads this global config object when its core loads (a lazy chunk), so no zod import here.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
