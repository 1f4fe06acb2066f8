import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { newIdentity, registerDevice, useIdentity } from './support/devices.ts';
import { issueDriverTicket } from './support/driver-phone.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * The expected wait (issue 21): on the driver's phone, a truck of a queue type that has been
 * calling waits with the trucks ahead and "about 10–25 min"; on Manage Calling, each waiting
 * truck's card with its wait; on the TV board, the footer's wait for a truck arriving now, per
 * queue type. Thai and English, light and dark.
 */
export async function shootEtaScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const called = await issueDriverTicket(baseUrl);
      await issueDriverTicket(baseUrl);
      const waiting = await issueDriverTicket(baseUrl);
      await called.call();
      const phone = await preparePage(browser, baseUrl, language, mode, 390, 844);
      await phone.emulateMedia({ colorScheme: mode });
      await phone.goto(`/Queue/data/${waiting.uuid}`);
      await phone.getByTestId('expected-wait').waitFor();
      await shoot(phone, `driver-page-wait-${language}-${mode}`);
      await phone.context().close();
    }
  }

  // A busy hour on the standard type (ten more trucks called): a pace of minutes, not hours, for
  // the first trucks in line; the cards show each waiting truck's wait.
  for (let i = 0; i < 10; i++) await (await issueDriverTicket(baseUrl)).call();
  for (let i = 0; i < 4; i++) await issueDriverTicket(baseUrl);
  // A type's pace is kept half a minute (eta.service.ts): past that, the cards read the new one.
  await new Promise((resolve) => setTimeout(resolve, 31_000));
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const page = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
      await page.goto('/System/manageCalling/1');
      await page.getByTestId('queue-wait').first().waitFor();
      await shoot(page, `calling-cards-wait-${language}-${mode}`);
      await page.context().close();
    }
  }

  // A display of every queue type: its footer says what a truck arriving now waits for each.
  const display = newIdentity();
  await registerDevice(baseUrl, 'display', display);
  for (const [language, mode, width, height] of [
    ['th', 'light', 1920, 1080],
    ['th', 'dark', 1920, 1080],
    ['en', 'light', 1920, 1080],
    ['en', 'dark', 1920, 1080],
    ['th', 'dark', 1080, 1920],
    ['th', 'light', 1366, 768],
  ] as const) {
    const page = await preparePage(browser, baseUrl, language, mode, width, height);
    await useIdentity(page, 'display', display);
    await page.goto('/DisplayManage');
    await page.getByTestId('display-waits').waitFor();
    const size = width === 1920 ? '' : `-${width}x${height}`;
    await shoot(page, `display-board-waits-${language}-${mode}${size}`);
    await page.context().close();
  }
}
