import type { Browser } from 'playwright-core';
import { issueDriverTicket } from './support/driver-phone.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * The expected wait on the driver's phone (issue 21): a truck of a queue type that has been
 * calling waits with the trucks ahead and "about 10–25 min", in Thai and English, light and dark.
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
}
