// `npm run screenshots`: starts the built app with demo data and writes docs/screenshots/*.png,
// in Thai and English, light and dark.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { ROOT, startServer } from './support/server.ts';

const OUT = path.join(ROOT, 'docs/screenshots');
type Mode = 'light' | 'dark';
type Language = 'th' | 'en';

async function preparePage(browser: Browser, baseUrl: string, language: Language, mode: Mode): Promise<Page> {
  const context = await newContext(browser, baseUrl, { language: language === 'th' ? 'th-TH' : 'en-US' });
  const page = await context.newPage();
  await page.goto('/authen/login');
  await page.evaluate(
    ([lng, colour]) => {
      localStorage.setItem('I18N_LANGUAGE', lng!);
      const settings = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, string>;
      localStorage.setItem('layoutSettings', JSON.stringify({ ...settings, mode: colour }));
    },
    [language, mode],
  );
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`  docs/screenshots/${name}.png`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, server.baseUrl, language, mode);
        await page.reload();
        await shoot(page, `login-${suffix}`);

        await signInDirect(page, server.baseUrl, 'admin@example.com', 'admin1234');
        await page.goto('/System/dashboard');
        await shoot(page, `shell-${suffix}`);

        if (mode === 'light') {
          const settingsName = language === 'th' ? 'ตั้งค่าการแสดงผล' : 'Display settings';
          await page.getByRole('button', { name: settingsName }).click();
          await shoot(page, `settings-panel-${suffix}`);
          await page.keyboard.press('Escape');

          await page.goto('/forgot-password');
          await shoot(page, `forgot-password-${suffix}`);
        }
        await page.context().close();
      }
    }

    // Other layouts and roles, in Thai.
    const page = await preparePage(browser, server.baseUrl, 'th', 'light');
    await page.evaluate(() =>
      localStorage.setItem(
        'layoutSettings',
        JSON.stringify({ orientation: 'horizontal', mode: 'light', width: 'boxed', topbarTheme: 'colored' }),
      ),
    );
    await signInDirect(page, server.baseUrl, 'manager@example.com', 'demo1234');
    await page.goto('/System/dashboard');
    await shoot(page, 'shell-horizontal-boxed-th-light');

    await page.evaluate(() =>
      localStorage.setItem('layoutSettings', JSON.stringify({ sidebarType: 'icon', sidebarColor: 'light' })),
    );
    await signInDirect(page, server.baseUrl, 'employee@example.com', 'demo1234');
    await page.goto('/System/manageUser');
    await shoot(page, 'forbidden-employee-th-light');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/System/dashboard');
    await shoot(page, 'shell-phone-th-light');
    await page.context().close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
