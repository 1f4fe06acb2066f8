import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import {
  DEVICE_ID_ALPHABET,
  DEVICE_ID_LENGTH,
  DeviceSecretSchema,
} from '@truck-queue/shared/contracts/device.contract';
import { isApiRequestError, type DeviceCredentials } from '../../../lib/api-client.ts';

const storageKey = (kind: DeviceKind) => `tq.device.${kind}`;

function randomBytes(length: number): Uint8Array {
  // getRandomValues works on plain-http LAN origins too (crypto.subtle does not).
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A short id an officer can read across a room and type: 8 characters of an unambiguous alphabet. */
export function newDeviceId(): string {
  // 29 symbols: a byte modulo 29 is slightly biased, so draw and reject above the largest multiple.
  const limit = 256 - (256 % DEVICE_ID_ALPHABET.length);
  let id = '';
  while (id.length < DEVICE_ID_LENGTH) {
    for (const byte of randomBytes(DEVICE_ID_LENGTH * 2)) {
      if (byte < limit && id.length < DEVICE_ID_LENGTH)
        id += DEVICE_ID_ALPHABET[byte % DEVICE_ID_ALPHABET.length];
    }
  }
  return id;
}

/** 32 random bytes, base64url: the device's password, which only this browser ever holds. */
export function newDeviceSecret(): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function isValid(value: unknown): value is DeviceCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const { id, secret } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    id.length === DEVICE_ID_LENGTH &&
    [...id].every((c) => DEVICE_ID_ALPHABET.includes(c)) &&
    DeviceSecretSchema.safeParse(secret).success
  );
}

/**
 * This browser's identity as a display or a kiosk, kept in localStorage so it survives reloads
 * and restarts. A missing or damaged entry is replaced by a new one (the device then shows a
 * new id to register).
 */
export function loadDeviceIdentity(kind: DeviceKind, storage: Storage = localStorage): DeviceCredentials {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(kind)) ?? 'null');
    if (isValid(stored)) return stored;
  } catch {
    // Not JSON: replaced below.
  }
  return newDeviceIdentity(kind, storage);
}

/**
 * A new identity for this browser, kept in place of the old one: on first use, and when the
 * server says another browser already shows this id (the page then shows the new one).
 */
export function newDeviceIdentity(kind: DeviceKind, storage: Storage = localStorage): DeviceCredentials {
  const identity = { id: newDeviceId(), secret: newDeviceSecret() };
  try {
    storage.setItem(storageKey(kind), JSON.stringify(identity));
  } catch (error) {
    console.warn('Cannot keep the device identity; it will change on reload', error);
  }
  return identity;
}

/** "K7MQ4XPR" → "K7MQ 4XPR", the way the screen shows it. */
export function formatDeviceId(id: string): string {
  return id.length > 4 ? `${id.slice(0, 4)} ${id.slice(4)}` : id;
}

/**
 * The server's answer that another browser already shows this id: from `device/hello` (a
 * CONFLICT with reason DEVICE_ID_TAKEN) or from the socket's handshake (its refusal's message).
 */
export function isIdTaken(error: unknown): boolean {
  if (isApiRequestError(error)) return error.code === 'CONFLICT' && error.detail.reason === 'DEVICE_ID_TAKEN';
  return error instanceof Error && error.message === 'DEVICE_ID_TAKEN';
}
