import { defineConfig } from 'vitest/config';

// Unit, property and server tests. The browser journeys live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite start-up is CPU heavy; two cores are shared by every worker.
    maxWorkers: 2,
  },
});
