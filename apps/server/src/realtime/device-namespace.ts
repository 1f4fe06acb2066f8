import type { FastifyBaseLogger } from 'fastify';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import { DEVICE_KINDS } from '@truck-queue/shared/contracts/api';
import { DEVICE_NAMESPACE, type DeviceServerToClient } from '@truck-queue/shared/contracts/socket-events';
import type { ProxyTrust } from '../lib/client-address.ts';
import { createRateLimiter, RATE_LIMITS } from '../lib/rate-limit.ts';
import { sameSecret } from '../lib/tokens.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import { clientInfo } from './client-info.ts';
import { handshakeRefusal } from './failure.ts';
import { branchDevicesRoom, deviceRoom, pendingRoom } from './rooms.ts';
import type { RealtimeServer } from './server.ts';

export type DeviceNamespace = Namespace<Record<string, never>, DeviceServerToClient>;

const DeviceHandshakeSchema = z.object({
  apiKey: z.string().max(200),
  kind: z.enum(DEVICE_KINDS),
  device_id: z.string().regex(/^[A-Z0-9]{6,10}$/),
  secret: z.string().max(200),
});

/**
 * `/device`: displays and kiosks. A registered one joins its own room (calls, changes); an
 * unregistered one only waits in the room of the id it shows, to hear that it was registered.
 */
export function createDeviceNamespace(
  io: RealtimeServer,
  deps: { apiKey: string; devices: DeviceService; log: FastifyBaseLogger; trustProxy: ProxyTrust },
): DeviceNamespace {
  const deviceSpace = io.of(DEVICE_NAMESPACE) as unknown as DeviceNamespace;
  // Anyone may connect here (the API key is public): bounded per client address first.
  const deviceHandshakes = createRateLimiter(RATE_LIMITS.deviceHandshakes);
  deviceSpace.use((socket, next) => {
    const { ip } = clientInfo(socket, deps.trustProxy);
    if (deviceHandshakes.take(ip) > 0) return next(new Error('RATE_LIMITED'));
    const handshake = DeviceHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !sameSecret(handshake.data.apiKey, deps.apiKey)) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    const { kind, device_id: shortId, secret } = handshake.data;
    deps.devices
      .arrive(kind, shortId, secret, ip)
      .then(async (arrival) => {
        // A screen never waits in the room of an id another browser holds: it is told to show
        // a new id instead (or to come back later when too many ids are waiting).
        if (arrival === null) return next(new Error('UNAUTHENTICATED'));
        if (arrival.status === 'taken') return next(new Error('DEVICE_ID_TAKEN'));
        if (arrival.status === 'full' || arrival.status === 'limited') return next(new Error('RATE_LIMITED'));
        await socket.join(
          arrival.status === 'registered'
            ? [deviceRoom(arrival.device.deviceId), branchDevicesRoom(arrival.device.branchId)]
            : pendingRoom(shortId),
        );
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, deps.log)));
  });
  return deviceSpace;
}
