import type { Browser } from 'playwright-core';
import { dialog, queueButton, signInDirect } from './support/browser.ts';
import { post, freshLicence, signIn } from './support/demo-plant.ts';
import { cardTicket, firstReason, issueTicket, staffEvent } from './support/yard-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const WORDS = {
  th: {
    checkout: 'บันทึกผลออก',
    measures: 'ค่าที่แล็บวัด',
    verdict: 'ผลแล็บควรส่งตรวจซ้ำ',
    correct: 'แก้ผล',
    reason: 'พิมพ์ 1.65 แทน 16.5',
    newSample: 'รับตัวอย่างใหม่',
    history: 'ประวัติ',
  },
  en: {
    checkout: 'Result ready',
    measures: 'Lab measurements',
    verdict: 'call for a recheck',
    correct: 'Correct',
    reason: 'typed 1.65 for 16.5',
    newSample: 'New sample',
    history: 'History',
  },
} as const;

/**
 * Lab results with values: the admin's measurements of a queue type, the lab's checkout dialog
 * (a failing starch), the lab's list and the caller's card and dialog with the values, in Thai
 * and English, light and dark.
 */
export async function shootLabScreens(browser: Browser, baseUrl: string): Promise<void> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const lab = await signIn(baseUrl, 'lab@example.com', 'demo1234');
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const words = WORDS[language];
      const licence = freshLicence();
      const ticket = await issueTicket(baseUrl, employee.session, 'A', licence);
      await post(baseUrl, 'process/example/accept', { uuid: ticket.uuid }, lab.session);

      const page = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
      await page.goto('/System/defineQueue');
      await page.getByRole('button', { name: words.measures }).first().click();
      await page.getByRole('dialog').getByRole('table').waitFor();
      await shoot(page, `lab-measures-${suffix}`);
      await page
        .getByRole('dialog')
        .locator('button[aria-label^="Edit"], button[aria-label^="แก้ไข"]')
        .first()
        .click();
      await page.getByRole('dialog').nth(1).waitFor();
      await shoot(page, `lab-measure-form-${suffix}`);

      await signInDirect(page, baseUrl, 'lab@example.com', 'demo1234');
      await page.goto('/System/manageResultLab');
      const row = page.getByRole('row').filter({ hasText: licence });
      await row.getByRole('button', { name: words.checkout }).click();
      const values = page.getByRole('dialog');
      await values.locator('input').first().waitFor();
      const inputs = values.locator('input');
      await inputs.nth(0).fill('16.5');
      await inputs.nth(1).fill('31');
      await inputs.nth(2).fill('2.4');
      await values.getByTestId('lab-verdict').waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `lab-values-dialog-${suffix}`);
      await values.locator('.ant-modal-footer .ant-btn-primary').click();
      await values.waitFor({ state: 'hidden' });
      await row.getByTestId('lab-values').waitFor();
      await shoot(page, `lab-result-values-${suffix}`);

      // A value saved by mistake: the lab corrects it with a reason.
      await row.getByRole('button', { name: words.correct }).click();
      const correction = page.getByRole('dialog');
      await correction.locator('input').first().waitFor();
      await correction.locator('input').nth(1).fill('33');
      await correction.locator('input').last().fill(words.reason);
      await page.mouse.move(0, 0);
      await shoot(page, `lab-correct-dialog-${suffix}`);
      await correction.locator('.ant-modal-footer .ant-btn-primary').click();
      await correction.waitFor({ state: 'hidden' });

      // Sent to recheck: the lab takes sample 2, whose values will decide.
      const card = await cardTicket(baseUrl, employee.session, ticket.uuid);
      const reason = await firstReason(baseUrl, employee.session, 'recheck');
      await staffEvent(baseUrl, employee, 'doRecheck', card._id, card.recheckStation, { reason_id: reason });
      await row.getByRole('button', { name: words.newSample }).click();
      await row.getByText(/2/).first().waitFor();
      await row.locator('.ant-tag-processing').waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `lab-sample-two-${suffix}`);
      await row.getByRole('button', { name: words.checkout }).click();
      const second = page.getByRole('dialog');
      await second.locator('input').first().waitFor();
      for (const [index, value] of ['19.5', '31', '1.2'].entries())
        await second.locator('input').nth(index).fill(value);
      await second.locator('.ant-modal-footer .ant-btn-primary').click();
      await second.waitFor({ state: 'hidden' });

      await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
      await page.goto('/System/manageCalling/1');
      await queueButton(page, ticket).getByTestId('queue-lab').waitFor();
      await queueButton(page, ticket).click();
      await dialog(page, new RegExp(ticket.queue_number)).getByTestId('lab-values').waitFor();
      await shoot(page, `calling-lab-values-${suffix}`);
      // The ticket's history: sample 1, its correction, the recheck, sample 2.
      await dialog(page, new RegExp(ticket.queue_number))
        .getByRole('button', { name: words.history })
        .click();
      await page.getByTestId('queue-history').locator('[data-action="lab_correct"]').waitFor();
      await page
        .getByTestId('queue-history')
        .locator('[data-action="complete"]')
        .last()
        .scrollIntoViewIfNeeded();
      await shoot(page, `lab-history-samples-${suffix}`);
      await page.context().close();
    }
  }
}
