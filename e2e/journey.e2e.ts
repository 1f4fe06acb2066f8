import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { cardQueues, queueButton, queueColumn } from './support/browser.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
/** The plate the officer types, as the ticket holds it (Khon Kaen picked as its province). */
const PLATE = '70-4321 ขอนแก่น';
const files = fileBrowser(baseUrl);

/** The text of the driver's page's first `selector`, '' while there is none (never waits for one). */
const textOf = (page: Page, selector: string): Promise<string> =>
  page.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText ?? '', selector);

describe("a truck's journey, seen live by two officers and the driver", () => {
  it('issues, calls, finishes and lets the truck out, every screen following without reload', async () => {
    const caller = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
    const watcher = await files.officerPage('manager@example.com', 'demo1234', '/System/manageCalling/1');
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
    await dialog.getByLabel('Plate number', { exact: true }).fill(PLATE.split(' ')[0]!);
    await dialog.getByLabel('Province', { exact: true }).click();
    await caller.keyboard.type('khon');
    await caller
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Khon Kaen' })
      .click();
    await dialog.getByRole('button', { name: 'Issue ticket' }).click();
    const queueNumber = (await caller.getByTestId('issued-number').innerText()).trim();
    expect(queueNumber).toMatch(/^B\d{3}$/);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // Its uuid names it alone: a truck of yesterday still inside may hold the same number.
    const ticket = (await cardQueues(caller)).find(
      (q) => q.queue_number === queueNumber && q.truck_license === PLATE,
    )!;
    const { uuid } = ticket;

    // The other officer sees it waiting, without reloading.
    await expect.poll(() => queueColumn(watcher, ticket), { timeout: 10_000 }).toBe('waiting');

    // The driver opens the ticket's page.
    const driver = await files.page({ ...ENGLISH, viewport: { width: 390, height: 844 } });
    await driver.goto(`/Queue/data/${uuid}`);
    await expect.poll(() => textOf(driver, '.qp-number')).toBe(queueNumber);

    // Call it to a station.
    await queueButton(caller, ticket).click();
    const action = caller.getByRole('dialog');
    const stationChoice = action.locator('.ant-radio-button-wrapper').first();
    await stationChoice.click();
    const station = (await stationChoice.innerText()).trim();
    await action.getByRole('button', { name: 'Call', exact: true }).click();
    await expect.poll(() => queueColumn(watcher, ticket), { timeout: 10_000 }).toBe('inProcess');
    await expect.poll(() => textOf(driver, '.qp-station'), { timeout: 10_000 }).toContain(station);

    // Finish it.
    await expect.poll(() => queueColumn(caller, ticket)).toBe('inProcess');
    await queueButton(caller, ticket).click();
    await caller.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
    // Finishing asks first, naming the truck: a slip of the mouse finishes nothing.
    const confirm = caller.locator('.ant-popconfirm:visible');
    await confirm.getByText(`Finish queue ${queueNumber}`).waitFor();
    await confirm.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => queueColumn(watcher, ticket), { timeout: 10_000 }).toBeNull();
    await expect.poll(() => textOf(driver, '.qp-status-title'), { timeout: 10_000 }).toBe('Finished');

    // The gate records the exit. The truck was never weighed out: the gate asks first, naming it.
    const gate = await files.officerPage('security@example.com', 'demo1234', '/System/exitFactory');
    await gate.getByLabel('Queue number', { exact: true }).fill(queueNumber);
    await gate.keyboard.press('Enter');
    // When a truck of yesterday still inside holds the same number, the gate asks which one.
    const chooser = gate.locator('.truck-chooser .ant-modal');
    const ask = gate.locator('.ant-modal-confirm', {
      hasText: `Queue ${queueNumber} has not finished its work`,
    });
    await chooser.or(ask).first().waitFor();
    if (await chooser.isVisible()) await chooser.getByRole('button', { name: new RegExp(PLATE) }).click();
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
      .poll(() => textOf(driver, '.qp-status-title'), { timeout: 10_000 })
      .toBe('You have left the factory');
  });
});
