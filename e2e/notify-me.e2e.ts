/// <reference lib="dom" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../apps/server/src/test/fake-push-service.ts';
import { launchBrowser } from './support/browser.ts';
import { post } from './support/demo-plant.ts';
import { issueDriverTicket } from './support/driver-phone.ts';
import { serviceWorkers, shownNotifications, stubPushManager } from './support/push-stub.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * "Notify me" on the driver's phone (issue 21), end to end: the page shows the privacy notice
 * and asks for consent, then the choices; subscribing registers the service worker and sends
 * the subscription to the server (a server of this file's own, that posts to a fake push
 * service it trusts); a call ahead of the truck makes the server push "N ahead", which the fake
 * decrypts; delivered to the service worker through the DevTools protocol, it is shown as a
 * notification. Headless Chromium cannot reach Google's push service, so PushManager's
 * subscribe answers with the fake's subscription (support/push-stub.ts); all else is real.
 */

const PHONE = { width: 390, height: 844 };
let push: FakePushService;
let server: RunningServer;
let browser: Browser;
let certDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  push = await startFakePushService();
  certDir = mkdtempSync(path.join(os.tmpdir(), 'tq-push-ca-'));
  const certFile = path.join(certDir, 'fake-push.pem');
  writeFileSync(certFile, push.certificate);
  server = await startServer({ PUSH_SERVICE_HOSTS: push.host, NODE_EXTRA_CA_CERTS: certFile });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await push?.close();
  rmSync(certDir, { recursive: true, force: true });
});

async function phone(locale: string) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale,
    timezoneId: 'Asia/Bangkok',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: server.baseUrl });
  return context;
}

const aheadOf = async (uuid: string) =>
  (
    await post<{ queue: { ahead: number | null } }>(server.baseUrl, 'process/user/queueInformation', {
      queue_number_id: uuid,
    })
  ).queue.ahead ?? 0;

describe('notify me', () => {
  it('subscribes after consent, and the service worker shows what the server pushed', async () => {
    const first = await issueDriverTicket(server.baseUrl);
    await issueDriverTicket(server.baseUrl);
    const mine = await issueDriverTicket(server.baseUrl);
    const ahead = await aheadOf(mine.uuid);
    expect(ahead).toBeGreaterThanOrEqual(2);

    const browserSubscription = push.subscribe();
    const context = await phone('th-TH');
    await stubPushManager(context, browserSubscription);
    const page = await context.newPage();
    await page.goto(`/Queue/data/${mine.uuid}`);

    const card = page.getByTestId('notify-card');
    await expect.poll(() => card.locator('h2').innerText()).toContain('แจ้งเตือนฉัน');
    // The notice comes first (the plant wrote none: the default, with its days); no choices yet.
    expect(await page.getByTestId('notify-privacy').innerText()).toContain('90 วัน');
    expect(await page.getByTestId('notify-choices').count()).toBe(0);
    await page.getByTestId('notify-consent').check();
    await page.getByTestId('notify-choices').waitFor();
    // A standard ticket: no lab choice. Told when one truck fewer is ahead than now.
    expect(await page.getByTestId('notify-lab').count()).toBe(0);
    expect(await page.getByTestId('notify-ahead-count').inputValue()).toBe('3');
    await page.getByTestId('notify-ahead-count').fill(String(ahead - 1));
    await page.getByTestId('notify-subscribe').click();
    await page.getByTestId('notify-on').waitFor();
    expect(await page.getByTestId('notify-on').innerText()).toContain(`เมื่อเหลือรถก่อนหน้า ${ahead - 1} คัน`);

    // The service worker is this page's, scoped to the drivers' pages.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/Queue/data/`);

    // A reload finds the subscription on: the server knows this browser.
    await page.reload();
    await page.getByTestId('notify-on').waitFor();

    // The truck ahead is called: the server pushes "N ahead" in Thai, the fake decrypts it.
    await first.call();
    await push.waitFor(1, 15_000);
    const [pushed] = push.of(browserSubscription) as {
      title: string;
      body: string;
      url: string;
      tag: string;
    }[];
    expect(pushed).toMatchObject({
      title: `ใกล้ถึงคิว ${mine.queueNumber} แล้ว`,
      body: `อีก ${ahead - 1} คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม`,
      tag: `queue-${mine.queueNumber}`,
    });
    expect(pushed!.url).toContain(`/Queue/data/${mine.uuid}`);

    // What the push service would hand the browser, delivered to the service worker.
    const workers = await serviceWorkers(page);
    await workers.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: await workers.registrationId(scope),
      data: JSON.stringify(pushed),
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: pushed!.title,
          body: pushed!.body,
          tag: pushed!.tag,
          data: { url: expect.stringContaining(`/Queue/data/${mine.uuid}`) },
        },
      ]);

    // Stop: the server forgets this browser for the ticket.
    await page.getByTestId('notify-stop').click();
    await page.getByTestId('notify-consent').waitFor();
    const options = await post<{ options: { subscription: unknown } }>(
      server.baseUrl,
      'process/user/notifyOptions',
      {
        queue_number_id: mine.uuid,
        endpoint: browserSubscription.endpoint,
      },
    );
    expect(options.options.subscription).toBeNull();
  });

  it('says so when notifications are blocked, and the card leaves once the truck is called', async () => {
    const mine = await issueDriverTicket(server.baseUrl);
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-GB', viewport: PHONE });
    contexts.push(context);
    await stubPushManager(context, push.subscribe());
    const page = await context.newPage();
    // The driver said no when asked.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto(`/Queue/data/${mine.uuid}`);
    await page.getByTestId('notify-consent').check();
    await page.getByTestId('notify-subscribe').click();
    await expect
      .poll(() => page.getByTestId('notify-problem').innerText())
      .toContain('Notifications are blocked for this site');

    await mine.call();
    await expect.poll(() => page.getByTestId('notify-card').count()).toBe(0);
  });

  it('the service worker shows a notification even for a push that is not its JSON', async () => {
    const mine = await issueDriverTicket(server.baseUrl);
    const context = await phone('en-GB');
    await stubPushManager(context, push.subscribe());
    const page = await context.newPage();
    await page.goto(`/Queue/data/${mine.uuid}`);
    await page.getByTestId('notify-consent').check();
    await page.getByTestId('notify-subscribe').click();
    await page.getByTestId('notify-on').waitFor();
    const workers = await serviceWorkers(page);
    const registrationId = await workers.registrationId(`${server.baseUrl}/Queue/data/`);
    // Not JSON, no title: still a notification (a push must show one), opening the drivers' pages.
    await workers.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId,
      data: 'hello',
    });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.body)).toContain('hello');
    const [shown] = await shownNotifications(page);
    expect(shown!.title).toBe('คิวของคุณ · Your queue');
    expect(shown!.data).toEqual({ url: `${server.baseUrl}/Queue/data/` });
  });
});
