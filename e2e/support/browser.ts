/// <reference lib="dom" />
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { prehashPassword } from '@truck-queue/shared/password';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Content-Security-Policy violations seen by any page of any context since the last check. The
 * server's policy (apps/server/src/http/security-headers.ts) must let every page work as it is:
 * a violation fails the test it happened in, or at the latest the browser's close.
 */
const cspViolations: string[] = [];

/** Throws if a page broke the Content-Security-Policy since the last call. */
export function assertNoCspViolations(): void {
  const seen = cspViolations.splice(0);
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(seen)].join('\n')}`);
  }
}

// Under Vitest, every test of a file that uses this module is checked as it ends.
if (process.env.VITEST) {
  const { afterEach } = await import('vitest');
  afterEach(assertNoCspViolations);
}

/** Reports violations from every page of the context: the console message and the DOM event alike. */
async function watchCsp(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}` +
          (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})` : ''),
      );
    });
  });
}

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no downloads, no background
 * traffic), and `extraArgs` (a fake camera, say). Headless Chromium hides scrollbars; with
 * `scrollbars`, they take room and show as on an office PC's screen (tests of what fits).
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  options: { scrollbars?: boolean } = {},
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
  // Every context (browser.newPage makes one too) watches for CSP violations, and is a user who
  // asked for less motion: menus and lists open at once and charts draw at once, so a click
  // never lands on something still moving (apps/web/src/lib/use-media-query.ts).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchCsp(context);
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await close(options);
    assertNoCspViolations();
  };
  return browser;
}

export interface ContextOptions {
  language?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Device pixels per CSS pixel (2: a QR code reads cleanly from a screenshot). */
  deviceScaleFactor?: number;
  /** A phone: touch, and the page's viewport meta tag honoured. */
  mobile?: boolean;
  /** false: the page's own scripts never run (the server's HTML alone). */
  javaScriptEnabled?: boolean;
}

/**
 * How long a page's action or wait may take unless told: under the test's own 60 s, so a step
 * that never comes fails naming itself (Playwright's default is to wait for ever).
 */
const STEP_TIMEOUT_MS = 45_000;

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: options.language ?? 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
    ...(options.mobile ? { isMobile: true, hasTouch: true } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context;
}

/**
 * Closes every open dialog and drawer, the topmost first, with its close button (Escape reaches
 * only the one that holds the focus, and a dialog that opened a drawer may not): for a page a
 * file's tests share, left as the next test expects it.
 */
export async function closeDialogs(page: Page): Promise<void> {
  const open = page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible');
  for (let attempt = 0; attempt < 10 && (await open.count()) > 0; attempt++) {
    const close = open.last().locator('.ant-modal-close, .ant-drawer-close');
    if ((await close.count()) > 0)
      await close
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    else await page.keyboard.press('Escape');
  }
  await open.first().waitFor({ state: 'hidden' });
}

/** The open dialog (antd keeps closed ones in the page, hidden). */
export const openDialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

/**
 * Signs in through the login form, as a person does, with an e-mail or a username, and waits
 * for the screen the officer lands on (their role's work screen, shared/roles.ts landingPath).
 */
export async function signInThroughForm(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/authen/login');
  await page.locator('input[autocomplete="username"]').fill(login);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/(System|Report)\//);
}

type SignedInOfficer = { session: string; branch: unknown };

/** An officer's session from the sign-in API, as the login page gets it. */
async function signInByApi(baseUrl: string, email: string, password: string): Promise<SignedInOfficer> {
  const response = await fetch(`${baseUrl}/api/authen/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'truck-queue-web' },
    body: JSON.stringify({ email, password: prehashPassword(password), remember: true }),
  });
  return ((await response.json()) as { officer: SignedInOfficer }).officer;
}

/**
 * Goes to `path` as a menu link does, the app staying loaded (a whole load costs seconds of a CI
 * core), then waits as 'networkidle' does after a load: until no request of the page has been
 * in flight for half a second (the route's code and data), or 15 s at most.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => inFlight.add(request);
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const deadline = Date.now() + 15_000;
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500 && Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Stores the session as the login page would (in the page's origin). */
function storeSession(officer: SignedInOfficer): void {
  localStorage.setItem('session', officer.session);
  localStorage.setItem('authUser', JSON.stringify(officer));
  localStorage.setItem('branch', JSON.stringify(officer.branch));
}

/**
 * Signs in through the API and stores the session as the login page would, for setup speed.
 * The page is left on the app's icon, a document of its origin that loads no app: the test's
 * next `goto` is the app's only load (a whole load costs seconds of a CI core).
 */
export async function signInDirect(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const officer = await signInByApi(baseUrl, email, password);
  await page.goto('/favicon.svg');
  await page.evaluate(storeSession, officer);
}

/**
 * Signs in through the API and opens `path` already signed in: the session is stored before the
 * page's first script runs, once per tab (a later sign-out stays signed out), so the app loads
 * once instead of twice.
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  path: string,
): Promise<void> {
  const officer = await signInByApi(baseUrl, email, password);
  await page.addInitScript(
    ({ officer, key }) => {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
      localStorage.setItem('session', officer.session);
      localStorage.setItem('authUser', JSON.stringify(officer));
      localStorage.setItem('branch', JSON.stringify(officer.branch));
    },
    { officer, key: 'e2e-signed-in' },
  );
  await page.goto(path);
}

/** The queues on the signed-in officer's Manage Calling cards (`days`: 1 or 3), as the API gives them. */
export function cardQueues(
  page: Page,
  days: 1 | 3 = 1,
): Promise<{ queue_number: string; uuid: string; truck_license: string }[]> {
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
      card: { queue_number: { queue_number: string; uuid: string; truck_license: string }[] }[];
    };
    return body.card.flatMap((c) => c.queue_number);
  }, days);
}

/**
 * A ticket's button on the calling page, found by its uuid: numbers restart every plant day, so
 * a truck of yesterday still inside may share this ticket's number (and a moved ticket keeps its uuid).
 */
export const queueButton = (page: Page, ticket: { uuid: string }, column?: 'waiting' | 'inProcess') =>
  page.locator(`[data-column${column ? `="${column}"` : ''}] button[data-queue="${ticket.uuid}"]`);

/**
 * Which column of its card the ticket's button sits in ("waiting" or "inProcess"), or null, read
 * in one go: the button may leave between two reads (it moves column, or its card drops it).
 */
export function queueColumn(page: Page, ticket: { uuid: string }): Promise<string | null> {
  return page.evaluate(
    (uuid) =>
      document
        .querySelector(`[data-column] button[data-queue="${uuid}"]`)
        ?.closest('[data-column]')
        ?.getAttribute('data-column') ?? null,
    ticket.uuid,
  );
}

/** The open dialog whose title starts with `title` (antd keeps closed ones in the page, hidden). */
export const dialog = (page: Page, title: string | RegExp) =>
  page.getByRole('dialog', {
    name: typeof title === 'string' ? new RegExp(`^${escapeRegExp(title)}`) : title,
  });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Opens a drop-down menu with `opener` and clicks its item `name` once the menu has finished
 * opening (antd's motion classes gone): a click while the motion runs can be lost.
 */
export async function chooseFromMenu(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.click();
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-enter"]):not([class*="-appear"])')
    .waitFor();
  await page.getByRole('menuitem', { name }).click();
}
