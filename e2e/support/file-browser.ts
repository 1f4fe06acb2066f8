import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newContext, openSignedIn, signInDirect, type ContextOptions } from './browser.ts';
import { kioskPage } from './kiosk.ts';

export interface PageOptions extends ContextOptions {
  /** The app's own language setting (I18N_LANGUAGE), stored before any script runs; else the browser's. */
  appLanguage?: string;
}

/** An English browser and app. */
export const ENGLISH = { language: 'en-US', appLanguage: 'en' } as const satisfies PageOptions;
/** A Thai browser and app. */
export const THAI = { language: 'th-TH', appLanguage: 'th' } as const satisfies PageOptions;

export interface FileBrowser {
  /** The browser itself, once the file's tests run. */
  readonly browser: Browser;
  /** A new context of the browser, closed after the file's tests. */
  context: (options?: ContextOptions) => Promise<BrowserContext>;
  /** A page of a new context. */
  page: (options?: PageOptions) => Promise<Page>;
  /** A page signed in as `email` (in English unless told), at `path` when given. */
  officerPage: (email: string, password: string, path?: string, options?: PageOptions) => Promise<Page>;
  /** A Thai kiosk's page (support/kiosk.ts). */
  kioskPage: () => Promise<Page>;
  /** Closes a context made elsewhere (a kiosk's, a phone's) with the others. */
  keep: (context: BrowserContext) => BrowserContext;
  /** A page made in a test that the file's later tests go on with: closed after the file, not the test. */
  keepForFile: (page: Page) => Page;
}

/**
 * The browser of a test file (Debian's Chromium, see launchBrowser): launched before the file's
 * tests. A context made in a test is closed after that test (its pages would go on taking the
 * CI's cores with their sockets and timers); one made before the tests, or kept for the file,
 * after them, then the browser. `baseUrl` is
 * read when a page is made (a file that starts its own server knows it only then).
 */
export function fileBrowser(
  baseUrl: string | (() => string),
  extraArgs: readonly string[] = [],
  launchOptions: { scrollbars?: boolean } = {},
): FileBrowser {
  let launched: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Contexts made by the running test: closed after it, so no page of it goes on working. */
  let testContexts: BrowserContext[] | null = null;
  const url = () => (typeof baseUrl === 'string' ? baseUrl : baseUrl());

  beforeAll(async () => {
    launched = await launchBrowser(extraArgs, launchOptions);
  });
  beforeEach(() => {
    testContexts = [];
  });
  afterEach(async () => {
    const made = testContexts ?? [];
    testContexts = null;
    for (const context of made) await context.close();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await launched?.close();
  });

  const files: FileBrowser = {
    get browser() {
      if (!launched) throw new Error('The browser starts before the first test');
      return launched;
    },
    async context(options = {}) {
      return files.keep(await newContext(files.browser, url(), options));
    },
    async page({ appLanguage, ...options } = {}) {
      const page = await (await files.context(options)).newPage();
      if (appLanguage)
        await page.addInitScript((lng) => localStorage.setItem('I18N_LANGUAGE', lng), appLanguage);
      return page;
    },
    async officerPage(email, password, path, options = ENGLISH) {
      const page = await files.page(options);
      if (path) await openSignedIn(page, url(), email, password, path);
      else await signInDirect(page, url(), email, password);
      return page;
    },
    async kioskPage() {
      const page = await kioskPage(files.browser, url());
      files.keep(page.context());
      return page;
    },
    keep(context) {
      (testContexts ?? contexts).push(context);
      return context;
    },
    keepForFile(page) {
      const context = page.context();
      testContexts = testContexts && testContexts.filter((made) => made !== context);
      if (!contexts.includes(context)) contexts.push(context);
      return page;
    },
  };
  return files;
}
