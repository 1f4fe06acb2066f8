import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, freshLicence, signIn, weighInAndOut } from './support/demo-plant.ts';
import { issueTicket } from './support/yard-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * The receiving slip on the driver's phone (a lab truck: its values and the dirt taken off),
 * with a dispute sent, the admins' Disputes page, and the slip at the weighbridge before it is
 * printed (the image the printer burns, and the printer choice), in Thai and English, light
 * and dark.
 */
export async function shootSlipScreens(browser: Browser, baseUrl: string): Promise<void> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const lab = await signIn(baseUrl, 'lab@example.com', 'demo1234');
  const { lab_measures: measures } = await post<{
    lab_measures: { id: number; name: string }[];
  }>(baseUrl, 'process/example/getAcceptToday', {}, lab.session);
  const value = (name: string) => ({ แป้ง: 24.5, ความชื้น: 31, ดิน: 2.4 })[name] ?? 1;

  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const ticket = await issueTicket(baseUrl, employee.session, 'A', freshLicence());
      await post(baseUrl, 'process/example/accept', { uuid: ticket.uuid }, lab.session);
      await post(
        baseUrl,
        'process/example/completed',
        { uuid: ticket.uuid, values: measures.map((m) => ({ measure_id: m.id, value: value(m.name) })) },
        lab.session,
      );
      await weighInAndOut(baseUrl, employee.session, ticket.uuid, { in: 41_250, out: 12_040 });

      const phone = await preparePage(browser, baseUrl, language, mode, 390, 844);
      await phone.emulateMedia({ colorScheme: mode });
      await phone.goto(`/Queue/data/${ticket.uuid}`);
      await phone.getByTestId('slip').scrollIntoViewIfNeeded();
      await shoot(phone, `slip-phone-${suffix}`);
      await phone.getByTestId('dispute-open').click();
      await phone
        .locator('#qp-dispute-note')
        .fill(
          language === 'th' ? 'ดินไม่น่าจะถึง 2.4% ขอตรวจตัวอย่างใหม่' : 'Dirt cannot be 2.4%: please test again',
        );
      await phone.locator('.qp-dispute-buttons .qp-button:not(.qp-button--quiet)').click();
      await phone.getByTestId('dispute-state').waitFor();
      await phone.getByTestId('dispute-state').scrollIntoViewIfNeeded();
      await shoot(phone, `slip-phone-disputed-${suffix}`);
      await phone.context().close();

      const page = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
      await page.goto('/System/disputes');
      await page.getByRole('row').nth(1).waitFor();
      await shoot(page, `disputes-${suffix}`);

      // The weighbridge opens the truck's slip from today's list, to print it for the driver.
      await page.goto('/System/weighing');
      await page.getByTestId(`slip-${ticket.uuid}`).click();
      await page.getByTestId('slip-image').waitFor();
      await page.getByTestId('printer-choice').waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `weighing-slip-${suffix}`);
      await page.context().close();
    }
  }
}
