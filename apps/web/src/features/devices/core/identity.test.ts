import { describe, expect, it } from 'vitest';
import { DeviceIdSchema } from '@truck-queue/shared/contracts/controller.contract';
import { DEVICE_ID_ALPHABET, DeviceSecretSchema } from '@truck-queue/shared/contracts/device.contract';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  formatDeviceId,
  isIdTaken,
  loadDeviceIdentity,
  newDeviceId,
  newDeviceIdentity,
  newDeviceSecret,
} from './identity.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('device identity', () => {
  it('makes short ids an officer can type into the Register dialog, from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const id = newDeviceId();
      expect(id).toHaveLength(8);
      expect([...id].every((c) => DEVICE_ID_ALPHABET.includes(c))).toBe(true);
      expect(DeviceIdSchema.parse(formatDeviceId(id).toLowerCase())).toBe(id);
    }
  });

  it('makes secrets the server accepts, never twice the same', () => {
    const a = newDeviceSecret();
    expect(DeviceSecretSchema.safeParse(a).success).toBe(true);
    expect(newDeviceSecret()).not.toBe(a);
  });

  it('keeps the identity across loads, one per kind, and replaces a damaged one', () => {
    const storage = memoryStorage();
    const display = loadDeviceIdentity('display', storage);
    expect(loadDeviceIdentity('display', storage)).toEqual(display);
    expect(loadDeviceIdentity('printer', storage).id).not.toBe(display.id);
    storage.setItem('tq.device.display', '{"id":"0000","secret":"x"}');
    expect(loadDeviceIdentity('display', storage).id).not.toBe('0000');
    storage.setItem('tq.device.display', 'not json');
    expect(loadDeviceIdentity('display', storage).id).toHaveLength(8);
  });

  it('takes a new id and secret in place of one another browser holds, and keeps it across loads', () => {
    const storage = memoryStorage();
    const first = loadDeviceIdentity('display', storage);
    const taken = new ApiRequestError('CONFLICT', 409, 'taken', { reason: 'DEVICE_ID_TAKEN' });
    expect(isIdTaken(taken)).toBe(true);
    expect(isIdTaken(new Error('DEVICE_ID_TAKEN'))).toBe(true);
    const fresh = newDeviceIdentity('display', storage);
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.secret).not.toBe(first.secret);
    expect(loadDeviceIdentity('display', storage)).toEqual(fresh);
  });

  it('does not mistake other refusals for a taken id', () => {
    expect(isIdTaken(new ApiRequestError('CONFLICT', 409, 'x', { reason: 'DEVICE_ID_TAKEN' }))).toBe(true);
    expect(isIdTaken(new ApiRequestError('CONFLICT', 409, 'x', { reason: 'DEVICE_NOT_WAITING' }))).toBe(
      false,
    );
    expect(isIdTaken(new ApiRequestError('RATE_LIMITED', 429, 'x'))).toBe(false);
    expect(isIdTaken(new ApiRequestError('NETWORK', 0, 'x'))).toBe(false);
    expect(isIdTaken(new Error('RATE_LIMITED'))).toBe(false);
    expect(isIdTaken(undefined)).toBe(false);
  });
});
