import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openTestDatabase } from './test/test-database.ts';
import { createScratchDatabase } from './test/scratch-postgres.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase, type Database } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { quote, readTables, setPortableTextFormat } from './db/backup/catalog.ts';
import { writeBackup } from './db/backup/backup.ts';
import { BackupFileError } from './db/backup/format.ts';
import { restoreBackup, RestoreError } from './db/backup/restore.ts';

const NOW = new Date('2026-11-20T09:00:00Z');
const ADMIN = { email: 'admin@example.com', password: 'admin-pass-1' };
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const LAST_MIGRATION = (
  JSON.parse(readFileSync(path.join(ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.at(-1)!.tag;

const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-backup-'));
const file = (name: string) => path.join(dir, name);
let source: Database;
let backup: string;
/** The source's digests when backed up (the report checks sign in on it later). */
let expected: Record<string, string>;
const opened: Database[] = [];

/** A fresh empty target: an in-memory PGlite from the run's template (schema and reference data only). */
async function emptyPglite(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', templateFile: inject('pgliteTemplate') });
  opened.push(database);
  return database;
}

/** Every table's row count and the MD5 of its rows' text, in key order. */
async function digests(database: Database): Promise<Record<string, string>> {
  const client = await database.pool.connect();
  try {
    await setPortableTextFormat(client);
    const result: Record<string, string> = {};
    for (const table of await readTables(client)) {
      const { rows } = await client.query<{ n: number; md5: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by ${table.key
          .map((k) => `t.${quote(k)}`)
          .join(', ')})) as md5 from ${quote(table.name)} t`,
      );
      result[table.name] = `${rows[0]!.n} ${rows[0]!.md5 ?? '-'}`;
    }
    return result;
  } finally {
    client.release();
  }
}

/** The reports a manager reads, as the server answers them on `database`. */
async function reports(database: Database): Promise<unknown[]> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), demoData: false };
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveWeb: false,
    clock: { now: () => NOW, monotonicMs: () => 0 },
  });
  try {
    const post = async (call: string, body: unknown, session?: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${call}`,
        headers: { authorization: config.apiKey, ...(session ? { session } : {}) },
        payload: body as object,
      });
      expect(response.statusCode, `${call}: ${response.body}`).toBe(200);
      return response.json<Record<string, unknown>>();
    };
    const signIn = await post('authen/signin', {
      email: ADMIN.email,
      password: prehashPassword(ADMIN.password),
    });
    const session = (signIn.officer as { session: string }).session;
    const period = { find_start: '2026-11-17', find_finish: '2026-11-20' };
    return [
      await post('report/periodDashboardByQueueType', period, session),
      await post('report/inOutTransaction', { ...period, find_license: '', find_product: 0 }, session),
      await post('report/summary', { ...period, page_size: 100, sort_field: 'total_time' }, session),
    ];
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  source = await openTestDatabase();
  await seedDemoData(source.db, {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    companyName: '',
    siteTimeZone: 'Asia/Bangkok',
    now: NOW,
    days: 4,
  });
  backup = file('plant.backup.gz');
  await writeBackup(source, backup);
  expected = await digests(source);
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes one gzip file of JSON lines: header with the schema level, tables in foreign-key order, an end line', () => {
    const lines = gunzipSync(readFileSync(backup)).toString().trim().split('\n');
    const header = JSON.parse(lines[0]!) as { schema: { last: string }; tables: { name: string }[] };
    expect(header).toMatchObject({
      format: 'truck-queue-backup',
      version: 1,
      // The newest migration of this build (drizzle's journal).
      schema: { last: LAST_MIGRATION },
    });
    const order = header.tables.map((t) => t.name);
    expect(order.indexOf('branches')).toBeLessThan(order.indexOf('officers'));
    expect(order.indexOf('queues')).toBeLessThan(order.indexOf('queue_transitions'));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, rows: { queues: expect.any(Number) } });
  });

  it('is readable by its owner alone from the start (0600 under umask 022), replaced or new', async () => {
    // It holds the VAPID private key, push endpoints, LINE user ids and password hashes.
    const mode = (name: string) => statSync(name).mode & 0o777;
    const previous = process.umask(0o022);
    try {
      const fresh = file('private.backup.gz');
      await writeBackup(source, fresh);
      expect(mode(fresh)).toBe(0o600);
      // --force over a file anyone could read: the new file is private too.
      const replaced = file('replaced.backup.gz');
      writeFileSync(replaced, 'old', { mode: 0o644 });
      expect(mode(replaced)).toBe(0o644);
      await writeBackup(source, replaced, { overwrite: true });
      expect(mode(replaced)).toBe(0o600);
      // The embedded database's data directory, made by the server: its owner's alone.
      const dataDir = file('private-data');
      lockDataDir(dataDir)();
      expect(mode(dataDir)).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it('restores into an empty PGlite: every table the same, and the server answers the reports the same', async () => {
    const target = await emptyPglite();
    const summary = await restoreBackup(target, backup);
    expect(summary.rows).toBeGreaterThan(500);
    expect(await digests(target)).toEqual(expected);
    expect(await reports(target)).toEqual(await reports(source));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'restores into an empty PostgreSQL database, so a plant moves between engines',
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'tq_restore');
      const target = await openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        await restoreBackup(target, backup);
        expect(await digests(target)).toEqual(expected);
        // And back: a backup of the PostgreSQL copy restores into PGlite with the same rows.
        const again = file('from-postgres.backup.gz');
        await writeBackup(target, again);
        const embedded = await emptyPglite();
        await restoreBackup(embedded, again);
        expect(await digests(embedded)).toEqual(expected);
      } finally {
        await target.close();
        await scratch.drop();
      }
    },
  );

  it('carries sequences over: the next ticket gets a new id, and the numbering goes on', async () => {
    const target = await emptyPglite();
    await restoreBackup(target, backup);
    const next = async (database: Database) =>
      (await database.pool.query<{ id: string }>("select nextval('queues_id_seq')::text as id")).rows[0]!.id;
    expect(await next(target)).toBe(await next(source));
  });

  it('refuses a target that is not empty, leaving it as it was, unless told to replace it', async () => {
    const target = await emptyPglite();
    await restoreBackup(target, backup);
    await target.pool.query("update branches set name = 'changed since' where id = 1");
    const before = await digests(target);
    await expect(restoreBackup(target, backup)).rejects.toThrow(
      /not empty \(branches 2, (\w+ \d+, )*officers \d+.*add --replace/,
    );
    expect(await digests(target)).toEqual(before);
    await restoreBackup(target, backup, { replace: true });
    expect(await digests(target)).toEqual(expected);
  });

  it('refuses a backup from a newer schema, or of a newer format, before touching the target', async () => {
    const lines = gunzipSync(readFileSync(backup)).toString().split('\n');
    const header = JSON.parse(lines[0]!) as {
      schema: { migrations: number; lastMillis: number; last: string };
    };
    const write = (name: string, first: object) => {
      writeFileSync(file(name), gzipSync([JSON.stringify(first), ...lines.slice(1)].join('\n')));
      return file(name);
    };
    const newer = write('newer.backup.gz', {
      ...header,
      schema: {
        migrations: header.schema.migrations + 1,
        lastMillis: header.schema.lastMillis + 1,
        last: '0099_future',
      },
    });
    const target = await emptyPglite();
    const before = await digests(target);
    await expect(restoreBackup(target, newer)).rejects.toThrow(
      /newer version of the server \(schema 0099_future/,
    );
    const format = write('format.backup.gz', { ...header, version: 2 });
    await expect(restoreBackup(target, format)).rejects.toThrow(/backup format 2/);
    expect(await digests(target)).toEqual(before);
  });

  it('refuses a damaged, cut or foreign file with a message naming the problem, and restores nothing', async () => {
    const whole = readFileSync(backup);
    const text = gunzipSync(whole).toString();
    const lines = text.split('\n');
    const cases: [string, Buffer, RegExp][] = [
      ['not-gzip.gz', Buffer.from('hello'), /not a gzip file, or is damaged/],
      ['cut.gz', whole.subarray(0, Math.floor(whole.length / 2)), /damaged|cut short/],
      ['no-end.gz', gzipSync(lines.slice(0, -2).join('\n')), /cut short: it has no end line/],
      ['foreign.gz', gzipSync('{"hello":1}\n'), /is not a truck queue backup/],
      [
        'bad-row.gz',
        gzipSync(text.replace(/\n\[/, '\n[{"x":1},')),
        /line \d+: a row holds something other than text and nulls/,
      ],
      ['short-row.gz', gzipSync(text.replace(/\n\["[^"]*",/, '\n[')), /has \d+ values for \d+ columns/],
      ['empty.gz', gzipSync(''), /is empty/],
    ];
    const target = await emptyPglite();
    const before = await digests(target);
    for (const [name, content, message] of cases) {
      writeFileSync(file(name), content);
      const failure = await restoreBackup(target, file(name)).catch((error: unknown) => error);
      expect(failure, name).toBeInstanceOf(Error);
      expect(
        [BackupFileError, RestoreError].some((kind) => failure instanceof kind),
        name,
      ).toBe(true);
      expect((failure as Error).message, name).toMatch(message);
    }
    expect(await digests(target)).toEqual(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup of a working PostgreSQL server', () => {
  it('reads one snapshot while tickets are being issued: the copy is whole and consistent', async () => {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), demoData: false };
    const app = await buildApp({ config, database: source, logger: false, serveWeb: false });
    try {
      const post = (call: string, body: unknown, session?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/${call}`,
          headers: { authorization: config.apiKey, ...(session ? { session } : {}) },
          payload: body as object,
        });
      const signIn = await post('authen/signin', {
        email: ADMIN.email,
        password: prehashPassword(ADMIN.password),
      });
      const session = signIn.json<{ officer: { session: string } }>().officer.session;
      const { rows } = await source.pool.query<{ type: number; product: number }>(
        `
        select t.id as type, p.product_id as product from branch_queue_types t
        join branch_queue_type_products p on p.branch_queue_type_id = t.id
        join officers o on o.branch_id = t.branch_id and o.email = $1 order by t.id limit 1`,
        [ADMIN.email],
      );
      let issuing = true;
      let issued = 0;
      const issuer = (async () => {
        while (issuing) {
          const body = {
            id_branchQT: rows[0]!.type,
            product: rows[0]!.product,
            truck_license: `SNAP ${issued}`,
          };
          const response = await post('process/printer/issueQueue', body, session);
          expect(response.statusCode, response.body).toBe(200);
          issued += 1;
        }
      })();
      while (issued < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      const during = file('during.backup.gz');
      await writeBackup(source, during);
      const atBackupEnd = issued;
      issuing = false;
      await issuer;
      expect(issued).toBeGreaterThan(3);

      // Foreign keys hold (the restore checks them), every ticket has its issue step, and the
      // daily roll-up equals one rebuilt from the copied queues.
      const target = await emptyPglite();
      await restoreBackup(target, during);
      const count = async (sql: string) => Number((await target.pool.query<{ n: string }>(sql)).rows[0]!.n);
      const tickets = await count("select count(*) as n from queues where truck_license like 'SNAP %'");
      expect(tickets).toBeGreaterThanOrEqual(3);
      expect(tickets).toBeLessThanOrEqual(atBackupEnd);
      expect(await count('select count(*) as n from queues')).toBe(
        await count("select count(*) as n from queue_transitions where action = 'issue'"),
      );
      // (The roll-up's sums are doubles, added up in another order: equal to the millisecond.)
      const stats = async () =>
        (await target.pool.query<Record<string, number>>('select * from queue_daily_stats order by 1, 2'))
          .rows;
      const copied = await stats();
      await target.pool.query('select queue_daily_stats_rebuild()');
      const rebuilt = await stats();
      expect(rebuilt.length).toBe(copied.length);
      rebuilt.forEach((row, i) => {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value === 'number') expect(copied[i]![column], column).toBeCloseTo(value, 3);
          else expect(copied[i]![column], column).toEqual(value);
        }
      });
    } finally {
      await app.close();
    }
  });
});

describe('npm run backup / restore', () => {
  const run = (script: 'backup' | 'restore', args: string[]) => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, `apps/server/src/cli/${script}.ts`), ...args],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: 60_000 },
    );
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  it('tells the operator to stop the server that holds the embedded database', () => {
    const dataDir = file('held');
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    const unlock = lockDataDir(dataDir);
    try {
      const result = run('backup', ['--data-dir', dataDir]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`is in use by another server (pid ${process.pid})`);
      expect(result.err).toContain('stop the server');
      expect(result.err).not.toContain('    at ');
    } finally {
      unlock();
    }
  });

  // Eight runs of the command, each a Node process starting tsx: seconds each on a loaded machine
  // (32 s in all beside CI's simulators), so not the default 30 s.
  it('checks its arguments and the backup file before opening anything', { timeout: 180_000 }, () => {
    const unknown = run('backup', ['--outt', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--outt'");
    expect(unknown.err).toContain('npm run backup --');
    expect(run('backup', ['--data-dir', file('nothing-here')]).err).toContain(
      'There is no embedded database',
    );
    expect(run('restore', []).err).toContain('Name one backup file');
    expect(run('restore', [file('missing.gz')]).err).toMatch(/missing\.gz does not exist/);
    const both = run('restore', [backup, '--data-dir', 'a', '--database-url', 'postgresql://x/y']);
    expect(both.err).toContain('Name one database');
    expect(run('backup', ['--database-url', 'mysql://x']).err).toContain('DATABASE_URL');
    expect(run('backup', ['--help']).out).toContain('npm run backup --');
  });
});
