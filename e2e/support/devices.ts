/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { prehashPassword } from '@truck-queue/shared/password';
import { post } from './demo-plant.ts';

export type DeviceKind = 'display' | 'printer';

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
  const body = await post<{ officer: { session: string } }>(baseUrl, 'authen/signin', {
    email: 'admin@example.com',
    password: prehashPassword('admin1234'),
    remember: false,
  });
  return body.officer.session;
}

/**
 * Registers `deviceId` on the demo branch's display or kiosk (the first one with queue types:
 * other tests add bare ones), as an admin would.
 */
export async function registerDevice(baseUrl: string, kind: DeviceKind, deviceId: string): Promise<string> {
  const session = await adminSession(baseUrl);
  type Row = { uuid: string; aCtrl: unknown[] };
  const list =
    kind === 'display'
      ? (await post<{ display: Row[] }>(baseUrl, 'display/mainDisplay', {}, session)).display
      : (await post<{ printer: Row[] }>(baseUrl, 'printer/mainPrinter', {}, session)).printer;
  const uuid = list.find((device) => device.aCtrl.length > 0)?.uuid;
  if (!uuid) throw new Error(`The demo branch has no ${kind} with queue types`);
  await post(baseUrl, `${kind}/addDevice`, { uuid, device_id: deviceId }, session);
  return uuid;
}

/** Cancel connection, as the controller's button does. */
export async function cancelDevice(baseUrl: string, kind: DeviceKind, uuid: string): Promise<void> {
  await post(baseUrl, `${kind}/cancelDevice`, { uuid }, await adminSession(baseUrl));
}
