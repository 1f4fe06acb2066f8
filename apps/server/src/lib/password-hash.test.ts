import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../test/setup.ts';
import { hashPassword, setHashCostForTests, verifyPassword } from './password-hash.ts';

// At the real cost here: the other tests hash at a lower one (test/setup.ts).
beforeAll(() => setHashCostForTests(null));
afterAll(() => setHashCostForTests(TEST_HASH_COST));

describe('password hashing', () => {
  it('verifies the right secret and refuses a wrong one', async () => {
    const stored = await hashPassword('a'.repeat(40));
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('a'.repeat(40), stored)).toBe(true);
    expect(await verifyPassword('b'.repeat(40), stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers sign-ins that arrive together, each with its own verdict', async () => {
    const stored = await Promise.all(['one', 'two', 'three', 'four', 'five'].map((s) => hashPassword(s)));
    const verdicts = await Promise.all(
      stored.flatMap((hash, i) => [
        verifyPassword(['one', 'two', 'three', 'four', 'five'][i]!, hash),
        verifyPassword('none', hash),
      ]),
    );
    expect(verdicts).toEqual([true, false, true, false, true, false, true, false, true, false]);
  });

  it('rejects a stored value whose parameters scrypt refuses, and keeps serving', async () => {
    await expect(verifyPassword('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).rejects.toThrow(/N|power|invalid/i);
    expect(await verifyPassword('right', await hashPassword('right'))).toBe(true);
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3')).toBe(false);
  });
});
