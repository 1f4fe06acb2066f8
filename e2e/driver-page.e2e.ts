/// <reference lib="dom" />
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { post } from './support/demo-plant.ts';
import { gzippedBytes, issueDriverTicket, throttle, watchScripts } from './support/driver-phone.ts';
import { fileBrowser } from './support/file-browser.ts';

/**
 * The driver's page on a weak signal (issue 19, goal 6): the server renders the ticket, so the
 * number, the status and the trucks ahead are there before any script runs; the page then
 * goes live on its own; and it costs at most 60 KB of gzipped JavaScript. Its LCP is a speed
 * figure: bench/driver-page-bench.ts measures it (npm run bench, BENCH_ONLY=driver).
 */

const baseUrl = inject('baseUrl');
const JS_BUDGET_BYTES = 60 * 1024;
const PHONE = { width: 390, height: 844 };
const files = fileBrowser(baseUrl);

/** A driver's phone (Thai unless told), its scripts on or off. */
const context = ({
  javaScript,
  language,
}: {
  javaScript: boolean;
  language?: string;
}): Promise<BrowserContext> =>
  files.context({
    viewport: PHONE,
    mobile: true,
    javaScriptEnabled: javaScript,
    ...(language ? { language } : {}),
  });

/** Trucks ahead as the API tells them, in the page's words. */
async function aheadOf(uuid: string): Promise<number | null> {
  const { queue } = await post<{ queue: { ahead: number | null } }>(
    baseUrl,
    'process/user/queueInformation',
    { queue_number_id: uuid },
  );
  return queue.ahead;
}

describe("driver's page on a weak signal", () => {
  it('shows the number, the status and the trucks ahead with JavaScript off', async () => {
    const ticket = await issueDriverTicket(baseUrl);
    const ahead = await aheadOf(ticket.uuid);
    const phone = await (await context({ javaScript: false })).newPage();
    const response = await phone.goto(`/Queue/data/${ticket.uuid}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(await phone.locator('.qp-number').innerText()).toBe(ticket.queueNumber);
    expect(await phone.locator('.qp-status').innerText()).toContain('กรุณารอเรียกคิว');
    if (ahead === 0) expect(await phone.locator('.qp-status').innerText()).toContain('คุณคือคิวถัดไป');
    else expect(await phone.locator('.qp-ahead-count').innerText()).toBe(String(ahead));

    const english = await (await context({ javaScript: false, language: 'en-GB' })).newPage();
    await english.goto(`/Queue/data/${ticket.uuid}`);
    expect(await english.locator('.qp-status').innerText()).toContain('Please wait for your call');

    const unknown = await phone.goto('/Queue/data/00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    expect(await phone.locator('.qp-message-title').first().innerText()).toBe('ไม่พบคิวนี้');
  });

  it('goes live without a reload, stays interactive, and loads at most 60 KB of gzipped JavaScript', async () => {
    const ticket = await issueDriverTicket(baseUrl);
    const driverContext = await context({ javaScript: true });
    const phone = await driverContext.newPage();
    await throttle(driverContext, phone);
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    phone.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const scripts = watchScripts(phone);

    await phone.goto(`/Queue/data/${ticket.uuid}`, { timeout: 30_000 });
    await expect.poll(() => phone.locator('.qp-live--live').count(), { timeout: 30_000 }).toBe(1);
    await phone.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const station = await ticket.call();
    await expect
      .poll(
        () =>
          phone
            .locator('.qp-station')
            .textContent({ timeout: 1_000 })
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toContain(station);
    expect(await phone.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Hydrated, not just painted: the language switch works.
    await phone.locator('.qp-lang select').selectOption('en');
    await expect.poll(() => phone.locator('.qp-kicker').innerText()).toBe('It is your turn');
    expect(errors).toEqual([]);

    // Everything the page ran, the live connection's library included.
    expect(scripts.urls.size).toBeGreaterThan(0);
    expect(await scripts.transferred()).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(await gzippedBytes(scripts.urls)).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it('keeps a call pushed while the ticket it fetched on connecting was still on its way', async () => {
    const ticket = await issueDriverTicket(baseUrl);
    const phone = await (await context({ javaScript: true })).newPage();
    // The page's fetch on connecting is answered before the call, and reaches the page after
    // the call's push: as on a slow line when the officer calls just then.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const stale = new Promise<void>((resolve) => (answered = resolve));
    await phone.route('**/process/user/queueInformation', async (route) => {
      const response = await route.fetch();
      answered();
      await released;
      await route.fulfill({ response });
    });
    const reached = phone.waitForEvent('requestfinished', {
      predicate: (request) => request.url().endsWith('/process/user/queueInformation'),
    });

    await phone.goto(`/Queue/data/${ticket.uuid}`);
    await stale;
    const station = await ticket.call();
    await expect
      .poll(() =>
        phone
          .locator('.qp-station')
          .textContent({ timeout: 1_000 })
          .catch(() => ''),
      )
      .toContain(station);

    release();
    await reached;
    // Two frames: the answer is read and rendered.
    await phone.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await phone.locator('.qp-kicker').innerText()).toBe('ถึงคิวของคุณแล้ว');
    expect(await phone.locator('.qp-station').textContent()).toContain(station);
  });

  it('tells the waiting driver how long his call will likely take, once his queue type is calling', async () => {
    const called = await issueDriverTicket(baseUrl);
    const waiting = await issueDriverTicket(baseUrl);
    await called.call();
    const phone = await (await context({ javaScript: false })).newPage();
    await phone.goto(`/Queue/data/${waiting.uuid}`);
    const wait = phone.getByTestId('expected-wait');
    expect(await wait.innerText()).toMatch(/^คาดว่าจะถูกเรียกในอีกประมาณ \d+–\d+ (นาที|ชั่วโมง)$/);
    const { queue } = await post<{ queue: { expected_wait: { low: number; high: number } | null } }>(
      baseUrl,
      'process/user/queueInformation',
      { queue_number_id: waiting.uuid },
    );
    expect(queue.expected_wait!.high).toBeGreaterThan(queue.expected_wait!.low);
  });
});
