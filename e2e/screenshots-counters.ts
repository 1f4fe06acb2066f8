/// <reference lib="dom" />
import { addDays, plantDayOf } from '@truck-queue/shared/plant-day';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { ApiError, NumberCandidate } from '@truck-queue/shared/contracts/api';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { signInDirect } from './support/browser.ts';
import { freshLicence, signIn } from './support/demo-plant.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';
import { issueTicket } from './support/yard-plant.ts';

/** The words the shots type into and click, as the gate's screen says them. */
const TEXT = {
  th: { queueNumber: 'หมายเลขคิว', notYet: 'ยังไม่ให้ออก', cancel: 'ยกเลิก' },
  en: { queueNumber: 'Queue number', notYet: 'Not yet', cancel: 'Cancel' },
} as const satisfies Record<Language, Record<string, string>>;

/** Today's ticket as issueQueue answers it (the helper types only its number and uuid). */
type IssuedToday = Pick<
  Ticket,
  'uuid' | 'ticket_code' | 'queue_number' | 'queue_type_name' | 'truck_license' | 'created'
>;

/**
 * The gate's refusal for a number two trucks inside hold. Only midnight makes that happen (the
 * browser test counters.e2e.ts edits a stopped server's database for it), so the shot answers
 * the gate's call itself: today's real ticket and yesterday's truck still inside with its number.
 */
function ambiguousNumber(today: IssuedToday): ApiError {
  const yesterday: NumberCandidate = {
    uuid: randomUUID(),
    queue_number: today.queue_number,
    truck_license: freshLicence(),
    queue_type_name: today.queue_type_name,
    created: new Date(Date.parse(today.created) - 24 * 3600_000 - 47 * 60_000).toISOString(),
    queue_date: addDays(plantDayOf(new Date(today.created), 'Asia/Bangkok'), -1),
  };
  return {
    status: 0,
    code: 'CONFLICT',
    message: `2 trucks inside hold queue number ${today.queue_number}: choose one.`,
    reason: 'AMBIGUOUS_NUMBER',
    queue_number: today.queue_number,
    candidates: [
      yesterday,
      {
        uuid: today.uuid,
        queue_number: today.queue_number,
        truck_license: today.truck_license,
        queue_type_name: today.queue_type_name,
        created: today.created,
        queue_date: plantDayOf(new Date(today.created), 'Asia/Bangkok'),
      },
    ],
  };
}

async function typeAtGate(page: Page, language: Language, queueNumber: string): Promise<void> {
  const field = page.getByLabel(TEXT[language].queueNumber, { exact: true });
  await field.fill(queueNumber);
  await field.press('Enter');
}

/**
 * The counters never act on the wrong truck (issue 15): the gate's chooser for a number several
 * trucks hold, and its question before letting out a truck whose work is not done, in Thai and
 * English, light and dark. Nothing is recorded: each dialog is closed without going on.
 */
export async function shootCounterScreens(browser: Browser, baseUrl: string): Promise<void> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  // The general flow's ticket (C) the chooser shows; a standard-flow truck (B) never called nor weighed.
  const today = (await issueTicket(baseUrl, employee.session, 'C', freshLicence())) as IssuedToday;
  const unfinished = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
  const refusal = ambiguousNumber(today);

  for (const language of ['th', 'en'] as const satisfies Language[]) {
    const text = TEXT[language];
    for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(page, baseUrl, 'security@example.com', 'demo1234');
      await page.goto('/System/exitFactory');

      await page.route('**/api/process/security/exitFactory', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify(refusal) }),
      );
      await typeAtGate(page, language, today.queue_number);
      const chooser = page.locator('.truck-chooser .ant-modal');
      await chooser.waitFor();
      await shoot(page, `counter-choose-truck-${suffix}`);
      await chooser.getByRole('button', { name: text.cancel, exact: true }).click();
      await chooser.waitFor({ state: 'hidden' });
      await page.unroute('**/api/process/security/exitFactory');

      await typeAtGate(page, language, unfinished.queue_number);
      const ask = page.locator('.ant-modal-confirm');
      await ask.waitFor();
      await shoot(page, `exit-unfinished-confirm-${suffix}`);
      await ask.getByRole('button', { name: text.notYet }).click();
      await ask.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  }
}
