import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';
import { withoutReadings } from './support/wait-figures.ts';

const ADMIN = ['admin@example.com', 'admin1234'] as const;

/**
 * The admins' expected wait accuracy page (issue 40): the demo's week per queue type, Thai and
 * English, light and dark, at a desk's 1440 wide (the whole page) and a phone's 390; and, in Thai,
 * a plant's first day after installing, when nothing is recorded yet.
 */
export async function shootWaitAccuracyScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      // Tall enough for the whole page (three lines) beside the whole menu.
      const page = await preparePage(browser, baseUrl, language, mode, 1440, 1640);
      await signInDirect(page, baseUrl, ...ADMIN);
      await page.goto('/Report/waitAccuracy');
      await page.locator('.recharts-bar-rectangle').first().waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `wait-accuracy-${language}-${mode}`);
      await page.context().close();
    }
  }

  // The longest period: the demo's readings cover its last week; the days before say so in one line.
  const month = await preparePage(browser, baseUrl, 'th', 'light', 1440, 1640);
  await signInDirect(month, baseUrl, ...ADMIN);
  await month.goto('/Report/waitAccuracy');
  await month.getByText('31 วันล่าสุด').click();
  await month.getByTestId('wait-accuracy-empty-days').first().waitFor();
  await month.locator('.recharts-bar-rectangle').first().waitFor();
  await month.mouse.move(0, 0);
  await shoot(month, 'wait-accuracy-31-days-th-light');
  await month.context().close();

  const phone = await preparePage(browser, baseUrl, 'th', 'light', 390, 844);
  await signInDirect(phone, baseUrl, ...ADMIN);
  await phone.goto('/Report/waitAccuracy');
  await phone.locator('.recharts-bar-rectangle').first().waitFor();
  await shoot(phone, 'wait-accuracy-th-light-390');
  await phone.context().close();

  // Day one: every figure empty, as the page reads a plant with no reading yet.
  const first = await preparePage(browser, baseUrl, 'th', 'light');
  await first.route('**/api/admin/waitAccuracy', async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as {
      types: { days: Record<string, unknown>[]; total: Record<string, unknown> }[];
    };
    const json = {
      ...real,
      types: real.types.map((t) => ({
        ...t,
        days: t.days.map(withoutReadings),
        total: withoutReadings(t.total),
      })),
    };
    await route.fulfill({ response, json });
  });
  await signInDirect(first, baseUrl, ...ADMIN);
  await first.goto('/Report/waitAccuracy');
  await first.getByTestId('wait-accuracy-nothing-yet').waitFor();
  await shoot(first, 'wait-accuracy-nothing-yet-th-light');
  await first.context().close();
}
