import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceContext } from '../lib/auth-context.ts';
import { confirmRegistration, type DeviceSocket } from './device-namespace.ts';

const device: DeviceContext = { deviceId: 7, uuid: 'u-7', kind: 'scale', branchId: 1, shortId: 'ABC123' };
const auth = { apiKey: 'key', kind: 'scale', device_id: 'ABC123', secret: 's'.repeat(43) };
const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

/** A connected socket that says it is `device`, and whether the server dropped it. */
function socketOf(data: { device?: DeviceContext }) {
  const disconnect = vi.fn();
  const emit = vi.fn();
  const socket = { data, handshake: { auth }, disconnect, emit } as unknown as DeviceSocket;
  return { socket, disconnect, emit };
}

/**
 * A cancel (or a registration) that commits between a device socket's handshake reading the
 * device and its connection misses the socket (only connected sockets are told): the read once
 * connected (confirmRegistration) is what drops it (or tells the waiting screen). The race itself is too narrow to hit on purpose
 * (device-realtime.test.ts runs it 20 times); here each outcome of that read.
 */
describe("a device socket's registration, read again once connected", () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('keeps the socket when its credentials are still this device', async () => {
    const { socket, disconnect } = socketOf({ device });
    const identify = vi.fn().mockResolvedValue(device);
    confirmRegistration(socket, { identify }, log);
    await settle();
    expect(identify).toHaveBeenCalledWith('scale', 'ABC123', auth.secret);
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('drops it when the device was cancelled or registered to another id meanwhile', async () => {
    for (const now of [null, { ...device, deviceId: 8 }]) {
      const { socket, disconnect } = socketOf({ device });
      confirmRegistration(socket, { identify: vi.fn().mockResolvedValue(now) }, log);
      await settle();
      expect(disconnect).toHaveBeenCalledWith(true);
    }
  });

  it('drops it when the database does not answer', async () => {
    for (const data of [{ device }, {}]) {
      const failing = socketOf(data);
      confirmRegistration(failing.socket, { identify: vi.fn().mockRejectedValue(new Error('down')) }, log);
      await settle();
      expect(failing.disconnect).toHaveBeenCalledWith(true);
    }
  });

  it('tells a waiting screen it was registered meanwhile, and leaves one still waiting be', async () => {
    const registered = socketOf({});
    confirmRegistration(registered.socket, { identify: vi.fn().mockResolvedValue(device) }, log);
    await settle();
    expect(registered.emit).toHaveBeenCalledWith('deviceChanged');
    expect(registered.disconnect).not.toHaveBeenCalled();

    const waiting = socketOf({});
    confirmRegistration(waiting.socket, { identify: vi.fn().mockResolvedValue(null) }, log);
    await settle();
    expect(waiting.emit).not.toHaveBeenCalled();
    expect(waiting.disconnect).not.toHaveBeenCalled();
  });
});
