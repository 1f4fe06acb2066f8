import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import { DEVICE_KINDS } from '@truck-queue/shared/contracts/api';
import {
  DEVICE_NAMESPACE,
  DisplayStatusSchema,
  type DeviceClientToServer,
  type DeviceServerToClient,
  type DisplayStatus,
} from '@truck-queue/shared/contracts/socket-events';
import type {
  AnnouncementsService,
  DisplayConnection,
} from '../modules/announcements/announcements.service.ts';
import type { DeviceContext } from '../lib/auth-context.ts';
import type { ProxyTrust } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { createRateLimiter, RATE_LIMITS, TokenBucket, type BucketClock } from '../lib/rate-limit.ts';
import { sameSecret } from '../lib/tokens.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import { clientInfo } from './client-info.ts';
import { handshakeRefusal } from './failure.ts';
import { followPrinterStatus, type KioskHealthSink } from './printer-sockets.ts';
import { branchDevicesRoom, branchRoom, deviceRoom, pendingRoom } from './rooms.ts';
import type { RealtimeServer } from './server.ts';
import type { ScaleWeightData, ScaleWeights } from './scale-weights.ts';

/**
 * What a device socket carries: the registered device it is (none while it waits to be
 * registered) and what it last reported. Plain data, so that with the Redis adapter another
 * instance reads it too (`displayConnections`).
 */
export interface DeviceData {
  device?: DeviceContext;
  /** Displays: whether sound may play and what speaks (`status`), null until it says. */
  status?: DisplayStatus | null;
  /** Scales: the bridge's last weight (scale-weights.ts). */
  weight?: ScaleWeightData;
  /** Scales: when (the app's clock, ms) it last read empty, or its bridge connected (scale-weights.ts). */
  emptyAt?: number;
}

export type DeviceNamespace = Namespace<
  DeviceClientToServer,
  DeviceServerToClient,
  Record<string, never>,
  DeviceData
>;
export type DeviceSocket = Socket<
  DeviceClientToServer,
  DeviceServerToClient,
  Record<string, never>,
  DeviceData
>;

const DeviceHandshakeSchema = z.object({
  apiKey: z.string().max(200),
  kind: z.enum(DEVICE_KINDS),
  device_id: z.string().regex(/^[A-Z0-9]{6,10}$/),
  secret: z.string().max(200),
});

/**
 * `/device`: displays, kiosks and scale bridges. A registered one joins its own room (calls, changes); an
 * unregistered one only waits in the room of the id it shows, to hear that it was registered.
 */
export function createDeviceNamespace(
  io: RealtimeServer,
  deps: {
    apiKey: string;
    devices: DeviceService;
    announcements: Pick<AnnouncementsService, 'report' | 'seen' | 'statusChanged'>;
    /** USB kiosks' reports of their printers' health. */
    kioskHealth: KioskHealthSink;
    /** Scale bridges' weights. */
    scales: Pick<ScaleWeights, 'follow'>;
    log: FastifyBaseLogger;
    /** The app's clock: the handshakes' and the reports' buckets read it. */
    clock: Clock;
    trustProxy: ProxyTrust;
  },
): DeviceNamespace {
  const deviceSpace = io.of(DEVICE_NAMESPACE) as unknown as DeviceNamespace;
  // Anyone may connect here (the API key is public): bounded per client address first.
  const deviceHandshakes = createRateLimiter(RATE_LIMITS.deviceHandshakes, { clock: deps.clock });
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
        if (arrival.status === 'registered') {
          socket.data = { device: arrival.device, status: null };
          await socket.join([
            deviceRoom(arrival.device.deviceId),
            branchDevicesRoom(arrival.device.branchId),
          ]);
        } else {
          await socket.join(pendingRoom(shortId));
        }
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, deps.log, deps.clock)));
  });
  deviceSpace.on('connection', (socket) => {
    followAnnouncements(io, socket, deps.announcements, deps.log, deps.clock);
    followPrinterStatus(socket, deps.kioskHealth, deps.log, deps.clock);
    deps.scales.follow(socket);
    confirmRegistration(socket, deps.devices, deps.log);
  });
  return deviceSpace;
}

/**
 * A change of registration reaches a connected socket only (broadcasts.ts): a cancel (or a
 * registration to another id) disconnects the device's sockets, a registration tells the screen
 * waiting with that id (`deviceChanged`). One committed while this socket's handshake was between
 * reading the device and joining its room would miss it, and the screen would wait for nothing
 * (a scale bridge registered at the moment its socket connected: its weights were never taken).
 * So the device is read once more once connected: a change committed before that read is seen
 * here (the registered socket goes, the waiting one is told); one committed after it finds the
 * socket in its room. A database that does not answer disconnects it (it comes back and asks again).
 */
export function confirmRegistration(
  socket: DeviceSocket,
  devices: Pick<DeviceService, 'identify'>,
  log: FastifyBaseLogger,
): void {
  const device = socket.data.device ?? null;
  const handshake = DeviceHandshakeSchema.safeParse(socket.handshake.auth);
  if (!handshake.success) return;
  const { kind, device_id: shortId, secret } = handshake.data;
  devices
    .identify(kind, shortId, secret)
    .then((now) => {
      if (device === null) {
        if (now !== null) socket.emit('deviceChanged');
      } else if (now?.deviceId !== device.deviceId) socket.disconnect(true);
    })
    .catch((error: unknown) => {
      log.warn(
        { err: error, device: device?.deviceId, shortId },
        "could not confirm a device's registration",
      );
      socket.disconnect(true);
    });
}

/**
 * A registered display's proof (issue 17): its last contact is stamped when it connects and goes
 * away (the staff screens are told, to show it online or offline), its sound (`status`) is kept
 * on its socket like its voice, and each `announced` report is kept with its call (the branch's
 * staff screens are told `announcementChanged`). Bounded per socket; a malformed report, or one
 * of a call this display was never sent, changes nothing and is not answered.
 */
function followAnnouncements(
  io: RealtimeServer,
  socket: DeviceSocket,
  announcements: Pick<AnnouncementsService, 'report' | 'seen' | 'statusChanged'>,
  log: FastifyBaseLogger,
  clock: BucketClock,
): void {
  const device = socket.data.device;
  if (device?.kind !== 'display') return;
  const staff = io.to(branchRoom(device.branchId));
  const tellStaff = () => staff.emit('deviceChanged', { kind: 'display', uuid: device.uuid });
  const stamp = () =>
    announcements
      .seen(device)
      .catch((error: unknown) =>
        log.warn({ err: error, device: device.deviceId }, 'could not stamp last seen'),
      )
      .finally(tellStaff);
  void stamp();
  const statuses = new TokenBucket(RATE_LIMITS.deviceReports, clock);
  socket.on('status', (raw: unknown) => {
    if (statuses.take() > 0) return;
    const status = DisplayStatusSchema.safeParse(raw);
    if (!status.success) return;
    const known = socket.data.status;
    if (known?.sound === status.data.sound && known.voice === status.data.voice) return;
    socket.data.status = status.data;
    announcements.statusChanged(device);
    tellStaff();
  });
  const reports = new TokenBucket(RATE_LIMITS.announcementReports, clock);
  socket.on('announced', (raw: unknown) => {
    if (reports.take() > 0) return;
    announcements
      .report(device, raw)
      .then((kept) => {
        if (kept) staff.emit('announcementChanged', { call_id: kept.callId, device_uuid: device.uuid });
        else log.debug({ device: device.deviceId }, 'a display reported an announcement it was not sent');
      })
      .catch((error: unknown) =>
        log.warn({ err: error, device: device.deviceId }, 'could not keep an announcement report'),
      );
  });
  socket.on('disconnect', () => void stamp());
}

/**
 * The connected displays among these, on every instance (with the Redis adapter too), with
 * what they said of their sound. One display open twice is shown by its weaker browser.
 */
export async function displayConnections(
  deviceSpace: DeviceNamespace,
  deviceIds: readonly number[],
): Promise<Map<number, DisplayConnection>> {
  const found = new Map<number, DisplayConnection>();
  if (deviceIds.length === 0) return found;
  const sockets = await deviceSpace.in(deviceIds.map(deviceRoom)).fetchSockets();
  for (const { data } of sockets) {
    const id = data.device?.deviceId;
    if (id === undefined) continue;
    const mine: DisplayConnection = { sound: data.status?.sound ?? null, voice: data.status?.voice ?? null };
    const known = found.get(id);
    if (!known || weaker(mine, known)) found.set(id, mine);
  }
  return found;
}

const SOUND_RANK = { on: 0, blocked: 1, unsupported: 2 } as const;
/** Whether `a` can play less than `b` (a browser that has not said counts as the weakest). */
const weaker = (a: DisplayConnection, b: DisplayConnection) =>
  (a.sound === null ? 3 : SOUND_RANK[a.sound]) > (b.sound === null ? 3 : SOUND_RANK[b.sound]);
