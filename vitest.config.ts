import { defineConfig } from 'vitest/config';

// Unit, component and API tests. Playwright's e2e/*.spec.ts are not Vitest's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two workers suit this 2-core machine.
    maxWorkers: 2,
  },
});
