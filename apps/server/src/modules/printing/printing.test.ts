import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { printingContracts } from '@truck-queue/shared/contracts/printing.contract';
import { getCardInProcess, getQueueByFlow } from '@truck-queue/shared/contracts/queue.contract';
import { queueHistory } from '@truck-queue/shared/contracts/yard.contract';
import { PRINT_DEADLINE_MS, type PrintFailure } from '@truck-queue/shared/printing/printer-status';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { devices, printJobs, queues } from '../../db/schema.ts';
import { silentHub } from '../../lib/event-hub.ts';
import { createLabService } from '../lab/lab.service.ts';
import { createQueueReadsRepository } from '../queue/queue-reads.repository.ts';
import { createQueueRepository } from '../queue/queue.repository.ts';
import { createPrintingRepository } from './printing.repository.ts';
import { createPrintingService, USB_REPORT_MS } from './printing.service.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { EscPosReceiver, startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { scanCode128, scanQr } from '../../test/ticket-scan.ts';

const PUBLIC_URL = 'https://queue.example.co.th';

let t: TestContext;
let plant: Plant;
let other: Plant;
const printers: FakePrinter[] = [];

beforeAll(async () => {
  t = await createTestContext({ publicUrl: PUBLIC_URL });
  plant = await createPlant(t, 'สาขานครราชสีมา');
  other = await createPlant(t, 'Plant two');
});
afterAll(async () => {
  await Promise.all(printers.map((p) => p.close()));
  await t.close();
});

async function fakePrinter(status: Parameters<typeof startFakePrinter>[0] = {}) {
  const printer = await startFakePrinter(status);
  printers.push(printer);
  return printer;
}

/** A registered kiosk printing on this fake network printer (or its USB printer, or its browser). */
async function kiosk(
  target: { network: FakePrinter } | 'usb' | 'browser',
  p: Plant = plant,
): Promise<{ browser: Browser; id: number; uuid: string; name: string }> {
  const browser = newBrowser();
  const device = await registerDevice(t, p, 'printer', browser);
  await t.db
    .update(devices)
    .set(
      typeof target === 'string'
        ? { printTarget: target }
        : { printTarget: 'network', printerHost: target.network.host, printerPort: target.network.port },
    )
    .where(eq(devices.id, device.id));
  return { browser, id: device.id, uuid: device.uuid, name: `Kiosk ${browser.id}` };
}

let plates = 0;
const nextPlate = () => `70-${String(1000 + ++plates)} นครราชสีมา`;

/** A kiosk issues a ticket of the standard type; answers the whole response. */
async function kioskIssues(browser: Browser, extra: Record<string, unknown> = {}) {
  return t.post(
    'process/printer/issueQueue',
    {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: nextPlate(),
      ...extra,
    },
    { headers: browser.headers },
  );
}

interface Issued {
  queue: { uuid: string; queue_number: string; ahead_at_issue: number | null };
  print: { state: string; reason: PrintFailure | null; job_id: number | null; printer_name: string | null };
}

async function idOf(uuid: string): Promise<number> {
  const [row] = await t.db.select({ id: queues.id }).from(queues).where(eq(queues.uuid, uuid));
  return row!.id;
}

async function cardOf(uuid: string, p: Plant = plant) {
  const { card } = await t.call(getCardInProcess, { find_total_day: 1 }, p.officers.caller.session);
  return card.flatMap((c) => c.queue_number).find((q) => q.uuid === uuid);
}

describe('a kiosk on a network printer', () => {
  it('prints a Thai ticket whose QR leads to its driver page and whose barcode is its code', async () => {
    const printer = await fakePrinter();
    const { browser, name } = await kiosk({ network: printer });
    const response = await kioskIssues(browser);
    expect(response.statusCode).toBe(200);
    const issued = response.json<Issued>();
    expect(issued.print).toEqual({
      state: 'printed',
      reason: null,
      job_id: expect.any(Number),
      printer_name: name,
    });
    expect(printer.jobs).toHaveLength(1);
    expect(printer.protocolErrors).toEqual([]);
    const [job] = printer.jobs;
    expect(job!.cut).toBe(true);
    expect(scanQr(job!)).toBe(`${PUBLIC_URL}/Queue/data/${issued.queue.uuid}`);
    expect(scanCode128(job!)).toBe(encodeTicketCode(await idOf(issued.queue.uuid)));
    // The card says it printed; the ticket keeps when.
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'printed', print_failure: null });
    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, issued.queue.uuid));
    expect(row!.printedAt).not.toBeNull();
  });

  it('prints the trucks ahead at issue, counted as the driver page counts them', async () => {
    const printer = await fakePrinter();
    const { browser } = await kiosk({ network: printer });
    const before = (await kioskIssues(browser)).json<Issued>();
    const after = (await kioskIssues(browser)).json<Issued>();
    expect(after.queue.ahead_at_issue).toBe((before.queue.ahead_at_issue ?? 0) + 1);
    const page = await t.post('process/user/queueInformation', { queue_number_id: after.queue.uuid });
    expect(page.json<{ queue: { ahead: number } }>().queue.ahead).toBe(after.queue.ahead_at_issue);
  });

  it('marks a ticket on a printer out of paper as not printed, on the answer and on its card', async () => {
    const printer = await fakePrinter({ status: 'paper_end' });
    const { browser } = await kiosk({ network: printer });
    const issued = (await kioskIssues(browser)).json<Issued>();
    expect(issued.print).toMatchObject({ state: 'failed', reason: 'paper_end' });
    expect(printer.jobs).toHaveLength(0);
    // The card follows once the branch is told (its pages refetch on ticketPrintChanged).
    await vi.waitFor(
      async () =>
        expect(await cardOf(issued.queue.uuid)).toMatchObject({
          print_state: 'failed',
          print_failure: 'paper_end',
        }),
      { timeout: 10_000, interval: 100 },
    );
    // The report by flow says it too.
    const flow = await t.call(
      getQueueByFlow,
      {
        uuid: (
          await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session)
        ).card.find((c) => c._id === plant.types.standard.id)!.flow_engine_uuid,
      },
      plant.officers.caller.session,
    );
    expect(flow.queue.find((q) => q.uuid === issued.queue.uuid)).toMatchObject({ print_state: 'failed' });
    // The printer's health is kept: the calling page warns.
    const { printers: list } = await t.call(
      printingContracts.branchPrinters,
      {},
      plant.officers.caller.session,
    );
    expect(list.find((p) => p.name.endsWith(browser.id))).toMatchObject({ health: 'paper_end' });
  });

  it('does not hold the kiosk longer than the deadline when the printer never answers', async () => {
    const printer = await fakePrinter({ status: 'silent' });
    const { browser } = await kiosk({ network: printer });
    const started = Date.now();
    const issued = (await kioskIssues(browser)).json<Issued>();
    expect(Date.now() - started).toBeLessThan(PRINT_DEADLINE_MS + 3_000);
    expect(issued.print).toMatchObject({ state: 'failed', reason: 'no_answer' });
  });

  it("refuses a network kiosk's report on the job the server printed, and keeps what the printer said", async () => {
    const printer = await fakePrinter();
    const { browser } = await kiosk({ network: printer });
    const issued = (await kioskIssues(browser)).json<Issued>();
    expect(issued.print.state).toBe('printed');
    const report = await t.post(
      'device/printResult',
      { job_id: issued.print.job_id, outcome: 'failed', reason: 'usb_error', health: 'unreachable' },
      { headers: browser.headers },
    );
    expect(report.statusCode).toBe(404);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'printed' });
  });

  it('answers a retry of the same issue with the first print, and prints nothing twice', async () => {
    const printer = await fakePrinter();
    const { browser } = await kiosk({ network: printer });
    const key = { idempotency_key: `retry-${Date.now()}`, truck_license: 'กข 1234' };
    const first = (await kioskIssues(browser, key)).json<Issued>();
    const again = (await kioskIssues(browser, key)).json<Issued>();
    expect(again).toEqual(first);
    expect(printer.jobs).toHaveLength(1);
  });
});

describe('reprints', () => {
  it('prints the same number once more, and the history names the officer', async () => {
    const printer = await fakePrinter({ status: 'paper_end' });
    const { browser, uuid, name } = await kiosk({ network: printer });
    const issued = (await kioskIssues(browser)).json<Issued>();
    expect(issued.print.state).toBe('failed');
    printer.setStatus('ok');
    const session = plant.officers.caller.session;
    const { print } = await t.call(
      printingContracts.reprintTicket,
      { uuid: issued.queue.uuid, printer_uuid: uuid },
      session,
    );
    expect(print).toMatchObject({ state: 'printed', printer_name: name });
    expect(printer.jobs).toHaveLength(1);
    expect(scanQr(printer.jobs[0]!)).toBe(`${PUBLIC_URL}/Queue/data/${issued.queue.uuid}`);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'printed', print_failure: null });
    // Once more on the officer's browser: kept too.
    const browserPrint = await t.call(
      printingContracts.reprintTicket,
      { uuid: issued.queue.uuid, printer_uuid: null },
      session,
    );
    expect(browserPrint.print).toEqual({ state: 'browser', reason: null, job_id: null, printer_name: null });

    const history = await t.call(queueHistory, { uuid: issued.queue.uuid }, session);
    expect(history.queue.queue_number).toBe(issued.queue.queue_number);
    expect(history.prints.map((p) => [p.kind, p.state, p.reason, p.printer_name, p.officer_name])).toEqual([
      ['issue', 'failed', 'paper_end', name, null],
      ['reprint', 'printed', null, name, expect.stringMatching(/^Test Officer/)],
      ['reprint', 'browser', null, null, expect.stringMatching(/^Test Officer/)],
    ]);
  });

  it('stops an officer printing again and again (RATE_LIMITED), keeping only what printed', async () => {
    const ticket = await issueTicket(t, plant, 'standard', nextPlate());
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(
        await t.post(
          'calling/reprintTicket',
          { uuid: ticket.uuid, printer_uuid: null },
          { session: plant.officers.caller.session },
        ),
      );
    }
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const history = await t.call(queueHistory, { uuid: ticket.uuid }, plant.officers.caller.session);
    expect(history.prints.filter((p) => p.kind === 'reprint')).toHaveLength(10 - limited.length);
  });

  it('refuses a closed ticket, a printer of another branch and a display, changing nothing', async () => {
    const session = plant.officers.caller.session;
    const ticket = await issueTicket(t, plant, 'standard', nextPlate());
    const foreign = await kiosk('usb', other);
    const display = await registerDevice(t, plant, 'display', newBrowser());
    const theirs = await issueTicket(t, other, 'standard', nextPlate());
    const jobsBefore = (await t.db.select().from(printJobs)).length;
    for (const printerUuid of [foreign.uuid, display.uuid]) {
      const response = await t.post(
        'calling/reprintTicket',
        { uuid: ticket.uuid, printer_uuid: printerUuid },
        { session },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Another branch's ticket is not found either.
    const foreignTicket = await t.post(
      'calling/reprintTicket',
      { uuid: theirs.uuid, printer_uuid: null },
      { session },
    );
    expect(foreignTicket.statusCode).toBe(404);

    await t.db.update(queues).set({ state: 'V' }).where(eq(queues.id, ticket.id));
    const closed = await t.post(
      'calling/reprintTicket',
      { uuid: ticket.uuid, printer_uuid: null },
      { session },
    );
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'CONFLICT', reason: 'QUEUE_CLOSED' });
    expect((await t.db.select().from(printJobs)).length).toBe(jobsBefore);
  });

  it("is an officer's: a kiosk cannot reprint, and an officer cannot fetch a kiosk's job", async () => {
    const { browser } = await kiosk('usb');
    const ticket = await issueTicket(t, plant, 'standard', nextPlate());
    const asKiosk = await t.post(
      'calling/reprintTicket',
      { uuid: ticket.uuid, printer_uuid: null },
      { headers: browser.headers },
    );
    expect(asKiosk.statusCode).toBe(401);
    const asOfficer = await t.post(
      'device/printJob',
      { job_id: 1 },
      { session: plant.officers.caller.session },
    );
    expect(asOfficer.statusCode).toBe(401);
    expect(asOfficer.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
  });
});

describe('officers printing new tickets', () => {
  it('prints on a chosen network printer of the branch, or leaves it to the browser', async () => {
    const printer = await fakePrinter();
    const { uuid } = await kiosk({ network: printer });
    const session = plant.officers.caller.session;
    const body = { id_branchQT: plant.types.standard.id, product: plant.products.starch.id };
    const onPrinter = await t.post(
      'process/printer/issueQueue',
      { ...body, truck_license: nextPlate(), printer_uuid: uuid },
      { session },
    );
    expect(onPrinter.json<Issued>().print.state).toBe('printed');
    expect(printer.jobs).toHaveLength(1);
    const inBrowser = await t.post(
      'process/printer/issueQueue',
      { ...body, truck_license: nextPlate() },
      { session },
    );
    expect(inBrowser.json<Issued>().print).toEqual({
      state: 'browser',
      reason: null,
      job_id: null,
      printer_name: null,
    });
  });

  it('refuses a printer of another branch before issuing anything', async () => {
    const foreign = await kiosk('usb', other);
    const count = (await t.db.select().from(queues)).length;
    const response = await t.post(
      'process/printer/issueQueue',
      {
        id_branchQT: plant.types.standard.id,
        product: plant.products.starch.id,
        truck_license: nextPlate(),
        printer_uuid: foreign.uuid,
      },
      { session: plant.officers.caller.session },
    );
    expect(response.statusCode).toBe(404);
    expect((await t.db.select().from(queues)).length).toBe(count);
  });

  it('fails at once on a USB kiosk that is not connected', async () => {
    const { uuid } = await kiosk('usb');
    const response = await t.post(
      'process/printer/issueQueue',
      {
        id_branchQT: plant.types.standard.id,
        product: plant.products.starch.id,
        truck_license: nextPlate(),
        printer_uuid: uuid,
      },
      { session: plant.officers.caller.session },
    );
    const issued = response.json<Issued>();
    expect(issued.print).toMatchObject({ state: 'failed', reason: 'kiosk_offline' });
    expect(await cardOf(issued.queue.uuid)).toMatchObject({
      print_state: 'failed',
      print_failure: 'kiosk_offline',
    });
  });
});

describe('a kiosk on a USB printer', () => {
  it('fetches its job, prints it and reports; a repeat report changes nothing', async () => {
    const { browser } = await kiosk('usb');
    const issued = (await kioskIssues(browser)).json<Issued>();
    expect(issued.print).toMatchObject({ state: 'pending', reason: null, job_id: expect.any(Number) });
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'pending' });
    const jobId = issued.print.job_id!;

    // Another kiosk cannot fetch it.
    const stranger = await kiosk('usb');
    const theirs = await t.post('device/printJob', { job_id: jobId }, { headers: stranger.browser.headers });
    expect(theirs.statusCode).toBe(404);

    const fetched = await t.post('device/printJob', { job_id: jobId }, { headers: browser.headers });
    expect(fetched.statusCode).toBe(200);
    const { data } = fetched.json<{ data: string }>();
    const receiver = new EscPosReceiver('ok');
    receiver.receive(Buffer.from(data, 'base64'));
    expect(receiver.jobs).toHaveLength(1);
    expect(scanQr(receiver.jobs[0]!)).toBe(`${PUBLIC_URL}/Queue/data/${issued.queue.uuid}`);

    const report = { job_id: jobId, outcome: 'printed', reason: null, health: 'paper_near_end' };
    expect((await t.post('device/printResult', report, { headers: browser.headers })).statusCode).toBe(200);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'printed' });
    const late = { job_id: jobId, outcome: 'failed', reason: 'usb_error', health: 'error' };
    expect((await t.post('device/printResult', late, { headers: browser.headers })).statusCode).toBe(200);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({ print_state: 'printed', print_failure: null });
    // Printed, the job is no longer to be fetched.
    expect(
      (await t.post('device/printJob', { job_id: jobId }, { headers: browser.headers })).statusCode,
    ).toBe(404);
  });

  it('takes a failure with its reason, and refuses a report without one', async () => {
    const { browser } = await kiosk('usb');
    const issued = (await kioskIssues(browser)).json<Issued>();
    const jobId = issued.print.job_id!;
    const noReason = await t.post(
      'device/printResult',
      { job_id: jobId, outcome: 'failed', reason: null, health: 'paper_end' },
      { headers: browser.headers },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const failed = await t.post(
      'device/printResult',
      { job_id: jobId, outcome: 'failed', reason: 'paper_end', health: 'paper_end' },
      { headers: browser.headers },
    );
    expect(failed.statusCode).toBe(200);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({
      print_state: 'failed',
      print_failure: 'paper_end',
    });
  });
});

describe('the pending sweep', () => {
  it('fails a USB job the kiosk never reported, so its card says not printed', async () => {
    const { browser } = await kiosk('usb');
    const issued = (await kioskIssues(browser)).json<Issued>();
    // The server's own sweep, on the test's clock: a second service over the same database.
    const sweeper = createPrintingService({
      db: t.db,
      repo: createPrintingRepository(t.db),
      queues: createQueueRepository(t.db),
      reads: createQueueReadsRepository(t.db),
      labs: createLabService(t.db),
      events: silentHub,
      clock: t.clock,
      settings: { companyName: '', siteTimeZone: 'Asia/Bangkok', language: 'th', publicUrl: PUBLIC_URL },
      ports: {
        printOnNetwork: () => Promise.reject(new Error('no network printing here')),
        recordHealth: () => Promise.resolve(),
        connectedKiosks: () => Promise.resolve(new Set()),
      },
      log: { warn: () => undefined },
    });
    expect(await sweeper.sweepPending()).toBe(0);
    t.clock.advance(USB_REPORT_MS + 1_000);
    await sweeper.sweepPending();
    expect(await cardOf(issued.queue.uuid)).toMatchObject({
      print_state: 'failed',
      print_failure: 'no_report',
    });
    // A report that comes after changes nothing.
    const late = await t.post(
      'device/printResult',
      { job_id: issued.print.job_id, outcome: 'printed', reason: null, health: 'ok' },
      { headers: browser.headers },
    );
    expect(late.statusCode).toBe(200);
    expect(await cardOf(issued.queue.uuid)).toMatchObject({
      print_state: 'failed',
      print_failure: 'no_report',
    });
  });
});

describe('test prints', () => {
  it("prints a sample marked as a test on the kiosk's printer, tied to no ticket", async () => {
    const printer = await fakePrinter();
    const { uuid } = await kiosk({ network: printer });
    const { print } = await t.call(printingContracts.testPrint, { uuid }, plant.officers.admin.session);
    expect(print.state).toBe('printed');
    expect(printer.jobs).toHaveLength(1);
    expect(scanCode128(printer.jobs[0]!)).toBe('TEST');
    const [job] = await t.db.select().from(printJobs).where(eq(printJobs.id, print.job_id!));
    expect(job).toMatchObject({ kind: 'test', queueId: null, state: 'printed' });
  });

  it('refuses a kiosk that prints through its browser', async () => {
    const { uuid } = await kiosk('browser');
    const response = await t.post('printer/testPrint', { uuid }, { session: plant.officers.admin.session });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ reason: 'PRINTS_IN_BROWSER' });
  });
});
