import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  bookingLines,
  bookings,
  etaReadings,
  labMeasures,
  queueCounters,
  queueDailyStats,
  queueLabValues,
  queues,
  queueTransitions,
  seasons,
  suppliers,
  supplierVehicles,
} from '../db/schema.ts';
import { createSeasonsRepository } from '../modules/seasons/seasons.repository.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedDemoData, type DemoProgress } from './demo-data.ts';

// A Tuesday morning: the history holds a Sunday, yesterday's overnight trucks and a morning.
const NOW = new Date('2026-11-24T03:30:00Z');
const DAYS = 4;

async function seed(database: Database, history: 'bulk' | 'service', progress: DemoProgress[] = []) {
  await seedDemoData(database.db, {
    adminEmail: 'admin@example.com',
    adminPassword: 'admin-pass-1',
    companyName: '',
    siteTimeZone: 'Asia/Bangkok',
    now: NOW,
    days: DAYS,
    history,
    onProgress: (p) => progress.push(p),
  });
}

/** Every row the history writes, in id order, without what is random by design (uuid). */
async function history(database: Database) {
  const { db } = database;
  return {
    queues: (await db.select().from(queues).orderBy(asc(queues.id))).map(({ uuid: _uuid, ...row }) => row),
    transitions: await db.select().from(queueTransitions).orderBy(asc(queueTransitions.id)),
    counters: await db
      .select()
      .from(queueCounters)
      .orderBy(asc(queueCounters.branchQueueTypeId), asc(queueCounters.queueDate)),
    // The roll-up's sums of seconds, to the millisecond: added row by row (bulk) or with each
    // change taken off and put back (service), floating point differs in the last digits.
    stats: (
      await db
        .select()
        .from(queueDailyStats)
        .orderBy(asc(queueDailyStats.branchQueueTypeId), asc(queueDailyStats.queueDate))
    ).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === 'number' && key.endsWith('Seconds') ? Math.round(value * 1000) / 1000 : value,
        ]),
      ),
    ),
  };
}

describe('the demo plant', () => {
  let bulk: Database;
  let service: Database;
  const progress: DemoProgress[] = [];

  beforeAll(async () => {
    [bulk, service] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    await seed(bulk, 'bulk', progress);
    await seed(service, 'service');
  });
  afterAll(async () => {
    await Promise.all([bulk.close(), service.close()]);
  });

  it('writes, in bulk, exactly the rows the queue service writes command by command', async () => {
    const fast = await history(bulk);
    const reference = await history(service);
    expect(fast.queues.length).toBeGreaterThan(50);
    expect(fast.transitions.length).toBeGreaterThan(fast.queues.length * 3);
    expect(fast).toEqual(reference);
  });

  it('goes on numbering and auditing after the bulk ids, as the service would', async () => {
    const [lastQueue] = await bulk.db
      .select()
      .from(queues)
      .orderBy(asc(queues.id))
      .limit(1)
      .offset((await bulk.db.$count(queues)) - 1);
    const [next] = await bulk.db
      .insert(queues)
      .values({ ...lastQueue!, id: undefined, uuid: undefined, queueNumber: 'Z999', seq: 999 })
      .returning({ id: queues.id });
    expect(next!.id).toBe(lastQueue!.id + 1);
  });

  it('has suppliers who own most of the plates that brought cassava, and those tickets name them', async () => {
    const { db } = bulk;
    const kinds = (await db.select({ kind: suppliers.kind }).from(suppliers)).map((s) => s.kind).sort();
    expect(new Set(kinds)).toEqual(new Set(['grower', 'leader', 'middleman']));
    const owned = await db
      .select({ plateKey: supplierVehicles.plateKey, supplierId: supplierVehicles.supplierId })
      .from(supplierVehicles);
    expect(owned.length).toBeGreaterThan(10);
    const ownerOf = new Map(owned.map((v) => [v.plateKey, v.supplierId]));
    const tickets = await db
      .select({ plateKey: queues.plateKey, supplierId: queues.supplierId })
      .from(queues);
    // Every ticket of an owned plate names its owner; every other ticket none.
    expect(tickets.every((q) => q.supplierId === (ownerOf.get(q.plateKey!) ?? null))).toBe(true);
    expect(tickets.filter((q) => q.supplierId !== null).length).toBeGreaterThan(tickets.length / 10);
  });

  it("has its lab's values for every result of its history, agreeing with what the lab decided", async () => {
    const { db } = bulk;
    const results = await db.execute<{
      action: string | null;
      values: number;
      failed: string[] | null;
      kept: boolean;
    }>(sql`
      select (select t2.action from ${queueTransitions} t2
               where t2.queue_id = t.queue_id and t2.action in ('recheck', 'reject') limit 1) as action,
             (select count(*)::int from ${queueLabValues} v where v.queue_id = t.queue_id) as "values",
             (select array_agg(m.on_fail) from ${queueLabValues} v join ${labMeasures} m on m.id = v.measure_id
               where v.queue_id = t.queue_id
                 and (v.value < coalesce(m.pass_min, v.value) or v.value > coalesce(m.pass_max, v.value))) as failed,
             t.lab is not null as kept
        from ${queueTransitions} t where t.action = 'complete'`);
    expect(results.rows.length).toBeGreaterThan(20);
    for (const r of results.rows) {
      // Starch, moisture and dirt, kept in the checkout's history row too.
      expect(r.values).toBe(3);
      expect(r.kept).toBe(true);
      // A rejected load failed the measure that rejects, a rechecked one the measure that rechecks.
      expect(r.failed ?? []).toEqual(r.action === null ? [] : [r.action]);
    }
    expect(results.rows.some((r) => r.action === 'reject')).toBe(true);
    expect(results.rows.some((r) => r.action === 'recheck')).toBe(true);
  });

  it("has this crop year's season of cassava, every grower with a quota, one already past it", async () => {
    const { db } = bulk;
    const [season] = await db.select().from(seasons);
    expect(season).toMatchObject({
      name: '2569/70',
      startsOn: '2026-11-01',
      endsOn: '2027-04-30',
      unit: 'tonnes',
      active: true,
    });
    const repo = createSeasonsRepository(db);
    const record = (await repo.byId(db, season!.branchId, season!.id))!;
    expect(record.productName).toBe('หัวมันสด');
    const { rows } = await repo.quotaPage(db, record, season!.branchId, {
      openAfter: new Date(0),
      find: '',
      withQuota: true,
      limit: 50,
      offset: 0,
    });
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.paidKg > 0).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.paidKg / 1000 > r.entitlement!)).toHaveLength(1);
  });

  it('takes bookings on the cassava line: the coming week booked, yesterday two unused and one cancelled', async () => {
    const { db } = bulk;
    const [line] = await db.select().from(bookingLines);
    expect(line).toMatchObject({ enabled: true, walkInPercent: 20 });
    expect(line!.windows.map((w) => w.start)).toEqual(['06:00', '10:00', '14:00']);
    const rows = await db.select().from(bookings);
    const yesterday = rows.filter((b) => b.day === '2026-11-23');
    expect(yesterday.map((b) => b.status).sort()).toEqual(['booked', 'booked', 'cancelled']);
    expect(new Set(rows.filter((b) => b.day >= '2026-11-24').map((b) => b.day)).size).toBe(7);
    // Every booking of a plate names one of its supplier's vehicles.
    const vehicles = await db.select().from(supplierVehicles);
    for (const b of rows.filter((r) => r.licence !== null))
      expect(vehicles.some((v) => v.supplierId === b.supplierId && v.licence === b.licence)).toBe(true);
  });

  it('tells how far it has got: the plant, each day played in order, then the writing', () => {
    expect(progress[0]).toEqual({ step: 'plant' });
    const days = progress.filter((p) => p.step === 'day');
    expect(days).toEqual(
      Array.from({ length: DAYS }, (_, i) => ({ step: 'day', played: i + 1, days: DAYS })),
    );
    const last = progress.at(-1);
    expect(last?.step).toBe('write');
    expect(last?.step === 'write' && last.tickets).toBeGreaterThan(50);
  });

  it('holds what its drivers were shown at each issue, as the expected wait read the history then', async () => {
    const { db } = bulk;
    // (Less the one the numbering test above added.)
    const tickets = (await db.select().from(queues)).filter((q) => q.queueNumber !== 'Z999');
    const readings = new Map((await db.select().from(etaReadings)).map((r) => [r.queueId, r]));
    // Every ticket of the days played has its reading, taken at its issue.
    expect(readings.size).toBe(tickets.length);
    for (const ticket of tickets) expect(readings.get(ticket.id)?.readAt).toEqual(ticket.created);
    // Each line's first truck had no past times to play the line from; once they were there,
    // most trucks were shown a range.
    const byCreated = [...tickets].sort((a, b) => a.created.getTime() - b.created.getTime());
    for (const type of new Set(tickets.map((q) => q.branchQueueTypeId)))
      expect(readings.get(byCreated.find((q) => q.branchQueueTypeId === type)!.id)!.lowMinutes).toBeNull();
    const ranged = tickets.filter((q) => readings.get(q.id)!.lowMinutes !== null).length;
    expect(ranged).toBeGreaterThan(tickets.length / 3);
  });
});
