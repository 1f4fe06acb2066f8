/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { prehashPassword } from '@truck-queue/shared/password';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandbox needs (no downloads, no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions {
  language?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

export function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: options.language ?? 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
}

/** Signs in through the login form, as a person does. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/authen/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/System/dashboard');
}

/** Signs in through the API and stores the session as the login page would, for setup speed. */
export async function signInDirect(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/authen/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'truck-queue-web' },
    body: JSON.stringify({ email, password: prehashPassword(password), remember: true }),
  });
  const body = (await response.json()) as { officer: { session: string; branch: unknown } };
  await page.goto('/authen/login');
  await page.evaluate((officer) => {
    localStorage.setItem('session', officer.session);
    localStorage.setItem('authUser', JSON.stringify(officer));
    localStorage.setItem('branch', JSON.stringify(officer.branch));
  }, body.officer);
}

/** The queues on the signed-in officer's Manage Calling cards (`days`: 1 or 3), as the API gives them. */
export function cardQueues(page: Page, days: 1 | 3 = 1): Promise<{ queue_number: string; uuid: string }[]> {
  return page.evaluate(async (findTotalDay) => {
    const response = await fetch('/api/process/calling/getCardInProcess', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'truck-queue-web',
        session: localStorage.getItem('session') ?? '',
      },
      body: JSON.stringify({ find_total_day: findTotalDay }),
    });
    const body = (await response.json()) as {
      card: { queue_number: { queue_number: string; uuid: string }[] }[];
    };
    return body.card.flatMap((c) => c.queue_number);
  }, days);
}
