import type { Browser } from 'playwright-core';
import { dialog, queueButton, signInDirect } from './support/browser.ts';
import { post, randomLicence, signIn } from './support/demo-plant.ts';
import { issueTicket } from './support/yard-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const WORDS = {
  th: { checkout: 'บันทึกผลออก', measures: 'ค่าที่แล็บวัด', verdict: 'ผลแล็บควรส่งตรวจซ้ำ' },
  en: { checkout: 'Result ready', measures: 'Lab measurements', verdict: 'call for a recheck' },
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
      const licence = randomLicence();
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

      await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
      await page.goto('/System/manageCalling/1');
      await queueButton(page, ticket).getByTestId('queue-lab').waitFor();
      await queueButton(page, ticket).click();
      await dialog(page, new RegExp(ticket.queue_number)).getByTestId('lab-outcome').waitFor();
      await shoot(page, `calling-lab-values-${suffix}`);
      await page.context().close();
    }
  }
}
