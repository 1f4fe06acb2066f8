import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:long` (CI runs it): the files whose runs `npm test` shortens, at full size
 * (apps/server/src/test/long-run.ts): the fuzzer's 10,000 requests, 20 SIGKILLs during
 * issuance, 1,000 issuances at once, 300 parallel sign-in guesses.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      'apps/server/src/test/fuzz.test.ts',
      'apps/server/src/crash.test.ts',
      'apps/server/src/realtime/realtime.test.ts',
      'apps/server/src/modules/auth/signin-throttle.test.ts',
    ],
    env: { TEST_LONG: '1' },
    testTimeout: 120_000,
  },
});
