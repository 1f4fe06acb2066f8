import { defineConfig } from 'vitest/config';

/** Every unit, API and socket test: `npm test`. The long runs' full size: vitest.long.config.ts. */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/scale-bridge/src/**/*.test.ts',
      'simulator/**/*.test.ts',
      'tools/**/*.test.js',
    ],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Passwords hashed at a test cost (apps/server/src/test/setup.ts).
    setupFiles: ['apps/server/src/test/setup.ts'],
    // Two cores run two files at a time. The files of a worker share its loaded modules (the
    // server's module graph loads once per worker, not once per file: import time fell from
    // 161 s to 25 s) and its test databases (test/test-database.ts); nothing a file leaves
    // behind is shared state another reads (docs/testing.md, "Workers").
    maxWorkers: 2,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
