/// <reference lib="dom" />
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Web Push in headless Chromium without Google's push service: `pushManager.subscribe` would
 * register with FCM over the internet, which the tests have not. The page's own code runs
 * (permission, service worker, subscribe, the server's call); only PushManager's two methods
 * answer with the subscription given here (a fake push service's, or any well-formed one),
 * kept in localStorage so a reload finds it as a browser would.
 */

export interface StubSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** On every page of a context, or on one page. */
export async function stubPushManager(
  target: BrowserContext | Page,
  subscription: StubSubscription,
): Promise<void> {
  // A string, not a function: run under tsx, esbuild would wrap a function's inner functions
  // in a helper (__name) the page does not have.
  await target.addInitScript({
    content: `(() => {
      const given = ${JSON.stringify(subscription)};
      const STORE = 'tq-e2e-push-subscription';
      const made = (stored) => ({
        endpoint: stored.json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.key).buffer },
        toJSON: () => stored.json,
        getKey: () => null,
        unsubscribe: () => {
          localStorage.removeItem(STORE);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function (options) {
        const raw = options && options.applicationServerKey;
        const key =
          raw instanceof ArrayBuffer
            ? [...new Uint8Array(raw)]
            : ArrayBuffer.isView(raw)
              ? [...new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)]
              : [];
        const stored = { json: { ...given, expirationTime: null }, key };
        localStorage.setItem(STORE, JSON.stringify(stored));
        return Promise.resolve(made(stored));
      };
      PushManager.prototype.getSubscription = function () {
        const text = localStorage.getItem(STORE);
        return Promise.resolve(text ? made(JSON.parse(text)) : null);
      };
    })();`,
  });
}

/** The service worker registrations of the page's browser, by scope, through the DevTools protocol. */
export async function serviceWorkers(
  page: Page,
): Promise<{ cdp: CDPSession; registrationId(scope: string): Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  const byScope = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) {
      if (r.isDeleted) byScope.delete(r.scopeURL);
      else byScope.set(r.scopeURL, r.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  return {
    cdp,
    async registrationId(scope) {
      const deadline = Date.now() + 10_000;
      while (!byScope.has(scope)) {
        if (Date.now() > deadline) throw new Error(`no service worker registered for ${scope}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return byScope.get(scope)!;
    },
  };
}

/** The notifications the driver's pages' service worker shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/Queue/data/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}
