import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RECALL_GUARD_MS } from '@truck-queue/shared/queue/decide';
import { cardQueues, closeDialogs, dialog, queueButton, queueColumn } from './support/browser.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';
import { freshLicence, signIn, type SignedIn } from './support/demo-plant.ts';
import { issueTicket, labResultOut, secondLabType } from './support/yard-plant.ts';

/**
 * The yard's everyday moves as the plant's officers make them (issue 14): recheck and reject
 * with a reason, no-show after the recalls, transfer to another queue type, the admin's void,
 * and a ticket's history, from the calling cards to the reports and the driver's page.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
let employee: SignedIn;
let caller: Page;

beforeAll(async () => {
  // A second lab-flow queue type, called by the employee and the admin: where a lab ticket can move.
  await secondLabType(baseUrl, ['employee@example.com', 'admin@example.com']);
  employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  caller = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
});

/** Picks a reason from the dialog's list (the branch's Thai defaults). */
async function chooseReason(page: Page, ask: Locator, reason: string): Promise<void> {
  await ask.waitFor();
  const chosen = ask.locator('.ant-select', { hasText: reason });
  // A click during the dialog's opening animation may close the list it opens, and a slow
  // machine makes that likelier: try again until the select shows the reason.
  for (let attempt = 0; attempt < 5 && (await chosen.count()) === 0; attempt++) {
    await page.waitForTimeout(400);
    await ask.getByLabel('Reason', { exact: true }).click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: reason });
    // Not shown: the list closed again; the next attempt opens it anew.
    await option
      .first()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
  }
  await chosen.waitFor({ timeout: 5_000 });
}

/**
 * The tickets (uuids) of the waiting column of the card that holds the ticket, in line order: not
 * their numbers, which a demo truck left inside from an earlier plant day may share.
 */
async function waitingLineOf(page: Page, ticket: { uuid: string }): Promise<string[]> {
  return queueButton(page, ticket).evaluate((el) => {
    const card = el.closest('.ant-card');
    const buttons = card?.querySelectorAll('[data-column="waiting"] button[data-queue]') ?? [];
    return [...buttons].map((b) => b.getAttribute('data-queue') ?? '');
  });
}

/** The actions a history drawer lists, oldest first. */
const historyActions = (page: Page) =>
  page
    .getByTestId('queue-history')
    .locator('[data-action]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-action')));

describe('the yard’s moves, made by the officers', () => {
  it('sends a load to recheck and rejects it, each with a reason the card, the driver, the report and the history show', async () => {
    const licence = freshLicence();
    const ticket = await issueTicket(baseUrl, employee.session, 'A', licence);
    await labResultOut(baseUrl, ticket);
    const number = ticket.queue_number;

    // Recheck: the station is the employee's only recheck point; the reason is asked.
    await queueButton(caller, ticket).click();
    await dialog(caller, `Queue ${number}`).getByRole('button', { name: 'Send to recheck' }).click();
    const recheck = dialog(caller, /^Send queue .+ to recheck at /);
    await chooseReason(caller, recheck, 'ความชื้นสูง');
    await recheck.getByLabel('Note (optional)').fill('38% moisture');
    await recheck.getByRole('button', { name: 'Send to recheck' }).click();
    await expect
      .poll(() => queueButton(caller, ticket).innerText(), { timeout: 10_000 })
      .toContain('ความชื้นสูง');

    // The driver's page says why.
    const driver = await files.page({ ...ENGLISH, viewport: { width: 390, height: 844 } });
    await driver.goto(`/Queue/data/${ticket.uuid}`);
    await expect.poll(() => driver.locator('.qp-reason').innerText()).toBe('Reason: ความชื้นสูง');

    // Reject, with a reason and a note: the truck leaves the cards.
    await queueButton(caller, ticket).click();
    await dialog(caller, `Queue ${number}`).getByRole('button', { name: 'Reject' }).click();
    const reject = dialog(caller, `Reject queue ${number}?`);
    // No reason, no reject.
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('Please choose a reason').waitFor();
    await chooseReason(caller, reject, 'สิ่งเจือปนเกิน');
    await reject.getByLabel('Note (optional)').fill('sand in the load');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => queueButton(caller, ticket).count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => driver.locator('.qp-reason').innerText(), { timeout: 10_000 })
      .toBe('Reason: สิ่งเจือปนเกิน');

    // The in/out report shows the state and the reason with its note.
    const manager = await files.officerPage('manager@example.com', 'demo1234', '/Report/inoutTransaction');
    await manager.getByTestId('inout-count').waitFor();
    await manager.getByLabel('Truck licence').fill(licence);
    await manager.getByRole('button', { name: 'View report' }).click();
    const row = manager.locator('.ant-table-tbody tr.ant-table-row', { hasText: number });
    await expect.poll(() => row.innerText()).toContain('สิ่งเจือปนเกิน — sand in the load');
    expect(await row.innerText()).toContain('Rejected');

    // Its history, from the report's row: every move, with who and why.
    await row.getByRole('button', { name: `History of queue ${number}` }).click();
    await expect
      .poll(() => historyActions(manager))
      .toEqual(['issue', 'accept', 'complete', 'recheck', 'reject']);
    const history = await manager.getByTestId('queue-history').innerText();
    expect(history).toContain('Reason: ความชื้นสูง — 38% moisture');
    expect(history).toContain('Reason: สิ่งเจือปนเกิน — sand in the load');
    expect(history).toContain('สมชาย');
  });

  it('marks a truck that does not come after three recalls as a no-show: back to the end of its line', async () => {
    const late = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
    const next = await issueTicket(baseUrl, employee.session, 'B', freshLicence());

    // Called to a station, then called again three times (each after the recall guard).
    await queueButton(caller, late).click();
    const action = dialog(caller, `Queue ${late.queue_number}`);
    // A click during the dialog's opening animation may not pick the station: click until it is.
    const station = action.locator('.ant-radio-button-wrapper').first();
    await expect
      .poll(
        async () => {
          await station.click();
          return station.getAttribute('class');
        },
        { timeout: 10_000 },
      )
      .toContain('ant-radio-button-wrapper-checked');
    await action.getByRole('button', { name: 'Call', exact: true }).click();
    await expect.poll(() => queueColumn(caller, late), { timeout: 10_000 }).toBe('inProcess');
    for (let recall = 1; recall <= 3; recall++) {
      // No-show is offered only after the third recall.
      await queueButton(caller, late).click();
      await action.getByRole('button', { name: 'Call again' }).waitFor();
      expect(await action.getByRole('button', { name: 'No-show' }).count()).toBe(0);
      await caller.waitForTimeout(RECALL_GUARD_MS + 500);
      await action.getByRole('button', { name: 'Call again' }).click();
      await expect
        .poll(() => queueButton(caller, late).innerText(), { timeout: 10_000 })
        .toContain(`Recalled ${recall}×`);
    }

    // The confirmation says what the branch's rule does.
    await queueButton(caller, late).click();
    await action.getByRole('button', { name: 'No-show' }).click();
    const confirm = caller.locator('.ant-modal-confirm');
    await confirm.getByText('goes back to waiting at the end of its line').waitFor();
    await confirm.getByRole('button', { name: 'No-show' }).click();

    await expect.poll(() => queueColumn(caller, late), { timeout: 10_000 }).toBe('waiting');
    const line = await waitingLineOf(caller, late);
    expect(line.at(-1)).toBe(late.uuid);
    expect(line.indexOf(next.uuid)).toBeGreaterThanOrEqual(0);
    expect(line.indexOf(next.uuid)).toBeLessThan(line.indexOf(late.uuid));
  }, 150_000);

  it('moves a waiting lab ticket to the other lab queue type; the card shows the new number and the old', async () => {
    const ticket = await issueTicket(baseUrl, employee.session, 'A', freshLicence());

    // Before its sample is taken there is nothing to call, but the ticket can still move.
    await queueButton(caller, ticket).click();
    const action = dialog(caller, `Queue ${ticket.queue_number}`);
    await action.getByText(/sample of this truck has not been collected/).waitFor();
    await action.getByRole('button', { name: 'Move', exact: true }).click();
    const move = dialog(caller, `Move queue ${ticket.queue_number} to another queue type`);
    await move.getByRole('button', { name: 'Move queue' }).click();

    let moved = '';
    await expect
      .poll(
        async () => {
          moved = (await cardQueues(caller)).find((q) => q.uuid === ticket.uuid)?.queue_number ?? '';
          return moved;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^S\d{3}$/);
    await expect
      .poll(() => queueButton(caller, ticket).innerText(), { timeout: 10_000 })
      .toContain(`was ${ticket.queue_number}`);

    // The dialog's title carries both numbers; its history, the move.
    await queueButton(caller, ticket).click();
    const movedDialog = dialog(caller, `Queue ${moved} (was ${ticket.queue_number})`);
    await movedDialog.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => historyActions(caller)).toEqual(['issue', 'transfer']);
    expect(await caller.getByTestId('queue-history').innerText()).toContain(
      `Number ${ticket.queue_number} → ${moved}`,
    );
    await closeDialogs(caller);
  });

  it('lets an admin void a ticket issued by mistake: it leaves the lists and the report counts it apart', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/manageCalling/1');
    const adminApi = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    const licence = freshLicence();
    const ticket = await issueTicket(baseUrl, adminApi.session, 'B', licence);

    // An officer who is no admin is not offered the void.
    await queueButton(caller, ticket).click();
    await dialog(caller, `Queue ${ticket.queue_number}`).getByText('Call to a station').waitFor();
    expect(
      await dialog(caller, `Queue ${ticket.queue_number}`).getByRole('button', { name: 'Void' }).count(),
    ).toBe(0);
    await caller.keyboard.press('Escape');

    await queueButton(admin, ticket).click();
    await dialog(admin, `Queue ${ticket.queue_number}`).getByRole('button', { name: 'Void' }).click();
    const ask = dialog(admin, `Void ticket ${ticket.queue_number}?`);
    await chooseReason(admin, ask, 'ออกบัตรซ้ำ');
    await ask.getByRole('button', { name: 'Void ticket' }).click();

    await expect.poll(() => queueButton(admin, ticket).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => queueButton(caller, ticket).count(), { timeout: 10_000 }).toBe(0);

    await admin.goto('/Report/inoutTransaction');
    await admin.getByTestId('inout-count').waitFor();
    await expect.poll(() => admin.getByTestId('inout-voided').innerText()).toBe('Voided: 1');
    await admin.getByLabel('Truck licence').fill(licence);
    await admin.getByRole('button', { name: 'View report' }).click();
    await admin.getByText('No data found').waitFor();
  });
});
