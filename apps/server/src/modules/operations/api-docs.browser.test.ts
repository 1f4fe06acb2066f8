/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { listen } from '../../test/sockets.ts';
import { contractsByPath } from './api-contracts.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The policy the docs page must work under, enforced by the browser on top of whatever the
 * server sends: scripts only from the server, no inline script, no plugins, no <base>.
 * Swagger UI injects one <style> element (as antd does), hence style-src 'unsafe-inline'.
 */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
  "img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'";

let t: TestContext;
let url: string;
let browser: Browser;

describe.skipIf(!existsSync(CHROMIUM))('the API docs page in Chromium', () => {
  beforeAll(async () => {
    t = await createTestContext();
    url = await listen(t);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // Scrolling a few hundred calls into view takes seconds on a quiet machine, and more beside
  // CI's simulators: the test's time is the page's, not a speed goal.
  it('renders every call under a strict CSP, loading nothing from elsewhere', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    // Every answer from the server gets the strict policy on top of its own.
    await page.route('**/*', async (route) => {
      if (!route.request().url().startsWith(url)) {
        elsewhere.push(route.request().url());
        return route.abort();
      }
      const response = await route.fetch();
      // Two policies (comma-separated) are both enforced: the server's own, if any, and ours.
      const policies = [response.headers()['content-security-policy'], STRICT_CSP].filter(Boolean);
      return route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': policies.join(', ') },
      });
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    await page.goto(`${url}/api/docs`);
    await page.locator('.information-container .title').waitFor({ timeout: 60_000 });
    expect(await page.locator('.information-container .title').innerText()).toContain(
      'Truck queue back office API',
    );
    await page.locator('.opblock-post').first().waitFor();
    // A spec this long is rendered as it scrolls into view (only what is in view is in the page):
    // every call is seen on the way down, half a screen at a time, until the page stops moving
    // and nothing new has come for a while.
    const seen = new Set<string>();
    let lastY = -1;
    let still = 0;
    for (let step = 0; step < 500 && still < 10 && seen.size < contractsByPath().size; step++) {
      const before = seen.size;
      for (const path of await page.locator('.opblock-post .opblock-summary-path').allInnerTexts())
        seen.add(path.replace(/\u200b/g, ''));
      const y = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY;
      });
      still = y === lastY && seen.size === before ? still + 1 : 0;
      lastY = y;
      await page.waitForTimeout(50);
    }
    expect(seen.size).toBe(contractsByPath().size);
    // Back up, and down again until sign-in's call is in the page.
    const signin = page.locator('#operations-authen-authen_signin');
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 100 && (await signin.count()) === 0; step++) {
      await page.evaluate(() => window.scrollBy(0, 200));
      await page.waitForTimeout(50);
    }

    // One call opened: its body schema and the error answers are shown.
    await page.locator('#operations-authen-authen_signin .opblock-summary').click();
    await page.locator('#operations-authen-authen_signin .opblock-body').waitFor();
    const body = await page.locator('#operations-authen-authen_signin').innerText();
    expect(body).toContain('401');
    expect(body).toContain('Request body');
    expect(await page.locator('.auth-wrapper .authorize').isVisible()).toBe(true);
    if (process.env.DOCS_SCREENSHOT)
      await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: false });

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
