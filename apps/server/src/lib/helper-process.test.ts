import { afterEach, describe, expect, it } from 'vitest';
import {
  createHelperProcess,
  HelperBusyError,
  HelperClosedError,
  type HelperProcess,
} from './helper-process.ts';

/** The password hasher's helper (scrypt-process.mjs) serves as the subject: small and quick. */
type Request = {
  secret: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem?: number };
};
const request = (secret: string, N = 1024): Request => ({
  secret,
  salt: Buffer.from('salt'),
  keyLength: 16,
  options: { N, r: 8, p: 1 },
});
/**
 * A run that takes a while (some 128 MB of scrypt, a few hundred ms), allowed the memory it needs:
 * without `maxmem`, scrypt refuses it at once, and the helper answers before it can be stopped.
 */
const slow = (secret: string): Request => ({
  ...request(secret, 2 ** 17),
  options: { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 },
});

let helper: HelperProcess<Request, Uint8Array>;
const open = (options: { idleMs?: number; maxWaiting?: number } = {}) => {
  helper = createHelperProcess<Request, Uint8Array>({
    file: 'lib/scrypt-process.mjs',
    name: 'the test helper',
    idleMs: options.idleMs ?? 60_000,
    maxWaiting: options.maxWaiting ?? 100,
  });
  return helper;
};
afterEach(() => helper.close());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a helper process', () => {
  it('answers each run with its own result, in another process', async () => {
    open();
    const keys = await Promise.all(['a', 'b', 'a'].map((secret) => helper.run(request(secret))));
    expect(Buffer.from(keys[0]!).equals(Buffer.from(keys[2]!))).toBe(true);
    expect(Buffer.from(keys[0]!).equals(Buffer.from(keys[1]!))).toBe(false);
    expect(helper.pid()).not.toBe(process.pid);
  });

  it('rejects a run the helper refuses with its reason, and keeps serving', async () => {
    open();
    await expect(helper.run(request('a', 3))).rejects.toThrow(/^the test helper: /);
    expect((await helper.run(request('a'))).byteLength).toBe(16);
  });

  it('ends after its idle time and starts again on the next run', async () => {
    open({ idleMs: 200 });
    await helper.run(request('a'));
    const first = helper.pid()!;
    await until(() => !alive(first));
    expect(helper.pid()).toBeUndefined();
    await helper.run(request('a'));
    expect(helper.pid()).not.toBe(first);
  });

  it('rejects what was waiting when its process dies, and the next run starts a new one', async () => {
    open();
    await helper.run(request('a'));
    const waiting = helper.run(slow('slow'));
    process.kill(helper.pid()!, 'SIGKILL');
    await expect(waiting).rejects.toThrow(/the test helper stopped/);
    expect((await helper.run(request('a'))).byteLength).toBe(16);
  });

  it('refuses a run beyond what may wait, and every run once closed', async () => {
    open({ maxWaiting: 1 });
    const first = helper.run(slow('a'));
    await expect(helper.run(request('b'))).rejects.toBeInstanceOf(HelperBusyError);
    const firstRefused = expect(first).rejects.toBeInstanceOf(HelperClosedError);
    await helper.close();
    await firstRefused;
    await expect(helper.run(request('c'))).rejects.toBeInstanceOf(HelperClosedError);
  });
});
