import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDialog as dialog, signInThroughForm } from './support/browser.ts';
import { newIdentity, useIdentity } from './support/devices.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

async function saved(page: Page): Promise<void> {
  await page.getByText('Data saved successfully').last().waitFor();
}

describe('an admin sets up a new queue type and an officer to call it', () => {
  it('creates a product, a queue type, a station and an officer, assigns them, and the officer sees only that', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234');

    // A product.
    await admin.goto('/System/product');
    await admin.getByRole('button', { name: 'Add product' }).click();
    await dialog(admin).getByLabel('Product name').fill('Dried chips E2E');
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);

    // A queue type of the standard flow, offering that product.
    await admin.goto('/System/defineQueue');
    await admin.getByRole('button', { name: 'Add queue type' }).click();
    await dialog(admin).locator('.ant-select').click();
    await admin.locator('.ant-select-item-option', { hasText: 'ส่งสินค้าทั่วไป' }).click();
    await dialog(admin).getByLabel('Prefix').fill('g');
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);
    const typeRow = admin.locator('tr', { hasText: 'ส่งสินค้าทั่วไป' });
    await typeRow.getByRole('button', { name: /Products/ }).click();
    await dialog(admin).getByRole('checkbox', { name: 'Dried chips E2E' }).check();
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);
    await expect.poll(() => typeRow.innerText()).toContain('Dried chips E2E');

    // A station where the standard flow calls trucks.
    await admin.goto('/System/station');
    await admin.getByRole('button', { name: 'Add station' }).click();
    await dialog(admin).getByLabel('Station name').fill('Dock E2E');
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);
    const stationRow = admin.locator('tr', { hasText: 'Dock E2E' });
    await stationRow.getByRole('button', { name: /Set states/ }).click();
    await expect.poll(() => dialog(admin).getByRole('checkbox').count()).toBeGreaterThan(0);
    await (await stateCheckbox(admin, 'Standard', 'Called')).check();
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);

    // An officer of role 55.
    await admin.goto('/System/manageUser');
    await admin.getByRole('button', { name: 'Add user' }).click();
    const form = dialog(admin);
    await form.getByLabel('First name').fill('Kanda');
    await form.getByLabel('Last name').fill('Rakngan');
    await form.getByLabel('Email').fill('kanda.e2e@example.com');
    await form.locator('.ant-select').first().click();
    await admin.locator('.ant-select-item-option', { hasText: /employee/i }).click();
    await form.getByLabel('Password', { exact: true }).fill('kanda-pass-1');
    await form.getByRole('button', { name: /Save|OK/ }).click();
    await saved(admin);

    // The calling controller gives the officer the queue type and the station.
    await admin.goto('/System/calling');
    const officerRow = admin.locator('tr', { hasText: 'kanda.e2e@example.com' });
    await officerRow
      .getByRole('button', { name: /Manage/ })
      .first()
      .click();
    await dialog(admin)
      .getByRole('checkbox', { name: /ส่งสินค้าทั่วไป/ })
      .check();
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);
    await officerRow
      .getByRole('button', { name: /Manage/ })
      .last()
      .click();
    await dialog(admin).getByRole('checkbox', { name: 'Dock E2E' }).check();
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);
    await expect.poll(() => officerRow.innerText()).toContain('Dock E2E');

    // The officer signs in: dashboard, calling and weighing only, with that queue type's card.
    const officer = await files.page(ENGLISH);
    await signInThroughForm(officer, 'kanda.e2e@example.com', 'kanda-pass-1');
    await officer.locator('aside [data-menu-id$="/System/dashboard"]').waitFor();
    const ids = await officer
      .locator('aside [data-menu-id]')
      .evaluateAll((items) =>
        items.map((i) => (i.getAttribute('data-menu-id') ?? '').replace(/^.*?-\//, '/')),
      );
    expect(ids).toEqual([
      '/System/dashboard',
      '/System/alerts',
      '/System/manageCalling/1',
      '/System/manageCalling/3',
      '/System/weighing',
      '/authen/logout',
    ]);
    await officer.goto('/System/manageCalling/1');
    await officer.getByText('ส่งสินค้าทั่วไป').first().waitFor();
    expect(await officer.getByText('รับสินค้า', { exact: true }).count()).toBe(0);
  });
});

/** The checkbox of a state in the station-states dialog, found by its flow group and state name. */
async function stateCheckbox(page: Page, flow: string, state: string) {
  const boxes = dialog(page).getByRole('checkbox', { name: new RegExp(state) });
  const count = await boxes.count();
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    const group = await box.evaluate(
      (el) => el.closest('[data-flow], fieldset, .ant-card, .ant-collapse-item, section')?.textContent ?? '',
    );
    if (group.includes(flow)) return box;
  }
  return boxes.first();
}

describe('an admin registers a display screen', () => {
  it('types the id the screen shows; the row turns from waiting to verified by itself once the screen makes contact', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/display');
    await admin.getByRole('button', { name: 'Add display screen' }).click();
    await dialog(admin).getByLabel('Display screen name').fill('Screen E2E');
    await dialog(admin)
      .getByRole('button', { name: /Save|OK/ })
      .click();
    await saved(admin);

    // The screen, still unregistered, shows its id in two groups of four.
    const identity = newIdentity();
    const screenContext = await files.context({ language: 'en-US' });
    const screen = await screenContext.newPage();
    await useIdentity(screen, 'display', identity);
    await screen.goto('/DisplayManage');
    const shown = await screen.getByTestId('device-id').innerText();
    expect(shown.replace(/\s/g, '')).toBe(identity.id);
    await screen.close();

    const row = admin.locator('tr', { hasText: 'Screen E2E' });
    await row.getByRole('button', { name: 'Register' }).click();
    await dialog(admin).getByLabel('Device ID').fill(shown.toLowerCase());
    await dialog(admin).getByRole('button', { name: 'Register' }).click();
    await saved(admin);
    await row.getByText('Waiting for the device').waitFor();

    // The screen comes back: its first contact verifies it, and the controller shows it live.
    const again = await screenContext.newPage();
    await again.goto('/DisplayManage');
    await row.getByText('Verified').waitFor({ timeout: 10_000 });
    await expect.poll(() => again.getByTestId('device-id').count()).toBe(0);
  });
});
