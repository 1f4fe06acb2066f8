import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { ROLE } from '@truck-queue/shared/roles';
import { systemClock } from '../lib/clock.ts';
import { silentHub } from '../lib/event-hub.ts';
import { createQueueRepository } from '../modules/queue/queue.repository.ts';
import { createQueueService } from '../modules/queue/queue.service.ts';
import type { Db } from '../db/database.ts';
import {
  branches,
  branchQueueTypeProducts,
  branchQueueTypes,
  labMeasures,
  devices,
  deviceQueueTypes,
  flowStates,
  officerQueueTypes,
  officers,
  officerStations,
  products,
  queueReasons,
  queueTypes,
  stations,
  stationStates,
} from '../db/schema.ts';
import { storedPassword } from '../db/seed/first-start.ts';
import { seedDefaultReasons } from '../db/seed/reference-data.ts';
import { simulateHistory, type DemoQueueType } from './demo-history.ts';
import { seedDemoSeason, seedDemoSuppliers } from './demo-suppliers.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoEtaReadings } from './demo-eta-readings.ts';
import { seedDemoLabValues } from './demo-lab-values.ts';
import { createHistoryWriter, type HistoryPlayer } from './history-writer.ts';
import { addDays, DEFAULT_DAY_START_MINUTES, plantDayOf } from '@truck-queue/shared/plant-day';
import { WAIT_ACCURACY_DEFAULT_DAYS } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { createPlantDays } from '../lib/plant-days.ts';

/** Demo officers: one of every role. README lists them. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_OFFICERS = [
  { name: 'สมศรี', lastname: 'ใจดี', email: 'officeradmin@example.com', roles: ROLE.admin },
  {
    name: 'ประเสริฐ',
    lastname: 'วงศ์ใหญ่',
    email: 'manager@example.com',
    roles: `${ROLE.manager},${ROLE.branchSwitcher}`,
  },
  { name: 'สมชาย', lastname: 'ขยันยิ่ง', email: 'employee@example.com', roles: ROLE.employee },
  { name: 'วิไลวรรณ', lastname: 'แสงทอง', email: 'lab@example.com', roles: ROLE.labChecker },
  { name: 'บุญมี', lastname: 'รักษาดี', email: 'security@example.com', roles: ROLE.security },
] as const;

interface DemoOptions {
  adminEmail: string;
  adminPassword: string;
  companyName: string;
  siteTimeZone: string;
  now: Date;
  days: number;
  /**
   * How the history is written: 'bulk' (history-writer.ts, the default: seconds) or 'service'
   * (the queue service, a transaction per command: the reference the bulk writer is tested against).
   */
  history?: 'bulk' | 'service';
  /** Told as the demo is built: what it is doing, and each day of history played. */
  onProgress?: (progress: DemoProgress) => void;
}

export type DemoProgress =
  { step: 'plant' } | { step: 'day'; played: number; days: number } | { step: 'write'; tickets: number };

async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  return row!;
}

/**
 * A demo plant: two branches, officers of every role, queue types of both flows with products,
 * stations of both types and a weighbridge with its scale, a display and a kiosk, and `days` of history made through the queue
 * service the API uses.
 */
/** The demo's lab values are drawn from their own seed: the history's draws stay as they were. */
const LAB_VALUES_SEED = 41;

export async function seedDemoData(db: Db, options: DemoOptions): Promise<void> {
  options.onProgress?.({ step: 'plant' });
  const company = options.companyName || 'บริษัท สยามแป้งมัน จำกัด';
  const main = await insertOne(
    db
      .insert(branches)
      // The demo plant has no scale wired yet: its weighing officers type weights (with a reason).
      .values({
        name: 'สาขานครราชสีมา',
        companyName: company,
        manualWeightRoles: `${ROLE.manager},${ROLE.employee}`,
        province: 'นครราชสีมา',
      })
      .returning(),
  );
  await db.insert(branches).values({ name: 'สาขากาฬสินธุ์', companyName: company, province: 'กาฬสินธุ์' });

  const admin = await insertOne(
    db
      .insert(officers)
      .values({
        branchId: main.id,
        name: 'ผู้ดูแล',
        lastname: 'ระบบ',
        email: options.adminEmail,
        passwordHash: await storedPassword(options.adminPassword),
        roles: ROLE.superAdmin,
      })
      .returning(),
  );
  const demoHash = await storedPassword(DEMO_PASSWORD);
  const staff = await db
    .insert(officers)
    .values(DEMO_OFFICERS.map((o) => ({ ...o, branchId: main.id, passwordHash: demoHash })))
    .returning();
  const employee = staff.find((o) => o.roles === ROLE.employee)!;
  const manager = staff.find((o) => o.roles.startsWith(ROLE.manager))!;
  const lab = staff.find((o) => o.roles === ROLE.labChecker)!;
  const security = staff.find((o) => o.roles === ROLE.security)!;

  const masters = await db.select().from(queueTypes).where(isNull(queueTypes.branchId));
  const master = (name: string) => masters.find((m) => m.name === name)!;
  const productRows = await db
    .insert(products)
    .values(
      [
        'หัวมันสด',
        'มันเส้น',
        'แป้งมันสำปะหลัง (ถุง 50 กก.)',
        'แป้งมันสำปะหลัง (จัมโบ้ 850 กก.)',
        'กากมัน',
        'วัสดุซ่อมบำรุง',
      ].map((name) => ({ branchId: main.id, name })),
    )
    .returning();
  const product = (name: string) => productRows.find((p) => p.name === name)!.id;

  const typeSpecs = [
    { master: 'ส่งมันสำปะหลัง', prefix: 'A', products: ['หัวมันสด', 'มันเส้น'], share: 0.55 },
    {
      master: 'รับสินค้า',
      prefix: 'B',
      products: ['แป้งมันสำปะหลัง (ถุง 50 กก.)', 'แป้งมันสำปะหลัง (จัมโบ้ 850 กก.)', 'กากมัน'],
      share: 0.35,
    },
    { master: 'ติดต่อทั่วไป', prefix: 'C', products: ['วัสดุซ่อมบำรุง'], share: 0.1 },
  ];
  const demoTypes: DemoQueueType[] = [];
  for (const spec of typeSpecs) {
    const m = master(spec.master);
    const bqt = await insertOne(
      db
        .insert(branchQueueTypes)
        .values({ branchId: main.id, queueTypeId: m.id, prefix: spec.prefix })
        .returning(),
    );
    const productIds = spec.products.map(product);
    await db
      .insert(branchQueueTypeProducts)
      .values(productIds.map((productId) => ({ branchQueueTypeId: bqt.id, productId })));
    demoTypes.push({
      id: bqt.id,
      flowEngineId: m.flowEngineId,
      productIds,
      share: spec.share,
      callStations: [],
      recheckStations: [],
    });
  }

  // Stations and the states they handle: C makes a call station (type 1), RC a recheck station (type 2).
  const states = await db
    .select()
    .from(flowStates)
    .where(inArray(flowStates.state, ['C', 'RC']));
  const stateId = (engine: number, state: string) =>
    states.find((s) => s.flowEngineId === engine && s.state === state)!.id;
  const stationSpecs = [
    { name: 'ลานเทมัน 1', handles: [[FLOW_ENGINE.lab, 'C']] },
    { name: 'ลานเทมัน 2', handles: [[FLOW_ENGINE.lab, 'C']] },
    { name: 'จุดเก็บตัวอย่างซ้ำ', handles: [[FLOW_ENGINE.lab, 'RC']] },
    { name: 'ช่องขึ้นสินค้า 1', handles: [[FLOW_ENGINE.standard, 'C']] },
    { name: 'ช่องขึ้นสินค้า 2', handles: [[FLOW_ENGINE.standard, 'C']] },
    { name: 'สำนักงานต้อนรับ', handles: [[FLOW_ENGINE.general, 'C']] },
  ] as const;
  const stationRows = [];
  for (const spec of stationSpecs) {
    const station = await insertOne(
      db.insert(stations).values({ branchId: main.id, name: spec.name }).returning(),
    );
    stationRows.push(station);
    await db.insert(stationStates).values(
      spec.handles.map(([engine, state]) => ({
        stationId: station.id,
        flowStateId: stateId(engine, state),
      })),
    );
    for (const [engine, state] of spec.handles) {
      for (const t of demoTypes.filter((d) => d.flowEngineId === engine)) {
        (state === 'C' ? t.callStations : t.recheckStations).push(station.id);
      }
    }
  }

  // The weighbridge: a station trucks are weighed at, with its scale waiting for its bridge
  // (register it in the Weighbridge controller). Until one is wired, the weighing officers type
  // weights (the branch allows them): a demo user weighs trucks at once.
  const weighbridge = await insertOne(
    db.insert(stations).values({ branchId: main.id, name: 'ตาชั่งรถบรรทุก', weighbridge: true }).returning(),
  );
  await db
    .insert(devices)
    .values({ branchId: main.id, kind: 'scale', name: 'เครื่องชั่งหน้าโรงงาน', stationId: weighbridge.id });

  // The calling controller: who calls which queue types to which stations.
  for (const officer of [employee, manager, admin]) {
    await db
      .insert(officerQueueTypes)
      .values(demoTypes.map((t) => ({ officerId: officer.id, branchQueueTypeId: t.id })));
    await db
      .insert(officerStations)
      .values(stationRows.map((s) => ({ officerId: officer.id, stationId: s.id })));
  }

  const display = await insertOne(
    db.insert(devices).values({ branchId: main.id, kind: 'display', name: 'จอเรียกคิวหน้าลานเท' }).returning(),
  );
  const kiosk = await insertOne(
    db
      .insert(devices)
      .values({ branchId: main.id, kind: 'printer', name: 'ตู้ออกบัตรคิว ประตู 1', printerName: 'EPSON TM-T82' })
      .returning(),
  );
  await db
    .insert(deviceQueueTypes)
    .values([
      ...demoTypes.map((t) => ({ deviceId: display.id, branchQueueTypeId: t.id })),
      ...demoTypes.map((t) => ({ deviceId: kiosk.id, branchQueueTypeId: t.id })),
    ]);

  // The history's wall clock moves as the days are played; no limiter runs here, so its
  // monotonic reading is the process's own.
  const clock = {
    at: options.now,
    now() {
      return this.at;
    },
    monotonicMs: () => systemClock.monotonicMs(),
  };
  // A new branch's plant day starts at midnight, as the demo's history is laid out.
  const days = createPlantDays({
    dayStartOf: () => Promise.resolve(DEFAULT_DAY_START_MINUTES),
    siteTimeZone: options.siteTimeZone,
    clock,
  });
  // The demo's officers give reasons from the branch's (default) lists.
  await seedDefaultReasons(db);
  const reasons = await db
    .select({ id: queueReasons.id, kind: queueReasons.kind })
    .from(queueReasons)
    .where(eq(queueReasons.branchId, main.id));
  const reasonIds = (kind: string) => reasons.filter((r) => r.kind === kind).map((r) => r.id);
  await seedLabMeasures(db, main.id, demoTypes);
  const writer = options.history === 'service' ? null : await createHistoryWriter({ db, days, clock });
  const player: HistoryPlayer =
    writer?.player ?? createQueueService({ repo: createQueueRepository(db), days, clock, events: silentHub });
  await simulateHistory({
    player,
    clock,
    branchId: main.id,
    types: demoTypes,
    reasons: { recheck: reasonIds('recheck'), reject: reasonIds('reject') },
    officers: { caller: employee.id, lab: lab.id, security: security.id, kiosk: kiosk.id },
    siteTimeZone: options.siteTimeZone,
    now: options.now,
    days: options.days,
    onDay: (played, total) => options.onProgress?.({ step: 'day', played, days: total }),
  });
  if (writer) {
    options.onProgress?.({ step: 'write', tickets: writer.issued });
    await writer.flush();
  }
  const labType = demoTypes.find((type) => type.flowEngineId === FLOW_ENGINE.lab);
  if (labType) {
    await seedDemoLabValues(db, labType.id, LAB_VALUES_SEED);
    await seedDemoSuppliers(db, main.id, labType.id);
  }
  const cassava = productRows.find((p) => p.name === 'หัวมันสด');
  const today = plantDayOf(options.now, options.siteTimeZone, DEFAULT_DAY_START_MINUTES);
  // What its drivers were shown at each issue, read off the history now written (issue 40): the
  // week the admins' accuracy page shows.
  await seedDemoEtaReadings(db, {
    branchId: main.id,
    types: demoTypes,
    sinceDay: addDays(today, 1 - WAIT_ACCURACY_DEFAULT_DAYS),
  });
  if (cassava) await seedDemoSeason(db, main.id, cassava.id, today);
  if (cassava && labType)
    await seedDemoBookings(db, {
      branchId: main.id,
      labTypeId: labType.id,
      productId: cassava.id,
      today,
      siteTimeZone: options.siteTimeZone,
      now: options.now,
    });
}

/**
 * What the demo's lab measures for the cassava it receives: starch (a load below 18 % is
 * tested again), moisture (above 40 % is turned away) and dirt (taken off the net weight on the
 * slip). The history's results get their values once it is written (demo-lab-values.ts).
 */
async function seedLabMeasures(db: Db, branchId: number, types: readonly DemoQueueType[]): Promise<void> {
  const labType = types.find((type) => type.flowEngineId === FLOW_ENGINE.lab);
  if (!labType) return;
  const reasonOf = async (kind: string, name: string) =>
    (
      await db
        .select({ id: queueReasons.id })
        .from(queueReasons)
        .where(
          and(eq(queueReasons.branchId, branchId), eq(queueReasons.kind, kind), eq(queueReasons.name, name)),
        )
    )[0]?.id ?? null;
  const base = { branchQueueTypeId: labType.id, unit: '%', min: 0, max: 100 };
  await db.insert(labMeasures).values([
    {
      ...base,
      name: 'แป้ง',
      decimals: 1,
      max: 40,
      passMin: 18,
      onFail: 'recheck',
      failReasonId: await reasonOf('recheck', 'แป้งต่ำกว่าเกณฑ์'),
      sort: 1,
    },
    {
      ...base,
      name: 'ความชื้น',
      decimals: 1,
      passMax: 40,
      onFail: 'reject',
      failReasonId: await reasonOf('reject', 'ความชื้นสูง'),
      sort: 2,
    },
    { ...base, name: 'ดิน', decimals: 2, onFail: 'recheck', deductAbove: 0, sort: 3 },
  ]);
}
