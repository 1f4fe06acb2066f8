import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import { PUBLIC_NAMESPACE, type PublicServerToClient } from '@truck-queue/shared/contracts/socket-events';
import type { ProxyTrust } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { createRateLimiter, RATE_LIMITS } from '../lib/rate-limit.ts';
import type { PublicQueueService } from '../modules/queue/public-queue.service.ts';
import { clientInfo } from './client-info.ts';
import { handshakeRefusal } from './failure.ts';
import { branchTicketsRoom, queueTypeRoom, ticketRoom } from './rooms.ts';
import type { RealtimeServer } from './server.ts';

/** What a driver's page socket holds: its ticket, and the last place it was pushed (public-push.ts). */
export interface PublicSocketData {
  ticket: string;
  lastLine?: string;
}

export type PublicNamespace = Namespace<
  Record<string, never>,
  PublicServerToClient,
  Record<string, never>,
  PublicSocketData
>;
export type PublicSocket = Socket<
  Record<string, never>,
  PublicServerToClient,
  Record<string, never>,
  PublicSocketData
>;

const PublicHandshakeSchema = z.object({ queue: z.uuid() });

/**
 * `/public`: the driver's page. It names its ticket's uuid in the handshake and joins the room
 * of the ticket's queue type; it is pushed its ticket when that changes and its place when the
 * line moves (public-push.ts), and fetches the ticket itself only when it (re)connects.
 */
export function createPublicNamespace(
  io: RealtimeServer,
  deps: { publicQueue: PublicQueueService; log: FastifyBaseLogger; clock: Clock; trustProxy: ProxyTrust },
): PublicNamespace {
  const publicSpace = io.of(PUBLIC_NAMESPACE) as unknown as PublicNamespace;
  // Anyone may connect here: bounded per client address before anything else is looked at.
  const publicHandshakes = createRateLimiter(RATE_LIMITS.publicHandshakes, { clock: deps.clock });
  publicSpace.use((socket, next) => {
    if (publicHandshakes.take(clientInfo(socket, deps.trustProxy).ip) > 0)
      return next(new Error('RATE_LIMITED'));
    const handshake = PublicHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) return next(new Error('NOT_FOUND'));
    deps.publicQueue
      .page(handshake.data.queue)
      .then(async (info) => {
        socket.data.ticket = info.uuid;
        await socket.join([
          queueTypeRoom(info.branchQueueTypeId),
          ticketRoom(info.uuid),
          branchTicketsRoom(info.branchId),
        ]);
        next();
      })
      // An unknown or forgotten ticket is NOT_FOUND; an outage is not (the page keeps retrying).
      .catch((error: unknown) => next(handshakeRefusal(error, deps.log, deps.clock)));
  });
  return publicSpace;
}
