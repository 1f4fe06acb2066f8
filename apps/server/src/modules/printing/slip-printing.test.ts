import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { devices, printJobs, queues } from '../../db/schema.ts';
import { newBrowser, registerDevice } from '../../test/devices.ts';
import { startFakePrinter, type FakePrinter, type FakePrintJob } from '../../test/fake-escpos-printer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { scanCode128, scanQr } from '../../test/ticket-scan.ts';

/**
 * The receiving slip on paper (issue 20): the weighbridge previews it and prints it on a
 * kiosk's thermal printer (here a fake one on 127.0.0.1 that parses the ESC/POS it gets) or
 * its own browser; the paper's QR opens the driver's page, whose slip says the same.
 */

const PUBLIC_URL = 'https://queue.example.co.th';

let t: TestContext;
let plant: Plant;
let other: Plant;
let dirt: number;
const printers: FakePrinter[] = [];

beforeAll(async () => {
  t = await createTestContext({ publicUrl: PUBLIC_URL });
  plant = await createPlant(t, 'สาขานครราชสีมา');
  other = await createPlant(t, 'Plant two');
  const saved = await t.post(
    'defineQueue/saveLabMeasure',
    {
      branch_queue_type_id: plant.types.lab.id,
      name: 'ดิน',
      unit: '%',
      decimals: 1,
      min: 0,
      max: 100,
      pass_min: null,
      pass_max: null,
      on_fail: 'recheck',
      fail_reason_id: null,
      deduct_above: 0,
      sort: 1,
      active: true,
    },
    { session: plant.officers.admin.session },
  );
  dirt = saved.json<{ lab_measure: { id: number } }>().lab_measure.id;
});
afterAll(async () => {
  await Promise.all(printers.map((p) => p.close()));
  await t.close();
});

const admin = () => plant.officers.admin.session;

async function networkKiosk(printer: FakePrinter) {
  const device = await registerDevice(t, plant, 'printer', newBrowser());
  await t.db
    .update(devices)
    .set({ printTarget: 'network', printerHost: printer.host, printerPort: printer.port })
    .where(eq(devices.id, device.id));
  return device;
}

async function fakePrinter(status: Parameters<typeof startFakePrinter>[0] = {}) {
  const printer = await startFakePrinter(status);
  printers.push(printer);
  return printer;
}

let plates = 0;
/** A lab truck with 2.4 % dirt, weighed in at 41,250 kg and out at 12,000 kg. */
async function weighedOut() {
  const ticket = await issueTicket(t, plant, 'lab', `71-${String(1000 + ++plates)}`);
  const lab = { session: plant.officers.lab.session };
  await t.post('process/example/accept', { uuid: ticket.uuid }, lab);
  await t.post(
    'process/example/completed',
    { uuid: ticket.uuid, values: [{ measure_id: dirt, value: 2.4 }] },
    lab,
  );
  const weigh = (direction: 'In' | 'Out', weight: number) =>
    t.post(
      `process/weighing/weigh${direction}`,
      // Weighed out without its call: the order of the steps is decide.test.ts's, not this file's.
      { uuid: ticket.uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
      { session: admin() },
    );
  expect((await weigh('In', 41_250)).statusCode).toBe(200);
  expect((await weigh('Out', 12_000)).statusCode).toBe(200);
  return ticket;
}

const driverSlip = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{
    queue: { slip: SlipWire | null };
  }>().queue.slip;

/** Rows of the printed image that are black from edge to edge: the paid weight's band. */
function fullBlackRows(job: FakePrintJob): number {
  const rowBytes = job.width / 8;
  let rows = 0;
  for (let y = 0; y < job.height; y++) {
    if (job.bits.subarray(y * rowBytes, (y + 1) * rowBytes).every((byte) => byte === 0xff)) rows++;
  }
  return rows;
}

async function printsOf(uuid: string) {
  const [row] = await t.db.select({ id: queues.id }).from(queues).where(eq(queues.uuid, uuid));
  return t.db.select().from(printJobs).where(eq(printJobs.queueId, row!.id));
}

describe('the slip at the weighbridge', () => {
  it('previews the slip the driver sees, drawn as the printer burns it', async () => {
    const ticket = await weighedOut();
    const response = await t.post('process/weighing/slip', { uuid: ticket.uuid }, { session: admin() });
    expect(response.statusCode).toBe(200);
    const preview = response.json<{ queue_number: string; slip: SlipWire; image: string }>();
    expect(preview.queue_number).toBe(ticket.queue_number);
    expect(preview.slip).toEqual(await driverSlip(ticket.uuid));
    expect(preview.slip).toMatchObject({
      net_kg: 29_250,
      deductions: [{ name: 'ดิน', percent: 2.4, kg: 702 }],
      paid_kg: 28_548,
    });
    const png = Buffer.from(preview.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // 80 mm paper: 576 dots a line (the PNG's width, big-endian at byte 16).
    expect(png.readUInt32BE(16)).toBe(576);
  });

  it("prints it on a kiosk's network printer: its QR opens the driver's page; the ticket's own print state stays", async () => {
    const printer = await fakePrinter();
    const kiosk = await networkKiosk(printer);
    const ticket = await weighedOut();
    const [before] = await t.db
      .select({ printState: queues.printState })
      .from(queues)
      .where(eq(queues.uuid, ticket.uuid));

    const response = await t.post(
      'process/weighing/printSlip',
      { uuid: ticket.uuid, printer_uuid: kiosk.uuid },
      { session: admin() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ print: { state: 'printed', reason: null } });
    expect(printer.jobs).toHaveLength(1);
    expect(printer.protocolErrors).toEqual([]);
    const [paper] = printer.jobs;
    expect(paper!.cut).toBe(true);
    expect(paper!.width).toBe(576);
    expect(scanQr(paper!)).toBe(`${PUBLIC_URL}/Queue/data/${ticket.uuid}`);
    // A slip, not the ticket again: no barcode, and the paid weight's black band.
    expect(scanCode128(paper!)).toBeNull();
    expect(fullBlackRows(paper!)).toBeGreaterThan(20);

    const [after] = await t.db
      .select({ printState: queues.printState })
      .from(queues)
      .where(eq(queues.uuid, ticket.uuid));
    expect(after!.printState).toBe(before!.printState);
    const history = await t.post('process/queue/history', { uuid: ticket.uuid }, { session: admin() });
    expect(history.json<{ prints: { kind: string; state: string }[] }>().prints).toContainEqual(
      expect.objectContaining({ kind: 'slip', state: 'printed' }),
    );
  });

  it('tells the officer why a slip did not print on a printer out of paper', async () => {
    const printer = await fakePrinter({ status: 'paper_end' });
    const kiosk = await networkKiosk(printer);
    const ticket = await weighedOut();
    const response = await t.post(
      'process/weighing/printSlip',
      { uuid: ticket.uuid, printer_uuid: kiosk.uuid },
      { session: admin() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ print: { state: 'failed', reason: 'paper_end' } });
    expect(printer.jobs).toHaveLength(0);
    expect((await printsOf(ticket.uuid)).filter((p) => p.kind === 'slip')).toMatchObject([
      { state: 'failed', reason: 'paper_end' },
    ]);
  });

  it("records a print from the officer's own browser", async () => {
    const ticket = await weighedOut();
    const response = await t.post(
      'process/weighing/printSlip',
      { uuid: ticket.uuid, printer_uuid: null },
      { session: admin() },
    );
    expect(response.json()).toMatchObject({ print: { state: 'browser', job_id: null } });
    expect((await printsOf(ticket.uuid)).filter((p) => p.kind === 'slip')).toHaveLength(1);
  });

  it('has no slip before weigh-out, and none for another branch or a role without the weighbridge', async () => {
    const ticket = await issueTicket(t, plant, 'standard', '72-0001');
    await t.post(
      'process/weighing/weighIn',
      { uuid: ticket.uuid, weight: 12_000, reason: 'ตาชั่งขัดข้อง' },
      { session: admin() },
    );
    const preview = await t.post('process/weighing/slip', { uuid: ticket.uuid }, { session: admin() });
    const print = await t.post(
      'process/weighing/printSlip',
      { uuid: ticket.uuid, printer_uuid: null },
      { session: admin() },
    );
    for (const refused of [preview, print]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT', reason: 'NO_SLIP' });
    }
    expect((await printsOf(ticket.uuid)).filter((p) => p.kind === 'slip')).toHaveLength(0);

    const done = await weighedOut();
    const foreign = await t.post(
      'process/weighing/slip',
      { uuid: done.uuid },
      { session: other.officers.admin.session },
    );
    expect(foreign.statusCode).toBe(404);
    const lab = await t.post(
      'process/weighing/slip',
      { uuid: done.uuid },
      { session: plant.officers.lab.session },
    );
    expect(lab.statusCode).toBe(403);
  });
});
