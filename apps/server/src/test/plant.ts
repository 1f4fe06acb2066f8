import { and, eq } from 'drizzle-orm';
import { ROLE } from '@truck-queue/shared/roles';
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  flowStates,
  officerQueueTypes,
  officerStations,
  products,
  queues,
  queueTypes,
  stations,
  stationStates,
} from '../db/schema.ts';
import type { TestContext } from './harness.ts';

/**
 * A small plant for queue tests: a branch with a lab-flow type (A), a standard type (B) and a
 * general type (C), their products and stations, and signed-in officers of each role.
 */
export async function createPlant(t: TestContext, name = 'Plant') {
  const branch = await t.createBranch(name);
  const db = t.db;
  const master = async (label: string) =>
    (await db.select().from(queueTypes).where(eq(queueTypes.name, label)))[0]!;
  const product = async (label: string) =>
    (await db.insert(products).values({ branchId: branch.id, name: label }).returning())[0]!;
  const type = async (masterName: string, prefix: string, productIds: number[]) => {
    const m = await master(masterName);
    const [row] = await db
      .insert(branchQueueTypes)
      .values({ branchId: branch.id, queueTypeId: m.id, prefix })
      .returning();
    await db
      .insert(branchQueueTypeProducts)
      .values(productIds.map((productId) => ({ branchQueueTypeId: row!.id, productId })));
    return { id: row!.id, uuid: row!.uuid, prefix, flowEngineId: m.flowEngineId };
  };
  const station = async (label: string, engine: number, state: 'C' | 'RC') => {
    const [row] = await db.insert(stations).values({ branchId: branch.id, name: label }).returning();
    const [fs] = await db
      .select()
      .from(flowStates)
      .where(and(eq(flowStates.flowEngineId, engine), eq(flowStates.state, state)));
    await db.insert(stationStates).values({ stationId: row!.id, flowStateId: fs!.id });
    return { id: row!.id, uuid: row!.uuid, name: label };
  };

  const cassava = await product('หัวมันสด');
  const starch = await product('แป้งมัน');
  const parts = await product('อะไหล่');
  const lab = await type('ส่งมันสำปะหลัง', 'A', [cassava.id]);
  const standard = await type('รับสินค้า', 'B', [starch.id]);
  const general = await type('ติดต่อทั่วไป', 'C', [parts.id]);
  const stationsOf = {
    labCall: await station('ลานเท 1', 3, 'C'),
    recheck: await station('จุดตรวจซ้ำ', 3, 'RC'),
    standardCall: await station('ช่องขึ้นสินค้า 1', 2, 'C'),
    generalCall: await station('ต้อนรับ', 1, 'C'),
  };

  const officer = async (roles: string) => {
    const o = await t.createOfficer({ branchId: branch.id, roles });
    return { ...o, session: await t.signIn(o.email, o.password) };
  };
  const assign = async (officerId: number, typeIds: number[], stationIds: number[]) => {
    if (typeIds.length)
      await db
        .insert(officerQueueTypes)
        .values(typeIds.map((branchQueueTypeId) => ({ officerId, branchQueueTypeId })));
    if (stationIds.length)
      await db.insert(officerStations).values(stationIds.map((stationId) => ({ officerId, stationId })));
  };

  const caller = await officer(ROLE.employee);
  await assign(
    caller.id,
    [lab.id, standard.id, general.id],
    Object.values(stationsOf).map((s) => s.id),
  );
  /** Calls only the standard type, to its one station. */
  const narrowCaller = await officer(ROLE.employee);
  await assign(narrowCaller.id, [standard.id], [stationsOf.standardCall.id]);
  const admin = await officer(ROLE.admin);
  const labOfficer = await officer(ROLE.labChecker);
  const security = await officer(ROLE.security);

  return {
    branch,
    products: { cassava, starch, parts },
    types: { lab, standard, general },
    stations: stationsOf,
    officers: { caller, narrowCaller, admin, lab: labOfficer, security },
  };
}

export type Plant = Awaited<ReturnType<typeof createPlant>>;

/**
 * Another queue type of the plant (a second line of a flow: where a ticket is transferred),
 * offering one product; returns its id.
 */
export async function addQueueType(
  t: TestContext,
  plant: Plant,
  masterName: string,
  prefix: string,
  productId: number,
): Promise<{ id: number }> {
  const [master] = await t.db.select().from(queueTypes).where(eq(queueTypes.name, masterName));
  const [row] = await t.db
    .insert(branchQueueTypes)
    .values({ branchId: plant.branch.id, queueTypeId: master!.id, prefix })
    .returning();
  await t.db.insert(branchQueueTypeProducts).values({ branchQueueTypeId: row!.id, productId });
  return { id: row!.id };
}

/** Issues a ticket through the API as the plant's caller; returns the ticket. */
export async function issueTicket(
  t: TestContext,
  plant: Plant,
  type: keyof Plant['types'],
  license: string,
  /** More of the issue's body (an order rule's class: `order_class`). */
  extra: Record<string, unknown> = {},
): Promise<{ uuid: string; queue_number: string; id: number }> {
  const productId = {
    lab: plant.products.cassava.id,
    standard: plant.products.starch.id,
    general: plant.products.parts.id,
  }[type];
  const response = await t.post(
    'process/printer/issueQueue',
    { id_branchQT: plant.types[type].id, product: productId, truck_license: license, ...extra },
    { session: plant.officers.caller.session },
  );
  if (response.statusCode !== 200) throw new Error(`issueQueue failed: ${response.body}`);
  const { queue } = response.json<{ queue: { uuid: string; queue_number: string } }>();
  const [row] = await t.db.select({ id: queues.id }).from(queues).where(eq(queues.uuid, queue.uuid));
  // What the driver was shown at the issue is written after it (eta-readings.ts): done before the test goes on.
  await t.app.etaReadings.settle();
  return { ...queue, id: row!.id };
}

let pastPlates = 0;

/**
 * Past trucks of a queue type, long gone, as the expected wait reads its history (issue 40):
 * each called `hoursAgo` before now (three minutes apart) at the plant's call station of its
 * flow, and finished there after the given minutes.
 */
export async function pastServices(
  t: TestContext,
  plant: Plant,
  type: 'standard' | 'general',
  minutes: number[],
  hoursAgo = 30,
): Promise<void> {
  const station = { standard: plant.stations.standardCall, general: plant.stations.generalCall }[type];
  const now = t.clock.now().getTime();
  const calledAtOf = (i: number) => new Date(now - hoursAgo * 3_600_000 + i * 180_000);
  // Each issued at its own past moment: what the server reads then (the wait shown at issue,
  // eta-readings.ts, and the history the expected wait holds for ten minutes) is of then, not
  // of a history that is rewritten below after it was read.
  const ids: number[] = [];
  try {
    for (const i of minutes.keys()) {
      t.clock.at = new Date(calledAtOf(i).getTime() - 20 * 60_000);
      ids.push((await issueTicket(t, plant, type, `PAST ${++pastPlates}`)).id);
    }
  } finally {
    t.clock.at = new Date(now);
  }
  for (const [i, id] of ids.entries()) {
    const calledAt = calledAtOf(i);
    const finishedAt = new Date(calledAt.getTime() + minutes[i]! * 60_000);
    await t.db
      .update(queues)
      .set({
        created: new Date(calledAt.getTime() - 20 * 60_000),
        calledAt,
        lastCalledAt: calledAt,
        stationId: station.id,
        finishedAt,
        state: 'F',
        exitAt: new Date(finishedAt.getTime() + 60_000),
      })
      .where(eq(queues.id, id));
  }
}
