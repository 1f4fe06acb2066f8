import { fsyncSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.mjs';

// PGlite's own file system: nothing of it runs on the PostgreSQL pass (TEST_DATABASE_URL).
describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite on a data directory with durable commits', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-durable-'));
  let syncs = 0;
  const counting = (fd: number) => {
    syncs += 1;
    fsyncSync(fd);
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with fsync on, and a commit reaches the host fsync before it returns; a read does not', async () => {
    const db = await PGlite.create({
      fs: new DurableNodeFS(path.join(dir, 'pgdata'), { sync: counting }),
      startParams: durableStartParams(),
    });
    try {
      const setting = async (name: string) =>
        (await db.query<{ setting: string }>('select setting from pg_settings where name = $1', [name]))
          .rows[0]?.setting;
      expect(await setting('fsync')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
      expect(await setting('synchronous_commit')).toBe('on');
      await db.exec('create table tickets (id serial primary key, number text not null)');

      syncs = 0;
      await db.query('insert into tickets (number) values ($1)', ['A001']);
      expect(syncs).toBeGreaterThanOrEqual(1);

      syncs = 0;
      await db.query('select count(*) from tickets');
      expect(syncs).toBe(0);
    } finally {
      await db.close();
    }

    // The row is there after reopening the directory.
    const again = await PGlite.create({
      fs: new DurableNodeFS(path.join(dir, 'pgdata')),
      startParams: durableStartParams(),
    });
    try {
      expect((await again.query('select number from tickets')).rows).toEqual([{ number: 'A001' }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
