/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { RECALL_GUARD_MS } from '@truck-queue/shared/queue/decide';
import { signInDirect } from './support/browser.ts';
import { freshLicence, signIn } from './support/demo-plant.ts';
import { OUT, preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';
import {
  cardTicket,
  firstReason,
  issueTicket,
  labResultOut,
  secondLabType,
  setNoShowRule,
  setReasonActive,
  staffEvent,
} from './support/yard-plant.ts';

/** The words the shots click, as the screens say them. */
const TEXT = {
  th: {
    queue: 'คิว',
    recheck: 'ส่งตรวจซ้ำ',
    reject: 'ตีกลับ',
    noShow: 'ไม่มาตามเรียก',
    move: 'ย้ายประเภทคิว',
    void: 'ยกเลิกบัตร',
    history: 'ประวัติ',
    reason: 'เหตุผล',
    note: 'หมายเหตุ (ไม่บังคับ)',
    noteText: 'วัดความชื้นได้ 38%',
    voidNote: 'ออกบัตรซ้ำที่ตู้ประตู 1',
  },
  en: {
    queue: 'Queue',
    recheck: 'Send to recheck',
    reject: 'Reject',
    noShow: 'No-show',
    move: 'Move',
    void: 'Void',
    history: 'History',
    reason: 'Reason',
    note: 'Note (optional)',
    noteText: '38% moisture measured',
    voidNote: 'Issued twice at kiosk 1',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The tickets the shots open, each in the state its dialog needs. */
interface YardTickets {
  /** Lab result out: recheck and reject. */
  decided: string;
  /** Waiting for its sample: transfer and void. */
  waiting: string;
  /** Called and recalled once, under a one-recall rule: the no-show confirmation. */
  late: string;
  /** Issued, moved to another type, sampled, sent to recheck with a reason: a full history. */
  story: string;
}

async function prepareTickets(baseUrl: string): Promise<YardTickets> {
  const sugar = await secondLabType(baseUrl, ['employee@example.com', 'admin@example.com']);
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');

  const decided = await issueTicket(baseUrl, employee.session, 'A', freshLicence());
  await labResultOut(baseUrl, decided);
  const waiting = await issueTicket(baseUrl, employee.session, 'A', freshLicence());

  await setNoShowRule(baseUrl, 1, 'requeue');
  const late = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
  const lateCard = await cardTicket(baseUrl, employee.session, late.uuid);
  await staffEvent(baseUrl, employee, 'doCalling', lateCard._id, lateCard.callStation);

  const story = await issueTicket(baseUrl, employee.session, 'A', freshLicence());
  await staffEvent(
    baseUrl,
    employee,
    'doTransfer',
    (await cardTicket(baseUrl, employee.session, story.uuid))._id,
    sugar.id,
  );
  const moved = await cardTicket(baseUrl, employee.session, story.uuid);
  await labResultOut(baseUrl, { queue_number: moved.queue_number, uuid: story.uuid });
  await staffEvent(baseUrl, employee, 'doRecheck', moved._id, moved.recheckStation, {
    reason_id: await firstReason(baseUrl, employee.session, 'recheck'),
    note: 'ความชื้น 38%',
  });

  // The recall, once the guard since the first call has passed.
  await new Promise((resolve) => setTimeout(resolve, RECALL_GUARD_MS + 500));
  await staffEvent(baseUrl, employee, 'doCalling', lateCard._id, lateCard.callStation);
  return {
    decided: decided.queue_number,
    waiting: waiting.queue_number,
    late: late.queue_number,
    story: moved.queue_number,
  };
}

/** The dialog on top (antd keeps closed ones in the page, hidden). */
const topDialog = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal').last();

async function openQueue(page: Page, language: Language, queueNumber: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${TEXT[language].queue} ${queueNumber}[, ]`) }).click();
  const dialog = topDialog(page);
  await dialog.waitFor();
  return dialog;
}

/** Closes every open dialog and drawer, top first. */
async function closeAll(page: Page): Promise<void> {
  const open = page.locator('.ant-modal-wrap:visible, .ant-drawer-open');
  while ((await open.count()) > 0) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

/** Picks the list's first reason and writes a note, as an officer would before sending. */
async function fillReason(page: Page, language: Language, note: string): Promise<void> {
  const ask = topDialog(page);
  // Let the dialog finish opening: a click during its animation may close the list it opens.
  await page.waitForTimeout(400);
  await ask.getByLabel(TEXT[language].reason, { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await option.waitFor();
  await option.click();
  await ask.getByLabel(TEXT[language].note).fill(note);
}

/**
 * The yard's moves (issue 14): the recheck, reject and void reason dialogs, the no-show
 * confirmation, the transfer dialog, a ticket's history and the admin's Yard rules page, in
 * Thai and English, light and dark. Runs after the other screens: it adds a queue type.
 */
export async function shootYardScreens(browser: Browser, baseUrl: string): Promise<void> {
  const tickets = await prepareTickets(baseUrl);
  try {
    for (const language of ['th', 'en'] as const satisfies Language[]) {
      const text = TEXT[language];
      for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode);
        await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
        await page.goto('/System/manageCalling/1');

        await (
          await openQueue(page, language, tickets.decided)
        )
          .getByRole('button', { name: text.recheck })
          .click();
        await fillReason(page, language, text.noteText);
        await shoot(page, `yard-recheck-reason-${suffix}`);
        await closeAll(page);

        await (
          await openQueue(page, language, tickets.decided)
        )
          .getByRole('button', { name: text.reject })
          .click();
        await fillReason(page, language, text.noteText);
        await shoot(page, `yard-reject-reason-${suffix}`);
        await closeAll(page);

        await (
          await openQueue(page, language, tickets.late)
        )
          .getByRole('button', { name: text.noShow })
          .click();
        await page.locator('.ant-modal-confirm').waitFor();
        await shoot(page, `yard-no-show-confirm-${suffix}`);
        await closeAll(page);

        await (
          await openQueue(page, language, tickets.waiting)
        )
          .getByRole('button', { name: text.move, exact: true })
          .click();
        await topDialog(page).locator('.ant-select').waitFor();
        await shoot(page, `yard-transfer-${suffix}`);
        await closeAll(page);

        await (
          await openQueue(page, language, tickets.story)
        )
          .getByRole('button', { name: text.history })
          .click();
        await page.getByTestId('queue-history').locator('[data-action="recheck"]').waitFor();
        await shoot(page, `yard-history-${suffix}`);
        await closeAll(page);

        await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
        await page.goto('/System/manageCalling/1');
        await (
          await openQueue(page, language, tickets.waiting)
        )
          .getByRole('button', { name: text.void })
          .click();
        await fillReason(page, language, text.voidNote);
        await shoot(page, `yard-void-${suffix}`);
        await page.context().close();
      }
    }
  } finally {
    await setNoShowRule(baseUrl, 3, 'requeue');
  }

  // The admin's page with the default rule, and one reason retired (shown greyed).
  const retired = { kind: 'recheck', name: 'ตัวอย่างไม่ชัดเจน' };
  await setReasonActive(baseUrl, retired.kind, retired.name, false);
  try {
    for (const language of ['th', 'en'] as const satisfies Language[]) {
      for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
        const page = await preparePage(browser, baseUrl, language, mode);
        await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
        await page.goto('/System/yardRules');
        await page.getByTestId('reasons-void').locator('.ant-table-row').first().waitFor();
        await shoot(page, `yard-rules-${language}-${mode}`, true);
        // The plant's day start and its calendar, the cards side by side in the page's order.
        const cards = page.getByTestId('plant-day').or(page.getByTestId('calendar-card'));
        await page.getByTestId('calendar-card').scrollIntoViewIfNeeded();
        const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
        if (first && second) {
          await page.screenshot({
            path: path.join(OUT, `yard-calendar-${language}-${mode}.png`),
            clip: {
              x: first.x,
              y: first.y,
              width: first.width,
              height: second.y + second.height - first.y,
            },
          });
          console.log(`  docs/screenshots/yard-calendar-${language}-${mode}.png`);
        }
        await page.context().close();
      }
    }
  } finally {
    await setReasonActive(baseUrl, retired.kind, retired.name, true);
  }
}
