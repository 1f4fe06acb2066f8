import { describe, expect, it } from 'vitest';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { BOOKING } from '../../check-in/booking.fixture.ts';
import type { FoundBooking } from '../../check-in/check-in-now.ts';
import {
  bookingReady,
  isMidway,
  kioskFlow,
  progress,
  START,
  type KioskAction,
  type KioskFlow,
} from './kiosk-flow.ts';
import type { PlateDraft } from '../../plates/plate-draft.ts';

const plate: PlateDraft = { mode: 'parts', plates: [{ number: '70-1234', province: 'ตาก' }] };

const ticket: Ticket = {
  uuid: 'u-1',
  ticket_code: 'T-00011',
  queue_number: 'A001',
  queue_type_name: 'ส่งมันสำปะหลัง',
  product_name: 'หัวมันสด',
  truck_license: '70-1234',
  created: '2025-03-07T07:05:00.000Z',
  ahead_at_issue: 3,
  line_chat_url: null,
};

const print: PrintOutcome = { state: 'failed', reason: 'paper_end', job_id: 4, printer_name: 'ตู้หน้าโรงงาน' };

const run = (...actions: KioskAction[]): KioskFlow => actions.reduce(kioskFlow, START);

describe('the kiosk steps', () => {
  it('goes type → product → licence → confirm → issued', () => {
    const state = run(
      { type: 'chooseType', queueTypeId: 3 },
      { type: 'chooseProduct', productId: 7 },
      { type: 'editPlate', plate },
      { type: 'confirmLicence', licence: '70-1234 ตาก' },
      { type: 'issued', ticket, print },
    );
    expect(state).toEqual({
      step: 'issued',
      path: 'walk_in',
      queueTypeId: 3,
      productId: 7,
      plate,
      licence: '70-1234 ตาก',
      booking: null,
      ticket,
      print,
    });
    expect(progress(state)).toEqual({ steps: ['type', 'product', 'licence', 'confirm'], current: 4 });
  });

  it('steps back one at a time, keeping the choices; back from the ticket starts over', () => {
    const atConfirm = run(
      { type: 'chooseType', queueTypeId: 3 },
      { type: 'chooseProduct', productId: 7 },
      { type: 'editPlate', plate },
      { type: 'confirmLicence', licence: '70-1234 ตาก' },
    );
    const steps = [atConfirm];
    for (let i = 0; i < 4; i++) steps.push(kioskFlow(steps.at(-1)!, { type: 'back' }));
    expect(steps.map((s) => s.step)).toEqual(['confirm', 'licence', 'product', 'type', 'type']);
    // Back at the licence, the plates are as the truck left them.
    expect(steps.at(-1)!.plate).toBe(plate);
    expect(steps.at(-1)!.licence).toBe('70-1234 ตาก');
    expect(kioskFlow(kioskFlow(atConfirm, { type: 'issued', ticket, print }), { type: 'back' })).toEqual(
      START,
    );
  });

  it('forgets the product when another type is chosen, keeps it when the same one is', () => {
    const back = run(
      { type: 'chooseType', queueTypeId: 3 },
      { type: 'chooseProduct', productId: 7 },
      { type: 'back' },
      { type: 'back' },
    );
    expect(kioskFlow(back, { type: 'chooseType', queueTypeId: 3 }).productId).toBe(7);
    expect(kioskFlow(back, { type: 'chooseType', queueTypeId: 4 }).productId).toBeNull();
  });

  it('ignores actions of another step (a double tap) and resets from anywhere', () => {
    const atProduct = run({ type: 'chooseType', queueTypeId: 3 });
    expect(kioskFlow(atProduct, { type: 'chooseType', queueTypeId: 4 })).toBe(atProduct);
    expect(kioskFlow(atProduct, { type: 'issued', ticket, print })).toBe(atProduct);
    expect(kioskFlow(atProduct, { type: 'reset' })).toEqual(START);
  });

  it('counts only the steps that wait on a truck as midway', () => {
    expect(['type', 'product', 'licence', 'confirm', 'issued'].map((s) => isMidway(s as never))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('the booking path', () => {
  const slot: FoundBooking = { booking: BOOKING, time: 'in_window', outcome: 'slot' };
  const anyVehicle: FoundBooking = { ...slot, booking: { ...BOOKING, truck_license: null } };

  it('goes type → code → booking → issued for a booking of one plate', () => {
    const atBooking = run({ type: 'openBooking' }, { type: 'found', booking: slot });
    expect(atBooking).toMatchObject({ step: 'booking', path: 'booking', booking: slot, licence: '' });
    expect(bookingReady(atBooking)).toBe(true);
    // No plate to give: the booking names it.
    expect(kioskFlow(atBooking, { type: 'toLicence' })).toBe(atBooking);
    expect(progress(atBooking)).toEqual({ steps: ['code', 'confirm'], current: 1 });
    const issued = kioskFlow(atBooking, { type: 'issued', ticket, print });
    expect(issued).toMatchObject({ step: 'issued', ticket, print });
    expect(progress(issued).current).toBe(2);
  });

  it('asks the plate of a booking for any vehicle before it confirms, and comes back to the booking', () => {
    const atBooking = run({ type: 'openBooking' }, { type: 'found', booking: anyVehicle });
    expect(bookingReady(atBooking)).toBe(false);
    expect(progress(atBooking)).toEqual({ steps: ['code', 'booking', 'licence', 'confirm'], current: 1 });
    const atLicence = kioskFlow(atBooking, { type: 'toLicence' });
    expect(atLicence.step).toBe('licence');
    expect(progress(atLicence).current).toBe(2);
    const confirmed = run(
      { type: 'openBooking' },
      { type: 'found', booking: anyVehicle },
      { type: 'toLicence' },
      { type: 'editPlate', plate },
      { type: 'confirmLicence', licence: '70-1234 ตาก' },
    );
    expect(confirmed).toMatchObject({ step: 'booking', licence: '70-1234 ตาก' });
    expect(bookingReady(confirmed)).toBe(true);
    expect(progress(confirmed).current).toBe(3);
    // Back from the licence returns to the booking, keeping the plate typed.
    expect(kioskFlow(kioskFlow(confirmed, { type: 'toLicence' }), { type: 'back' })).toMatchObject({
      step: 'booking',
      plate,
    });
  });

  it('steps back to another code, then to the start, forgetting the booking', () => {
    const atBooking = run({ type: 'openBooking' }, { type: 'found', booking: slot });
    const atCode = kioskFlow(atBooking, { type: 'back' });
    expect(atCode).toMatchObject({ step: 'code', path: 'booking', booking: null });
    expect(kioskFlow(atCode, { type: 'back' })).toEqual(START);
    // A code found twice (a double Enter) changes nothing the second time.
    expect(kioskFlow(atBooking, { type: 'found', booking: anyVehicle })).toBe(atBooking);
  });

  it('issues only from its booking, and waits on the truck at every step but the first and the ticket', () => {
    const atCode = run({ type: 'openBooking' });
    expect(kioskFlow(atCode, { type: 'issued', ticket, print })).toBe(atCode);
    expect(kioskFlow(atCode, { type: 'openBooking' })).toBe(atCode);
    expect(isMidway('code')).toBe(true);
    expect(isMidway('booking')).toBe(true);
  });
});
