import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { siteDate } from './lib/site-time.ts';
import { openTestDatabase } from './test/test-database.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase, type Database } from './db/database.ts';
import { prepareDatabase } from './prepare-database.ts';
import { branches, devices, officers, queues, queueTransitions, stations } from './db/schema.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

describe('prepareDatabase', () => {
  it('creates the first SuperAdmin when demo data is off, once', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    expect(await prepareDatabase(database, { ...config, demoData: false })).toBe('admin');
    expect(await prepareDatabase(database, { ...config, demoData: false })).toBe('existing');
    const rows = await database.db.select().from(officers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: config.adminEmail, roles: '0' });
  });

  it("a plant install's first start needs its own SuperAdmin: the README's default is refused, nothing made", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const plant = loadConfig({ LOG_LEVEL: 'silent', PLANT_MODE: 'on' });
    expect(plant).toMatchObject({ plant: true, demoData: false, adminGiven: false });
    await expect(prepareDatabase(database, plant)).rejects.toThrow(/set ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(await database.db.select().from(officers)).toHaveLength(0);
    const given = loadConfig({
      LOG_LEVEL: 'silent',
      PLANT_MODE: 'on',
      ADMIN_EMAIL: 'it@plant.example',
      ADMIN_PASSWORD: 'Tapioca-2569',
    });
    expect(await prepareDatabase(database, given)).toBe('admin');
    expect((await database.db.select().from(officers)).map((o) => o.email)).toEqual(['it@plant.example']);
  });

  it('builds the demo plant with 14 days of history made through the queue service', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const now = new Date('2026-11-22T05:00:00Z'); // 12:00 in Bangkok
    expect(await prepareDatabase(database, { ...config, demoData: true }, now)).toBe('demo');
    const { db } = database;

    const roles = (await db.select({ roles: officers.roles }).from(officers)).map((o) => o.roles);
    for (const role of ['0', '1', '51', '55', '56', '71']) {
      expect(
        roles.some((r) => r.split(',').includes(role)),
        `role ${role}`,
      ).toBe(true);
    }
    expect(roles.some((r) => r.split(',').includes('1000'))).toBe(true);
    expect((await db.select().from(branches)).length).toBe(2);
    expect((await db.select().from(stations)).length).toBeGreaterThanOrEqual(4);
    // A display, a kiosk, and the weighbridge's scale waiting for its bridge.
    expect((await db.select().from(devices)).map((d) => d.kind).sort()).toEqual([
      'display',
      'printer',
      'scale',
    ]);
    expect((await db.select().from(stations)).filter((s) => s.weighbridge).map((s) => s.name)).toEqual([
      'ตาชั่งรถบรรทุก',
    ]);

    const days = await db
      .select({ day: queues.queueDate, n: count() })
      .from(queues)
      .groupBy(queues.queueDate)
      .orderBy(queues.queueDate);
    expect(days).toHaveLength(14);
    expect(days.at(-1)!.day).toBe(siteDate(now, config.siteTimeZone));
    for (const d of days.slice(0, -1)) expect(d.n).toBeGreaterThanOrEqual(15);

    // Every stamp comes with its audit row, and nothing happened after "now".
    const [exits] = await db.select({ n: count() }).from(queues).where(isNotNull(queues.exitAt));
    const [exitRows] = await db
      .select({ n: count() })
      .from(queueTransitions)
      .where(eq(queueTransitions.action, 'exit'));
    expect(exitRows!.n).toBe(exits!.n);
    const [late] = await db
      .select({ n: count() })
      .from(queueTransitions)
      .where(sql`${queueTransitions.created} > ${now}`);
    expect(late!.n).toBe(0);
    // Today is still going: some trucks are inside the plant.
    const [inside] = await db
      .select({ n: count() })
      .from(queues)
      .where(sql`${queues.exitAt} is null and ${queues.queueDate} = ${days.at(-1)!.day}`);
    expect(inside!.n).toBeGreaterThan(0);
    expect(await prepareDatabase(database, { ...config, demoData: true }, now)).toBe('existing');
  }, 120_000); // plays about 600 trucks through the queue service
});

describe('embedded database on disk', () => {
  it('keeps its data across restarts and refuses a second server on the same directory', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-data-'));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await prepareDatabase(first, { ...config, demoData: false });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    opened.push(second);
    expect(await prepareDatabase(second, { ...config, demoData: false })).toBe('existing');
    // Three opens of an on-disk database and its migrations, each synced to disk: a loaded CI
    // machine took over 30 s once.
  }, 120_000);
});
