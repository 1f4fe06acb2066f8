import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_BOOKING_RULES,
  saveBookingRules,
  type Booking,
  type BookingLineInput,
} from '@truck-queue/shared/contracts/booking.contract';
import { readerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { identificationContracts } from '@truck-queue/shared/contracts/identification.contract';
import { saveSupplier, type SupplierInput } from '@truck-queue/shared/contracts/supplier.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { bookings, devices, queues } from '../../db/schema.ts';
import { newBrowser, registerDevice, sayHello, type Browser } from '../../test/devices.ts';
import { startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { scanCode128 } from '../../test/ticket-scan.ts';

/**
 * Issue 42, part 4: a camera (or RFID reader) at the entrance checks a booked truck in against
 * its booking, as the kiosk would with its code: the ticket is issued at the booking's slot and
 * printed on the reader's network printer. A read with no booking, a booking outside its window,
 * several bookings or an unsure plate asks the ticket desk, whose officer checks it in against
 * the booking offered or sets the read aside.
 */

const JPEG = readFileSync(new URL('../../test/fixtures/plate-70-1234.jpg', import.meta.url));
// The harness's clock starts at 2026-11-20 10:00 in Bangkok (03:00 UTC).
const TODAY = '2026-11-20';

let t: TestContext;
let plant: Plant;
let entrance: Browser;
let printer: FakePrinter;
let kioskPrinter: { id: number; uuid: string };
let supplierId: number;
/** Booked at 06:00 for today: 70-1234 and 81-5555 09:00-12:00, any vehicle 09:00-12:00, 83-7777 13:00-16:00. */
let byPlate: Booking;
let anyVehicle: Booking;
let unsure: Booking;
let afternoon: Booking;

const admin = () => plant.officers.admin.session;
const caller = () => plant.officers.caller.session;

const plan = (): BookingLineInput => ({
  id_branchQT: plant.types.standard.id,
  enabled: true,
  day_capacity: 20,
  walk_in_percent: 50,
  windows: [
    { start: '09:00', end: '12:00', capacity: 8 },
    { start: '13:00', end: '16:00', capacity: 8 },
  ],
  closed_days: [],
});

async function booked(window: string, licence: string | null): Promise<Booking> {
  const response = await t.post(
    'admin/booking/make',
    {
      supplier_id: supplierId,
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      day: TODAY,
      window_start: window,
      truck_license: licence,
    },
    { session: admin() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ booking: Booking }>().booking;
}

const read = async (body: Record<string, unknown>) => {
  const response = await t.post('device/identify', body, { headers: entrance.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    read: {
      id: number;
      outcome: string;
      reason: string | null;
      queue_number: string | null;
      ticket: Ticket | null;
    };
  }>().read;
};

const deskReads = () => t.call(identificationContracts.checkInReads, {}, caller());

const ticketOfBooking = async (id: number) =>
  (await t.db.select().from(queues).where(eq(queues.bookingId, id)))[0] ?? null;

beforeAll(async () => {
  t = await createTestContext({
    session: { idleMs: 400 * 86_400_000, maxMs: 400 * 86_400_000, rememberMs: 400 * 86_400_000 },
  });
  t.clock.at = new Date(`${TODAY}T06:00:00+07:00`);
  plant = await createPlant(t, 'Entrance plant');
  printer = await startFakePrinter();
  const kiosk = await registerDevice(t, plant, 'printer', newBrowser());
  await t.db
    .update(devices)
    .set({ printTarget: 'network', printerHost: printer.host, printerPort: printer.port })
    .where(eq(devices.id, kiosk.id));
  kioskPrinter = kiosk;
  expect((await t.post('admin/booking/saveLine', plan(), { session: admin() })).statusCode).toBe(200);
  const supplier: SupplierInput = {
    code: 'S-ENT',
    name: 'ไร่ทางเข้า',
    kind: 'grower',
    phone: null,
    tax_id: null,
    leader_id: null,
    active: true,
    vehicles: ['70-1234 ขอนแก่น', '81-5555 ขอนแก่น', '82-6666 ขอนแก่น', '83-7777 ขอนแก่น'],
    vehicle_tags: { '82-6666 ขอนแก่น': 'E2801160600002084D6B1E4F' },
  };
  supplierId = (await t.call(saveSupplier, supplier, admin())).supplier.id;
  byPlate = await booked('09:00', '70-1234 ขอนแก่น');
  anyVehicle = await booked('09:00', null);
  unsure = await booked('09:00', '81-5555 ขอนแก่น');
  afternoon = await booked('13:00', '83-7777 ขอนแก่น');
  t.clock.at = new Date(`${TODAY}T09:30:00+07:00`);
  entrance = newBrowser();
  await sayHello(t, 'reader', entrance);
});
afterAll(async () => {
  await printer.close();
  await t.close();
});

describe('an entrance reader', () => {
  it('is set to check in, with one of the branch network ticket printers; another device is refused', async () => {
    const bad = await t.post(
      'reader/doMainReader',
      { name: 'กล้องทางเข้า', action: 'check_in', station_id: null, printer_id: 999_999 },
      { session: admin() },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'printer_id' }],
    });
    const main = await t.call(readerContracts.main, {}, admin());
    expect(main.printer).toEqual([{ id: kioskPrinter.id, name: expect.any(String) }]);
    const created = await t.call(
      readerContracts.save,
      { name: 'กล้องทางเข้า', action: 'check_in', station_id: null, printer_id: kioskPrinter.id },
      admin(),
    );
    expect(created.device.reader).toMatchObject({
      action: 'check_in',
      printer: { id: kioskPrinter.id },
    });
    await t.call(readerContracts.addDevice, { uuid: created.device.uuid, device_id: entrance.id }, admin());
  });

  it('checks a booked truck in by its plate read without its province, and prints its ticket', async () => {
    const booking = byPlate;
    // The any-vehicle booking may be this truck too: the one booked for its plate goes first.
    const answer = await read({ plate: '70-1234', confidence: 97, snapshot: JPEG.toString('base64') });
    expect(answer).toMatchObject({ outcome: 'checked_in', reason: null });
    const ticket = await ticketOfBooking(booking.id);
    expect(ticket).toMatchObject({ queueNumber: answer.queue_number, truckLicense: '70-1234 ขอนแก่น' });
    // The reader has the paper's content too (a reader printing or showing it itself).
    expect(answer.ticket).toMatchObject({
      uuid: ticket!.uuid,
      queue_number: answer.queue_number,
      truck_license: '70-1234 ขอนแก่น',
    });
    // At its slot: the line takes it at its window's opening.
    expect(ticket!.lineAt.toISOString()).toBe(new Date(`${TODAY}T09:00:00+07:00`).toISOString());
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('checked_in');
    const [paper] = await printer.waitForJobs(1);
    expect(scanCode128(paper!)).toMatch(/^T-/);
    expect(scanCode128(paper!)).toBe(answer.ticket!.ticket_code);

    // Seen again a moment later: the same read; later still, a truck inside already.
    expect(await read({ plate: '70-1234', confidence: 97 })).toMatchObject({
      outcome: 'repeated',
      ticket: null,
    });
    t.clock.advance(2 * 60_000);
    expect(await read({ plate: '70-1234 ขอนแก่น', confidence: 97 })).toMatchObject({
      outcome: 'already_in',
      queue_number: answer.queue_number,
    });
    expect(printer.jobs).toHaveLength(1);
  });

  it("checks in an any-vehicle booking by a tag the supplier's vehicle carries, with that vehicle's plate", async () => {
    const booking = anyVehicle;
    const answer = await read({ tag: 'e280 1160 6000 0208 4d6b 1e4f' });
    expect(answer.outcome).toBe('checked_in');
    expect(await ticketOfBooking(booking.id)).toMatchObject({ truckLicense: '82-6666 ขอนแก่น' });
  });

  it('asks the desk when no booking holds the plate, and the desk sets it aside', async () => {
    const answer = await read({ plate: '99-9999 ขอนแก่น', confidence: 99 });
    expect(answer).toMatchObject({ outcome: 'needs_officer', reason: 'no_booking' });
    const { open } = await deskReads();
    expect(open.map((r) => [r.id, r.reason, r.bookings])).toEqual([[answer.id, 'no_booking', []]]);
    const aside = await t.call(identificationContracts.resolveCheckInRead, { id: answer.id }, caller());
    expect(aside).toMatchObject({ queue: null, read: { resolved_at: expect.any(String) } });
    expect((await deskReads()).open).toEqual([]);
  });

  it('offers the booking of an unsure read, which the desk checks in; a second decision is refused', async () => {
    const booking = unsure;
    const answer = await read({ plate: '81-5555', confidence: 60 });
    expect(answer).toMatchObject({ outcome: 'needs_officer', reason: 'low_confidence' });
    expect(await ticketOfBooking(booking.id)).toBeNull();
    const [open] = (await deskReads()).open;
    expect(open!.bookings).toEqual([
      {
        id: booking.id,
        code: booking.code,
        supplier_name: 'ไร่ทางเข้า',
        window: '09:00-12:00',
        truck_license: '81-5555 ขอนแก่น',
      },
    ]);
    // Only a booking the read offers.
    const other = await t.post(
      'process/calling/resolveRead',
      { id: answer.id, booking_id: booking.id + 1000 },
      { session: caller() },
    );
    expect(other.statusCode).toBe(404);
    const decided = await t.call(
      identificationContracts.resolveCheckInRead,
      { id: answer.id, booking_id: booking.id },
      caller(),
    );
    expect(decided.queue).toMatchObject({ truck_license: '81-5555 ขอนแก่น' });
    expect(decided.read.queue?.queue_number).toBe(decided.queue!.queue_number);
    const again = await t.post(
      'process/calling/resolveRead',
      { id: answer.id, booking_id: booking.id },
      { session: caller() },
    );
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'READ_DECIDED' });
  });

  it('asks the desk for a booking outside its window where the plant refuses those, and changes nothing', async () => {
    await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, outside_window: 'refuse' }, admin());
    const later = afternoon;
    // 09:3x: the afternoon window opens at 13:00, beyond the early grace.
    const answer = await read({ plate: '83-7777 ขอนแก่น', confidence: 99 });
    expect(answer).toMatchObject({ outcome: 'needs_officer', reason: 'booking_refused' });
    expect(await ticketOfBooking(later.id)).toBeNull();
    const { open } = await deskReads();
    expect(open.find((r) => r.id === answer.id)!.bookings.map((b) => b.id)).toEqual([later.id]);
  });

  it('is a ticket-desk matter: the gate and another role cannot decide its reads', async () => {
    const { open } = await deskReads();
    const response = await t.post(
      'process/calling/resolveRead',
      { id: open[0]!.id },
      { session: plant.officers.security.session },
    );
    expect(response.statusCode).toBe(403);
    const gate = await t.post('process/security/resolveRead', { id: open[0]!.id }, { session: admin() });
    expect(gate.statusCode).toBe(404);
    // A walk-in at the desk is untouched by any of this.
    await issueTicket(t, plant, 'standard', '55-1212 ขอนแก่น');
  });

  it("checks in, after the plant day turned over, a truck late for yesterday's booking, as a walk-in where the plant lets it", async () => {
    await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, outside_window: 'walk_in' }, admin());
    t.clock.at = new Date(`${TODAY}T23:50:00+07:00`);
    t.clock.advance(40 * 60_000);
    const answer = await read({ plate: '83-7777 ขอนแก่น', confidence: 99 });
    expect(answer).toMatchObject({ outcome: 'checked_in', ticket: { truck_license: '83-7777 ขอนแก่น' } });
    expect(await ticketOfBooking(afternoon.id)).toMatchObject({ queueNumber: answer.queue_number });
  });
});
