import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser and one server: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page that follows a change live can take seconds on a loaded 2-core CI machine; the
    // default 1 s made a poll fail while the screen was still on its way (issue 18's CI run).
    expect: { poll: { timeout: 10_000 } },
  },
});
