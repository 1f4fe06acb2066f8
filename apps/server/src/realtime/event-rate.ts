import type { Socket } from 'socket.io';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import { createRateLimiter, RATE_LIMITS, TokenBucket, type BucketClock } from '../lib/rate-limit.ts';

const LIMITED: Ack = {
  status: 0,
  code: 'RATE_LIMITED',
  message: 'Too many actions from this screen in a short time. Wait a moment and try again.',
};

/** The buckets every staff socket of one session shares (see `limitEvents`). */
export interface SessionEventLimits {
  /** Takes an event token of the session: 0 when allowed. */
  event(sessionId: number): number;
  /** Takes a refusal token of the session: 0 when the session may still be refused without a disconnect. */
  refusal(sessionId: number): number;
  /** Disconnects every socket of the session (it flooded). */
  disconnectAll(sessionId: number): void;
}

/**
 * One per server: the buckets of each session's sockets together (bounded like any limiter's
 * keys). `disconnectSession` ends all of a session's sockets: its room does that already.
 */
export function createSessionEventLimits(
  disconnectSession: (sessionId: number) => void,
  clock: BucketClock,
): SessionEventLimits {
  const events = createRateLimiter(RATE_LIMITS.staffSessionEvents, { clock });
  const refusals = createRateLimiter(RATE_LIMITS.staffSessionRefusals, { clock });
  return {
    event: (sessionId) => events.take(String(sessionId)),
    refusal: (sessionId) => refusals.take(String(sessionId)),
    disconnectAll: disconnectSession,
  };
}

/**
 * Bounds one staff socket's events, and with `session` the events of all its session's sockets
 * together (so opening more sockets gives a session no more). The checks run before the event's
 * handler, so before the session lookup and any other database work, and count every packet
 * (unknown events and bad arguments too). An event over either limit is acknowledged
 * RATE_LIMITED at once and goes no further; a socket that keeps sending far over it is
 * disconnected, and when a session's sockets together do, all of them are (`onFlood` is told
 * first).
 */
export function limitEvents(
  socket: Socket,
  onFlood: () => void,
  clock: BucketClock,
  session?: { id: number; limits: SessionEventLimits },
): void {
  const events = new TokenBucket(RATE_LIMITS.staffEvents, clock);
  const refusals = new TokenBucket(RATE_LIMITS.staffRefusals, clock);
  let dropped = false;
  socket.use((packet, next) => {
    if (dropped) return;
    if (events.take() === 0 && (!session || session.limits.event(session.id) === 0)) {
      next();
      return;
    }
    // Not calling next() drops the event. Its acknowledgement, if it asked for one, is the last argument.
    const ack = packet.at(-1) as unknown;
    if (typeof ack === 'function') (ack as (ack: Ack) => void)(LIMITED);
    // Both refusal buckets take a token, so the session's counts this socket's refusal too.
    const overSocket = refusals.take() > 0;
    const overSession = session ? session.limits.refusal(session.id) > 0 : false;
    if (overSocket || overSession) {
      dropped = true;
      onFlood();
      // A session over its refusals loses every socket it has: they flood together.
      if (overSession) session!.limits.disconnectAll(session!.id);
      socket.disconnect(true);
    }
  });
}
