import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportSuppliers,
  listSuppliers,
  saveSupplier,
  type Supplier,
} from '@truck-queue/shared/contracts/supplier.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/**
 * Issue 42: the office gives each vehicle the RFID tag it carries (a reader at the gate or the
 * weighbridge finds the truck by it), by hand or in the suppliers' spreadsheet. A tag is one
 * vehicle's in the branch; a save or an import that says nothing of tags keeps them.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Tag mill');
  other = await createPlant(t, 'Other mill');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;

const base = {
  kind: 'grower' as const,
  phone: null,
  tax_id: null,
  leader_id: null,
  active: true,
};

const save = (body: Record<string, unknown>, session = admin()) =>
  t.post('admin/supplier/save', { ...base, ...body }, { session });

const saved = async (body: Record<string, unknown>, session = admin()): Promise<Supplier> => {
  const response = await save(body, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ supplier: Supplier }>().supplier;
};

const TAG_A = 'E2801160600002089B6C1D2A';
const TAG_B = 'E2801160600002089B6C1D2B';

describe('RFID tags of the suppliers’ vehicles', () => {
  it('keeps a tag per plate as typed on the reader’s label, and keeps it through a save that says nothing of tags', async () => {
    const made = await saved({
      code: 'T-01',
      name: 'ไร่แท็ก',
      vehicles: ['70-1001 ขอนแก่น', '70-1002 ขอนแก่น'],
      vehicle_tags: { '70-1001 ขอนแก่น': 'e2 80 11 60 60 00 02 08 9b 6c 1d 2a' },
    });
    expect(made.vehicle_tags).toEqual({ '70-1001 ขอนแก่น': TAG_A });

    // The phone changed, the plates kept, tags not sent (an older page, an integration): kept.
    const again = await saved({
      id: made.id,
      code: 'T-01',
      name: 'ไร่แท็ก',
      phone: '0812345678',
      vehicles: ['70-1001 ขอนแก่น', '70-1002 ขอนแก่น', '70-1003 ขอนแก่น'],
    });
    expect(again.vehicle_tags).toEqual({ '70-1001 ขอนแก่น': TAG_A });

    // A scanned tag finds its supplier in the list.
    const found = await t.call(listSuppliers, { find: 'e280-1160-6000-0208-9b6c-1d2a' }, admin());
    expect(found.suppliers.map((s) => s.code)).toEqual(['T-01']);

    // The tag moved to another vehicle, and an empty map takes them all off.
    const moved = await saved({
      id: made.id,
      code: 'T-01',
      name: 'ไร่แท็ก',
      vehicles: ['70-1001 ขอนแก่น', '70-1002 ขอนแก่น'],
      vehicle_tags: { '70-1002 ขอนแก่น': TAG_A },
    });
    expect(moved.vehicle_tags).toEqual({ '70-1002 ขอนแก่น': TAG_A });
    const none = await saved({
      id: made.id,
      code: 'T-01',
      name: 'ไร่แท็ก',
      vehicles: ['70-1001 ขอนแก่น', '70-1002 ขอนแก่น'],
      vehicle_tags: {},
    });
    expect(none.vehicle_tags).toEqual({});
  });

  it('refuses a tag another supplier’s vehicle carries, one tag on two plates, and a plate not among the vehicles', async () => {
    const holder = await saved({
      code: 'T-02',
      name: 'เจ้าของแท็ก',
      vehicles: ['71-2001 ขอนแก่น'],
      vehicle_tags: { '71-2001 ขอนแก่น': TAG_B },
    });
    const taken = await save({
      code: 'T-03',
      name: 'ผู้ส่งอื่น',
      vehicles: ['71-2002 ขอนแก่น'],
      vehicle_tags: { '71-2002 ขอนแก่น': TAG_B.toLowerCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', reason: 'TAG_TAKEN' });
    expect(taken.json().message).toContain('71-2001');

    const twice = await save({
      code: 'T-03',
      name: 'ผู้ส่งอื่น',
      vehicles: ['71-2002 ขอนแก่น', '71-2003 ขอนแก่น'],
      vehicle_tags: { '71-2002 ขอนแก่น': 'AABBCCDD', '71-2003 ขอนแก่น': 'aa:bb:cc:dd' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([
      { path: 'vehicle_tags.71-2003 ขอนแก่น', message: 'is also the tag of 71-2002 ขอนแก่น' },
    ]);

    const stranger = await save({
      code: 'T-03',
      name: 'ผู้ส่งอื่น',
      vehicles: ['71-2002 ขอนแก่น'],
      vehicle_tags: { '99-9999 ขอนแก่น': 'AABBCCDD' },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues[0].path).toBe('vehicle_tags.99-9999 ขอนแก่น');

    for (const tag of ['not hex!', 'ABC', 'A'.repeat(33)]) {
      const bad = await save({
        code: 'T-03',
        name: 'ผู้ส่งอื่น',
        vehicles: ['71-2002 ขอนแก่น'],
        vehicle_tags: { '71-2002 ขอนแก่น': tag },
      });
      expect(bad.statusCode, tag).toBe(400);
    }
    // Nothing of the refused saves was written.
    const list = await t.call(listSuppliers, { find: 'T-0' }, admin());
    expect(list.suppliers.map((s) => s.code)).toEqual(['T-01', 'T-02']);
    expect(list.suppliers.find((s) => s.id === holder.id)!.vehicle_tags).toEqual({ '71-2001 ขอนแก่น': TAG_B });

    // Another branch's vehicle may carry the same tag number: tags are the branch's.
    const elsewhere = await saved(
      {
        code: 'T-02',
        name: 'สาขาอื่น',
        vehicles: ['71-2001 ขอนแก่น'],
        vehicle_tags: { '71-2001 ขอนแก่น': TAG_B },
      },
      other.officers.admin.session,
    );
    expect(elsewhere.vehicle_tags).toEqual({ '71-2001 ขอนแก่น': TAG_B });
  });
});

describe('RFID tags in the suppliers’ spreadsheet', () => {
  const upload = (content: Buffer, apply: boolean, fileName = 'suppliers.csv') =>
    t.post(
      'admin/supplier/import',
      { file_name: fileName, content_base64: content.toString('base64'), apply },
      { session: admin() },
    );
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  const HEADER = 'รหัส,ชื่อ,ทะเบียนรถ,แท็ก RFID';

  it('writes the tags column (one per plate, "-" for none) and exports it back in the same form', async () => {
    const answer = (
      await upload(
        csv([
          HEADER,
          'T-10,ไร่สิบ,"72-1010 ขอนแก่น, 72-1011 ขอนแก่น, 72-1012 ขอนแก่น","-, AABBCCDD10, aabbccdd12"',
        ]),
        true,
      )
    ).json();
    expect(answer).toMatchObject({ applied: true, problems: [] });
    const [row] = (await t.call(listSuppliers, { find: 'T-10' }, admin())).suppliers;
    expect(row!.vehicle_tags).toEqual({ '72-1011 ขอนแก่น': 'AABBCCDD10', '72-1012 ขอนแก่น': 'AABBCCDD12' });

    // A file without the column (the older template) changes the plates and keeps the tags.
    const kept = (
      await upload(csv(['รหัส,ชื่อ,ทะเบียนรถ', 'T-10,ไร่สิบ,"72-1011 ขอนแก่น, 72-1012 ขอนแก่น"']), true)
    ).json();
    expect(kept).toMatchObject({ applied: true, problems: [] });
    const [after] = (await t.call(listSuppliers, { find: 'T-10' }, admin())).suppliers;
    expect(after!.vehicles).toEqual(['72-1011 ขอนแก่น', '72-1012 ขอนแก่น']);
    expect(after!.vehicle_tags).toEqual({ '72-1011 ขอนแก่น': 'AABBCCDD10', '72-1012 ขอนแก่น': 'AABBCCDD12' });

    // The export writes the column the import reads.
    const made = await t.call(exportSuppliers, { include_inactive: true }, admin());
    const file = await t.app.inject({
      method: 'GET',
      url: made.excel_url,
      headers: { authorization: t.config.apiKey, session: admin() },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push(Array.from({ length: r.cellCount }, (_, i) => r.getCell(i + 1).text)));
    const header = rows.find((r) => r[0] === 'รหัส')!;
    const written = rows.find((r) => r[0] === 'T-10')?.[header.indexOf('แท็ก RFID')];
    expect(written).toBe('AABBCCDD10, AABBCCDD12');
    const back = (await upload(file.rawPayload, false, 'suppliers.xlsx')).json();
    expect(back.problems).toEqual([]);
  });

  it('lists a tag another supplier’s vehicle carries, one given twice in the file, and a bad one, writing nothing', async () => {
    const answer = (
      await upload(
        csv([
          HEADER,
          `T-20,ยี่สิบ,73-2020 ขอนแก่น,${TAG_B}`,
          'T-21,ยี่สิบเอ็ด,73-2021 ขอนแก่น,CAFEF00D21',
          'T-22,ยี่สิบสอง,73-2022 ขอนแก่น,cafe-f00d-21',
          'T-23,ยี่สิบสาม,73-2023 ขอนแก่น,"zz, 11"',
        ]),
        true,
      )
    ).json();
    expect(answer.applied).toBe(false);
    expect(
      answer.problems.map((p: { row: number; column: string; code: string }) => [p.row, p.column, p.code]),
    ).toEqual([
      [2, 'tags', 'TAG_TAKEN'],
      [4, 'tags', 'TAG_TAKEN'],
      [5, 'tags', 'INVALID'],
      [5, 'tags', 'INVALID'],
    ]);
    expect((await t.call(listSuppliers, { find: 'T-2' }, admin())).total).toBe(0);
  });
});

it('answers the tags in every supplier of the list (empty for none)', async () => {
  const list = await t.call(listSuppliers, { page_size: 100 }, admin());
  for (const s of list.suppliers) expect(typeof s.vehicle_tags).toBe('object');
  expect(saveSupplier.path).toBe('admin/supplier/save');
});
