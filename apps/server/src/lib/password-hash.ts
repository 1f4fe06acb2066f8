import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createHelperProcess } from './helper-process.ts';

/**
 * Passwords at rest: scrypt of the client's pre-hash (sha1 of prefix + password), with a
 * random salt, in the format `scrypt$N$r$p$salt$hash` (base64url) so parameters can rise later.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
/** The cost new hashes are made with: PARAMS, except in tests (setHashCostForTests). */
let params: { N: number; r: number; p: number } = PARAMS;
const KEY_LENGTH = 64;
/**
 * Keys are derived in a helper process (scrypt-process.mjs) that ends after a minute without
 * sign-ins. Each key takes a 16 MB block (128 × N × r bytes). Freed in the server, that block
 * made glibc's allocator raise its thresholds for good (it then keeps up to 32 MB of free memory
 * in every thread's arena instead of giving it back): a plant day ended some 60 MB higher for
 * it (docs/benchmarks.md, "Issue 19: memory"). Freed in a process that ends, it changes nothing.
 */
const scryptHelper = createHelperProcess<
  { secret: string; salt: Buffer; keyLength: number; options: ScryptOptions },
  Uint8Array
>({ file: 'lib/scrypt-process.mjs', name: 'the password hasher', idleMs: 60_000, maxWaiting: 1000 });

async function derive(secret: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const key = await scryptHelper.run({
    secret,
    salt,
    keyLength: KEY_LENGTH,
    options: { ...params, maxmem: 64 * 1024 * 1024 },
  });
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

export async function hashPassword(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await derive(secret, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Tests only (test/setup.ts): a lower N for the hashes they make, null for the real one. Their
 * sign-ins check throttles, audits and sessions, not scrypt's cost: at N = 16384 one check takes
 * some 50 ms of a core, and the suite checks thousands. A stored hash names its own N, so
 * checking one is as cheap; password-hash.test.ts checks the real cost with null.
 */
export function setHashCostForTests(N: number | null): void {
  params = N === null ? PARAMS : { ...PARAMS, N };
  dummyHash = null;
}

export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spent on unknown e-mails so that a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password');
  return dummyHash;
}
