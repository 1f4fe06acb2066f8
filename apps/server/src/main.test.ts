import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, startServer } from './test/server-process.ts';

describe('the server process', () => {
  it('starts, refuses a second server on its data directory, and closes cleanly on SIGTERM', async () => {
    const dataDir = migratedDataDir('tq-main-');
    const first = startServer({ DATA_DIR: dataDir });
    const url = await first.ready();
    expect(first.output()).toContain('Sign in as admin@example.com');
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: 'ok',
      schema: 'ok',
      redis: 'off',
      engine: 'pglite',
    });

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another server');

    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'truck-queue.lock'))).toBe(false);

    const third = startServer({ DATA_DIR: dataDir });
    await third.ready();
    third.kill('SIGINT');
    expect(await third.exited).toBe(0);
    // Three starts on a busy 2-core machine: half a minute.
  }, 180_000);

  it('refuses a bad setting with a message naming it, before touching any data', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tq-main-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).not.toContain('    at ');
  });
});
