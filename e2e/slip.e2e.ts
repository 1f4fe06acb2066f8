import { afterAll, describe, expect, inject, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../apps/server/src/test/fake-escpos-printer.ts';
import { scanQr } from '../apps/server/src/test/ticket-scan.ts';
import { openDialog } from './support/browser.ts';
import { post, freshLicence, signIn, weighInAndOut } from './support/demo-plant.ts';
import { ENGLISH, fileBrowser, THAI } from './support/file-browser.ts';
import {
  checkPrinterNow,
  createKiosk,
  retireKiosk,
  setPrintTarget,
  type PrintingKiosk,
} from './support/printing-office.ts';
import { issueTicket } from './support/yard-plant.ts';

/**
 * The receiving slip (issue 20): once a truck is weighed out, the driver's phone shows what it
 * is paid on, typed weights marked; the driver disputes it there, an admin answers on the
 * Disputes page, and the driver's page shows the answer. The weighbridge prints the same slip
 * on a kiosk's thermal printer (a fake one that parses the ESC/POS it gets), and its QR opens
 * the driver's page.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

let printing: { kiosk: PrintingKiosk; printer: FakePrinter } | null = null;
afterAll(async () => {
  if (printing) {
    await retireKiosk(baseUrl, printing.kiosk);
    await printing.printer.close();
  }
});

/** The driver's phone, in English. */
const phone = () => files.page({ ...ENGLISH, viewport: { width: 390, height: 844 }, mobile: true });

describe('the receiving slip', () => {
  it("shows on the driver's phone once weighed out, takes his dispute, and shows the plant's answer", async () => {
    const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
    const licence = freshLicence();
    const ticket = await issueTicket(baseUrl, employee.session, 'B', licence);
    const driver = await phone();
    await driver.goto(`/Queue/data/${ticket.uuid}`);
    await driver.locator('.qp-number').waitFor();
    expect(await driver.getByTestId('slip').count()).toBe(0);

    // The demo's weighbridge has no scale wired: its clerk types both weights, saying why.
    await weighInAndOut(baseUrl, employee.session, ticket.uuid, { in: 12_040, out: 41_250.5 });
    await driver.reload();
    const slip = driver.getByTestId('slip');
    await slip.waitFor();
    expect(await slip.getByTestId('slip-paid').innerText()).toBe('29,210.5 kg');
    expect(await slip.getByTestId('slip-typed').allInnerTexts()).toEqual([
      'Typed by hand: ตาชั่งขัดข้อง',
      'Typed by hand: ตาชั่งขัดข้อง',
    ]);
    const text = await slip.innerText();
    for (const figure of ['41,250.5 kg', '12,040 kg', '29,210.5 kg']) expect(text).toContain(figure);

    // The driver disagrees: too short a note is refused on the page, a real one is sent.
    await slip.getByTestId('dispute-open').click();
    await slip.getByLabel('What is wrong').fill('no');
    await slip.getByRole('button', { name: 'Send dispute' }).click();
    await slip.getByText('Please write at least 3 characters').waitFor();
    // Pasted text with a direction override (it would show the words reversed) is refused there too.
    await slip.getByLabel('What is wrong').fill('The farm scale \u202Eread 30,000 kg');
    await slip.getByRole('button', { name: 'Send dispute' }).click();
    await slip.getByText('The note holds invisible characters').waitFor();
    await slip.getByLabel('What is wrong').fill('The farm scale read 30,000 kg net');
    await slip.getByRole('button', { name: 'Send dispute' }).click();
    await slip.getByText('Waiting for the plant to look into it').waitFor();
    expect(await slip.getByTestId('dispute-open').count()).toBe(0);

    // The admin answers on the Disputes page.
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/disputes');
    const row = admin.getByRole('row').filter({ hasText: licence });
    await row.waitFor();
    expect(await row.innerText()).toContain('The farm scale read 30,000 kg net');
    expect(await row.innerText()).toContain('Paid 29,210.5 kg');
    await row.getByRole('button', { name: 'Answer' }).click();
    const answer = admin.getByRole('dialog', {
      name: new RegExp(`^Answer the dispute of queue ${ticket.queue_number}`),
    });
    await answer.getByLabel('What was done').fill('Weighed again: 29,210 kg, the slip stands');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await row.getByText('Answered').waitFor();

    await driver.reload();
    await slip.getByText("The plant's answer").waitFor();
    expect(await slip.getByTestId('dispute-state').innerText()).toContain(
      'Weighed again: 29,210 kg, the slip stands',
    );
  });

  it("is printed at weigh-out on a kiosk's printer, and the paper's QR opens the same slip on the driver's phone", async () => {
    const tag = Date.now().toString(36).slice(-4).toUpperCase();
    printing = { kiosk: await createKiosk(baseUrl, `ตู้ตาชั่ง ${tag}`), printer: await startFakePrinter() };
    const { kiosk, printer } = printing;
    await setPrintTarget(baseUrl, kiosk, { print_target: 'network', host: printer.host, port: printer.port });
    await expect.poll(() => checkPrinterNow(baseUrl, kiosk)).toBe('ok');

    const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
    const ticket = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
    await post(
      baseUrl,
      'process/weighing/weighIn',
      { uuid: ticket.uuid, weight: 11_800, reason: 'ตาชั่งขัดข้อง' },
      employee.session,
    );

    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/weighing', THAI);
    // A scale another test registered may be offered first: this clerk types the weight.
    await page.locator('#weighing-weight, #weighing-typing').first().waitFor();
    if ((await page.locator('#weighing-weight').count()) === 0)
      await page.locator('#weighing-typing').click();
    await page.locator('#weighing-queue-number').fill(ticket.ticket_code);
    await page.locator('#weighing-weight').fill('40250');
    await page.locator('#weighing-reason').fill('ตาชั่งขัดข้อง');
    // The clerk sees where the truck is: weighed in, still waiting for its call.
    expect(await page.getByTestId('weighing-stage').innerText()).toContain('รอคิว');
    await page.getByTestId('weigh-out').click();
    // Never called to its bay: the weighbridge asks first, saying what the truck has not done.
    const asked = page.getByTestId('out-of-order');
    await asked.waitFor();
    expect(await asked.innerText()).toContain('ยังไม่เคยถูกเรียกคิว');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'ยืนยันชั่งออก' }).click();

    // Weighed out: the slip is one click away, drawn as the printer will burn it.
    await page.getByTestId('slip-after-weigh-out').click();
    const dialog = openDialog(page);
    await dialog.getByTestId('slip-image').waitFor();
    expect(await dialog.getByTestId('slip-paid').innerText()).toBe('28,450 กก.');
    const choice = dialog.getByTestId('printer-choice');
    await choice.click();
    await page.locator('.ant-select-item-option', { hasText: kiosk.name }).click();
    await dialog.getByRole('button', { name: 'พิมพ์', exact: true }).click();
    const outcome = dialog.getByTestId('reprint-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-state')).toBe('printed');
    expect(await outcome.innerText()).toContain(kiosk.name);

    expect(printer.jobs).toHaveLength(1);
    expect(printer.protocolErrors).toEqual([]);
    const url = scanQr(printer.jobs[0]!);
    expect(url).toBe(`${baseUrl}/Queue/data/${ticket.uuid}`);

    // The driver scans the paper: his phone shows the same paid weight.
    const driver = await phone();
    await driver.goto(url!);
    await driver.getByTestId('slip').waitFor();
    expect(await driver.getByTestId('slip-paid').innerText()).toBe('28,450 kg');
  });
});
