import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisputeTextSchema } from '@truck-queue/shared/contracts/dispute.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { hasHiddenCharacter } from '@truck-queue/shared/typed-text';
import { devices, queueDisputes, officers, products, stations } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
});
afterAll(() => t.close());

const RLO = '\u202E'; // right-to-left override: "ABC" shows as "CBA"
const ZWSP = '\u200B';

async function rowCounts() {
  const of = async (
    table: typeof officers | typeof products | typeof stations | typeof devices | typeof queueDisputes,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return [
    await of(officers),
    await of(products),
    await of(stations),
    await of(devices),
    await of(queueDisputes),
  ];
}

describe('characters nobody sees (issue 37, hole 13)', () => {
  it('are known: direction controls, zero-width characters, the soft hyphen, the BOM, controls', () => {
    for (const value of [
      `a${RLO}b`,
      `a${ZWSP}b`,
      'a\u200Cb',
      'a\u2066b\u2069',
      'a\u00ADb',
      '\uFEFFab',
      'a\u0007b',
      // Drawn as nothing though not format characters: Hangul fillers, variation selectors (a
      // digit's too), the grapheme joiner, a Mongolian selector, blank Braille, half a surrogate.
      'Starch\u3164',
      '\uFFA0Starch',
      'Star\u115Fch',
      '55\uFE0F55',
      'AB 5555\u{E0100}',
      'x\u034F',
      'x\u180B',
      'x\u2800',
      'x\uD800',
    ])
      expect(hasHiddenCharacter(value), JSON.stringify(value)).toBe(true);
    for (const value of ['สมชาย ใจดี', 'น้ำตาล 1', 'Müller', 'แป้ง - เกรด A+', '👨‍👩‍👧 ok', '❤️ ขอบคุณ', '👍🏽', '5️⃣'])
      expect(hasHiddenCharacter(value), value).toBe(false);
    // Lines only where a note may have them.
    expect(hasHiddenCharacter('line 1\nline 2')).toBe(true);
    expect(hasHiddenCharacter('line 1\nline 2', true)).toBe(false);
    expect(hasHiddenCharacter(`line 1\n${RLO}line 2`, true)).toBe(true);
  });

  it('are refused with VALIDATION_FAILED in names and notes, and nothing is stored', async () => {
    const admin = plant.officers.admin.session;
    const officer = (name: string, lastname: string) => ({
      name,
      lastname,
      email: 'hidden@example.com',
      roles: '55',
      password: prehashPassword('long-password'),
    });
    const ticket = await issueTicket(t, plant, 'standard', '70-4321');
    const before = await rowCounts();
    const refusals = [
      { path: 'officer/doMainOfficer', body: officer(`Adm${RLO}nimda`, 'Ok'), session: admin, field: 'name' },
      { path: 'officer/doMainOfficer', body: officer('Ok', `ใจ${ZWSP}ดี`), session: admin, field: 'lastname' },
      { path: 'product/doMainProduct', body: { name: `แป้ง${ZWSP}` }, session: admin, field: 'name' },
      { path: 'product/doMainProduct', body: { name: 'Starch\u3164' }, session: admin, field: 'name' },
      { path: 'station/doMainStation', body: { name: 'ช่อง\u20661\u2069' }, session: admin, field: 'name' },
      { path: 'display/doMainDisplay', body: { name: 'TV\u00AD1' }, session: admin, field: 'name' },
      {
        path: 'process/user/dispute',
        body: { queue_number_id: ticket.uuid, note: `น้ำหนัก${RLO}ผิด` },
        field: 'note',
      },
    ];
    for (const { path, body, session, field } of refusals) {
      const response = await t.post(path, body, session ? { session } : {});
      expect(response.statusCode, path).toBe(400);
      const error = response.json<{ code: string; issues: { path: string; message: string }[] }>();
      expect(error.code, path).toBe('VALIDATION_FAILED');
      expect(
        error.issues.map((issue) => issue.path),
        path,
      ).toContain(field);
      expect(error.issues.find((issue) => issue.path === field)?.message, path).toContain('invisible');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("lets a driver's note keep its lines and an emoji", () => {
    expect(DisputeTextSchema.safeParse('น้ำหนักที่สวน 30,000 กก.\nขอตรวจใหม่ 👨‍👩‍👧').success).toBe(true);
    expect(DisputeTextSchema.safeParse(`น้ำหนัก${RLO}ผิด`).success).toBe(false);
  });
});
