import { and, asc, eq } from 'drizzle-orm';
import { BOOKING_CODE_ALPHABET, BOOKING_CODE_LENGTH } from '@truck-queue/shared/contracts/booking.contract';
import { clockMinutes } from '@truck-queue/shared/booking/windows';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { addDays } from '@truck-queue/shared/plant-day';
import type { Db } from '../db/database.ts';
import { bookingLines, bookingRules, bookings, suppliers, supplierVehicles } from '../db/schema.ts';
import { DEFAULT_BOOKING_RULES } from '@truck-queue/shared/contracts/booking.contract';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import { siteInstant } from '../lib/site-time.ts';

/** The demo line's windows: a morning, a midday and an afternoon one. */
const WINDOWS = [
  { start: '06:00', end: '10:00', capacity: 40 },
  { start: '10:00', end: '14:00', capacity: 40 },
  { start: '14:00', end: '18:00', capacity: 30 },
];

/**
 * The demo's bookings (issue 39): the cassava line takes bookings (three windows, a fifth kept for
 * walk-ins, the rules' defaults), and the growers hold slots over the coming week, booked by the
 * office or on their own page; two of yesterday's were never used (they read as lapsed) and one
 * was cancelled. The same rows every time (a seeded draw).
 */
export async function seedDemoBookings(
  db: Db,
  input: {
    branchId: number;
    labTypeId: number;
    productId: number;
    today: string;
    siteTimeZone: string;
    now: Date;
  },
): Promise<void> {
  const { branchId, labTypeId, productId, today, siteTimeZone, now } = input;
  await db.insert(bookingRules).values({ branchId, rules: DEFAULT_BOOKING_RULES, updated: now });
  await db.insert(bookingLines).values({
    branchQueueTypeId: labTypeId,
    branchId,
    enabled: true,
    dayCapacity: 110,
    walkInPercent: 20,
    windows: WINDOWS,
    closedDays: [],
    updated: now,
  });
  const growers = await db
    .select({ id: suppliers.id, licence: supplierVehicles.licence })
    .from(suppliers)
    .leftJoin(supplierVehicles, eq(supplierVehicles.supplierId, suppliers.id))
    .where(and(eq(suppliers.branchId, branchId), eq(suppliers.kind, 'grower'), eq(suppliers.active, true)))
    .orderBy(asc(suppliers.codeKey), asc(supplierVehicles.licence));
  if (growers.length === 0) return;
  const random = seededRandom(39);
  const codes = new Set<string>();
  const draw = () =>
    Array.from(
      { length: BOOKING_CODE_LENGTH },
      () => BOOKING_CODE_ALPHABET[random.int(0, BOOKING_CODE_ALPHABET.length - 1)],
    ).join('');
  const code = () => {
    let drawn = draw();
    while (codes.has(drawn)) drawn = draw();
    codes.add(drawn);
    return drawn;
  };
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let offset = -1; offset <= 6; offset++) {
    const day = addDays(today, offset);
    const count = offset < 0 ? 3 : random.int(4, 9);
    for (let i = 0; i < count; i++) {
      const grower = growers[random.int(0, growers.length - 1)]!;
      const window = WINDOWS[random.int(0, WINDOWS.length - 1)]!;
      const licence = random.chance(0.7) ? grower.licence : null;
      const cancelled = offset < 0 && i === 0;
      rows.push({
        branchId,
        code: code(),
        supplierId: grower.id,
        licence,
        plateKey: licence === null ? null : plateSearchKey(licence),
        productId,
        branchQueueTypeId: labTypeId,
        day,
        windowStart: window.start,
        windowEnd: window.end,
        startsAt: siteInstant(day, clockMinutes(window.start), siteTimeZone),
        endsAt: siteInstant(day, clockMinutes(window.end), siteTimeZone),
        status: cancelled ? 'cancelled' : 'booked',
        source: random.chance(0.4) ? 'supplier' : 'office',
        note: cancelled ? 'รถเสีย' : null,
        created: now,
        cancelledAt: cancelled ? now : null,
      });
    }
  }
  await db.insert(bookings).values(rows);
}
