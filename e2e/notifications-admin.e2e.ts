import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { post } from './support/demo-plant.ts';
import { adminSession } from './support/devices.ts';
import { issueDriverTicket } from './support/driver-phone.ts';
import { ENGLISH, fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

afterAll(async () => {
  // Other files share this server: the branch gets its defaults back (no notice, 90 and 365 days).
  await post(
    baseUrl,
    'admin/saveNotifySettings',
    { privacy_notice: '', contact_retention_days: 90, plate_retention_days: 365 },
    await adminSession(baseUrl),
  );
});

const adminPage = (language: 'en' | 'th'): Promise<Page> =>
  files.officerPage('admin@example.com', 'admin1234', undefined, language === 'en' ? ENGLISH : THAI);

const NOTICE =
  'We keep your LINE id and browser address only to tell you about your queue.\nAsk the office to erase them.';

/** What the driver's page is told before he subscribes. */
async function driverOptions(uuid: string) {
  const { options } = await post<{ options: { privacy_notice: string; retention_days: number } }>(
    baseUrl,
    'process/user/notifyOptions',
    { queue_number_id: uuid },
  );
  return options;
}

describe("the admins' Driver notifications page", () => {
  it('keeps the privacy notice and the retention periods it saves, and the driver is shown the notice', async () => {
    const page = await adminPage('en');
    await page.goto('/System/notifications');
    const settings = page.getByTestId('notify-settings');
    const notice = settings.getByLabel('Privacy notice');
    const contact = settings.getByLabel("Keep drivers' contact data for");
    const plates = settings.getByLabel('Anonymise licence plates after');
    await notice.waitFor();
    // The branch's defaults, and no LINE account on this server: the page names what to set.
    expect(await notice.inputValue()).toBe('');
    expect(await contact.inputValue()).toBe('90');
    expect(await plates.inputValue()).toBe('365');
    await expect.poll(() => page.getByTestId('line-status').innerText()).toBe('Not connected');
    const channels = await page.getByTestId('notify-channels').innerText();
    expect(channels).toContain('LINE_CHANNEL_SECRET');
    expect(channels).toContain('LINE_CHANNEL_ACCESS_TOKEN');
    // This month and the two before, this one first and marked; nothing failed yet.
    const months = page.getByTestId('notify-months').locator('tbody tr.ant-table-row');
    await expect.poll(() => months.count()).toBe(3);
    expect(await months.first().getAttribute('data-current')).toBe('true');
    expect(await months.first().innerText()).toContain('This month');
    expect(await page.getByTestId('notify-failures').innerText()).toContain('No failed messages');

    await notice.fill(NOTICE);
    await contact.fill('30');
    await plates.fill('400');
    await settings.getByTestId('notify-settings-save').click();
    await page.getByText('Data saved successfully').last().waitFor();

    await page.reload();
    await notice.waitFor();
    expect(await notice.inputValue()).toBe(NOTICE);
    expect(await contact.inputValue()).toBe('30');
    expect(await plates.inputValue()).toBe('400');

    // The driver's page reads the new notice and the new period before he subscribes.
    const ticket = await issueDriverTicket(baseUrl);
    const options = await driverOptions(ticket.uuid);
    expect(options.privacy_notice).toBe(NOTICE);
    expect(options.retention_days).toBe(30);
  });

  it('refuses an empty period in the form, in Thai, and saves nothing', async () => {
    const page = await adminPage('th');
    await page.goto('/System/notifications');
    const settings = page.getByTestId('notify-settings');
    const contact = settings.getByLabel('เก็บข้อมูลการติดต่อของคนขับ');
    await contact.waitFor();
    const before = await contact.inputValue();
    await contact.fill('');
    await settings.getByTestId('notify-settings-save').click();
    await settings.getByText('กรุณาระบุจำนวนวัน (1–3650)').waitFor();
    await page.reload();
    await contact.waitFor();
    expect(await contact.inputValue()).toBe(before);
  });
});
