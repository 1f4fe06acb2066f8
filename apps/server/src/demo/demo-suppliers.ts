import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { calendarYear } from '@truck-queue/shared/calendar';
import { tonnesOfKg, toTenth } from '@truck-queue/shared/quota';
import { DEFAULT_HARVEST_SEASON, thisSeason } from '@truck-queue/shared/season';
import type { Db } from '../db/database.ts';
import { queues, suppliers, supplierVehicles } from '../db/schema.ts';
import { createSeasonsRepository } from '../modules/seasons/seasons.repository.ts';

/** The demo's group leaders, growers and a middleman (issue 39), by code. */
const LEADERS = [
  { code: 'L-001', name: 'นายสมศักดิ์ ใจกว้าง', phone: '0812345678' },
  { code: 'L-002', name: 'นางบุญมี ศรีสุข', phone: '0898765432' },
];
const GROWERS = [
  'นายประยูร ทองดี',
  'นางสาวมาลี รักไร่',
  'นายทองใบ มั่นคง',
  'นายสุนทร แก้วใส',
  'นางวิไล บุญเลิศ',
  'นายอำนวย พรมมา',
  'นางจันทร์เพ็ญ สุขเจริญ',
  'นายบุญเลิศ มีสุข',
];

/**
 * The demo's suppliers: the trucks that brought cassava in its history belong to growers under
 * two group leaders and to a middleman, each with the plates it delivered with; those tickets
 * name their supplier, as a new ticket of such a plate will. A plate in four stays a walk-in
 * the plant does not know.
 */
export async function seedDemoSuppliers(db: Db, branchId: number, labTypeId: number): Promise<void> {
  // The plates that brought cassava, most deliveries first (then by plate: the same every time).
  const delivered = await db
    .select({
      plateKey: queues.plateKey,
      licence: sql<string>`min(${queues.truckLicense})`,
      n: sql<number>`count(*)::int`,
    })
    .from(queues)
    .where(and(eq(queues.branchQueueTypeId, labTypeId), isNotNull(queues.plateKey)))
    .groupBy(queues.plateKey)
    .orderBy(sql`count(*) desc`, asc(queues.plateKey))
    .limit(60);
  const now = new Date();
  const row = (code: string, name: string, kind: 'leader' | 'grower' | 'middleman', extra = {}) => ({
    branchId,
    code,
    codeKey: code.toLowerCase(),
    name,
    kind,
    created: now,
    updated: now,
    ...extra,
  });
  const leaders = await db
    .insert(suppliers)
    .values(LEADERS.map((l) => row(l.code, l.name, 'leader', { phone: l.phone })))
    .returning({ id: suppliers.id });
  const growers = await db
    .insert(suppliers)
    .values(
      GROWERS.map((name, i) =>
        row(`2568/${String(141 + i * 7).padStart(4, '0')}`, name, 'grower', { leaderId: leaders[i % 2]!.id }),
      ),
    )
    .returning({ id: suppliers.id });
  const [middleman] = await db
    .insert(suppliers)
    .values(row('M-015', 'ลานมันเจริญพืชผล', 'middleman', { phone: '043222333' }))
    .returning({ id: suppliers.id });
  // A plate in four is a walk-in the plant does not know; the rest are dealt round the suppliers.
  const owners = [...growers, ...leaders, middleman!];
  const vehicles = delivered
    .filter((_plate, i) => i % 4 !== 3)
    .map((plate, i) => ({
      supplierId: owners[i % owners.length]!.id,
      branchId,
      licence: plate.licence,
      plateKey: plate.plateKey!,
    }));
  if (vehicles.length === 0) return;
  await db.insert(supplierVehicles).values(vehicles);
  for (const owner of owners) {
    const keys = vehicles.filter((v) => v.supplierId === owner.id).map((v) => v.plateKey);
    if (keys.length > 0)
      await db
        .update(queues)
        .set({ supplierId: owner.id })
        .where(and(eq(queues.branchId, branchId), inArray(queues.plateKey, keys)));
  }
}

/**
 * The demo's season of cassava: the crop year of the default harvest season that holds `today`
 * (or ended last), counted in paid tonnes, warning past a quota. Every grower has a quota: the
 * one that delivered most already a little past it, the others with room left.
 */
export async function seedDemoSeason(
  db: Db,
  branchId: number,
  productId: number,
  today: string,
): Promise<void> {
  const harvest = DEFAULT_HARVEST_SEASON;
  const opened = Number(thisSeason(today, harvest).start.slice(0, 4));
  const year = calendarYear(opened, 'BE');
  const repo = createSeasonsRepository(db);
  const now = new Date();
  const values = {
    name: `${year}/${String(year + 1).slice(-2)}`,
    productId,
    startsOn: `${opened}-${harvest.start}`,
    endsOn: `${harvest.finish < harvest.start ? opened + 1 : opened}-${harvest.finish}`,
    unit: 'tonnes' as const,
    overQuota: 'warn' as const,
    active: true,
  };
  const seasonId = await repo.insert(db, branchId, values, now);
  const growers = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.branchId, branchId), eq(suppliers.kind, 'grower')))
    .orderBy(asc(suppliers.codeKey));
  const { rows } = await repo.quotaPage(db, { id: seasonId, ...values }, branchId, {
    find: '',
    withQuota: false,
    limit: 200,
    offset: 0,
    openAfter: now,
  });
  const tonnes = new Map(rows.map((r) => [r.supplierId, tonnesOfKg(r.paidKg)]));
  const most = Math.max(0, ...growers.map((g) => tonnes.get(g.id) ?? 0));
  await repo.setQuotas(
    db,
    seasonId,
    growers.map((grower, i) => {
      const delivered = tonnes.get(grower.id) ?? 0;
      const entitlement =
        delivered > 0 && delivered === most
          ? toTenth(delivered * 0.9)
          : Math.max(50, Math.ceil((delivered * (2 + (i % 3))) / 10) * 10);
      return { supplierId: grower.id, entitlement };
    }),
    now,
  );
}
