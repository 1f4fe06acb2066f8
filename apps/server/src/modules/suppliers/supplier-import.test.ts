import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSuppliers, listSuppliers } from '@truck-queue/shared/contracts/supplier.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/**
 * Suppliers from a spreadsheet (issue 39): every problem listed by row and column, nothing
 * written while there is one, all of it written at once when there is none.
 */

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;

const upload = (fileName: string, content: Buffer, apply: boolean) =>
  t.post(
    'admin/supplier/import',
    { file_name: fileName, content_base64: content.toString('base64'), apply },
    { session: admin() },
  );

/** A CSV in UTF-8 with its byte-order mark, as Excel saves "CSV UTF-8". */
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

const HEADER = 'รหัส,ชื่อ,ประเภท,โทรศัพท์,เลขผู้เสียภาษี,รหัสหัวหน้ากลุ่ม,ทะเบียนรถ,ใช้งาน';
const GOOD = [
  HEADER,
  'L-01,หัวหน้ากลุ่ม บ้านนา,หัวหน้ากลุ่ม,081-234-5678,,,,ใช่',
  'Q-001,นายสมชาย ใจดี,ชาวไร่,,1101400123451,L-01,"70-1234 ขอนแก่น, 71-5678 ขอนแก่น",ใช่',
  'Q-002,"นางสมศรี ""ศรี"" มีสุข",,,,L-01,80-1111 ขอนแก่น,',
  '',
  'M-07,ลานมันทองดี,พ่อค้าคนกลาง,02 123 4567,,,,ไม่',
];

const count = async () => (await t.call(listSuppliers, { include_inactive: true }, admin())).total;

describe('an import of suppliers', () => {
  it('lists every problem by row and column and writes nothing, even when asked to', async () => {
    const bad = csv([
      HEADER,
      'Q-100,,ชาวไร่,,,,,',
      'Q-101,ไม่มีหัวหน้า,ชาวนา,12,1101400123458,L-99,"70-1234 ขอนแก่น, 70 1234 ขอนแก่น",บางที',
      'Q-102,ซ้ำ,,,,,70-๑๒๓๔ ขอนแก่น,',
      'q-102,ซ้ำอีก,,,,,=HYPERLINK(1),',
    ]);
    const checked = await upload('suppliers.csv', bad, true);
    expect(checked.statusCode, checked.body).toBe(200);
    const answer = checked.json();
    expect(answer).toMatchObject({ rows: 4, applied: false });
    expect(
      answer.problems.map((p: { row: number; column: string; code: string }) => [p.row, p.column, p.code]),
    ).toEqual([
      [2, 'name', 'REQUIRED'],
      [3, 'kind', 'INVALID'],
      [3, 'phone', 'INVALID'],
      [3, 'tax_id', 'INVALID'],
      [3, 'active', 'INVALID'],
      [4, 'vehicles', 'PLATE_TAKEN'],
      [5, 'code', 'DUPLICATE_CODE'],
      [5, 'vehicles', 'INVALID'],
    ]);
    expect(await count()).toBe(0);
  });

  it('checks a good file first without writing, then writes it all, and a second file updates by code', async () => {
    const checked = (await upload('suppliers.csv', csv(GOOD), false)).json();
    expect(checked).toEqual({ status: 1, rows: 4, created: 4, updated: 0, applied: false, problems: [] });
    expect(await count()).toBe(0);

    const written = (await upload('suppliers.csv', csv(GOOD), true)).json();
    expect(written).toMatchObject({ rows: 4, created: 4, updated: 0, applied: true, problems: [] });
    const all = (await t.call(listSuppliers, { include_inactive: true }, admin())).suppliers;
    expect(all.map((s) => [s.code, s.kind, s.leader?.code ?? null, s.vehicles, s.active])).toEqual([
      ['L-01', 'leader', null, [], true],
      ['M-07', 'middleman', null, [], false],
      ['Q-001', 'grower', 'L-01', ['70-1234 ขอนแก่น', '71-5678 ขอนแก่น'], true],
      ['Q-002', 'grower', 'L-01', ['80-1111 ขอนแก่น'], true],
    ]);
    expect(all.find((s) => s.code === 'Q-002')!.name).toBe('นางสมศรี "ศรี" มีสุข');

    // A plate moved from one supplier to another in the same file; the rest left as they are.
    const again = (
      await upload(
        'again.csv',
        csv([HEADER, 'q-001,นายสมชาย ใจดี,,,,,70-1234 ขอนแก่น,', 'Q-003,นายใหม่,,,,,71-5678 ขอนแก่น,']),
        true,
      )
    ).json();
    expect(again).toMatchObject({ created: 1, updated: 1, applied: true, problems: [] });
    const after = (await t.call(listSuppliers, { include_inactive: true }, admin())).suppliers;
    // Matched without case: the code is now written as the file has it.
    expect(after.find((s) => s.code === 'q-001')).toMatchObject({
      leader: null,
      vehicles: ['70-1234 ขอนแก่น'],
    });
    expect(after.find((s) => s.code === 'Q-003')!.vehicles).toEqual(['71-5678 ขอนแก่น']);
    expect(after.find((s) => s.code === 'Q-002')!.vehicles).toEqual(['80-1111 ขอนแก่น']);
    // A plate of a supplier the file leaves alone is taken.
    const taken = (await upload('taken.csv', csv([HEADER, 'Q-004,อีกคน,,,,,80-1111 ขอนแก่น,']), true)).json();
    expect(taken.problems).toEqual([
      expect.objectContaining({ row: 2, column: 'vehicles', code: 'PLATE_TAKEN', value: '80-1111 ขอนแก่น' }),
    ]);
  });

  it('reads a CSV saved in Windows-874 and with semicolons, and English headers', async () => {
    // "ชื่อ" and the name in TIS-620 bytes, as Thai Excel's plain "CSV" writes them.
    const tis = (text: string) =>
      Buffer.from(
        [...text].map((c) => (c.charCodeAt(0) >= 0x0e01 ? c.charCodeAt(0) - 0x0e01 + 0xa1 : c.charCodeAt(0))),
      );
    const file = Buffer.concat([tis('code;name;kind\r\n'), tis('W-1;นายวินโดวส์;grower\r\n')]);
    const answer = (await upload('legacy.csv', file, true)).json();
    expect(answer).toMatchObject({ created: 1, applied: true, problems: [] });
    const [found] = (await t.call(listSuppliers, { find: 'W-1' }, admin())).suppliers;
    expect(found!.name).toBe('นายวินโดวส์');
  });

  it('takes back its own export: an .xlsx with a title above the header', async () => {
    const made = await t.call(exportSuppliers, { include_inactive: true }, admin());
    const file = await t.app.inject({
      method: 'GET',
      url: made.excel_url,
      headers: { authorization: t.config.apiKey, session: admin() },
    });
    const answer = (await upload('ผู้ส่งวัตถุดิบ.xlsx', file.rawPayload, false)).json();
    expect(answer).toMatchObject({ rows: made.rows, created: 0, updated: made.rows, problems: [] });
  });

  it('refuses what is not a spreadsheet, and a header without the code or the name', async () => {
    const notZip = await upload('suppliers.xlsx', Buffer.from('hello'), true);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().issues).toEqual([
      { path: 'content_base64', message: 'is not a readable .xlsx or .csv file' },
    ]);
    const brokenZip = await upload(
      'suppliers.xlsx',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]),
      true,
    );
    expect(brokenZip.statusCode).toBe(400);
    const wrongType = await t.post(
      'admin/supplier/import',
      { file_name: 'suppliers.pdf', content_base64: '', apply: true },
      { session: admin() },
    );
    expect(wrongType.json().issues).toEqual([
      { path: 'file_name', message: 'must be an .xlsx or .csv file' },
    ]);
    const noName = (await upload('x.csv', csv(['รหัส,โทรศัพท์', 'Z-1,0812345678']), true)).json();
    expect(noName.problems).toEqual([
      expect.objectContaining({ row: 1, column: 'name', code: 'MISSING_COLUMN' }),
    ]);
    // An .xlsx made by hand, a sheet whose first row is the header.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['รหัส', 'ชื่อ']);
    sheet.addRow(['X-1', { formula: '"นาย"&"สูตร"', result: 'นายสูตร' }]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload('hand.xlsx', bytes, true)).json()).toMatchObject({ created: 1, applied: true });
    expect((await t.call(listSuppliers, { find: 'X-1' }, admin())).suppliers[0]!.name).toBe('นายสูตร');
    // Only the office may import.
    const caller = await t.post(
      'admin/supplier/import',
      { file_name: 'x.csv', content_base64: csv(GOOD).toString('base64'), apply: true },
      { session: plant.officers.caller.session },
    );
    expect(caller.statusCode).toBe(403);
  });
});
