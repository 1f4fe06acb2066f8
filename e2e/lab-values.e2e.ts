import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dialog, queueButton } from './support/browser.ts';
import { post, freshLicence, signIn, type SignedIn } from './support/demo-plant.ts';
import { issueTicket } from './support/yard-plant.ts';
import { fileBrowser } from './support/file-browser.ts';

/**
 * Lab results with values (issue 20): the demo's cassava type measures starch, moisture and
 * dirt. The lab types them at checkout, sees at once which fail and what they call for; the
 * caller's card shows them, and its recheck dialog comes with the measurement's reason.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
let employee: SignedIn;

beforeAll(async () => {
  employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
});

const officerPage = (email: string, path: string): Promise<Page> =>
  files.officerPage(email, 'demo1234', path);

describe('lab values', () => {
  it('are typed at checkout, judged at once, shown on the card, and propose the recheck with its reason', async () => {
    const licence = freshLicence();
    const ticket = await issueTicket(baseUrl, employee.session, 'A', licence);
    const lab = await signIn(baseUrl, 'lab@example.com', 'demo1234');
    await post(baseUrl, 'process/example/accept', { uuid: ticket.uuid }, lab.session);

    const page = await officerPage('lab@example.com', '/System/manageResultLab');
    const row = page.getByRole('row').filter({ hasText: licence });
    await row.getByRole('button', { name: 'Result ready' }).click();
    const values = dialog(page, `Lab result of queue ${ticket.queue_number}`);
    await values.waitFor();
    // Nothing typed: the dialog asks for each value and records nothing.
    await values.getByRole('button', { name: 'Record result' }).click();
    await values.getByText('Please enter แป้ง').waitFor();
    // A value with too many decimals is refused before it is sent.
    await values.getByLabel('แป้ง (%)').fill('16.55');
    await values.getByText('At most 1 decimal places').waitFor();
    await values.getByLabel('แป้ง (%)').fill('16.5');
    await values.getByLabel('ความชื้น (%)').fill('31');
    await values.getByLabel('ดิน (%)').fill('2.4');
    // Judged as typed: starch fails, so the values call for a recheck.
    await expect.poll(() => values.getByTestId('lab-verdict').innerText()).toContain('call for a recheck');
    expect(await values.getByTestId('lab-verdict').innerText()).toContain('แป้ง 16.5 %');
    await values.getByRole('button', { name: 'Record result' }).click();
    await values.waitFor({ state: 'hidden' });
    const tags = row.getByTestId('lab-values');
    await expect.poll(() => tags.locator('[data-passed="false"]').innerText()).toBe('แป้ง 16.5 %');
    expect(await tags.locator('[data-passed="true"]').allInnerTexts()).toEqual([
      'ความชื้น 31.0 %',
      'ดิน 2.40 %',
    ]);

    // The caller's card shows the values, the failing one marked, and the dialog proposes the recheck.
    const caller = await officerPage('employee@example.com', '/System/manageCalling/1');
    const button = queueButton(caller, ticket);
    await expect
      .poll(() => button.getByTestId('queue-lab').innerText(), { timeout: 10_000 })
      .toContain('✗ แป้ง 16.5 %');
    // The failing value comes first and whole, and the card is the recheck's orange, not the
    // green of a result out (issue 36).
    expect((await button.getByTestId('queue-lab').innerText()).startsWith('✗ แป้ง 16.5 %')).toBe(true);
    expect(await button.getAttribute('class')).toContain('ant-btn-color-orange');
    await button.click();
    const actions = dialog(caller, `Queue ${ticket.queue_number}`);
    await actions.getByTestId('lab-outcome').waitFor();
    expect(await actions.getByTestId('lab-outcome').innerText()).toContain('call for a recheck');
    await actions.getByRole('button', { name: 'Send to recheck' }).click();
    const recheck = dialog(caller, /^Send queue .+ to recheck at /);
    await recheck.waitFor();
    // The measurement's reason is chosen, and the note says which value failed.
    await recheck.locator('.ant-select', { hasText: 'แป้งต่ำกว่าเกณฑ์' }).waitFor();
    expect(await recheck.getByLabel('Note (optional)').inputValue()).toBe('แป้ง 16.5 % (pass ≥ 18.0)');
    await recheck.getByRole('button', { name: 'Send to recheck' }).click();
    await recheck.waitFor({ state: 'hidden' });
    const history = await post<{
      history: { action: string; reason_name: string | null; note: string | null }[];
    }>(baseUrl, 'process/queue/history', { uuid: ticket.uuid }, employee.session);
    expect(history.history.at(-1)).toMatchObject({
      action: 'recheck',
      reason_name: 'แป้งต่ำกว่าเกณฑ์',
      note: 'แป้ง 16.5 % (pass ≥ 18.0)',
    });
  });
});
