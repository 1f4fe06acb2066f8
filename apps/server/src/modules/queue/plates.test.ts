import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskRecentPlates } from '@truck-queue/shared/contracts/device.contract';
import {
  RECENT_PLATES_LIMIT,
  recentPlates,
  RecentPlatesResponseSchema,
} from '@truck-queue/shared/contracts/queue.contract';
import { fillPlateKeys } from '../../db/plate-keys.ts';
import { queues } from '../../db/schema.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;
let kiosk: Browser;

const DAY = 86_400_000;
const LONG_PAIR = '70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา';

beforeAll(async () => {
  // The clock moves by weeks here: sessions must outlive that.
  t = await createTestContext({ session: { idleMs: 90 * DAY, maxMs: 90 * DAY, rememberMs: 90 * DAY } });
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  kiosk = newBrowser();
  await registerDevice(t, plant, 'printer', kiosk);
});
afterAll(() => t.close());

const caller = () => plant.officers.caller.session;
const issue = (licence: string, session = caller()) =>
  t.post(
    'process/printer/issueQueue',
    { id_branchQT: plant.types.standard.id, product: plant.products.starch.id, truck_license: licence },
    { session },
  );
/** `null`: no session at all. */
const officerSearch = (body: unknown, session: string | null = caller()) =>
  t.post(recentPlates.path, body, session === null ? {} : { session });
const kioskSearch = (body: unknown, headers: Record<string, string> = kiosk.headers) =>
  t.post(kioskRecentPlates.path, body, { headers });
const platesOf = (response: { json: () => unknown }) =>
  RecentPlatesResponseSchema.parse(response.json()).plates;

describe('licence plates with a province', () => {
  it('keeps a tractor and trailer pair with the longest province whole, from an officer and a kiosk', async () => {
    const officer = await issue(LONG_PAIR);
    expect(officer.statusCode).toBe(200);
    expect(officer.json().queue.truck_license).toBe(LONG_PAIR);

    const trailer = '1กข 2345 พระนครศรีอยุธยา / 1กข 6789 พระนครศรีอยุธยา';
    const fromKiosk = await t.post(
      'process/printer/issueQueue',
      { id_branchQT: plant.types.lab.id, product: plant.products.cassava.id, truck_license: ` ${trailer} ` },
      { headers: kiosk.headers },
    );
    expect(fromKiosk.statusCode).toBe(200);
    expect(fromKiosk.json().queue.truck_license).toBe(trailer);
    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, fromKiosk.json().queue.uuid));
    expect(row!.truckLicense).toBe(trailer);
  });

  it('refuses a licence longer than 60 visible characters with VALIDATION_FAILED, and issues nothing', async () => {
    const before = await t.db.select().from(queues);
    const response = await issue(`${LONG_PAIR} / 72-9999 พระนครศรีอยุธยา`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    expect(response.json().issues[0].path).toBe('truck_license');
    expect(await t.db.select().from(queues)).toHaveLength(before.length);
  });

  it('keeps "กท" and "กรุงเทพมหานคร" apart: an open ticket for one does not block the other', async () => {
    const short = await issue('70-1234 กท');
    expect(short.statusCode).toBe(200);
    expect(short.json().queue.truck_license).toBe('70-1234 กท');
    const full = await issue('70-1234 กรุงเทพมหานคร');
    expect(full.statusCode).toBe(200);
    expect(full.json().queue.truck_license).toBe('70-1234 กรุงเทพมหานคร');
    // The same plate typed again, with other spacing, is the same truck: refused.
    const again = await issue(' 70-1234   กท ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'ACTIVE_TICKET',
      queue_number: short.json().queue.queue_number,
    });
  });

  it('takes a tone mark typed before the vowel below as the same plate (NFC)', async () => {
    const first = await issue('กุ่ 4321');
    expect(first.statusCode).toBe(200);
    const second = await issue('ก\u0E48\u0E38 4321');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ reason: 'ACTIVE_TICKET' });
  });
});

describe('look-alike spellings of one plate (issue 37)', () => {
  // Each reads as the plate "AB 5555" on a screen and on a slip. Letters and digits of other
  // scripts, marks and invisible characters are not plate characters: refused as invalid.
  const FOREIGN = [
    '\u0410\u0412 5555', // Cyrillic А В
    '\u0391\u0392 5555', // Greek Α Β
    '\uA4EE\uA4D0 5555', // Lisu
    '\u1D00\u0299 5555', // small capitals
    'AB \uFF15\uFF15\uFF15\uFF15', // full-width digits
    'AB \u096B\u096B\u096B\u096B', // Devanagari digits
    'AB 5555\u0301', // an acute on a digit
    'AB 5\u0E4855', // a Thai tone mark on a digit
    'AB 5555\uFE00', // a variation selector
    'AB\u3164 5555', // a Hangul filler
  ];
  // Spellings of the plate a person may type: the same truck.
  const SAME = ['AB ๕๕๕๕', 'AB-5555', 'ab5555', 'A B 55.55'];

  it('gives one truck one active ticket, however its plate is typed', async () => {
    const first = await issue('AB 5555');
    expect(first.statusCode).toBe(200);
    for (const licence of SAME) {
      const again = await issue(licence);
      expect(again.statusCode, licence).toBe(409);
      expect(again.json()).toMatchObject({
        reason: 'ACTIVE_TICKET',
        queue_number: first.json().queue.queue_number,
      });
    }
    for (const licence of FOREIGN) {
      const refused = await issue(licence);
      expect(refused.statusCode, licence).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'truck_license' }],
      });
    }
  });

  it('keeps a Lao look-alike of a Thai plate out: Lao letters are not plate letters', async () => {
    expect((await issue('1บด 1234')).statusCode).toBe(200);
    for (const licence of ['1\u0E9A\u0E94 1234', '1บ\u0E94 1234'])
      expect((await issue(licence)).statusCode).toBe(400);
  });

  it('issues one ticket when the spellings arrive at once', async () => {
    for (let round = 0; round < 20; round++) {
      const number = 7000 + round;
      const spellings = [
        `CD ${number}`,
        `CD-${number}`,
        `cd${number}`,
        `CD ${number}`.replace(/\d/g, (d) => '๐๑๒๓๔๕๖๗๘๙'[Number(d)]!),
      ];
      const answers = await Promise.all(spellings.map((licence) => issue(licence)));
      expect(
        answers.filter((a) => a.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(spellings.length - 1);
    }
  });

  it('finds the plate in the New ticket dialog from another spelling', async () => {
    expect(platesOf(await officerSearch({ find_license: 'ab ๕๕' }))).toContain('AB 5555');
    expect(platesOf(await officerSearch({ find_license: 'b-55' }))).toContain('AB 5555');
  });

  it('gives tickets from before the plate key theirs at start: an old Cyrillic spelling blocks the Latin one', async () => {
    const old = await issue('EF 6666');
    expect(old.statusCode).toBe(200);
    // As an older version kept it: typed with a Cyrillic Е, and no plate key yet.
    await t.db
      .update(queues)
      .set({ truckLicense: '\u0415F 6666', plateKey: null })
      .where(eq(queues.uuid, old.json().queue.uuid));
    await fillPlateKeys(t.db);
    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, old.json().queue.uuid));
    expect(row!.plateKey).toBe('EF6666');
    expect((await issue('EF 6666')).statusCode).toBe(409);
  });
});

describe('process/printer/recentPlates (the New ticket dialog)', () => {
  it('asks for a session, a role that issues tickets, and a valid search', async () => {
    expect((await officerSearch({ find_license: '70' }, null)).statusCode).toBe(401);
    const lab = await officerSearch({ find_license: '70' }, plant.officers.lab.session);
    expect(lab.statusCode).toBe(403);
    expect(lab.json()).toMatchObject({ code: 'FORBIDDEN' });
    for (const body of [{}, { find_license: 70 }, { find_license: '70!' }, { find_license: 'x', more: 1 }]) {
      const response = await officerSearch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await officerSearch({ find_license: '1'.repeat(181) })).statusCode).toBe(400);
  });

  it("finds the branch's plates that hold what was typed, spaces and dashes aside, most recent first", async () => {
    t.clock.advance(DAY);
    await issueTicket(t, plant, 'general', 'ZX 1000 ขอนแก่น');
    t.clock.advance(60_000);
    await issueTicket(t, plant, 'general', 'ZX 1001 ตาก');
    // Another branch's plates are not this branch's suggestions.
    await issueTicket(t, other, 'general', 'ZX 1002 ตาก');

    const typed = await officerSearch({ find_license: 'zx10' });
    expect(typed.statusCode).toBe(200);
    expect(platesOf(typed)).toEqual(['ZX 1001 ตาก', 'ZX 1000 ขอนแก่น']);
    // Anywhere in the plate: the province finds it too, and "701234" finds "70-1234 ...".
    expect(platesOf(await officerSearch({ find_license: 'ตาก' }))).toEqual(['ZX 1001 ตาก']);
    expect(platesOf(await officerSearch({ find_license: '701234' }))).toEqual([
      '70-1234 กรุงเทพมหานคร',
      '70-1234 กท',
      LONG_PAIR,
    ]);
    expect(platesOf(await officerSearch({ find_license: 'พระนครศรีอยุธยา / 71' }))).toEqual([LONG_PAIR]);
  });

  it('lists each plate once, at its latest ticket, and at most ten', async () => {
    // The truck comes back after its first ticket ended: one suggestion, now the most recent.
    const [row] = await t.db.select().from(queues).where(eq(queues.truckLicense, 'ZX 1000 ขอนแก่น'));
    await t.db.update(queues).set({ exitAt: t.clock.now() }).where(eq(queues.id, row!.id));
    t.clock.advance(60_000);
    await issueTicket(t, plant, 'general', 'ZX 1000 ขอนแก่น');
    expect(platesOf(await officerSearch({ find_license: 'ZX' }))).toEqual(['ZX 1000 ขอนแก่น', 'ZX 1001 ตาก']);

    for (let n = 0; n < RECENT_PLATES_LIMIT + 2; n++) {
      t.clock.advance(1000);
      await issueTicket(t, plant, 'general', `QW ${100 + n}`);
    }
    const many = platesOf(await officerSearch({ find_license: 'QW' }));
    expect(many).toHaveLength(RECENT_PLATES_LIMIT);
    expect(many[0]).toBe(`QW ${100 + RECENT_PLATES_LIMIT + 1}`);
    // Nothing typed: the most recent plates of the branch.
    expect(platesOf(await officerSearch({ find_license: '' }))).toEqual(many);
  });

  it('leaves out voided tickets and tickets older than 30 days', async () => {
    const ticket = await issueTicket(t, plant, 'general', 'VOID 77');
    // As doVoid leaves it (yard.test.ts voids through the socket).
    await t.db.update(queues).set({ state: 'V', voidedAt: t.clock.now() }).where(eq(queues.id, ticket.id));
    expect(platesOf(await officerSearch({ find_license: 'VOID' }))).toEqual([]);

    expect(platesOf(await officerSearch({ find_license: 'ZX 1001' }))).toEqual(['ZX 1001 ตาก']);
    t.clock.advance(30 * DAY);
    expect(platesOf(await officerSearch({ find_license: 'ZX 1001' }))).toEqual([]);
  });
});

describe('device/recentPlates (the kiosk)', () => {
  it('answers only a registered kiosk: not an officer, not a display, not unknown credentials', async () => {
    const asOfficer = await t.post(kioskRecentPlates.path, { find_license: '70' }, { session: caller() });
    expect(asOfficer.statusCode).toBe(401);
    expect(asOfficer.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    expect((await kioskSearch({ find_license: '70' }, newBrowser().headers)).statusCode).toBe(401);
    const display = newBrowser();
    await registerDevice(t, plant, 'display', display);
    expect((await kioskSearch({ find_license: '70' }, display.headers)).statusCode).toBe(401);
  });

  it('lists nothing before two letters or digits are typed: a shorter search is refused', async () => {
    for (const find_license of ['', '7', ' - 7 ', '--', 'ก']) {
      const response = await kioskSearch({ find_license });
      expect(response.statusCode, find_license).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await kioskSearch({ find_license: '70!' })).statusCode).toBe(400);
    expect((await kioskSearch({})).statusCode).toBe(400);
  });

  it("finds its branch's recent plates that start with what the driver typed", async () => {
    await issueTicket(t, plant, 'standard', '88-4444 ชลบุรี');
    await issueTicket(t, plant, 'standard', '188-4444 ชลบุรี');
    await issueTicket(t, other, 'standard', '88-4445 ชลบุรี');
    const typed = await kioskSearch({ find_license: '88-44' });
    expect(typed.statusCode).toBe(200);
    expect(platesOf(typed)).toEqual(['88-4444 ชลบุรี']);
    expect(platesOf(await kioskSearch({ find_license: '884' }))).toEqual(['88-4444 ชลบุรี']);
    // Only the start: the province alone does not list the plates of that province.
    expect(platesOf(await kioskSearch({ find_license: 'ชลบุรี' }))).toEqual([]);
  });
});
