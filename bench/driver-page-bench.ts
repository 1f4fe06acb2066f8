/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  gzippedBytes,
  issueDriverTicket,
  readLcp,
  recordLcp,
  throttle,
  watchScripts,
  WEAK_SIGNAL,
} from '../e2e/support/driver-phone.ts';
import { startServer } from '../e2e/support/server.ts';

/** Page loads per variant; the median is reported (each one a fresh phone: nothing cached). */
const RUNS = Number(process.env.BENCH_DRIVER_RUNS ?? 5);
const LCP_GOAL_MS = 1500;
const JS_GOAL_BYTES = 60 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

interface Load {
  lcpMs: number;
  scripts: Set<string>;
  transferred: number;
}

/** Opens `url` on a fresh throttled phone and waits for the ticket's number and the page to settle. */
async function load(browser: Browser, baseUrl: string, url: string): Promise<Load> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await recordLcp(context);
    const page = await context.newPage();
    await throttle(context, page);
    const scripts = watchScripts(page);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('.qp-number').waitFor({ timeout: 60_000 });
    // Let the late candidates (a font swap, the status panel) report before reading.
    await page.waitForTimeout(1500);
    const lcpMs = await readLcp(page);
    if (lcpMs === null) throw new Error(`no LCP entry for ${url}`);
    return { lcpMs, scripts: scripts.urls, transferred: await scripts.transferred() };
  } finally {
    await context.close();
  }
}

/**
 * The driver's page on a weak signal (issue 19, goal 6), on the built app (`npm run build`
 * first; this builds nothing): Chromium with slow-4G throttling and a 4x slower CPU opens a
 * ticket's page, as served (rendered on the server, then hydrated), and, as the reference in
 * the same run, the same page with JavaScript only: queue.html served as a static file
 * (`/queue.html?id=<uuid>`), which renders only once its scripts have run and fetched the ticket.
 */
export async function benchDriverPage(env: Record<string, string> = {}): Promise<string[]> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  try {
    const ticket = await issueDriverTicket(server.baseUrl);
    const served: Load[] = [];
    const scriptOnly: Load[] = [];
    // Alternated, so a busy moment of the machine weighs on both alike.
    for (let run = 0; run < RUNS; run++) {
      served.push(await load(browser, server.baseUrl, `/Queue/data/${ticket.uuid}`));
      scriptOnly.push(await load(browser, server.baseUrl, `/queue.html?id=${ticket.uuid}`));
    }
    const lcp = median(served.map((l) => l.lcpMs));
    const reference = median(scriptOnly.map((l) => l.lcpMs));
    const gzipped = await gzippedBytes(served[0]!.scripts);
    const transferred = median(served.map((l) => l.transferred));
    const throttling = `${WEAK_SIGNAL.latencyMs} ms RTT, ${(WEAK_SIGNAL.bytesPerSecond * 8) / 1e6} Mbit/s, CPU ${WEAK_SIGNAL.cpuSlowdown}x`;
    return [
      `driver page LCP, ${throttling}, median of ${RUNS} | ${lcp.toFixed(0)} ms; JavaScript-only page ${reference.toFixed(0)} ms (${(lcp / reference).toFixed(2)}x) (goal ≤ ${LCP_GOAL_MS} ms) ${mark(lcp <= LCP_GOAL_MS)}`,
      `driver page JavaScript, ${served[0]!.scripts.size} files | ${kb(gzipped)} gzipped, ${kb(transferred)} transferred (goal ≤ ${kb(JS_GOAL_BYTES)} gzipped) ${mark(gzipped <= JS_GOAL_BYTES)}`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
