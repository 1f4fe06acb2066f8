import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportSuppliers,
  findSupplier,
  listSuppliers,
  type SupplierInput,
} from '@truck-queue/shared/contracts/supplier.contract';
import { queues, suppliers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

/**
 * Who brings the loads (issue 39), through the API: the office keeps the branch's suppliers and
 * their vehicles, the ticket desk finds them, a ticket takes its supplier from its plate.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
  other = await createPlant(t, 'Other mill');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;

const supplier = (over: Partial<SupplierInput> = {}): SupplierInput => ({
  code: 'Q-001',
  name: 'นายสมชาย ใจดี',
  kind: 'grower',
  phone: null,
  tax_id: null,
  leader_id: null,
  active: true,
  vehicles: [],
  ...over,
});

const save = (body: SupplierInput, session = admin()) => t.post('admin/supplier/save', body, { session });

async function saved(body: SupplierInput, session = admin()) {
  const response = await save(body, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ supplier: { id: number; code: string; vehicles: string[] } }>().supplier;
}

describe('suppliers kept by the office', () => {
  it('are saved with their vehicles and leader, found by code, name or plate, and paged', async () => {
    const leader = await saved(
      supplier({ code: 'L-01', name: 'หัวหน้ากลุ่ม บ้านนา', kind: 'leader', phone: '081-234 5678' }),
    );
    const grower = await saved(
      supplier({
        code: 'Q-001',
        name: 'นายสมชาย ใจดี',
        leader_id: leader.id,
        tax_id: '1-1014-00123-45-1',
        vehicles: ['70-1234 ขอนแก่น', '71-5678 ขอนแก่น'],
      }),
    );
    expect(grower).toMatchObject({
      code: 'Q-001',
      phone: null,
      tax_id: '1101400123451',
      leader: { code: 'L-01', name: 'หัวหน้ากลุ่ม บ้านนา' },
      vehicles: ['70-1234 ขอนแก่น', '71-5678 ขอนแก่น'],
    });
    const list = (body: object) => t.call(listSuppliers, body, admin());
    expect((await list({ find: 'สมชาย' })).suppliers.map((s) => s.code)).toEqual(['Q-001']);
    expect((await list({ find: 'q-00' })).suppliers.map((s) => s.code)).toEqual(['Q-001']);
    // A plate typed another way (Thai digits, no dash) is the same plate.
    expect((await list({ find: '๗๐ ๑๒๓๔' })).suppliers.map((s) => s.code)).toEqual(['Q-001']);
    expect(await list({ page_size: 1, page: 2 })).toMatchObject({ total: 2, suppliers: [{ code: 'Q-001' }] });
    expect((await list({ kind: 'leader' })).suppliers.map((s) => s.code)).toEqual(['L-01']);
    // Made inactive, it is listed only when asked.
    await saved({ ...supplier({ code: 'OLD-9', name: 'เลิกส่งแล้ว' }), active: false });
    expect((await list({})).total).toBe(2);
    expect((await list({ include_inactive: true })).total).toBe(3);
    // The other branch sees none of them.
    expect(
      (await t.call(listSuppliers, { include_inactive: true }, other.officers.admin.session)).total,
    ).toBe(0);
  });

  it('refuses a code or a plate another supplier holds, a leader that is not one, and a non-manager', async () => {
    const taken = await save(supplier({ code: 'q-001', name: 'ซ้ำ' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', reason: 'SUPPLIER_CODE_TAKEN' });
    const plate = await save(supplier({ code: 'Q-002', name: 'คนอื่น', vehicles: ['70 1234 ขอนแก่น'] }));
    expect(plate.json()).toMatchObject({ code: 'CONFLICT', reason: 'PLATE_TAKEN' });
    expect(plate.json().message).toContain('Q-001');
    const [grower] = (await t.call(listSuppliers, { find: 'Q-001' }, admin())).suppliers;
    const notLeader = await save(supplier({ code: 'Q-003', name: 'ลูกไร่', leader_id: grower!.id }));
    expect(notLeader.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'leader_id', message: 'is not a group leader of this branch' }],
    });
    // A leader with growers under it stays a leader.
    const leader = (await t.call(listSuppliers, { kind: 'leader' }, admin())).suppliers[0]!;
    const demoted = await save(
      supplier({ id: leader.id, code: leader.code, name: leader.name, phone: leader.phone, kind: 'grower' }),
    );
    expect(demoted.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'kind' }] });
    expect((await save(supplier({ code: 'Q-009' }), plant.officers.caller.session)).statusCode).toBe(403);
    // A bad tax id or phone says which field.
    const badTax = await save(supplier({ code: 'Q-004', tax_id: '1101400123458' }));
    expect(badTax.json().issues).toEqual([{ path: 'tax_id', message: 'has a wrong check digit' }]);
    // Nothing of these was written.
    expect((await t.call(listSuppliers, { include_inactive: true }, admin())).total).toBe(3);
  });

  it('keeps one supplier per code when 30 saves race, on every engine (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          save(
            supplier({ code: `RACE-${round}`, name: `แข่ง ${i}`, vehicles: [`8${round}-${1000 + i} ขอนแก่น`] }),
          ),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(29);
    }
  });
});

describe('the ticket desk', () => {
  it('finds a supplier by code, name or the plate typed, and a ticket takes its supplier from the plate', async () => {
    const caller = plant.officers.caller.session;
    const found = await t.call(findSupplier, { find: 'สมชาย' }, caller);
    expect(found.suppliers).toEqual([
      {
        id: expect.any(Number),
        code: 'Q-001',
        name: 'นายสมชาย ใจดี',
        kind: 'grower',
        leader_name: 'หัวหน้ากลุ่ม บ้านนา',
        owns_plate: false,
      },
    ]);
    const byPlate = await t.call(findSupplier, { find: '', licence: '71-5678 ขอนแก่น' }, caller);
    expect(byPlate.suppliers.map((s) => [s.code, s.owns_plate])).toEqual([['Q-001', true]]);
    // The inactive supplier is not offered.
    expect((await t.call(findSupplier, { find: 'เลิกส่ง' }, caller)).suppliers).toEqual([]);

    const ticket = await issueTicket(t, plant, 'standard', '71-5678 ขอนแก่น');
    const supplierOf = async (id: number) =>
      (await t.db.select({ s: queues.supplierId }).from(queues).where(eq(queues.id, id)))[0]!.s;
    expect(await supplierOf(ticket.id)).toBe(found.suppliers[0]!.id);
    // A plate no supplier holds: none.
    expect(await supplierOf((await issueTicket(t, plant, 'standard', '99-9999 ขอนแก่น')).id)).toBeNull();
  });

  it('takes a named supplier or none at issue, and refuses one that is inactive or of another branch', async () => {
    const issue = (license: string, supplier_id: number | null) =>
      t.post(
        'process/printer/issueQueue',
        {
          id_branchQT: plant.types.standard.id,
          product: plant.products.starch.id,
          truck_license: license,
          supplier_id,
        },
        { session: plant.officers.caller.session },
      );
    const [inactive] = await t.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.code, 'OLD-9'));
    const refused = await issue('55-5555 ขอนแก่น', inactive!.id);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'supplier_id', message: 'is not an active supplier of this branch' }],
    });
    const theirs = await saved(supplier({ code: 'X-1', name: 'สาขาอื่น' }), other.officers.admin.session);
    expect((await issue('55-5555 ขอนแก่น', theirs.id)).statusCode).toBe(400);
    // The plate's owner is not forced on a ticket the officer says has none.
    const none = await issue('70-1234 ขอนแก่น', null);
    expect(none.statusCode).toBe(200);
    const [row] = await t.db
      .select({ s: queues.supplierId })
      .from(queues)
      .where(eq(queues.uuid, none.json().queue.uuid));
    expect(row!.s).toBeNull();
  });
});

describe('the reports', () => {
  it("name each ticket's supplier and keep to one supplier when asked", async () => {
    const [row] = await t.db.select({ day: queues.queueDate }).from(queues).limit(1);
    const period = { find_start: row!.day, find_finish: row!.day };
    const [grower] = (await t.call(listSuppliers, { find: 'Q-001' }, admin())).suppliers;
    const inOut = async (find_supplier: number) =>
      (await t.post('report/inOutTransaction', { ...period, find_supplier }, { session: admin() })).json<{
        rows: { truck_license: string; supplier_code: string | null; supplier_name: string | null }[];
      }>().rows;
    const all = await inOut(0);
    expect(all.find((r) => r.truck_license === '71-5678 ขอนแก่น')).toMatchObject({
      supplier_code: 'Q-001',
      supplier_name: 'นายสมชาย ใจดี',
    });
    expect(all.find((r) => r.truck_license === '99-9999 ขอนแก่น')).toMatchObject({ supplier_code: null });
    expect((await inOut(grower!.id)).map((r) => r.truck_license)).toEqual(['71-5678 ขอนแก่น']);
    const summary = await t.post(
      'report/summary',
      { ...period, find_supplier: grower!.id },
      { session: admin() },
    );
    expect(
      summary
        .json()
        .rows.map((r: { license_no: string; supplier_code: string }) => [r.license_no, r.supplier_code]),
    ).toEqual([['71-5678 ขอนแก่น', 'Q-001']]);
  });
});

describe('the export', () => {
  it('is an .xlsx in the import columns, with Thai headers, that only the asking session downloads', async () => {
    const made = await t.call(exportSuppliers, { include_inactive: true }, admin());
    expect(made.rows).toBeGreaterThanOrEqual(3);
    const response = await t.app.inject({
      method: 'GET',
      url: made.excel_url,
      headers: { authorization: t.config.apiKey, session: admin() },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    // Rows as text, the sheet's gaps (empty rows) as empty rows.
    const values = Array.from(workbook.worksheets[0]!.getSheetValues(), (row) =>
      Array.isArray(row)
        ? Array.from(row.slice(1), (v) =>
            v === null || v === undefined
              ? ''
              : typeof v === 'object'
                ? JSON.stringify(v)
                : String(v as string | number),
          )
        : [],
    );
    const header = values.findIndex((row) => row[0] === 'รหัส');
    expect(values[header]).toEqual([
      'รหัส',
      'ชื่อ',
      'ประเภท',
      'โทรศัพท์',
      'เลขผู้เสียภาษี',
      'รหัสหัวหน้ากลุ่ม',
      'ทะเบียนรถ',
      'แท็ก RFID',
      'ใช้งาน',
    ]);
    expect(values.find((row) => row[0] === 'Q-001')).toEqual([
      'Q-001',
      'นายสมชาย ใจดี',
      'ชาวไร่',
      '-',
      '1101400123451',
      'L-01',
      '70-1234 ขอนแก่น, 71-5678 ขอนแก่น',
      '-',
      'ใช่',
    ]);
    const stranger = await t.app.inject({
      method: 'GET',
      url: made.excel_url,
      headers: { authorization: t.config.apiKey, session: plant.officers.caller.session },
    });
    expect(stranger.statusCode).toBe(404);
  });
});
