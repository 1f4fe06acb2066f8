/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDialog } from './support/browser.ts';
import { freshLicence, signIn, weighInAndOut } from './support/demo-plant.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';
import { issueTicket, labResultOut } from './support/yard-plant.ts';

/**
 * Dialogs taller than an office PC's 1366x768 screen (issue 36): they fit the window, their body
 * scrolls, and their buttons (the footer's, or a form's own under its fields) are always in view,
 * where a click reaches them without scrolling the page.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
const SCREEN = { width: 1366, height: 768 };

/** Why a person cannot click these buttons as the dialog opens: outside the window, or covered. */
async function outOfReach(buttons: Locator[]): Promise<string[]> {
  if (buttons.length === 0) return ['no buttons'];
  const problems: string[] = [];
  for (const button of buttons)
    problems.push(
      ...(await button.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const name = (el.textContent ?? '').trim();
        if (box.top < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth)
          return [`outside the window: ${name} (${Math.round(box.top)}–${Math.round(box.bottom)})`];
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top && el.contains(top) ? [] : [`covered: ${name}`];
      })),
    );
  return problems;
}

/** The footer's buttons of the dialog. */
const footerButtons = (dialog: Locator) => dialog.locator('.ant-modal-footer .ant-btn').all();

/** The dialog's body, scrolled to its end: its last part is in the window then (nothing is cut off). */
async function lastPartReachable(dialog: Locator, selector: string): Promise<boolean> {
  return dialog.evaluate((modal, last) => {
    const body = modal.querySelector<HTMLElement>('.ant-modal-body')!;
    body.scrollTop = body.scrollHeight;
    const parts = modal.querySelectorAll<HTMLElement>(last);
    const box = parts[parts.length - 1]!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

async function officer(email: string, password: string, path: string): Promise<Page> {
  return files.officerPage(email, password, path, { ...ENGLISH, viewport: SCREEN });
}

describe('a dialog taller than a 1366x768 screen', () => {
  it('the lab-flow call dialog on Manage Calling keeps its buttons in view, its sections scrolling', async () => {
    // An admin's dialog of a lab ticket with its result out: the lab's values, every move
    // (call, recheck, reject, void) and the reprint: taller than the window.
    const admin = await signIn(baseUrl, 'officeradmin@example.com', 'demo1234');
    const ticket = await issueTicket(baseUrl, admin.session, 'A', freshLicence());
    await labResultOut(baseUrl, ticket);
    const page = await officer('officeradmin@example.com', 'demo1234', '/System/manageCalling/1');
    await page
      .getByRole('button', { name: new RegExp(`\\b${ticket.queue_number}\\b`) })
      .first()
      .click();
    const dialog = openDialog(page);
    await dialog.getByText('Print the ticket again').waitFor();
    await page.waitForTimeout(400);
    expect(await outOfReach(await footerButtons(dialog))).toEqual([]);
    expect(await lastPartReachable(dialog, '.ant-modal-body .ant-btn')).toBe(true);
    // The footer's Close still closes it.
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("the weighbridge's slip dialog keeps its buttons in view", async () => {
    const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
    const ticket = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
    await weighInAndOut(baseUrl, employee.session, ticket.uuid, { in: 12_300, out: 40_100 });
    const page = await officer('employee@example.com', 'demo1234', '/System/weighing');
    await page.getByTestId(`slip-${ticket.uuid}`).click();
    const dialog = openDialog(page);
    await dialog.getByTestId('slip-image').waitFor();
    await page.waitForTimeout(400);
    expect(await outOfReach(await footerButtons(dialog))).toEqual([]);
    expect(await lastPartReachable(dialog, '.ant-modal-body .ant-btn')).toBe(true);
  });

  it("a form whose buttons sit under its fields keeps them in view too (a display's Edit dialog)", async () => {
    // The display's name, queue types, board and voice settings: over 1,000 px of form.
    const page = await officer('admin@example.com', 'admin1234', '/System/display');
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const dialog = openDialog(page);
    const buttons = [
      dialog.getByRole('button', { name: 'Cancel', exact: true }),
      dialog.getByRole('button', { name: 'Save', exact: true }),
    ];
    await buttons[1]!.waitFor();
    await page.waitForTimeout(400);
    expect(await outOfReach(buttons)).toEqual([]);
  });
  it("a season's dialog keeps Cancel and Save in view, its last field reachable", async () => {
    const page = await officer('manager@example.com', 'demo1234', '/System/seasons');
    await page.getByRole('button', { name: 'Add season' }).first().click();
    const dialog = openDialog(page);
    await dialog.locator('.ant-picker-range').waitFor();
    await page.waitForTimeout(400);
    expect(await outOfReach(await footerButtons(dialog))).toEqual([]);
    expect(await lastPartReachable(dialog, '.ant-modal-body .ant-radio-wrapper')).toBe(true);
  });

  it("the suppliers' import dialog keeps Cancel and Import in view over a long list of problems", async () => {
    const rows = Array.from({ length: 14 }, (_, i) => `FIT-${i},,wrong-kind,12,,,,maybe`);
    const csv = ['code,name,kind,phone,tax_id,leader_code,vehicles,active', ...rows].join('\n');
    const page = await officer('manager@example.com', 'demo1234', '/System/suppliers');
    await page.getByRole('button', { name: 'Import', exact: true }).first().click();
    const dialog = openDialog(page);
    await dialog
      .getByTestId('supplier-import-file')
      .setInputFiles({ name: 'fit.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByTestId('supplier-import-problems').waitFor();
    await page.waitForTimeout(400);
    const buttons = [
      dialog.getByRole('button', { name: 'Cancel', exact: true }),
      dialog.getByRole('button', { name: 'Import', exact: true }),
    ];
    expect(await outOfReach(buttons)).toEqual([]);
    expect(await buttons[1]!.isDisabled()).toBe(true);
  });
});
