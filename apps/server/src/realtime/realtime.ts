import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Namespace, type Socket } from 'socket.io';
import { z } from 'zod';
import { DEVICE_KINDS, type ApiError } from '@truck-queue/shared/contracts/api';
import {
  CallArgs,
  DEVICE_NAMESPACE,
  JoinRoomArgs,
  PUBLIC_NAMESPACE,
  RecordArgs,
  type Ack,
  type DeviceServerToClient,
  type PublicServerToClient,
  type StaffClientToServer,
  type StaffServerToClient,
} from '@truck-queue/shared/contracts/socket-events';
import { can } from '@truck-queue/shared/roles';
import type { AuthContext } from '../http/auth-context.ts';
import { databaseUnavailable } from '../http/error-handler.ts';
import { AppError } from '../http/errors.ts';
import type { EventHub, QueueChange } from '../lib/event-hub.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { DeviceService } from '../modules/devices/device.service.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import type { PublicQueueService } from '../modules/queue/public-queue.service.ts';
import { sameSecret } from '../lib/tokens.ts';
import { SECURITY_HEADERS } from '../http/security-headers.ts';
import { originAllowed, type OriginPolicy } from './origin-check.ts';
import { clientAddress } from '../lib/client-address.ts';
import { createRateLimiter, RATE_LIMITS } from '../lib/rate-limit.ts';
import { limitEvents } from './event-rate.ts';
import { startSessionSweep } from './session-sweep.ts';

interface StaffData {
  token: string;
  auth: AuthContext;
}
type StaffSocket = Socket<StaffClientToServer, StaffServerToClient, Record<string, never>, StaffData>;

export const branchRoom = (branchId: number) => `branch:${branchId}`;
const sessionRoom = (sessionId: number) => `session:${sessionId}`;
const queueTypeRoom = (branchQueueTypeId: number) => `queuetype:${branchQueueTypeId}`;
/** A registered device's sockets (DESIGN.md: `display:<device>`; kiosks have one too). */
const deviceRoom = (deviceId: number) => `display:${deviceId}`;
/** An unregistered screen showing this short id, waiting to be registered. */
const pendingRoom = (shortId: string) => `pending:${shortId}`;

const HandshakeSchema = z.object({ session: z.string().min(1).max(200), apiKey: z.string().max(200) });
const PublicHandshakeSchema = z.object({ queue: z.uuid() });
const DeviceHandshakeSchema = z.object({
  apiKey: z.string().max(200),
  kind: z.enum(DEVICE_KINDS),
  device_id: z.string().regex(/^[A-Z0-9]{6,10}$/),
  secret: z.string().max(200),
});

/**
 * A handshake middleware's failure as the client sees it: only a code, never the error's own
 * message (a database error's text holds the statement and its values).
 */
function handshakeRefusal(thrown: unknown, log: FastifyBaseLogger): Error {
  return new Error(failure(thrown, log).code);
}

function failure(thrown: unknown, log: FastifyBaseLogger): ApiError {
  const error = databaseUnavailable(thrown, log) ?? thrown;
  if (error instanceof AppError) return error.toBody();
  log.error({ err: error }, 'socket event failed');
  return { status: 0, code: 'INTERNAL', message: 'Something went wrong on the server. Try again.' };
}

export interface Realtime {
  io: Server;
  /** The Redis adapter's connections: off without REDIS_URL, down while either is not ready. */
  redisStatus(): 'off' | 'ready' | 'down';
  /** Disconnects this instance's staff sockets whose session has ended (a timer runs it every 30 s). */
  sweepSessions(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Socket.IO on the API's port. Staff sockets authenticate with their session in the handshake
 * and join their branch's room; the driver's page joins its queue type's room in /public.
 * Committed changes (the event hub) become room emits; screens refetch on them.
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
  events: EventHub;
  log: FastifyBaseLogger;
  /** Which pages may open sockets (and whether a proxy tells the client's address). */
  origins: OriginPolicy;
}): Realtime {
  const { auth, calling, publicQueue, devices, events, log } = deps;
  const io = new Server<StaffClientToServer, StaffServerToClient, Record<string, never>, StaffData>(
    deps.httpServer,
    {
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
      // Checked once per connection, before any namespace: '/', '/public' and '/device' alike.
      allowRequest: (request, callback) => {
        const allowed = originAllowed(request, deps.origins);
        if (!allowed) reportForeignOrigin(request.headers.origin);
        callback(allowed ? null : 'FOREIGN_ORIGIN', allowed);
      },
      // Connection-state recovery stays off: a reconnecting socket always passes the
      // handshake middlewares again (docs/decisions.md, Security).
    },
  );
  // The long-polling transport's answers carry the same headers as every HTTP answer.
  io.engine.on('headers', (headers: Record<string, string>) => Object.assign(headers, SECURITY_HEADERS));

  const reportedOrigins = new Set<string>();
  /** One warning per foreign origin (a few dozen at most), so a misconfigured proxy is easy to spot. */
  function reportForeignOrigin(origin: string | undefined) {
    const key = String(origin).slice(0, 200);
    if (reportedOrigins.has(key) || reportedOrigins.size >= 50) return;
    reportedOrigins.add(key);
    log.warn(
      { origin: key },
      'Socket.IO refused a page from another origin. If this is the server itself behind a proxy, set TRUST_PROXY or list the address in ALLOWED_ORIGINS.',
    );
  }
  /** The client's address and browser, by the same TRUST_PROXY rule as HTTP's request.ip. */
  const clientInfo = (socket: Pick<Socket, 'handshake'>) => {
    const { address, headers } = socket.handshake;
    const ua = headers['user-agent'];
    return {
      ip: clientAddress(address, headers, deps.origins.trustProxy),
      userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null,
    };
  };
  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error) => log.warn({ err: error }, 'redis error'));
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}:socket.io` }));
  }

  io.use((socket, next) => {
    const handshake = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !sameSecret(handshake.data.apiKey, deps.apiKey)) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    auth
      .authenticate(handshake.data.session)
      .then(async (context) => {
        if (!context) return next(new Error('UNAUTHENTICATED'));
        socket.data = { token: handshake.data.session, auth: context };
        await socket.join(sessionRoom(context.sessionId));
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, log)));
  });

  /** Runs a staff event: arguments checked, the session still alive, the role allowed; always acknowledged. */
  function on<A extends unknown[]>(
    socket: StaffSocket,
    name: keyof StaffClientToServer,
    args: z.ZodType<A>,
    run: (context: AuthContext, parsed: A) => Promise<void>,
  ) {
    socket.on(name, (...raw: unknown[]) => {
      const ack = typeof raw.at(-1) === 'function' ? (raw.pop() as (ack: Ack) => void) : () => undefined;
      const parsed = args.safeParse(raw);
      if (!parsed.success) {
        ack({
          status: 0,
          code: 'VALIDATION_FAILED',
          message: `Bad arguments for ${name}: ${parsed.error.issues[0]?.message ?? ''}`,
        });
        return;
      }
      auth
        .authenticate(socket.data.token)
        .then(async (context) => {
          if (!context) {
            ack({ status: 0, code: 'UNAUTHENTICATED', message: 'The session has ended.' });
            socket.disconnect(true);
            return;
          }
          try {
            await run(context, parsed.data);
          } catch (error) {
            // A refused event is audited as a refused HTTP call is.
            if (error instanceof AppError && error.code === 'FORBIDDEN')
              await auth.recordForbidden(context, `socket:${name}`, clientInfo(socket));
            throw error;
          }
          ack({ status: 1 });
        })
        .catch((error: unknown) => ack(failure(error, log)));
    });
  }

  const mayCall = (context: AuthContext) => {
    if (!can(context.roles, 'calling')) throw new AppError('FORBIDDEN', 'Your role may not call queues.');
  };

  io.on('connection', (socket) => {
    limitEvents(socket, () =>
      log.warn(
        { officerId: socket.data.auth.officerId, ip: clientInfo(socket).ip },
        'a staff socket sent events far over its limit and was disconnected',
      ),
    );
    on(socket, 'joinRoom', JoinRoomArgs, async (context, [branchId]) => {
      if (branchId !== context.branchId)
        throw new AppError('FORBIDDEN', 'This is not the branch you are working in.');
      await socket.join(branchRoom(branchId));
      socket.emit('joinRoomCompleted', { branch_id: branchId });
    });
    on(socket, 'doCalling', CallArgs, async (context, [branchId, queueId, stationId]) => {
      mayCall(context);
      await calling.act(context, branchId, queueId, 'call', stationId);
    });
    on(socket, 'doRecheck', CallArgs, async (context, [branchId, queueId, stationId]) => {
      mayCall(context);
      await calling.act(context, branchId, queueId, 'recheck', stationId);
    });
    on(socket, 'doFinish', RecordArgs, async (context, [branchId, queueId]) => {
      mayCall(context);
      await calling.act(context, branchId, queueId, 'finish');
    });
    on(socket, 'doReject', RecordArgs, async (context, [branchId, queueId]) => {
      mayCall(context);
      await calling.act(context, branchId, queueId, 'reject');
    });
  });

  const publicSpace = io.of(PUBLIC_NAMESPACE) as unknown as Namespace<
    Record<string, never>,
    PublicServerToClient
  >;
  // Anyone may connect here: bounded per client address before anything else is looked at.
  const publicHandshakes = createRateLimiter(RATE_LIMITS.publicHandshakes);
  publicSpace.use((socket, next) => {
    if (publicHandshakes.take(clientInfo(socket).ip) > 0) return next(new Error('RATE_LIMITED'));
    const handshake = PublicHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) return next(new Error('NOT_FOUND'));
    publicQueue
      .information(handshake.data.queue)
      .then(async (info) => {
        await socket.join(queueTypeRoom(info.branchQueueTypeId));
        next();
      })
      // An unknown or forgotten ticket is NOT_FOUND; an outage is not (the page keeps retrying).
      .catch((error: unknown) => next(handshakeRefusal(error, log)));
  });

  // Displays and kiosks: a registered one joins its own room (calls, changes); an unregistered
  // one only waits in the room of the id it shows, to hear that it was registered.
  const deviceSpace = io.of(DEVICE_NAMESPACE) as unknown as Namespace<
    Record<string, never>,
    DeviceServerToClient
  >;
  deviceSpace.use((socket, next) => {
    const handshake = DeviceHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !sameSecret(handshake.data.apiKey, deps.apiKey)) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    const { kind, device_id: shortId, secret } = handshake.data;
    devices
      .arrive(kind, shortId, secret)
      .then(async (arrival) => {
        // A screen never waits in the room of an id another browser holds: it is told to show
        // a new id instead (or to come back later when too many ids are waiting).
        if (arrival === null) return next(new Error('UNAUTHENTICATED'));
        if (arrival.status === 'taken') return next(new Error('DEVICE_ID_TAKEN'));
        if (arrival.status === 'full') return next(new Error('RATE_LIMITED'));
        await socket.join(
          arrival.status === 'registered' ? deviceRoom(arrival.device.deviceId) : pendingRoom(shortId),
        );
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, log)));
  });

  async function announceCall(change: QueueChange) {
    if (change.stationId === null || change.stationName === null) return;
    const displays = await devices.displaysShowing(change.branchQueueTypeId);
    if (displays.length === 0) return;
    deviceSpace.to(displays.map(deviceRoom)).emit('called', {
      id: change.transitionId,
      queue_number: change.queueNumber,
      queue_type_name: change.queueTypeName,
      station_id: change.stationId,
      station_name: change.stationName,
      action: change.action,
      called_at: change.at.toISOString(),
    });
  }

  const sessionSweep = startSessionSweep({
    sockets: () => io.of('/').sockets.values(),
    liveSessionIds: (ids) => auth.liveSessionIds(ids),
    onError: (error) => log.warn({ err: error }, 'could not check the sessions of connected sockets'),
  });

  const unsubscribe = [
    events.subscribe('queueChanged', async (change: QueueChange) => {
      io.to(branchRoom(change.branchId)).emit('refreshUI', {
        queue_uuid: change.queueUuid,
        queue_number: change.queueNumber,
        action: change.action,
        from_state: change.fromState,
        to_state: change.toState,
        station_name: change.stationName,
        queue_type_id: change.branchQueueTypeId,
      });
      if (change.action === 'call' || change.action === 'recheck') {
        io.to(branchRoom(change.branchId)).emit('popup', {
          queue_number: change.queueNumber,
          station_name: change.stationName,
          action: change.action,
        });
      }
      // The driver's page learns only that its line moved, and refetches its own ticket.
      publicSpace.to(queueTypeRoom(change.branchQueueTypeId)).emit('queueChanged');
      if (change.action === 'call' || change.action === 'recheck') await announceCall(change);
    }),
    events.subscribe('deviceChanged', (change) => {
      io.to(branchRoom(change.branchId)).emit('deviceChanged', { kind: change.kind, uuid: change.uuid });
      const rooms = [deviceRoom(change.deviceId), ...change.shortIds.map(pendingRoom)];
      deviceSpace.to(rooms).emit('deviceChanged');
      // Whatever the change, the device's sockets stop getting calls until they reconnect with
      // the new state (a cancelled device must not keep hearing its old branch).
      deviceSpace.in(deviceRoom(change.deviceId)).socketsLeave(deviceRoom(change.deviceId));
    }),
    events.subscribe('sessionsEnded', ({ sessionIds }) => {
      for (const id of sessionIds) io.in(sessionRoom(id)).disconnectSockets(true);
    }),
  ];

  return {
    io: io,
    redisStatus: () =>
      redis.length === 0 ? 'off' : redis.every((client) => client.status === 'ready') ? 'ready' : 'down',
    sweepSessions: () => sessionSweep.sweep(),
    async close() {
      sessionSweep.stop();
      for (const stop of unsubscribe) stop();
      // Closing the transports (not disconnecting the sockets on purpose) lets clients
      // reconnect by themselves when the server is back.
      io.engine.close();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
