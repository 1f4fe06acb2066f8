import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { StaffClientToServer, StaffServerToClient } from '@truck-queue/shared/contracts/socket-events';
import type { AuthContext } from '../lib/auth-context.ts';
import type { BucketClock } from '../lib/rate-limit.ts';
import { SECURITY_HEADERS } from '../http/security-headers.ts';
import { originAllowed, type OriginPolicy } from './origin-check.ts';
import { boundedParser } from './packet-parser.ts';

/** What a staff socket carries once its handshake passed (staff-namespace.ts). */
export interface StaffData {
  token: string;
  auth: AuthContext;
  /** The days of the calling cards this socket's page watches (calling-push.ts); unset: none. */
  cardsDays?: 1 | 3 | null;
  /** The latest push to this socket: an older one still running is not sent. */
  cardsSeq?: number;
  /** The room of the scale this socket's weighing page watches (scale-weights.ts); unset: none. */
  scaleRoom?: string | undefined;
}
/** The server's default namespace is the staff one; `/public` and `/device` cast their own types. */
export type RealtimeServer = Server<
  StaffClientToServer,
  StaffServerToClient,
  Record<string, never>,
  StaffData
>;
export type StaffSocket = Socket<StaffClientToServer, StaffServerToClient, Record<string, never>, StaffData>;

export interface SocketServer {
  io: RealtimeServer;
  /** The Redis adapter's connections: off without REDIS_URL, down while either is not ready. */
  redisStatus(): 'off' | 'ready' | 'down';
  /** Closes the transports (clients reconnect by themselves later) and the Redis connections. */
  close(): Promise<void>;
}

/**
 * Socket.IO on the API's port: the origin check before any namespace, the security headers on
 * long-polling answers, and the Redis adapter when REDIS_URL is set.
 */
export function createSocketServer(deps: {
  httpServer: HttpServer;
  redisUrl: string | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
  /** Which pages may open sockets (and whether a proxy tells the client's address). */
  origins: OriginPolicy;
  /** The app's clock: each connection's packet bucket reads it. */
  clock: BucketClock;
}): SocketServer {
  const { log } = deps;
  const io = new Server<StaffClientToServer, StaffServerToClient, Record<string, never>, StaffData>(
    deps.httpServer,
    {
      serveClient: false,
      // Engine.IO refuses a bigger message (WebSocket frame or long-polling POST) before reading
      // it; each Socket.IO packet is then checked for its namespace's size and for its depth
      // before it is parsed, and a client that sends one too big or too deep, or too many, is cut
      // (packet-parser.ts).
      maxHttpBufferSize: 16 * 1024,
      parser: boundedParser(deps.clock),
      // Checked once per connection, before any namespace: '/', '/public' and '/device' alike.
      allowRequest: (request, callback) => {
        const allowed = originAllowed(request, deps.origins);
        if (!allowed) reportForeignOrigin(request.headers.origin);
        callback(allowed ? null : 'FOREIGN_ORIGIN', allowed);
      },
      // Connection-state recovery stays off: a reconnecting socket always passes the
      // handshake middlewares again (docs/security.md, "Sessions and sockets").
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

  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const pub = new Redis(deps.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error) => log.warn({ err: error }, 'redis error'));
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}:socket.io` }));
  }

  return {
    io,
    redisStatus: () =>
      redis.length === 0 ? 'off' : redis.every((client) => client.status === 'ready') ? 'ready' : 'down',
    async close() {
      // Closing the transports (not disconnecting the sockets on purpose) lets clients
      // reconnect by themselves when the server is back.
      io.engine.close();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
