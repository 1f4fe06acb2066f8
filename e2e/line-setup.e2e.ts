import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { QUEUE_STATES } from '@truck-queue/shared/queue/queue-machine';
import { closeDialogs, dialog as titled, openDialog as dialog, queueButton } from './support/browser.ts';
import { post, freshLicence, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { issueTicket, labResultOut, secondLabType } from './support/yard-plant.ts';

/**
 * Setting up a line (issue 36): products and stations created from the dialogs that need them,
 * reasons narrowed to queue types, station states named in words, a scale's station list of
 * weighbridges only.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
const unique = () => Math.random().toString(36).slice(2, 7);

async function saved(page: Page): Promise<void> {
  await page.getByText('Data saved successfully').last().waitFor();
}

/** The options an open select's drop-down lists. */
async function optionsOf(page: Page): Promise<string[]> {
  const list = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await list.first().waitFor();
  return list.allInnerTexts();
}

describe('products and stations created from where they are needed', () => {
  it("adds a product in a queue type's products dialog: created and ticked, then saved with the others", async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/defineQueue');
    const row = admin
      .locator('tbody tr')
      .filter({ has: admin.getByRole('button', { name: /Products/ }) })
      .first();
    await row.getByRole('button', { name: /Products/ }).click();
    const products = dialog(admin);
    await products.getByRole('checkbox').first().waitFor();
    const before = await products.getByRole('checkbox').count();
    await products.getByRole('button', { name: 'Add a new product' }).click();
    // A name the branch already has is refused in the dialog.
    const existing = (await products.locator('.ant-checkbox-wrapper').first().innerText()).trim();
    await products.getByLabel('Product name').fill(existing);
    await products.getByLabel('Product name').press('Enter');
    await products.getByRole('alert').filter({ hasText: 'already' }).waitFor();

    const name = `มันเส้น ${unique()}`;
    await products.getByLabel('Product name').fill(name);
    await products.getByLabel('Product name').press('Enter');
    const added = products.getByRole('checkbox', { name });
    await expect.poll(() => added.isChecked()).toBe(true);
    expect(await products.getByRole('checkbox').count()).toBe(before + 1);
    await products.getByRole('button', { name: /Save|OK/ }).click();
    await saved(admin);
    await expect.poll(() => row.innerText()).toContain(name);

    // Left as found for the files after this one, which issue this type's first product.
    await row.getByRole('button', { name: /Products/ }).click();
    await dialog(admin).getByRole('checkbox', { name }).uncheck();
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await expect.poll(() => row.innerText()).not.toContain(name);
  });

  it("adds a station in the calling controller's station dialog: created, ticked and assigned", async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/calling');
    const officerRow = admin.locator('tr', { hasText: 'officeradmin@example.com' });
    await officerRow
      .getByRole('button', { name: /Manage/ })
      .last()
      .click();
    const stations = dialog(admin);
    await stations.getByRole('button', { name: 'Add a new station' }).click();
    // It says what the new station still needs before trucks are called to it.
    await stations.getByText('handles no state yet').waitFor();
    const name = `ลานเท ${unique()}`;
    await stations.getByLabel('Station name').fill(name);
    await stations.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => stations.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await stations.getByRole('button', { name: /Save|OK/ }).click();
    await saved(admin);
    await expect.poll(() => officerRow.innerText()).toContain(name);

    // It is a station of the branch like any other.
    await admin.goto('/System/station');
    await admin.locator('tr', { hasText: name }).waitFor();
  });
});

describe("a station's states", () => {
  it('are named in Thai on the station page and in its states dialog, never by their codes', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/station', THAI);
    const codes = new RegExp(`\\((${QUEUE_STATES.join('|')})\\)`);
    const row = admin.locator('tr', { hasText: 'ลานเทมัน 1' });
    await expect.poll(() => row.innerText()).toContain('เรียกแล้ว');
    expect(await row.innerText()).not.toMatch(codes);
    // The demo's weighbridge says it is one.
    await expect.poll(() => admin.locator('tr', { hasText: 'ตาชั่งรถบรรทุก' }).innerText()).toContain('ตาชั่ง');

    await row.getByRole('button', { name: 'กำหนดสถานะ' }).click();
    const states = dialog(admin);
    await states.getByRole('checkbox', { name: 'เรียกแล้ว' }).first().waitFor();
    const text = await states.innerText();
    for (const name of ['รอคิว', 'รับตัวอย่างแล้ว', 'ผลแล็บออกแล้ว', 'ตรวจซ้ำ', 'เสร็จสิ้น'])
      expect(text).toContain(name);
    expect(text).not.toMatch(codes);
    await closeDialogs(admin);
  });
});

describe("a scale's station", () => {
  it('is chosen among weighbridge stations only, and a new one is added from the scale’s form', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/weighbridge');
    await admin.getByRole('button', { name: 'Add scale' }).click();
    const form = dialog(admin);
    await form.getByTestId('scale-station').click();
    // The demo's weighbridge, not its tipping bays, loading bays or front desk.
    expect(await optionsOf(admin)).toEqual(['ตาชั่งรถบรรทุก']);
    await admin.keyboard.press('Escape');

    const name = `ตาชั่งขาออก ${unique()}`;
    await form.getByRole('button', { name: 'Add a new weighbridge station' }).click();
    await form.getByLabel('Station name').fill(name);
    await form.getByLabel('Station name').press('Enter');
    await expect.poll(() => form.getByTestId('scale-station').innerText()).toContain(name);
    await closeDialogs(admin);
  });

  it('says so when the branch has no weighbridge station, and points to the station page', async () => {
    // The branch's weighbridges are unmarked for the test, and marked again after it.
    const { session } = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    type Station = { uuid: string; name: string; weighbridge: boolean };
    const { station } = await post<{ station: Station[] }>(baseUrl, 'station/mainStation', {}, session);
    const weighbridges = station.filter((s) => s.weighbridge);
    const mark = (weighbridge: boolean) =>
      Promise.all(
        weighbridges.map((s) =>
          post(baseUrl, 'station/doMainStation', { uuid: s.uuid, name: s.name, weighbridge }, session),
        ),
      );
    await mark(false);
    try {
      const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/weighbridge');
      await admin.getByRole('button', { name: 'Add scale' }).click();
      const form = dialog(admin);
      await form.getByText('This branch has no weighbridge station yet').waitFor();
      expect(await form.getByTestId('scale-station').innerText()).toContain('No weighbridge station yet');
      await form.getByRole('link', { name: 'Go to Stations' }).click();
      await admin.waitForURL(/\/System\/station$/);
    } finally {
      await mark(true);
    }
  });
});

describe('reasons per queue type', () => {
  it("names the queue types a narrowed reason is for, and leaves it out of another type's truck's dialog", async () => {
    const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    const sugar = await secondLabType(baseUrl, ['admin@example.com']);
    const name = `อ้อยไฟไหม้ ${unique()}`;
    // Last in the reject list (sort 990), for the second lab type only.
    await post(
      baseUrl,
      'admin/yard/saveReason',
      { kind: 'reject', name, active: true, sort: 990, queue_type_ids: [sugar.id] },
      admin.session,
    );

    // The yard rules page says which queue types it is for.
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/yardRules');
    await expect
      .poll(() => page.getByTestId('reasons-reject').locator('tr', { hasText: name }).innerText())
      .toContain(`Only: ${sugar.name}`);

    // A cassava truck's reject dialog lists the branch's reasons for every type, not this one.
    const ticket = await issueTicket(baseUrl, admin.session, 'A', freshLicence());
    await labResultOut(baseUrl, ticket);
    await page.goto('/System/manageCalling/1');
    await queueButton(page, ticket).click();
    await titled(page, `Queue ${ticket.queue_number}`).getByRole('button', { name: 'Reject' }).click();
    const reject = titled(page, `Reject queue ${ticket.queue_number}?`);
    await reject.getByLabel('Reason', { exact: true }).click();
    const offered = await optionsOf(page);
    expect(offered).toContain('สิ่งเจือปนเกิน');
    expect(offered).not.toContain(name);
    await closeDialogs(page);
  });
});
