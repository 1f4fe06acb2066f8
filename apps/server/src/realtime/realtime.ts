import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Clock } from '../lib/clock.ts';
import type { EventHub } from '../lib/event-hub.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import type { PublicQueueService } from '../modules/queue/public-queue.service.ts';
import { startBroadcasts } from './broadcasts.ts';
import { createCallingPush } from './calling-push.ts';
import type { LiveConnections } from '../modules/module-host.ts';
import { createScaleWeights, OFFLINE } from './scale-weights.ts';
import type { AnnouncementsService } from '../modules/announcements/announcements.service.ts';
import { createDeviceNamespace, displayConnections } from './device-namespace.ts';
import type { OriginPolicy } from './origin-check.ts';
import { connectedDevices, type KioskHealthSink } from './printer-sockets.ts';
import { createPublicNamespace } from './public-namespace.ts';
import { createPublicPush } from './public-push.ts';
import { createSocketServer } from './server.ts';
import { startSessionSweep } from './session-sweep.ts';
import { attachStaffNamespace } from './staff-namespace.ts';

/** The sockets' server; what it knows of the devices is what the modules ask (LiveConnections). */
export interface Realtime extends LiveConnections {
  io: Server;
  /** The Redis adapter's connections: off without REDIS_URL, down while either is not ready. */
  redisStatus(): 'off' | 'ready' | 'down';
  /** Disconnects this instance's staff sockets whose session has ended (a timer runs it every 30 s). */
  sweepSessions(): Promise<number>;
  /** Resolves once this instance has pushed the drivers' pages every change so far (public-push.ts). */
  publicPushIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Socket.IO on the API's port, put together from its parts: the server (server.ts), the staff
 * namespace and its events (staff-namespace.ts, staff-events.ts), the calling cards pushed to
 * the pages that watch them (calling-push.ts), the driver's page
 * (public-namespace.ts), displays, kiosks and scale bridges (device-namespace.ts, scale-weights.ts), the emits of committed
 * changes (broadcasts.ts), the drivers' pages' pushes (public-push.ts) and the sweep of ended sessions (session-sweep.ts).
 */
export function createRealtime(deps: {
  httpServer: HttpServer;
  apiKey: string;
  redisUrl: string | null;
  redisPrefix: string;
  auth: AuthService;
  calling: CallingService;
  publicQueue: PublicQueueService;
  devices: DeviceService;
  announcements: Pick<AnnouncementsService, 'report' | 'seen' | 'statusChanged' | 'proof'>;
  /** USB kiosks' reports of their printers' health (printing.service.ts). */
  kioskHealth: KioskHealthSink;
  events: EventHub;
  /** The app's clock: every rate limit of the sockets reads it. */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Which pages may open sockets (and whether a proxy tells the client's address). */
  origins: OriginPolicy;
}): Realtime {
  const { auth, calling, publicQueue, devices, announcements, events, clock, log, apiKey } = deps;
  const { trustProxy } = deps.origins;
  const server = createSocketServer(deps);
  const { io } = server;

  const cardsPush = createCallingPush({ io, auth, calling, announcements, events, log });
  const scales = createScaleWeights(io, () => deviceSpace, log, clock);
  attachStaffNamespace(io, { apiKey, auth, calling, cardsPush, scales, devices, log, clock, trustProxy });
  const publicSpace = createPublicNamespace(io, { publicQueue, log, clock, trustProxy });
  const publicPush = createPublicPush({ publicSpace, publicQueue, events, log });
  const deviceSpace = createDeviceNamespace(io, {
    apiKey,
    devices,
    announcements,
    kioskHealth: deps.kioskHealth,
    scales,
    log,
    clock,
    trustProxy,
  });

  const sessionSweep = startSessionSweep({
    sockets: () => io.of('/').sockets.values(),
    liveSessionIds: (ids) => auth.liveSessionIds(ids),
    onError: (error) => log.warn({ err: error }, 'could not check the sessions of connected sockets'),
  });
  const stopBroadcasts = startBroadcasts({ io, publicSpace, deviceSpace, devices, events });

  return {
    io,
    redisStatus: () => server.redisStatus(),
    // Another instance that does not answer in time costs the warning, never the controller's list.
    displayConnections: (deviceIds) =>
      displayConnections(deviceSpace, deviceIds).catch((error: unknown) => {
        log.warn({ err: error }, "could not ask the displays' sockets whether they are connected");
        return new Map();
      }),
    connectedKiosks: (deviceIds) =>
      connectedDevices(deviceSpace, deviceIds).catch((error: unknown) => {
        log.warn({ err: error }, "could not ask the kiosks' sockets whether they are connected");
        return new Set<number>();
      }),
    scaleWeights: (deviceIds) =>
      scales.live(deviceIds).catch((error: unknown) => {
        log.warn({ err: error }, "could not ask the scales' sockets for their weights");
        return new Map(deviceIds.map((id) => [id, OFFLINE]));
      }),
    scaleReadings: (deviceIds) =>
      scales.readings(deviceIds).catch((error: unknown) => {
        log.warn({ err: error }, "could not ask the scales' sockets for their weights");
        return new Map(deviceIds.map((id) => [id, { live: OFFLINE, emptyAt: null }]));
      }),
    sweepSessions: () => sessionSweep.sweep(),
    publicPushIdle: () => publicPush.idle(),
    async close() {
      scales.close();
      sessionSweep.stop();
      stopBroadcasts();
      cardsPush.stop();
      publicPush.stop();
      await server.close();
    },
  };
}
