import type { PushSubscriptionJson } from './notify-api.ts';

/**
 * The browser's side of Web Push for the driver's page: its service worker (public/push-sw.js,
 * scoped to the driver's pages only, so the back office is never under it), the notification
 * permission, and the push subscription made with the server's VAPID public key.
 */
export const PUSH_WORKER_URL = '/push-sw.js';
export const PUSH_WORKER_SCOPE = '/Queue/data/';

/**
 * Whether this browser can be notified: `insecure` on a plain http address (push needs https
 * or localhost), `ios` on an iPhone or iPad where Safari offers push only to a page added to
 * the Home Screen, `none` in a browser without it.
 */
export type PushSupport = 'ok' | 'insecure' | 'ios' | 'none';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'none';
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apis && window.isSecureContext) return 'ok';
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  if (ios) return 'ios';
  if (!window.isSecureContext) return 'insecure';
  return 'none';
}

/** The push registration of the driver's pages, if this browser made one before. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  } catch {
    return undefined;
  }
}

/** This browser's push endpoint, if it has subscribed before (for any ticket). */
export async function currentEndpoint(): Promise<string | null> {
  if (pushSupport() !== 'ok') return null;
  const found = await registration();
  try {
    return (await found?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export type BrowserSubscription =
  | { ok: true; subscription: PushSubscriptionJson }
  /** `denied`: notifications are blocked for this site; `dismissed`: the driver closed the prompt. */
  | { ok: false; reason: 'denied' | 'dismissed' | 'failed' };

/**
 * Asks for the permission (first, while the tap still counts as the driver's: Safari allows
 * the prompt only then), registers the service worker and subscribes with the server's key.
 */
export async function subscribeBrowser(publicKey: string): Promise<BrowserSubscription> {
  try {
    if (Notification.permission === 'denied') return { ok: false, reason: 'denied' };
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission === 'denied') return { ok: false, reason: 'denied' };
    if (permission !== 'granted') return { ok: false, reason: 'dismissed' };

    await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
    const ready = await navigator.serviceWorker.ready;
    const key = keyBytes(publicKey);
    let subscription = await ready.pushManager.getSubscription();
    // Made with another server key (the plant's keys were made anew): it cannot be reused.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, reason: 'failed' };
    return {
      ok: true,
      subscription: {
        endpoint: json.endpoint,
        keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
        expirationTime: json.expirationTime ?? null,
      },
    };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** The browser's current subscription as the server needs it again (to change the choice). */
export async function currentSubscription(): Promise<PushSubscriptionJson | null> {
  if (pushSupport() !== 'ok') return null;
  try {
    const json = (await (await registration())?.pushManager.getSubscription())?.toJSON();
    if (!json?.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
    return {
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
      expirationTime: json.expirationTime ?? null,
    };
  } catch {
    return null;
  }
}
