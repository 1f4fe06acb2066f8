/**
 * The long runs: the fuzzer's full budget, twenty SIGKILLs, a thousand issuances at once.
 * `npm test` runs a short version of each, so every behaviour is covered by the README's test
 * command in minutes; `npm run test:long` (vitest.long.config.ts, run by CI) sets TEST_LONG=1
 * and runs the same files at full size.
 */
export const LONG_RUN = process.env.TEST_LONG === '1';

/** `long` under `npm run test:long`, else `short`. */
export function longOrShort<T>(long: T, short: T): T {
  return LONG_RUN ? long : short;
}
