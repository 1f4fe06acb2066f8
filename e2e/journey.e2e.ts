import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cardQueues, launchBrowser, newContext, signInDirect } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

/** A page signed in as `email`, in English, at `path`. */
async function officerPage(email: string, password: string, path: string): Promise<Page> {
  const context = await newContext(browser, baseUrl, { language: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
  await signInDirect(page, baseUrl, email, password);
  await page.goto(path);
  return page;
}

const queueButton = (page: Page, queueNumber: string) =>
  page.getByRole('button', { name: new RegExp(`^Queue ${queueNumber},`) });

/** Which column of its card a queue button sits in ("Waiting" or "In process"), or null. */
async function columnOf(page: Page, queueNumber: string): Promise<string | null> {
  const button = queueButton(page, queueNumber);
  if ((await button.count()) === 0) return null;
  return button.evaluate((el) => {
    const column = el.closest('[data-column]');
    return column?.getAttribute('data-column') ?? 'unknown';
  });
}

describe("a truck's journey, seen live by two officers and the driver", () => {
  it('issues, calls, finishes and lets the truck out, every screen following without reload', async () => {
    const caller = await officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
    const watcher = await officerPage('manager@example.com', 'demo1234', '/System/manageCalling/1');
    await caller.getByRole('button', { name: 'New ticket' }).waitFor();
    await watcher.getByRole('button', { name: 'New ticket' }).waitFor();

    // Issue a ticket for the standard flow from Manage Calling.
    await caller.getByRole('button', { name: 'New ticket' }).click();
    const dialog = caller.getByRole('dialog');
    await dialog.getByLabel('Queue type').click();
    await caller
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'รับสินค้า' })
      .click();
    await dialog.getByLabel('Product').click();
    await caller.locator('.ant-select-item-option', { hasText: 'กากมัน' }).click();
    await dialog.getByLabel('Plate number', { exact: true }).fill('70-4321');
    await dialog.getByLabel('Province', { exact: true }).click();
    await caller.keyboard.type('khon');
    await caller
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Khon Kaen' })
      .click();
    await dialog.getByRole('button', { name: 'Issue ticket' }).click();
    const queueNumber = (await caller.getByTestId('issued-number').innerText()).trim();
    expect(queueNumber).toMatch(/^B\d{3}$/);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The other officer sees it waiting, without reloading.
    await expect.poll(() => columnOf(watcher, queueNumber), { timeout: 10_000 }).toBe('waiting');

    // The driver opens the ticket's page.
    const uuid = (await cardQueues(caller)).find((q) => q.queue_number === queueNumber)!.uuid;
    const driverContext = await newContext(browser, baseUrl, {
      language: 'en-US',
      viewport: { width: 390, height: 844 },
    });
    contexts.push(driverContext);
    const driver = await driverContext.newPage();
    await driver.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    await driver.goto(`/Queue/data/${uuid}`);
    await expect.poll(() => driver.locator('.qp-number').innerText()).toBe(queueNumber);

    // Call it to a station.
    await queueButton(caller, queueNumber).click();
    const action = caller.getByRole('dialog');
    const stationChoice = action.locator('.ant-radio-button-wrapper').first();
    await stationChoice.click();
    const station = (await stationChoice.innerText()).trim();
    await action.getByRole('button', { name: 'Call', exact: true }).click();
    await expect.poll(() => columnOf(watcher, queueNumber), { timeout: 10_000 }).toBe('inProcess');
    await expect
      .poll(() => driver.locator('.qp-station').innerText(), { timeout: 10_000 })
      .toContain(station);

    // Finish it.
    await expect.poll(() => columnOf(caller, queueNumber)).toBe('inProcess');
    await queueButton(caller, queueNumber).click();
    await caller.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
    const confirm = caller.locator('.ant-modal-confirm, .ant-popconfirm');
    if (await confirm.count())
      await confirm
        .getByRole('button', { name: /Finish|OK|Yes/ })
        .last()
        .click();
    await expect.poll(() => columnOf(watcher, queueNumber), { timeout: 10_000 }).toBeNull();
    await expect
      .poll(() => driver.locator('.qp-status-title').first().innerText(), { timeout: 10_000 })
      .toBe('Finished');

    // The gate records the exit. The truck was never weighed out: the gate asks first, naming it.
    const gate = await officerPage('security@example.com', 'demo1234', '/System/exitFactory');
    await gate.getByLabel('Queue number', { exact: true }).fill(queueNumber);
    await gate.keyboard.press('Enter');
    const ask = gate.locator('.ant-modal-confirm', {
      hasText: `Queue ${queueNumber} has not finished its work`,
    });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('It has not been weighed out');
    expect(await ask.innerText()).not.toContain('It was never called');
    await ask.getByRole('button', { name: 'Let it leave' }).click();
    await expect
      .poll(() =>
        gate.getByText(`The exit of queue number ${queueNumber} from the factory has been recorded`).count(),
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() => driver.locator('.qp-status-title').first().innerText(), { timeout: 10_000 })
      .toBe('You have left the factory');
  });
});
