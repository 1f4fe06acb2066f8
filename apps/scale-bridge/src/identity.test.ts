import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_ID_ALPHABET, DeviceSecretSchema } from '@truck-queue/shared/contracts/device.contract';
import { formatDeviceId, IdentityError, loadIdentity } from './identity.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scale-identity-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the scale's identity file", () => {
  it('is made on first run and the same id comes back on every start after', async () => {
    const file = path.join(dir, 'scale-bridge-identity.json');
    const first = await loadIdentity(file);
    expect(first.created).toBe(true);
    expect(first.identity.device_id).toMatch(new RegExp(`^[${DEVICE_ID_ALPHABET}]{8}$`));
    expect(DeviceSecretSchema.safeParse(first.identity.secret).success).toBe(true);
    expect(first.identity.secret).toHaveLength(43);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first.identity);

    const again = await loadIdentity(file);
    expect(again).toEqual({ identity: first.identity, created: false });
  });

  it('is readable by its owner alone, as it holds the secret', async () => {
    const file = path.join(dir, 'nested', 'identity.json');
    await loadIdentity(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('gives every bridge its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1)
      ids.add((await loadIdentity(path.join(dir, `${i}.json`))).identity.device_id);
    expect(ids.size).toBe(20);
  });

  it('is never seen half written: bridges started at once on one file all get the one identity', async () => {
    const file = path.join(dir, 'identity.json');
    const started = await Promise.all(Array.from({ length: 20 }, () => loadIdentity(file)));
    const ids = new Set(started.map((s) => s.identity.device_id));
    expect(ids.size).toBe(1);
    expect(started.filter((s) => s.created)).toHaveLength(1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(started[0]!.identity);
    // Nothing is left beside it.
    expect(await readdir(dir)).toEqual(['identity.json']);
  });

  it('refuses a damaged file and leaves it as it is', async () => {
    const file = path.join(dir, 'identity.json');
    for (const content of [
      '{"device_id": "K7MQ4X',
      '{"device_id":"K7MQ4XPR"}',
      '{"device_id":"k7mq4xpr","secret":"x"}',
    ]) {
      await writeFile(file, content);
      const refused = loadIdentity(file);
      await expect(refused).rejects.toBeInstanceOf(IdentityError);
      await expect(refused).rejects.toThrow(`The identity file ${file} is damaged`);
      await expect(refused).rejects.toThrow('delete it to start with a new id');
      expect(await readFile(file, 'utf8')).toBe(content);
    }
  });

  it('shows the id in two groups of four, as the screens do', () => {
    expect(formatDeviceId('K7MQ4XPR')).toBe('K7MQ 4XPR');
  });
});
