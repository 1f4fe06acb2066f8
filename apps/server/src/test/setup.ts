import { setHashCostForTests } from '../lib/password-hash.ts';

/**
 * Before every test file (vitest.config.ts, setupFiles). Passwords are hashed at scrypt
 * N = 1024 instead of 16384: what the tests check of a sign-in is the throttle, the audit and
 * the session, and at the real cost the suite spent minutes of its two cores in scrypt (the
 * sign-in throttle's races alone check a hundred passwords each). password-hash.test.ts checks
 * the real cost; servers the tests start as processes use it.
 */
export const TEST_HASH_COST = 1024;
setHashCostForTests(TEST_HASH_COST);
