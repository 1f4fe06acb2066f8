import { RECALL_GUARD_MS } from '@truck-queue/shared/queue/decide';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

/**
 * A ticket is scanned (issue 15, item 2): the counters take the ticket code of its Code 128 or
 * the uuid of its QR code, which name one ticket, never another truck holding the same number.
 * Numbers restart at midnight, so each case makes two trucks with one number across it.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  // The clock moves by days below: sessions must outlive that.
  t = await createTestContext({
    session: { idleMs: 30 * 86_400_000, maxMs: 30 * 86_400_000, rememberMs: 30 * 86_400_000 },
  });
  plant = await createPlant(t, 'Scan plant');
  other = await createPlant(t, 'Other plant');
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 23:50 in Bangkok (UTC+7) on the harness clock's first day. */
let lateEvening = Date.parse('2026-11-20T16:50:00Z');

interface Truck {
  id: number;
  uuid: string;
  queue_number: string;
  code: string;
}

/**
 * A truck issued at 23:50 and one issued at 00:10, both the first of their day for `type`, so
 * both hold the same number. Each call starts on a later day than the last.
 */
async function acrossMidnight(type: keyof Plant['types'], label: string): Promise<[Truck, Truck]> {
  lateEvening += DAY;
  t.clock.at = new Date(lateEvening);
  const older = await issueTicket(t, plant, type, `${label} 1`);
  t.clock.advance(20 * MINUTE);
  const newer = await issueTicket(t, plant, type, `${label} 2`);
  expect(newer.queue_number).toBe(older.queue_number);
  return [
    { ...older, code: encodeTicketCode(older.id) },
    { ...newer, code: encodeTicketCode(newer.id) },
  ];
}

const row = async (truck: { id: number }) =>
  (await t.db.select().from(queues).where(eq(queues.id, truck.id)))[0]!;

const lab = (body: Record<string, unknown>, session = plant.officers.lab.session) =>
  t.post('process/example/accept', body, { session });
const weigh = (direction: 'In' | 'Out', body: Record<string, unknown>) =>
  t.post(
    `process/weighing/weigh${direction}`,
    // Weighed out without its call (confirmed): which truck is weighed is this file's, not the order.
    { reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out', ...body },
    { session: plant.officers.admin.session },
  );
const gate = (body: Record<string, unknown>, session = plant.officers.security.session) =>
  t.post('process/security/exitFactory', body, { session });

/** A ticket code one check symbol off: what a smudged bar reads as. */
function misread(code: string): string {
  const last = code.at(-1)!;
  return code.slice(0, -1) + (last === '0' ? '1' : '0');
}

describe('the ticket carries its code', () => {
  it('in the issue answer and on the driver page, for the ticket it names', async () => {
    const response = await t.post(
      'process/printer/issueQueue',
      { id_branchQT: plant.types.general.id, product: plant.products.parts.id, truck_license: 'CODE 1' },
      { session: plant.officers.caller.session },
    );
    const { queue } = response.json<{ queue: { uuid: string; ticket_code: string } }>();
    const [issued] = await t.db.select().from(queues).where(eq(queues.uuid, queue.uuid));
    expect(queue.ticket_code).toBe(encodeTicketCode(issued!.id));
    expect(queue.ticket_code).toMatch(/^T-[0-9A-Z]{4,7}[0-9A-Z*~$=]$/);
    const page = await t.post('process/user/queueInformation', { queue_number_id: queue.uuid });
    expect(page.json().queue.ticket_code).toBe(queue.ticket_code);
  });
});

describe('the lab takes the scanned truck only', () => {
  it('by code and by uuid, and a repeated scan of a truck that left says so, touching no other', async () => {
    const [older, newer] = await acrossMidnight('lab', 'LABSCAN');

    expect((await lab({ ticket_code: older.code })).statusCode).toBe(200);
    expect((await row(older)).state).toBe('LS');
    expect((await row(newer)).state).toBe('QS');

    // The same code again (after a double scan's moments): already taken, and today's truck is still waiting.
    t.clock.advance(RECALL_GUARD_MS);
    const again = await lab({ ticket_code: older.code.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'SAMPLE_ALREADY_TAKEN', queue_number: older.queue_number });
    expect((await row(newer)).state).toBe('QS');

    // Yesterday's truck leaves; its ticket scanned again at the lab answers "already left".
    expect((await gate({ uuid: older.uuid, confirm_unfinished: true })).statusCode).toBe(200);
    for (const body of [{ ticket_code: older.code }, { uuid: older.uuid }]) {
      const left = await lab(body);
      expect(left.statusCode).toBe(409);
      expect(left.json()).toMatchObject({ reason: 'ALREADY_LEFT', queue_number: older.queue_number });
    }
    expect((await row(newer)).state).toBe('QS');

    // Today's truck, by the uuid of its QR code.
    expect((await lab({ uuid: newer.uuid })).statusCode).toBe(200);
    expect((await row(newer)).state).toBe('LS');
  });
});

describe('the weighbridge weighs the scanned truck only', () => {
  it('by code and by uuid, and a truck that left is never weighed in place of another', async () => {
    const [older, newer] = await acrossMidnight('standard', 'WEIGHSCAN');

    const first = await weigh('In', { ticket_code: newer.code, weight: 12_000 });
    expect(first.statusCode).toBe(200);
    expect(first.json().queue).toMatchObject({ uuid: newer.uuid, weigh_in_kg: 12_000 });
    expect((await row(older)).weighInKg).toBeNull();

    expect((await weigh('In', { uuid: older.uuid, weight: 11_500 })).statusCode).toBe(200);
    expect((await gate({ ticket_code: older.code, confirm_unfinished: true })).statusCode).toBe(200);

    for (const body of [{ ticket_code: older.code }, { uuid: older.uuid }]) {
      const left = await weigh('Out', { ...body, weight: 30_000 });
      expect(left.statusCode).toBe(409);
      expect(left.json()).toMatchObject({ reason: 'ALREADY_LEFT', queue_number: older.queue_number });
    }
    expect((await row(newer)).weighOutKg).toBeNull();
    expect((await row(older)).weighOutKg).toBeNull();

    const out = await weigh('Out', { ticket_code: newer.code, weight: 30_000 });
    expect(out.json().queue).toMatchObject({ uuid: newer.uuid, net_kg: 18_000 });
  });
});

describe('the gate lets the scanned truck out only', () => {
  it('by code and by uuid; a repeated scan answers "already recorded" and the other truck stays inside', async () => {
    const [older, newer] = await acrossMidnight('general', 'GATESCAN');

    expect((await gate({ ticket_code: newer.code, confirm_unfinished: true })).statusCode).toBe(200);
    expect((await row(newer)).exitAt).not.toBeNull();
    expect((await row(older)).exitAt).toBeNull();

    t.clock.advance(RECALL_GUARD_MS);
    for (const body of [{ ticket_code: newer.code }, { uuid: newer.uuid }, { ticket_code: newer.code }]) {
      const again = await gate({ ...body, confirm_unfinished: true });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        reason: 'EXIT_ALREADY_RECORDED',
        queue_number: newer.queue_number,
      });
    }
    expect((await row(older)).exitAt).toBeNull();

    // The number typed now means the one truck still inside: yesterday's.
    expect((await gate({ queue_number: older.queue_number, confirm_unfinished: true })).statusCode).toBe(200);
    expect((await row(older)).exitAt).not.toBeNull();
  });
});

describe('a scan that names no ticket of the branch changes nothing', () => {
  it('refuses a misread code as invalid, and a code or uuid of another branch as not found', async () => {
    const [older, newer] = await acrossMidnight('lab', 'BADSCAN');
    const foreign = await issueTicket(t, other, 'lab', 'BADSCAN 3');
    const before = await t.db.select().from(queues);

    const calls = [
      (body: Record<string, unknown>) => lab(body),
      (body: Record<string, unknown>) => weigh('In', { ...body, weight: 10_000 }),
      (body: Record<string, unknown>) => gate({ ...body, confirm_unfinished: true }),
    ];
    for (const call of calls) {
      const bad = await call({ ticket_code: misread(older.code) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'ticket_code', message: expect.stringContaining('misread') }],
      });
      // One way to name the truck, not two.
      for (const body of [
        { ticket_code: older.code, queue_number: older.queue_number },
        { ticket_code: older.code, uuid: older.uuid },
        {},
      ]) {
        const response = await call(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
      for (const body of [
        { ticket_code: encodeTicketCode(foreign.id) },
        { uuid: foreign.uuid },
        { ticket_code: encodeTicketCode(2_000_000_000) },
      ]) {
        const response = await call(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
      // The chooser's pick: a uuid that does not hold the number is no ticket of it.
      expect((await call({ queue_number: 'Z999', uuid: newer.uuid })).statusCode).toBe(404);
    }
    expect(await t.db.select().from(queues)).toEqual(before);
    // Another branch's officer cannot reach this branch's ticket by its code either.
    const stranger = await lab({ ticket_code: older.code }, other.officers.lab.session);
    expect(stranger.statusCode).toBe(404);
    expect((await row(older)).state).toBe('QS');
  });
});
