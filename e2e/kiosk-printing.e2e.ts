/// <reference lib="dom" />
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EscPosReceiver } from '../apps/server/src/test/escpos-receiver.ts';
import { startFakePrinter, type FakePrinter } from '../apps/server/src/test/fake-escpos-printer.ts';
import { demoQueueTypes, employeeSession, post } from './support/demo-plant.ts';
import { useIdentity } from './support/devices.ts';
import { fileBrowser } from './support/file-browser.ts';
import { typeOnKeypad } from './support/plates.ts';
import { createKiosk, retireKiosk, setPrintTarget, type PrintingKiosk } from './support/printing-office.ts';

/**
 * The kiosk's side of issue 18: a ticket on a network printer out of paper shows on screen with
 * a QR code a phone reads, in Thai, and the office's card says it did not print; a healthy
 * printer prints it and the kiosk says where to take it; a USB kiosk prints its own job through
 * WebUSB (a fake USB printer in the page, bridged to the fake printer's protocol core here) and
 * the server marks the ticket printed.
 */

declare global {
  interface Window {
    /** The test's fake USB printer: takes the bytes sent, gives back its answers. */
    __usbOut: (bytes: number[]) => Promise<number[]>;
  }
}

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
const printers: FakePrinter[] = [];
const kiosks: PrintingKiosk[] = [];
let typeName: string;

afterAll(async () => {
  // The other browser tests share this server: none of these kiosks warns on their pages.
  for (const kiosk of kiosks) await retireKiosk(baseUrl, kiosk);
  for (const printer of printers) await printer.close();
});

/** A kiosk of its own (support/printing-office.ts), named for the test. */
async function newKiosk(name: string): Promise<PrintingKiosk> {
  const tag = Date.now().toString(36).slice(-4).toUpperCase();
  const kiosk = await createKiosk(baseUrl, `${name} ${tag}`);
  kiosks.push(kiosk);
  typeName = (await demoQueueTypes(baseUrl)).find((q) => q.id === kiosk.typeId)!.queue_type_name;
  return kiosk;
}

async function fakePrinter(status: 'ok' | 'paper_end'): Promise<FakePrinter> {
  const printer = await startFakePrinter({ status });
  printers.push(printer);
  return printer;
}

/** The kiosk's screen (Thai, 1080x1920, window.print counted), as this kiosk. */
async function openKiosk(kiosk: PrintingKiosk, prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await files.kioskPage();
  await useIdentity(page, 'printer', kiosk.identity);
  await prepare?.(page);
  await page.goto('/PrinterManage');
  await page.locator('[data-testid="kiosk"][data-step="type"]').waitFor({ timeout: 15_000 });
  return page;
}

/** A licence of digits and Thai letters the kiosk's keypad types. */
function kioskLicence(): string {
  return `${70 + Math.floor(Math.random() * 20)}-${1000 + Math.floor(Math.random() * 9000)} กข`;
}

/** Through the steps to the issue button; the ticket as issuing answered it. */
async function issueOn(page: Page, licence: string) {
  await page.getByRole('button', { name: new RegExp(typeName) }).click();
  await page.locator('[data-testid="kiosk"][data-step="product"] .tqk-choice').first().click();
  await typeOnKeypad(page, 'th', licence);
  await page.getByTestId('kiosk-licence-next').click();
  await page.getByTestId('kiosk-summary-licence').waitFor();
  const answer = page.waitForResponse('**/api/process/printer/issueQueue');
  await page.getByTestId('kiosk-issue').click();
  return (await (await answer).json()) as {
    queue: { uuid: string; queue_number: string };
    print: { state: string; reason: string | null; job_id: number | null };
  };
}

/** The ticket's paper as the officers' cards show it. */
async function cardPrintState(
  uuid: string,
): Promise<{ print_state: string | null; print_failure: string | null }> {
  const { session } = await employeeSession(baseUrl);
  const { card } = await post<{
    card: { queue_number: { uuid: string; print_state: string | null; print_failure: string | null }[] }[];
  }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 1 }, session);
  const queue = card.flatMap((c) => c.queue_number).find((q) => q.uuid === uuid);
  if (!queue) throw new Error(`Ticket ${uuid} is not on the cards`);
  return { print_state: queue.print_state, print_failure: queue.print_failure };
}

function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('the kiosk and its printer', () => {
  it('shows the ticket on screen in Thai when its network printer is out of paper, with a QR code a phone reads', async () => {
    const printer = await fakePrinter('paper_end');
    const kiosk = await newKiosk('ตู้กระดาษหมด');
    await setPrintTarget(baseUrl, kiosk, { print_target: 'network', host: printer.host, port: printer.port });
    const page = await openKiosk(kiosk);

    const issued = await issueOn(page, kioskLicence());
    expect(issued.print).toMatchObject({ state: 'failed', reason: 'paper_end' });
    const failed = page.getByTestId('kiosk-print-failed');
    await failed.waitFor();
    const words = await failed.innerText();
    expect(words).toContain('พิมพ์บัตรคิวไม่สำเร็จ');
    expect(words).toContain('กระดาษในเครื่องพิมพ์หมด');
    expect(words).toContain('กรุณาถ่ายรูปบัตรคิวบนจอนี้ไว้ แล้วติดต่อสำนักงาน');
    expect(await page.getByTestId('ticket-number').innerText()).toBe(issued.queue.queue_number);
    // Read off the screen as a phone would: the QR opens this ticket's driver page.
    expect(decodeQr(await page.getByTestId('ticket-qr').screenshot())).toBe(
      `${baseUrl}/Queue/data/${issued.queue.uuid}`,
    );
    // The screen stays a minute for the photo, and nothing went to the browser's print dialog.
    const secondsLeft = Number(/\d+/.exec(await page.locator('.tqk-issued-finish').innerText())?.[0]);
    expect(secondsLeft).toBeGreaterThan(30);
    expect(await page.evaluate(() => window.__prints)).toBe(0);
    expect(printer.jobs).toHaveLength(0);
    expect(await cardPrintState(issued.queue.uuid)).toEqual({
      print_state: 'failed',
      print_failure: 'paper_end',
    });

    // The next truck is told at the start that its ticket will show on screen; it still issues.
    await page.getByTestId('kiosk-finish').click();
    const notice = page.getByTestId('kiosk-printer-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('เครื่องพิมพ์ไม่พร้อม');

    // A new roll: the next ticket prints, and the notice goes.
    printer.setStatus('ok');
    const next = await issueOn(page, kioskLicence());
    expect(next.print.state).toBe('printed');
    await page.getByTestId('kiosk-printed').waitFor();
    await page.getByTestId('kiosk-finish').click();
    await page.locator('[data-testid="kiosk"][data-step="type"]').waitFor();
    expect(await page.getByTestId('kiosk-printer-notice').count()).toBe(0);
  });

  it('tells the truck to take the ticket when its network printer printed it', async () => {
    const printer = await fakePrinter('ok');
    const kiosk = await newKiosk('ตู้พิมพ์ได้');
    await setPrintTarget(baseUrl, kiosk, { print_target: 'network', host: printer.host, port: printer.port });
    const page = await openKiosk(kiosk);

    const issued = await issueOn(page, kioskLicence());
    expect(issued.print).toMatchObject({ state: 'printed', reason: null });
    const printed = page.getByTestId('kiosk-printed');
    await printed.waitFor();
    expect(await page.locator('.tqk-issued-message').innerText()).toContain('รับบัตรคิวที่ช่องพิมพ์ด้านล่าง');
    // The ticket still shows on screen; the paper one came out of the printer, once.
    expect(await page.getByTestId('ticket-number').innerText()).toBe(issued.queue.queue_number);
    expect(printer.jobs).toHaveLength(1);
    expect(printer.jobs[0]!.cut).toBe(true);
    expect(decodeQr(printer.jobs[0]!.png())).toBe(`${baseUrl}/Queue/data/${issued.queue.uuid}`);
    expect(await page.evaluate(() => window.__prints)).toBe(0);
    expect(await cardPrintState(issued.queue.uuid)).toEqual({ print_state: 'printed', print_failure: null });
  });

  it('prints a USB kiosk’s own job through WebUSB, and the server marks the ticket printed', async () => {
    const receiver = new EscPosReceiver('ok');
    const kiosk = await newKiosk('ตู้ USB');
    await setPrintTarget(baseUrl, kiosk, { print_target: 'usb' });
    const page = await openKiosk(kiosk, async (page) => {
      await page.exposeFunction('__usbOut', (bytes: number[]) =>
        Array.from(receiver.receive(Uint8Array.from(bytes))),
      );
      await page.addInitScript(installFakeUsbPrinter);
    });

    const issued = await issueOn(page, kioskLicence());
    expect(issued.print).toMatchObject({ state: 'pending', reason: null });
    expect(issued.print.job_id).toEqual(expect.any(Number));
    await page.getByTestId('kiosk-printed').waitFor();
    expect(receiver.jobs).toHaveLength(1);
    expect(receiver.protocolErrors).toEqual([]);
    expect(decodeQr(receiver.jobs[0]!.png())).toBe(`${baseUrl}/Queue/data/${issued.queue.uuid}`);
    await expect
      .poll(() => cardPrintState(issued.queue.uuid))
      .toEqual({ print_state: 'printed', print_failure: null });

    // The kiosk told the server its printer's health over its socket.
    const { session } = await employeeSession(baseUrl);
    const printerOf = async () =>
      (
        await post<{ printers: { uuid: string; health: string; connected: boolean }[] }>(
          baseUrl,
          'calling/printers',
          {},
          session,
        )
      ).printers.find((p) => p.uuid === kiosk.uuid);
    await expect.poll(printerOf).toMatchObject({ health: 'ok', connected: true });

    // An officer prints it again on this kiosk: the server pushes the job, the kiosk prints it.
    const reprint = await post<{ print: { state: string } }>(
      baseUrl,
      'calling/reprintTicket',
      { uuid: issued.queue.uuid, printer_uuid: kiosk.uuid },
      session,
    );
    expect(reprint.print.state).toBe('pending');
    await expect.poll(() => receiver.jobs.length).toBe(2);
    expect(decodeQr(receiver.jobs[1]!.png())).toBe(`${baseUrl}/Queue/data/${issued.queue.uuid}`);
  });
});

/**
 * Runs in the kiosk's page before its scripts: navigator.usb with one permitted receipt printer
 * (a printer-class interface, bulk OUT 1 and IN 2) whose bytes go to the test (window.__usbOut)
 * and whose answers come back on reads; a read waits until there is something to read.
 */
function installFakeUsbPrinter() {
  type Read = { length: number; resolve: (r: unknown) => void; reject: (e: unknown) => void };
  const answers: number[] = [];
  const reads: Read[] = [];
  const serve = () => {
    while (answers.length > 0 && reads.length > 0) {
      const read = reads.shift()!;
      read.resolve({
        status: 'ok',
        data: new DataView(Uint8Array.from(answers.splice(0, read.length)).buffer),
      });
    }
  };
  const configuration = {
    configurationValue: 1,
    interfaces: [
      {
        interfaceNumber: 0,
        claimed: false,
        alternates: [
          {
            alternateSetting: 0,
            interfaceClass: 7,
            endpoints: [
              { endpointNumber: 1, direction: 'out', type: 'bulk' },
              { endpointNumber: 2, direction: 'in', type: 'bulk' },
            ],
          },
        ],
      },
    ],
  };
  const device = {
    opened: false,
    configuration: null as typeof configuration | null,
    configurations: [configuration],
    productName: 'Fake receipt printer',
    open() {
      device.opened = true;
      return Promise.resolve();
    },
    close() {
      device.opened = false;
      device.configuration = null;
      for (const read of reads.splice(0)) read.reject(new DOMException('closed', 'AbortError'));
      return Promise.resolve();
    },
    selectConfiguration() {
      device.configuration = configuration;
      return Promise.resolve();
    },
    claimInterface: () => Promise.resolve(),
    selectAlternateInterface: () => Promise.resolve(),
    async transferOut(_endpoint: number, data: Uint8Array) {
      answers.push(...(await window.__usbOut(Array.from(data))));
      serve();
      return { status: 'ok', bytesWritten: data.length };
    },
    transferIn(_endpoint: number, length: number) {
      return new Promise((resolve, reject) => {
        reads.push({ length, resolve, reject });
        serve();
      });
    },
  };
  const usb = {
    getDevices: () => Promise.resolve([device]),
    requestDevice: () => Promise.resolve(device),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(Navigator.prototype, 'usb', { get: () => usb, configurable: true });
}
