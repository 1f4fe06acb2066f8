import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { ROLE } from '@truck-queue/shared/roles';
import { products, queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createExportGate, EXPORT_LIMITS } from './export-gate.ts';

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  // A few tickets for the exports to hold (the test clock's day: 20 Nov 2026).
  for (const license of ['70-2001', '70-2002', '70-2003']) await issueTicket(t, plant, 'standard', license);
});
afterAll(() => t.close());

const body = { find_start: '2026-11-20', find_finish: '2026-11-20' };
const exportAs = (session: string) => t.post(reportContracts.inOutTransactionExport.path, body, { session });
const download = (url: string, session: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: t.config.apiKey, session } });

/** A promise and its resolver: an export that ends when the test says so. */
function later() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** Lets the promises that are ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the export gate', () => {
  const limits = { running: 2, waiting: 2, waitMs: 200, retryAfterSeconds: 7 };

  it('refuses a second export of one session at once, while the first is under way', async () => {
    const gate = createExportGate(limits);
    const first = later();
    const running = gate.run(1, () => first.done);
    await expect(gate.run(1, () => Promise.resolve())).rejects.toMatchObject({
      code: 'EXPORT_BUSY',
      httpStatus: 429,
      retryAfterSeconds: 7,
    });
    // Another session is not held up by it.
    await expect(gate.run(2, () => Promise.resolve('other'))).resolves.toBe('other');
    first.finish();
    await running;
    // Once done, the session may export again, and a failed export frees its place too.
    await expect(gate.run(1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(1, () => Promise.resolve('again'))).resolves.toBe('again');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('runs a few at once; the next wait their turn in order, more are refused, and a wait has an end', async () => {
    const gate = createExportGate(limits);
    const exports = [later(), later(), later(), later()];
    const started: number[] = [];
    const run = (session: number) =>
      gate.run(session, () => {
        started.push(session);
        return exports[session]!.done;
      });
    const all = [0, 1, 2, 3].map(run);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    // The queue is full: refused at once.
    await expect(gate.run(4, () => Promise.resolve())).rejects.toMatchObject({ code: 'EXPORT_BUSY' });

    // One ends: the first in line starts.
    exports[0]!.finish();
    await all[0];
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // The next in line gives up after waitMs, refused with Retry-After.
    await expect(all[3]).rejects.toMatchObject({ code: 'EXPORT_BUSY', retryAfterSeconds: 7 });
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load()).toEqual({ running: 2, waiting: 0 });
    exports[1]!.finish();
    exports[2]!.finish();
    await Promise.all(all.slice(1, 3));
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('report/inOutTransactionExport under load', () => {
  it('answers a second export of the same session with 429 EXPORT_BUSY and Retry-After, at once', async () => {
    const session = plant.officers.admin.session;
    const [first, second] = await Promise.all([exportAs(session), exportAs(session)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(refused.json()).toMatchObject({ status: 0, code: 'EXPORT_BUSY' });
    expect(Number(refused.headers['retry-after'])).toBe(EXPORT_LIMITS.retryAfterSeconds);
    // Once the first is made, the session exports again.
    expect((await exportAs(session)).statusCode).toBe(200);
  });

  it('shares the gate with the summary export: one export of either report per officer at a time', async () => {
    const session = plant.officers.admin.session;
    const [inOut, summary] = await Promise.all([
      exportAs(session),
      t.post(reportContracts.summaryReportExport.path, body, { session }),
    ]);
    expect([inOut.statusCode, summary.statusCode].sort()).toEqual([200, 429]);
    const refused = inOut.statusCode === 429 ? inOut : summary;
    expect(refused.json()).toMatchObject({ status: 0, code: 'EXPORT_BUSY' });
    expect((await t.post(reportContracts.summaryReportExport.path, body, { session })).statusCode).toBe(200);
  });

  it('counts an officer once however many times they signed in', async () => {
    const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++)
      sessions.push(await t.signIn(officer.email, officer.password, { ip: `10.8.0.${i + 1}` }));
    const answers = await Promise.all(sessions.map((session) => exportAs(session)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json<{ code: string }>().code)).toEqual([
      'EXPORT_BUSY',
      'EXPORT_BUSY',
      'EXPORT_BUSY',
    ]);
  });

  it('makes at most a few at once across officers: some wait their turn, the rest are refused', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < EXPORT_LIMITS.running + EXPORT_LIMITS.waiting + 4; i++) {
      const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
      sessions.push(await t.signIn(officer.email, officer.password, { ip: `10.9.0.${i + 1}` }));
    }
    // A busy day of its own, so that every request is in before the first exports are made.
    const busyDay = '2026-11-18';
    await t.db.execute(sql`
      insert into queues (branch_id, branch_queue_type_id, product_id, queue_date, seq, queue_number,
                          truck_license, state, created)
      select ${plant.branch.id}, ${plant.types.general.id}, ${plant.products.parts.id}, ${busyDay}::date, n,
             'C' || n, 'LOAD ' || n, 'QS', '2026-11-18T03:00:00Z'::timestamptz
      from generate_series(1, 3000) as n`);
    const answers = await Promise.all(
      sessions.map((session) =>
        t.post(
          reportContracts.inOutTransactionExport.path,
          { find_start: busyDay, find_finish: busyDay },
          { session },
        ),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(made).toHaveLength(EXPORT_LIMITS.running + EXPORT_LIMITS.waiting);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ status: 0, code: 'EXPORT_BUSY' });
      expect(answer.headers['retry-after']).toBe(String(EXPORT_LIMITS.retryAfterSeconds));
    }
  });

  it("keeps one stored file per session: a new export replaces the session's previous one", async () => {
    const session = plant.officers.admin.session;
    const older = (await t.call(reportContracts.inOutTransactionExport, body, session)).excel_url;
    const newer = (await t.call(reportContracts.inOutTransactionExport, body, session)).excel_url;
    expect((await download(older, session)).statusCode).toBe(404);
    expect((await download(newer, session)).statusCode).toBe(200);
    // Another session's file is left alone.
    const other = plant.officers.caller.session;
    const theirs = await t.signIn(plant.officers.admin.email, plant.officers.admin.password);
    const kept = (await t.call(reportContracts.inOutTransactionExport, body, theirs)).excel_url;
    await t.call(reportContracts.inOutTransactionExport, body, session);
    expect((await download(kept, theirs)).statusCode).toBe(200);
    expect((await download(kept, other)).statusCode).toBe(404);
  });
});

describe('export cells', () => {
  it('writes text stored before the input rule with a leading apostrophe, so no spreadsheet runs it', async () => {
    const attack = "=cmd|' /C calc'!A0";
    const [product] = await t.db
      .insert(products)
      .values({ branchId: plant.branch.id, name: '@SUM(1+1)' })
      .returning({ id: products.id });
    await t.db.insert(queues).values({
      branchId: plant.branch.id,
      branchQueueTypeId: plant.types.general.id,
      productId: product!.id,
      queueDate: '2026-11-19',
      seq: 1,
      queueNumber: 'C001',
      truckLicense: attack,
      state: 'QS',
      created: new Date('2026-11-19T03:00:00Z'),
    });
    const session = plant.officers.admin.session;
    const made = await t.call(
      reportContracts.inOutTransactionExport,
      { find_start: '2026-11-19', find_finish: '2026-11-19' },
      session,
    );
    const file = await download(made.excel_url, session);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    // The first row under the title block and the header row.
    const row = workbook.worksheets[0]!.getRow(8);
    expect(row.getCell(3).value).toBe(`'${attack}`);
    expect(row.getCell(5).value).toBe("'@SUM(1+1)");
    // Plain text stays as it was.
    expect(row.getCell(2).value).toBe('C001');
    expect(row.getCell(4).value).toBe('ติดต่อทั่วไป');
  });
});
