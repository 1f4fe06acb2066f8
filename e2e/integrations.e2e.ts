import { createHmac } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { issueAndCall, letOut } from './support/demo-plant.ts';
import type { ErpWebhook } from './support/erp-stand-in.ts';
import { fileBrowser } from './support/file-browser.ts';

/**
 * Issue 42, integration keys: an admin makes a key on the integrations page, copies it from the
 * one dialog that shows it, the integration reads with it, the admin sees that call in the key's
 * calls, and revokes it; the integration is refused from then on. Webhooks: an admin subscribes
 * the ERP (a stand-in the server trusts, e2e/support/erp-stand-in.ts) and a truck's day reaches
 * it signed and in order; while it is down the log shows the refusals, and a replay sends again.
 */

const baseUrl = inject('baseUrl');
const erpUrl = inject('erpUrl');
const erpInbox = inject('erpInbox');
const files = fileBrowser(baseUrl);

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

/** What an ERP does with its key: the day's tickets. */
function readTickets(secret: string) {
  return fetch(`${baseUrl}/api/integration/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ find_start: today, find_finish: today, find_license: '', find_product: 0 }),
  });
}

describe('the integrations page', () => {
  it('makes a key shown once, lists the calls made with it, and revokes it at once', async () => {
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/integrations');
    const name = `SAP goods receipts ${Date.now()}`;
    await page.getByTestId('add-integration-key').click();
    const dialog = page.getByRole('dialog', { name: 'New integration key' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('checkbox', { name: /Read weighings/ }).check();
    await dialog.getByRole('button', { name: 'Make key' }).click();

    // Shown this once, with the warning; the list shows only its id.
    const made = page.getByRole('dialog', { name: `The key of "${name}"` });
    await made.getByText('it is not shown again').waitFor();
    const secret = (await made.getByTestId('integration-secret').innerText()).trim();
    expect(secret).toMatch(/^tqk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    await made.getByRole('button', { name: 'Copied, close' }).click();
    await made.waitFor({ state: 'hidden' });
    const row = page.locator('tr', { hasText: name });
    await row.getByText('Live').waitFor();
    expect(await row.innerText()).toContain(`tqk_${secret.split('_')[1]}_…`);
    expect(await page.locator('body').innerText()).not.toContain(secret);
    expect(await row.innerText()).toContain('Read tickets');
    expect(await row.innerText()).toContain('Read weighings');

    // The integration reads the day's tickets with it.
    const read = await readTickets(secret);
    expect(read.status).toBe(200);

    // Its call is in the key's calls.
    await page.reload();
    await row.getByRole('button', { name: 'Calls' }).click();
    const drawer = page.getByRole('dialog', { name: `Calls made with "${name}"` });
    await drawer.getByText('integration/tickets').waitFor();
    expect(await drawer.locator('.ant-table-row').first().innerText()).toContain('200');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // Revoked: refused at once.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: `Revoke the key "${name}"?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Revoked by');
    expect((await readTickets(secret)).status).toBe(401);
  });
});

/** What the ERP took for one ticket, in the order it came. */
async function erpGot(uuid: string): Promise<ErpWebhook[]> {
  const all = (await (await fetch(`${erpInbox}/received`)).json()) as ErpWebhook[];
  return all.filter((w) => (w.data.ticket as { uuid?: string } | undefined)?.uuid === uuid);
}

const setErp = (state: 'down' | 'up') => fetch(`${erpInbox}/${state}`, { method: 'POST' });

describe('webhooks', () => {
  it("send a truck's day to the ERP signed and in order, and what it missed while down when sent again", async () => {
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/integrations');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const name = `ERP ${Date.now()}`;
    await page.getByTestId('add-webhook').click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Address (https)').fill(erpUrl);
    await dialog.getByRole('checkbox', { name: /Truck called/ }).check();
    await dialog.getByRole('checkbox', { name: /Left the plant/ }).check();
    await dialog.getByRole('button', { name: 'Make webhook' }).click();

    // The signing secret, shown this once.
    const made = page.getByRole('dialog', { name: `The signing secret of "${name}"` });
    const secret = (await made.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await made.getByRole('button', { name: 'Copied, close' }).click();
    const row = page.locator('tr', { hasText: name });
    await row.getByText('Sending').waitFor();

    // A test send says what the ERP answered.
    await row.getByRole('button', { name: 'Send a test' }).click();
    await page.getByText('The test was delivered (HTTP 200').waitFor();

    // A truck's day reaches the ERP, each POST signed with the secret.
    const truck = await issueAndCall(baseUrl);
    await letOut(baseUrl, truck.queueNumber, truck.uuid);
    await expect
      .poll(async () => (await erpGot(truck.uuid)).map((w) => w.type))
      .toEqual(['ticket.issued', 'ticket.called', 'ticket.exited']);
    for (const webhook of await erpGot(truck.uuid)) {
      const expected = createHmac('sha256', secret)
        .update(`${webhook.timestamp}.${webhook.body}`)
        .digest('hex');
      expect(webhook.signature).toBe(`v1=${expected}`);
    }

    // The ERP goes down: the next truck's first event fails and the rest are held behind it.
    const downSince = new Date(Date.now() - 60_000);
    await setErp('down');
    const second = await issueAndCall(baseUrl);
    await page.reload();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to "${name}"` });
    await expect
      .poll(async () => {
        // The log is not live: read again.
        await log.getByTestId('reload-deliveries').click();
        await log.getByTestId('reload-deliveries').and(page.locator(':not(.ant-btn-loading)')).waitFor();
        return log
          .locator('.ant-table-row', { hasText: second.queueNumber })
          .filter({ hasText: 'Ticket issued' })
          .innerText();
      })
      .toContain('HTTP 503');
    expect(await log.locator('.ant-table-row', { hasText: 'Held' }).count()).toBeGreaterThan(0);
    expect(await erpGot(second.uuid)).toEqual([]);

    // It is back: the admin sends again everything since it went down, and it arrives in order.
    await setErp('up');
    const since = log.getByPlaceholder('Select date');
    await since.click();
    // The picker reads the plant PC's clock (the browser's, Asia/Bangkok), Common era in English.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Bangkok',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(downSince)
        .map((p) => [p.type, p.value]),
    );
    await since.fill(`${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`);
    await since.press('Enter');
    await log.getByTestId('replay-since').click();
    await page.getByText(/Sent again: \d+/).waitFor();
    await expect
      .poll(async () => (await erpGot(second.uuid)).map((w) => w.type))
      .toEqual(['ticket.issued', 'ticket.called']);
  });
});
