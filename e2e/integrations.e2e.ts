import { describe, expect, inject, it } from 'vitest';
import { fileBrowser } from './support/file-browser.ts';

/**
 * Issue 42, integration keys: an admin makes a key on the integrations page, copies it from the
 * one dialog that shows it, the integration reads with it, the admin sees that call in the key's
 * calls, and revokes it; the integration is refused from then on.
 */

const baseUrl = inject('baseUrl');
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
