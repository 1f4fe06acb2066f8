import type { Browser, Page } from 'playwright-core';
import { issueDriverTicket } from './support/driver-phone.ts';
import { stubPushManager } from './support/push-stub.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/**
 * "Notify me" on the driver's phone (issue 21): the privacy notice before consent, the choices
 * after it, and the card once on; Thai and English, light and dark, at 390 px, and Thai at the
 * narrowest phone (360 px). The subscription is made up and the server's answer to it stubbed:
 * the shots leave no subscription behind, and nothing is ever pushed anywhere.
 */

/** Any well-formed subscription: the server never sees it (subscribePush is answered here). */
const MADE_UP = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/screenshot',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

async function openCard(browser: Browser, baseUrl: string, language: Language, mode: Mode, width: number) {
  const ticket = await issueDriverTicket(baseUrl);
  const page = await preparePage(browser, baseUrl, language, mode, width, 844);
  await page.emulateMedia({ colorScheme: mode });
  await page.context().grantPermissions(['notifications'], { origin: baseUrl });
  await stubPushManager(page, MADE_UP);
  // The server's answer, as it would be, without keeping the made-up browser.
  await page.route('**/api/process/user/subscribePush', async (route) => {
    const body = route.request().postDataJSON() as { choice: unknown };
    const options = await page.evaluate(
      async (uuid) =>
        (
          await (
            await fetch('/api/process/user/notifyOptions', {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: 'truck-queue-web' },
              body: JSON.stringify({ queue_number_id: uuid }),
            })
          ).json()
        ).options as Record<string, unknown>,
      ticket.uuid,
    );
    await route.fulfill({ json: { status: 1, options: { ...options, subscription: body.choice } } });
  });
  await page.goto(`/Queue/data/${ticket.uuid}`);
  await page.getByTestId('notify-card').waitFor();
  return page;
}

async function showCard(page: Page) {
  await page.getByTestId('notify-card').evaluate((card) => card.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -12));
}

export async function shootNotifyScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const [language, mode, width] of [
    ['th', 'light', 390],
    ['th', 'dark', 390],
    ['en', 'light', 390],
    ['en', 'dark', 390],
    ['th', 'light', 360],
  ] as const) {
    const size = width === 390 ? '' : `-${width}`;
    const page = await openCard(browser, baseUrl, language, mode, width);
    await showCard(page);
    await shoot(page, `driver-notify-consent-${language}-${mode}${size}`);
    await page.getByTestId('notify-consent').check();
    await page.getByTestId('notify-choices').waitFor();
    await showCard(page);
    await page.getByTestId('notify-subscribe').scrollIntoViewIfNeeded();
    await shoot(page, `driver-notify-choices-${language}-${mode}${size}`);
    await page.getByTestId('notify-subscribe').click();
    await page.getByTestId('notify-on').waitFor();
    await showCard(page);
    await shoot(page, `driver-notify-on-${language}-${mode}${size}`);
    await page.context().close();
  }

  // A plant with a LINE account: its button and QR under the choices (the chat link made up here).
  for (const [language, mode] of [
    ['th', 'light'],
    ['en', 'dark'],
  ] as const) {
    const ticket = await issueDriverTicket(baseUrl);
    const page = await preparePage(browser, baseUrl, language, mode, 390, 844);
    await page.emulateMedia({ colorScheme: mode });
    await page.route('**/api/process/user/notifyOptions', async (route) => {
      const answer = (await (await route.fetch()).json()) as { options: Record<string, unknown> };
      const code = 'T-016JD';
      const line = { chat_url: `https://line.me/R/oaMessage/@plant/?${code}`, code };
      await route.fulfill({ json: { ...answer, options: { ...answer.options, line } } });
    });
    await page.goto(`/Queue/data/${ticket.uuid}`);
    await page.getByTestId('notify-line').waitFor();
    await page.getByTestId('notify-consent').check();
    await page.getByTestId('notify-line').scrollIntoViewIfNeeded();
    await shoot(page, `driver-notify-line-${language}-${mode}`);
    await page.context().close();
  }
}
