import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startsLikeFormula } from '@truck-queue/shared/typed-text';
import { prehashPassword } from '@truck-queue/shared/password';
import { devices, officers, products, queues, stations } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, type Plant } from '../test/plant.ts';

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
});
afterAll(() => t.close());

/** Rows of every table a name goes to, to show a refusal stored nothing. */
async function rowCounts() {
  const of = async (
    table: typeof queues | typeof officers | typeof products | typeof stations | typeof devices,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return [await of(queues), await of(officers), await of(products), await of(stations), await of(devices)];
}

describe('names that start like a spreadsheet formula', () => {
  it('are known by their first character: = + - @, a tab or a carriage return', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(startsLikeFormula(value)).toBe(true);
    // A lone "-" is a Thai record's "none" (a lastname): no spreadsheet runs it.
    for (const value of ['70-1001', 'กข 1234', 'a=b', 'Line 2 - north', '', '-'])
      expect(startsLikeFormula(value)).toBe(false);
  });

  it('are refused with VALIDATION_FAILED: licences, officers, products, stations and screens', async () => {
    const admin = plant.officers.admin.session;
    const before = await rowCounts();
    const refusals = [
      {
        path: 'process/printer/issueQueue',
        body: {
          id_branchQT: plant.types.standard.id,
          product: plant.products.starch.id,
          truck_license: '-1234',
        },
        session: plant.officers.caller.session,
        field: 'truck_license',
      },
      {
        path: 'officer/doMainOfficer',
        body: {
          name: '=HYPERLINK("http://x.example","y")',
          lastname: 'Ok',
          email: 'formula@example.com',
          roles: '55',
          password: prehashPassword('long-password'),
        },
        session: admin,
        field: 'name',
      },
      {
        path: 'officer/doMainOfficer',
        body: {
          name: 'Ok',
          lastname: '@SUM(1)',
          email: 'formula@example.com',
          roles: '55',
          password: prehashPassword('long-password'),
        },
        session: admin,
        field: 'lastname',
      },
      { path: 'product/doMainProduct', body: { name: '+SUM(1,2)' }, session: admin, field: 'name' },
      { path: 'station/doMainStation', body: { name: "=cmd|' /C calc'!A0" }, session: admin, field: 'name' },
      { path: 'display/doMainDisplay', body: { name: '-2+3' }, session: admin, field: 'name' },
      { path: 'printer/doMainPrinter', body: { name: '@kiosk', printer: 1 }, session: admin, field: 'name' },
    ];
    for (const { path, body, session, field } of refusals) {
      const response = await t.post(path, body, { session });
      expect(response.statusCode, path).toBe(400);
      const error = response.json<{ code: string; message: string }>();
      expect(error.code, path).toBe('VALIDATION_FAILED');
      expect(error.message, path).toContain(field);
      expect(error.message, path).toContain('formula');
    }
    expect(await rowCounts()).toEqual(before);

    // The same characters further in are ordinary text.
    const fine = await t.post('product/doMainProduct', { name: 'แป้ง - เกรด A+' }, { session: admin });
    expect(fine.statusCode).toBe(200);
    const ticket = await t.post(
      'process/printer/issueQueue',
      { id_branchQT: plant.types.standard.id, product: plant.products.starch.id, truck_license: '70-1234' },
      { session: plant.officers.caller.session },
    );
    expect(ticket.statusCode).toBe(200);
  });
});
