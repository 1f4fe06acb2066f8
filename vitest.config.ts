import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/scale-bridge/src/**/*.test.ts',
      'tools/**/*.test.js',
    ],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Each API test file starts its own database thread; two cores run two files at a time well.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
