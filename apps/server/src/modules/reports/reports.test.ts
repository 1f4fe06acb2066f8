import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { saveYardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { isoOfUtcText } from './in-out.service.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

/** Bangkok wall clock → instant (UTC+7, no daylight saving). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

interface Fixture {
  type: 'lab' | 'standard' | 'general';
  license: string;
  product: 'cassava' | 'starch' | 'parts';
  created: Date;
  labStart?: Date;
  labFinish?: Date;
  calledAt?: Date;
  finishedAt?: Date;
  exitAt?: Date;
}

/** The site day of issue, by hand: Bangkok is UTC+7. */
const siteDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

const FIXTURE: Fixture[] = [
  // 20 Nov: a standard truck through the whole flow.
  {
    type: 'standard',
    license: '70-1001',
    product: 'starch',
    created: bkk('2026-11-20', '08:00'),
    calledAt: bkk('2026-11-20', '08:30'),
    finishedAt: bkk('2026-11-20', '09:10'),
    exitAt: bkk('2026-11-20', '09:25'),
  },
  // 20 Nov: a lab truck, recheck-free, left; lab 45 min 59 s (floors to 45 min).
  {
    type: 'lab',
    license: 'กข 1234',
    product: 'cassava',
    created: bkk('2026-11-20', '10:00'),
    labStart: bkk('2026-11-20', '10:20'),
    labFinish: new Date(bkk('2026-11-20', '11:05').getTime() + 59_000),
    calledAt: bkk('2026-11-20', '11:30'),
    finishedAt: bkk('2026-11-20', '12:00'),
    exitAt: new Date(bkk('2026-11-20', '12:10').getTime() + 1_000),
  },
  // 20 Nov 23:50 site time (16:50 UTC): a night truck that leaves after midnight, on the 21st.
  {
    type: 'standard',
    license: '70-1002',
    product: 'starch',
    created: bkk('2026-11-20', '23:50'),
    calledAt: bkk('2026-11-21', '00:20'),
    finishedAt: bkk('2026-11-21', '01:00'),
    exitAt: bkk('2026-11-21', '01:30'),
  },
  // 21 Nov 00:10 site time (20 Nov 17:10 UTC): belongs to the 21st, still inside.
  {
    type: 'standard',
    license: '70-1003',
    product: 'starch',
    created: bkk('2026-11-21', '00:10'),
    calledAt: bkk('2026-11-21', '00:40'),
  },
  // 21 Nov: a general visitor, never called.
  { type: 'general', license: '70-1004', product: 'parts', created: bkk('2026-11-21', '09:00') },
];

async function insert(p: Plant, f: Fixture, seq: number) {
  const type = p.types[f.type];
  const [row] = await t.db
    .insert(queues)
    .values({
      branchId: p.branch.id,
      branchQueueTypeId: type.id,
      productId: p.products[f.product].id,
      queueDate: siteDay(f.created),
      seq,
      queueNumber: `${type.prefix}${String(seq).padStart(3, '0')}`,
      truckLicense: f.license,
      state: f.exitAt ? 'F' : 'QS',
      created: f.created,
      updated: f.created,
      labStart: f.labStart ?? null,
      labFinish: f.labFinish ?? null,
      calledAt: f.calledAt ?? null,
      finishedAt: f.finishedAt ?? null,
    })
    .returning({ id: queues.id });
  // The exit comes later, as an update: the roll-up must move the queue's share, not add twice.
  if (f.exitAt) await t.db.update(queues).set({ exitAt: f.exitAt }).where(eq(queues.id, row!.id));
}

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  for (const [index, f] of FIXTURE.entries()) await insert(plant, f, index + 1);
  // Noise in another branch: never in plant one's figures.
  for (const [index, f] of FIXTURE.entries()) await insert(other, f, index + 1);
});
afterAll(() => t.close());

/** The same figures, computed straight from the fixture. */
function expectedDashboard(from: string, to: string) {
  const inPeriod = FIXTURE.filter((f) => siteDay(f.created) >= from && siteDay(f.created) <= to);
  const avg = (pairs: [Date | undefined, Date | undefined][]) => {
    const seconds = pairs.filter(([a, b]) => a && b).map(([a, b]) => (b!.getTime() - a!.getTime()) / 1000);
    return seconds.length ? Math.round(seconds.reduce((x, y) => x + y, 0) / seconds.length) : null;
  };
  const byType = (type: Fixture['type']) => {
    const of = inPeriod.filter((f) => f.type === type);
    return {
      queue_total: of.length,
      in_factory_time_average: avg(of.map((f) => [f.created, f.exitAt])),
      average_qs_to_c: avg(of.map((f) => [f.created, f.calledAt])),
      second_c_to_f: avg(of.map((f) => [f.calledAt, f.finishedAt])),
      average_f_to_qf: avg(of.map((f) => [f.finishedAt, f.exitAt])),
      average_qs_to_ls: avg(of.map((f) => [f.created, f.labStart])),
      average_ls_to_lf: avg(of.map((f) => [f.labStart, f.labFinish])),
      average_lf_to_c: avg(of.map((f) => [f.labFinish, f.calledAt])),
      average_c_to_f: avg(of.map((f) => [f.calledAt, f.finishedAt])),
    };
  };
  const completed = inPeriod.filter((f) => f.exitAt).length;
  return {
    dataOverall: {
      total: inPeriod.length,
      // "In progress" is the trucks inside now (the clock is on the 20th), whatever the period.
      waiting: FIXTURE.filter((f) => !f.exitAt).length,
      completed,
      voided: 0,
      no_show: 0,
    },
    dataReport: [
      { queue_type_name: 'ส่งมันสำปะหลัง', flow_engine: 3, ...byType('lab') },
      { queue_type_name: 'รับสินค้า', flow_engine: 2, ...byType('standard') },
      { queue_type_name: 'ติดต่อทั่วไป', flow_engine: 1, ...byType('general') },
    ],
  };
}

describe('report/periodDashboardByQueueType', () => {
  it.each([
    ['2026-11-20', '2026-11-20'],
    ['2026-11-21', '2026-11-21'],
    ['2026-11-19', '2026-11-22'],
    ['2026-11-01', '2026-11-05'],
  ])('matches figures computed from the queues themselves for %s to %s (site days)', async (from, to) => {
    const answer = await t.call(
      reportContracts.periodDashboardByQueueType,
      { find_start: from, find_finish: to },
      plant.officers.security.session,
    );
    expect(answer).toEqual({ status: 1, ...expectedDashboard(from, to) });
  });

  it('counts the truck issued at 23:50 on the 20th and the one at 00:10 on the 21st on their own site days', async () => {
    const day = (d: string) =>
      t.call(
        reportContracts.periodDashboardByQueueType,
        { find_start: d, find_finish: d },
        plant.officers.caller.session,
      );
    expect((await day('2026-11-20')).dataOverall).toEqual({
      total: 3,
      waiting: 2,
      completed: 3,
      voided: 0,
      no_show: 0,
    });
    expect((await day('2026-11-21')).dataOverall).toEqual({
      total: 2,
      waiting: 2,
      completed: 0,
      voided: 0,
      no_show: 0,
    });
  });

  it('keeps the roll-up equal to the queues after inserts, updates and deletes', async () => {
    // A ticket that is called, then moved to another day and type by hand, then deleted.
    await insert(plant, { ...FIXTURE[0]!, license: '70-9999' }, 99);
    await t.db
      .update(queues)
      .set({ queueDate: '2026-11-22', branchQueueTypeId: plant.types.general.id, calledAt: null })
      .where(eq(queues.truckLicense, '70-9999'));
    const stages = [
      ['in_factory', 'created', 'exit_at'],
      ['qs_to_c', 'created', 'called_at'],
      ['c_to_f', 'called_at', 'finished_at'],
      ['f_to_exit', 'finished_at', 'exit_at'],
      ['qs_to_ls', 'created', 'lab_start'],
      ['ls_to_lf', 'lab_start', 'lab_finish'],
      ['lf_to_c', 'lab_finish', 'called_at'],
    ];
    const compare = async () => {
      const fromQueues = sql.raw(
        `select branch_queue_type_id, queue_date::text, count(*)::int as total, count(exit_at)::int as exited, ` +
          stages
            .map(
              ([name, a, b]) =>
                `coalesce(sum(extract(epoch from ${b} - ${a})), 0)::float8 as ${name}_s, ` +
                `(count(*) filter (where ${a} is not null and ${b} is not null))::int as ${name}_n`,
            )
            .join(', ') +
          ` from queues group by 1, 2 order by 1, 2`,
      );
      const fromRollup = sql.raw(
        `select branch_queue_type_id, queue_date::text, total, exited, ` +
          stages.map(([name]) => `${name}_s::float8 as ${name}_s, ${name}_n`).join(', ') +
          ` from queue_daily_stats where total <> 0 order by 1, 2`,
      );
      expect((await t.db.execute(fromRollup)).rows).toEqual((await t.db.execute(fromQueues)).rows);
    };
    await compare();
    await t.db.delete(queues).where(eq(queues.truckLicense, '70-9999'));
    await compare();
    // Rebuilt from scratch (after a bulk load without the trigger), it is the same.
    await t.db.execute(sql`select queue_daily_stats_rebuild()`);
    await compare();
  });

  it('refuses a period that ends before it starts, a malformed date, or more than 366 days', async () => {
    const session = plant.officers.admin.session;
    for (const body of [
      { find_start: '2026-11-21', find_finish: '2026-11-20' },
      { find_start: '2026-13-01', find_finish: '2026-13-02' },
      { find_start: '2025-01-01', find_finish: '2026-11-20' },
      { find_start: '20/11/2026', find_finish: '2026-11-20' },
      {},
    ]) {
      const response = await t.post('report/periodDashboardByQueueType', body, { session });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('instants read as UTC text', () => {
  it('are written as toISOString() writes them, whatever the fraction the database kept', () => {
    for (const at of ['2026-11-20T03:04:05.000Z', '2026-11-20T03:04:05.600Z', '2026-12-31T23:59:59.678Z']) {
      const text = at.slice(0, 19).replace('T', ' ') + at.slice(19, 23).replace(/\.?0+$/, '');
      expect(isoOfUtcText(text)).toBe(at);
    }
    expect(isoOfUtcText('2026-11-20 03:04:05.678912')).toBe('2026-11-20T03:04:05.678Z');
    expect(isoOfUtcText(null)).toBeNull();
  });
});

describe('report/inOutTransaction', () => {
  const report = (body: Record<string, unknown>, session = plant.officers.admin.session) =>
    t.call(reportContracts.inOutTransaction, body as never, session);

  it('lists the tickets of the site days in issue order, with lab and factory seconds', async () => {
    const answer = await report({ find_start: '2026-11-20', find_finish: '2026-11-20' });
    expect(answer.total).toBe(3);
    expect(answer.rows.map((r) => r.truck_license)).toEqual(['70-1001', 'กข 1234', '70-1002']);
    const lab = answer.rows[1]!;
    expect(lab).toMatchObject({
      queue_type_name: 'ส่งมันสำปะหลัง',
      product_name: 'หัวมันสด',
      created: bkk('2026-11-20', '10:00').toISOString(),
      stamp_second_ls_to_lf: 45 * 60 + 59,
      time_in_factory: 2 * 3600 + 10 * 60 + 1,
    });
    expect(answer.rows[2]).toMatchObject({
      exit: bkk('2026-11-21', '01:30').toISOString(),
      time_in_factory: 6000,
    });
    expect(answer.rows[0]).toMatchObject({ stamp_lab_start: null, stamp_second_ls_to_lf: null });
  });

  it('filters by part of the licence (literally) and by product; a product of 0 means every product', async () => {
    const all = { find_start: '2026-11-19', find_finish: '2026-11-22' };
    expect((await report({ ...all, find_license: '1234' })).rows.map((r) => r.truck_license)).toEqual([
      'กข 1234',
    ]);
    expect((await report({ ...all, find_license: '%' })).total).toBe(0);
    expect(
      (await report({ ...all, find_product: plant.products.parts.id })).rows.map((r) => r.truck_license),
    ).toEqual(['70-1004']);
    expect((await report({ ...all, find_product: 0 })).total).toBe(5);
    // "" is how some clients send "please specify": every product, as 0.
    expect((await report({ ...all, find_product: '' })).total).toBe(5);
    expect((await report({ find_start: '2026-11-01', find_finish: '2026-11-02' })).rows).toEqual([]);
  });

  it('offers the branch’s products for the filter, and only this branch’s', async () => {
    const answer = await t.call(reportContracts.reportProducts, {}, plant.officers.admin.session);
    expect(answer.product.map((p) => p.id).sort()).toEqual(
      Object.values(plant.products)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('is refused to roles without reports', async () => {
    const response = await t.post(
      'report/inOutTransaction',
      { find_start: '2026-11-20', find_finish: '2026-11-20' },
      { session: plant.officers.security.session },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('report/inOutTransactionExport', () => {
  const body = { find_start: '2026-11-19', find_finish: '2026-11-22' };

  it('makes an .xlsx with the Thai headers and the rows, which only the asking session downloads', async () => {
    const session = plant.officers.admin.session;
    const made = await t.call(reportContracts.inOutTransactionExport, body, session);
    expect(made).toMatchObject({ status: 1, rows: 5 });
    expect(made.excel_url).toMatch(/^\/api\/report\/download\/[A-Za-z0-9_-]{32}$/);

    const download = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: made.excel_url,
        headers: { authorization: t.config.apiKey, ...headers },
      });
    const response = await download({ session });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    // The title block names the branch and the period (BE), then the header row.
    expect(sheet.getRow(1).getCell(1).value).toBe('รายงานรถเข้า-ออกโรงงาน');
    expect(sheet.getRow(2).getCell(1).value).toBe('สาขา: Plant one');
    expect(sheet.getRow(3).getCell(1).value).toBe('ช่วงวันที่: 19/11/2569 ถึง 22/11/2569');
    expect(sheet.getRow(4).getCell(1).value).toBe('ตัวกรอง: ไม่มี (ทุกรายการ)');
    const header = 7;
    expect((sheet.getRow(header).values as unknown[]).slice(1)).toEqual([
      'ลำดับ',
      'หมายเลขคิว',
      'ทะเบียนรถ',
      'ประเภทคิว',
      'ประเภทสินค้า',
      'เวลาเข้า\n(รับบัตร)',
      'เวลาเข้าแล็บ',
      'เวลาออกแล็บ',
      'ระยะเวลาแล็บ\n(ชม.:นาที)',
      'เวลาออก',
      'เวลาในโรงงาน\n(ชม.:นาที)',
      'สถานะ',
      'หมายเลขคิวเดิม',
      'เหตุผล',
      'ผลแล็บ',
      'ผู้ส่งวัตถุดิบ',
    ]);
    expect(sheet.rowCount).toBe(header + 5);
    const lab = sheet.getRow(header + 2).values as unknown[];
    expect(lab.slice(1, 6)).toEqual([2, 'A002', 'กข 1234', 'ส่งมันสำปะหลัง', 'หัวมันสด']);
    // 10:00 Bangkok, as the cell shows it (a spreadsheet has no time zone).
    expect((lab[6] as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    // Durations are numbers under [h]:mm (ExcelJS reads them back as times of 30 Dec 1899):
    // the lab's 45 min 59 s floors to 0:45, time in factory's 2 h 10 min 1 s is 2:11.
    const minutes = (value: unknown) => ((value as Date).getTime() - Date.UTC(1899, 11, 30)) / 60_000;
    expect(minutes(lab[9])).toBe(45);
    expect(minutes(lab[11])).toBe(2 * 60 + 11);
    // Still inside: no lab, no exit, no durations: "-" as on the screen.
    const inside = sheet.getRow(header + 4);
    expect([7, 8, 9, 10, 11].map((column) => inside.getCell(column).value)).toEqual([
      '-',
      '-',
      '-',
      '-',
      '-',
    ]);

    // Another session, no session, a made-up token: nothing.
    const stranger = await t.signIn(plant.officers.caller.email, plant.officers.caller.password);
    expect((await download({ session: stranger })).statusCode).toBe(404);
    expect((await download({})).statusCode).toBe(401);
    const madeUp = await t.app.inject({
      method: 'GET',
      url: '/api/report/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { authorization: t.config.apiKey, session },
    });
    expect(madeUp.statusCode).toBe(404);

    // After ten minutes it is gone.
    t.clock.advance(10 * 60_000 + 1);
    expect((await download({ session })).statusCode).toBe(404);
  });
});

describe('report exports: filters in the title block', () => {
  const period = { find_start: '2026-11-19', find_finish: '2026-11-22' };

  /** The first sheet of an export the admin made. */
  async function exported(path: 'report/inOutTransactionExport' | 'report/summaryExport', body: object) {
    const session = plant.officers.admin.session;
    const made = await t.post(path, body, { session });
    expect(made.statusCode, made.body).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: made.json<{ excel_url: string }>().excel_url,
      headers: { authorization: t.config.apiKey, session },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    return { sheet: workbook.worksheets[0]!, rows: made.json<{ rows: number }>().rows };
  }
  const lines = (sheet: ExcelJS.Worksheet, count: number) =>
    Array.from({ length: count }, (_, i) => sheet.getRow(i + 1).getCell(1).value);

  it('takes find_product "" as every product, like 0, and names a chosen product and licence', async () => {
    const all = await exported('report/inOutTransactionExport', { ...period, find_product: '' });
    expect(all.rows).toBe(5);
    expect(lines(all.sheet, 4)[3]).toBe('ตัวกรอง: ไม่มี (ทุกรายการ)');

    const some = await exported('report/inOutTransactionExport', {
      ...period,
      find_license: '100',
      find_product: plant.products.starch.id,
    });
    expect(some.rows).toBe(3);
    expect(lines(some.sheet, 5).slice(3)).toEqual([
      'ตัวกรอง: ทะเบียนรถ: มีคำว่า “100”   ประเภทสินค้า: แป้งมัน',
      expect.stringMatching(/^จำนวน 3 รายการ {3}ออกรายงานเมื่อ \d\d\/\d\d\/25\d\d \d\d:\d\d น\.$/),
    ]);
  });

  it('writes its dates in the branch’s calendar: CE once the admin chooses it, BE again after', async () => {
    const chooseCalendar = (calendar: 'BE' | 'CE') =>
      t.call(
        saveYardSettings,
        { no_show_after_recalls: 3, no_show_policy: 'requeue', calendar },
        plant.officers.admin.session,
      );
    const dates = async () => {
      const { sheet } = await exported('report/inOutTransactionExport', period);
      let header = 1;
      while (sheet.getRow(header).getCell(1).value !== 'ลำดับ') header++;
      // The period in the title, and the number format of the first row's time in.
      return [lines(sheet, 3)[2], sheet.getRow(header + 1).getCell(6).numFmt];
    };
    expect(await dates()).toEqual([
      'ช่วงวันที่: 19/11/2569 ถึง 22/11/2569',
      expect.stringMatching(/^\[\$-107041E\]/),
    ]);
    await chooseCalendar('CE');
    expect(await dates()).toEqual(['ช่วงวันที่: 19/11/2026 ถึง 22/11/2026', 'dd/mm/yyyy hh:mm']);
    await chooseCalendar('BE');
    expect((await dates())[0]).toBe('ช่วงวันที่: 19/11/2569 ถึง 22/11/2569');
  });

  it('refuses a product that is neither an id nor ""', async () => {
    for (const find_product of ['abc', ' ', -1, 1.5, '3']) {
      const response = await t.post(
        'report/inOutTransaction',
        { ...period, find_product },
        { session: plant.officers.admin.session },
      );
      expect(response.statusCode, JSON.stringify(find_product)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('report download addresses', () => {
  // Found by the fuzzer: Fastify answered these itself, outside the API's error shape.
  it('refuses an undecodable token, or one past the router length limit, as a VALIDATION_FAILED', async () => {
    for (const token of ['%zz', '%E0%A4%A', 'a'.repeat(5000)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/report/download/${token}`,
        headers: { authorization: t.config.apiKey, session: plant.officers.admin.session },
      });
      expect(response.statusCode, token.slice(0, 20)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('report/summary', () => {
  const all = { find_start: '2026-11-19', find_finish: '2026-11-22' };
  const summary = (body: Record<string, unknown>) =>
    t.call(reportContracts.summaryReport, { ...all, ...body }, plant.officers.admin.session);

  beforeAll(async () => {
    await t.db
      .update(queues)
      .set({
        weighInKg: '31250.5',
        weighInAt: bkk('2026-11-20', '08:05'),
        weighOutKg: '12040.0',
        weighOutAt: bkk('2026-11-20', '09:15'),
        weighInSource: 'manual',
        weighOutSource: 'manual',
      })
      .where(and(eq(queues.truckLicense, '70-1001'), eq(queues.branchId, plant.branch.id)));
  });

  it('shows each ticket with its weights, lab and weighing times, total and waiting time', async () => {
    const answer = await summary({});
    expect(answer.total).toBe(5);
    expect(answer.rows[0]).toMatchObject({
      license_no: '70-1001',
      incoming_weight: 31250.5,
      output_weight: 12040,
      // No lab values deduct: the net is paid.
      net_weight: 19210.5,
      deducted_weight: 0,
      paid_weight: 19210.5,
      weigh_in: bkk('2026-11-20', '08:05').toISOString(),
      document_pick_up: null,
      total_time: 85 * 60,
      time_wait: 30 * 60,
    });
    expect(answer.rows[1]).toMatchObject({
      license_no: 'กข 1234',
      document_pick_up: bkk('2026-11-20', '10:20').toISOString(),
      incoming_weight: null,
    });
  });

  it('sorts on the server, unknown values last either way, and pages with the total kept', async () => {
    const licences = async (body: Record<string, unknown>) =>
      (await summary(body)).rows.map((r) => r.license_no);
    // 130, 100 and 85 minutes; the two still inside come last.
    expect(await licences({ sort_field: 'total_time', sort_order: 'descend' })).toEqual([
      'กข 1234',
      '70-1002',
      '70-1001',
      '70-1004',
      '70-1003',
    ]);
    // Three waited 30 minutes (ties keep ticket order), the lab truck 90; the visitor was never called.
    expect(await licences({ sort_field: 'time_wait', sort_order: 'ascend' })).toEqual([
      '70-1001',
      '70-1002',
      '70-1003',
      'กข 1234',
      '70-1004',
    ]);
    const second = await summary({ page: 2, page_size: 10 });
    expect(second).toMatchObject({ rows: [], total: 5 });
    expect(await licences({ find_license: '100' })).toEqual(['70-1001', '70-1002', '70-1003', '70-1004']);
  });

  it('totals every ticket of the filter per plant day and product, and the period, whatever the page', async () => {
    const totals = await t.call(reportContracts.summaryTotals, all, plant.officers.admin.session);
    expect(totals.period).toMatchObject({ trucks: 5, weighed: 1, net_kg: 19210.5, paid_kg: 19210.5 });
    // The 20th: 70-1001 (weighed), กข 1234 and the night truck 70-1002; the 21st: two.
    expect(totals.days.map((d) => [d.day, d.trucks, d.weighed, d.net_kg])).toEqual([
      ['2026-11-20', 3, 1, 19210.5],
      ['2026-11-21', 2, 0, 0],
    ]);
    expect(totals.days[0]!.products.map((p) => [p.trucks, p.net_kg]).sort()).toEqual([
      [1, 0],
      [2, 19210.5],
    ]);
    const narrowed = await t.call(
      reportContracts.summaryTotals,
      { ...all, find_license: 'กข' },
      plant.officers.admin.session,
    );
    expect(narrowed.period).toMatchObject({ trucks: 1, weighed: 0, net_kg: 0 });
  });

  it('refuses page sizes other than 10 to 100 in tens, and unknown sort fields', async () => {
    for (const body of [{ page_size: 15 }, { page_size: 200 }, { page: 0 }, { sort_field: 'password' }]) {
      const response = await t.post(
        'report/summary',
        { ...all, ...body },
        { session: plant.officers.admin.session },
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

// After report/summary: its beforeAll weighs the first truck.
describe('report/summaryExport', () => {
  const period = { find_start: '2026-11-19', find_finish: '2026-11-22' };

  it('exports every row of the filter in the screen’s order, without paging, for the asking session only', async () => {
    const session = plant.officers.admin.session;
    const body = { ...period, sort_field: 'total_time', sort_order: 'descend' } as const;
    const made = await t.call(reportContracts.summaryReportExport, body, session);
    expect(made).toMatchObject({ status: 1, rows: 5 });
    const onScreen = await t.call(reportContracts.summaryReport, { ...body, page_size: 100 }, session);

    const download = (as: string) =>
      t.app.inject({
        method: 'GET',
        url: made.excel_url,
        headers: { authorization: t.config.apiKey, session: as },
      });
    const response = await download(session);
    expect(response.statusCode).toBe(200);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'รายงานสรุป_2026-11-19_2026-11-22.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('รายงานสรุป');
    expect(sheet.getRow(5).getCell(1).value).toBe('เรียงตาม: เวลารวม (มากไปน้อย)');
    const header = 8;
    expect(sheet.getRow(header).getCell(3).value).toBe('ทะเบียนรถ');
    const licences = Array.from({ length: 5 }, (_, i) => sheet.getRow(header + 1 + i).getCell(3).value);
    expect(licences).toEqual(onScreen.rows.map((r) => r.license_no));
    // The weighed truck: its weights as numbers.
    const weighed = sheet.getRow(header + 1 + licences.indexOf('70-1001'));
    expect(weighed.getCell(5).value).toBe(31250.5);
    expect(weighed.getCell(6).value).toBe(12040);
    expect(weighed.getCell(7).value).toBe(19210.5);

    const stranger = await t.signIn(plant.officers.caller.email, plant.officers.caller.password);
    expect((await download(stranger)).statusCode).toBe(404);
  });

  it('filters by licence, and is refused to roles without reports and to a paging body', async () => {
    const made = await t.call(
      reportContracts.summaryReportExport,
      { ...period, find_license: 'กข' },
      plant.officers.admin.session,
    );
    expect(made.rows).toBe(1);
    const forbidden = await t.post('report/summaryExport', period, {
      session: plant.officers.security.session,
    });
    expect(forbidden.statusCode).toBe(403);
    const paged = await t.post(
      'report/summaryExport',
      { ...period, page: 2 },
      { session: plant.officers.admin.session },
    );
    expect(paged.statusCode).toBe(400);
  });
});
