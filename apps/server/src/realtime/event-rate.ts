import type { Socket } from 'socket.io';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import { RATE_LIMITS, TokenBucket, type Now } from '../lib/rate-limit.ts';

const LIMITED: Ack = {
  status: 0,
  code: 'RATE_LIMITED',
  message: 'Too many actions from this screen in a short time. Wait a moment and try again.',
};

/**
 * Bounds one staff socket's events. The check runs before the event's handler, so before the
 * session lookup and any other database work, and counts every packet (unknown events and bad
 * arguments too). An event over the limit is acknowledged RATE_LIMITED at once and goes no
 * further; a socket that keeps sending far over it is disconnected (`onFlood` is told first).
 */
export function limitEvents(socket: Socket, onFlood: () => void, now?: Now): void {
  const events = new TokenBucket(RATE_LIMITS.staffEvents, now);
  const refusals = new TokenBucket(RATE_LIMITS.staffRefusals, now);
  let dropped = false;
  socket.use((packet, next) => {
    if (events.take() === 0) {
      next();
      return;
    }
    // Not calling next() drops the event. Its acknowledgement, if it asked for one, is the last argument.
    const ack = packet.at(-1) as unknown;
    if (typeof ack === 'function') (ack as (ack: Ack) => void)(LIMITED);
    if (refusals.take() > 0 && !dropped) {
      dropped = true;
      onFlood();
      socket.disconnect(true);
    }
  });
}
