/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { API_KEY, post, signIn } from './demo-plant.ts';

export type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';

export interface DeviceIdentity {
  id: string;
  secret: string;
}

const ALPHABET = '3456789ABCDEFGHJKMNPQRSTUVWXY';

/** A fresh identity in the shape the device pages keep in localStorage (`tq.device.<kind>`). */
export function newIdentity(): DeviceIdentity {
  const id = [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return { id, secret: randomBytes(32).toString('base64url') };
}

/** Makes the page's browser this device before any script runs. */
export async function useIdentity(page: Page, kind: DeviceKind, identity: DeviceIdentity): Promise<void> {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`tq.device.${kind}`, JSON.stringify(identity)],
  );
}

export async function adminSession(baseUrl: string): Promise<string> {
  return (await signIn(baseUrl, 'admin@example.com', 'admin1234')).session;
}

/**
 * Says hello as the device's page does, so the server knows this browser shows the id (a page
 * that is already open has done so; saying it again changes nothing).
 */
export async function sayHello(baseUrl: string, kind: DeviceKind, identity: DeviceIdentity): Promise<void> {
  const response = await fetch(`${baseUrl}/api/device/hello`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: API_KEY,
      'device-id': identity.id,
      'device-secret': identity.secret,
    },
    body: JSON.stringify({ device_id: identity.id, kind }),
  });
  if (!response.ok) throw new Error(`device/hello failed: ${await response.text()}`);
}

/**
 * Registers the identity's id on the demo branch's display or kiosk (the first one with queue
 * types: other tests add bare ones), as an admin would. Register takes only an id a screen is
 * showing, so the identity says hello first.
 */
export async function registerDevice(
  baseUrl: string,
  kind: DeviceKind,
  identity: DeviceIdentity,
): Promise<string> {
  await sayHello(baseUrl, kind, identity);
  const session = await adminSession(baseUrl);
  type Row = { uuid: string; aCtrl: unknown[] };
  const list =
    kind === 'display'
      ? (await post<{ display: Row[] }>(baseUrl, 'display/mainDisplay', {}, session)).display
      : (await post<{ printer: Row[] }>(baseUrl, 'printer/mainPrinter', {}, session)).printer;
  const uuid = list.find((device) => device.aCtrl.length > 0)?.uuid;
  if (!uuid) throw new Error(`The demo branch has no ${kind} with queue types`);
  await post(baseUrl, `${kind}/addDevice`, { uuid, device_id: identity.id }, session);
  return uuid;
}

/**
 * A new display of the demo branch showing these queue types, with how many latest calls its
 * board lists, registered on the identity's id, as an admin does in the Display controller.
 */
export async function registerNewDisplay(
  baseUrl: string,
  identity: DeviceIdentity,
  typeIds: number[],
  recentCount?: number,
): Promise<string> {
  await sayHello(baseUrl, 'display', identity);
  const session = await adminSession(baseUrl);
  // After the demo's own display by name: registerDevice still finds that one first.
  const name = `ลานจอดรถ ${identity.id}`;
  const { device } = await post<{ device: { id: number; uuid: string } }>(
    baseUrl,
    'display/doMainDisplay',
    { name },
    session,
  );
  await post(baseUrl, 'display/manageOT', { id: device.id, branch_queue_type: typeIds }, session);
  if (recentCount !== undefined) {
    await post(
      baseUrl,
      'display/doMainDisplay',
      { uuid: device.uuid, name, recent_count: recentCount },
      session,
    );
  }
  await post(baseUrl, 'display/addDevice', { uuid: device.uuid, device_id: identity.id }, session);
  return device.uuid;
}

/** The name the demo branch gives the display `uuid` (as its Display controller row shows it). */
export async function displayName(baseUrl: string, uuid: string): Promise<string> {
  const { display: rows } = await post<{ display: { uuid: string; name: string }[] }>(
    baseUrl,
    'display/mainDisplay',
    {},
    await adminSession(baseUrl),
  );
  return rows.find((row) => row.uuid === uuid)!.name;
}

/**
 * Makes `page` a TV of the demo branch without a Thai voice (and with its sound locked until
 * someone touches it, when `soundLocked`), registers it and opens its board: the display's uuid.
 */
export async function openRegisteredDisplay(
  page: Page,
  baseUrl: string,
  options: { soundLocked?: boolean } = {},
): Promise<string> {
  const identity = newIdentity();
  await withoutThaiVoice(page);
  if (options.soundLocked) await soundBlockedUntilTouched(page);
  await useIdentity(page, 'display', identity);
  const uuid = await registerDevice(baseUrl, 'display', identity);
  await page.goto('/DisplayManage');
  await page.getByTestId('display-station').first().waitFor({ timeout: 15_000 });
  return uuid;
}

/**
 * Makes `page` a kiosk of the demo branch: it shows its id, an admin registers it, and it turns
 * into the kiosk.
 */
export async function openRegisteredKiosk(page: Page, baseUrl: string): Promise<void> {
  const identity = newIdentity();
  await useIdentity(page, 'printer', identity);
  await page.goto('/PrinterManage');
  await page.getByTestId('device-id').waitFor();
  await registerDevice(baseUrl, 'printer', identity);
  await page.getByTestId('kiosk').waitFor({ timeout: 15_000 });
}

/** Cancel connection, as the controller's button does. */
export async function cancelDevice(baseUrl: string, kind: DeviceKind, uuid: string): Promise<void> {
  await post(baseUrl, `${kind}/cancelDevice`, { uuid }, await adminSession(baseUrl));
}

/**
 * A TV without a Thai voice, whatever this machine's Chromium has installed (with
 * speech-dispatcher it may load one a moment later): the board falls back to captions.
 */
export async function withoutThaiVoice(page: Page): Promise<void> {
  await page.addInitScript(() =>
    Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => [] }),
  );
}

/**
 * A browser that keeps sound off until the page is touched, as a TV's browser does unless it is
 * started with the autoplay flag (the test's Chromium lets pages play at once): every
 * AudioContext starts suspended, and resume() works as after a touch.
 */
export async function soundBlockedUntilTouched(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        void this.suspend();
      }
    };
  });
}
