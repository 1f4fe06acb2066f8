import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { LiveConnections } from '../modules/module-host.ts';
import type { Realtime } from './realtime.ts';
import { OFFLINE } from './scale-weights.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * The realtime server as the modules and the metrics ask it: it comes after the routes (app.ts),
 * so it is looked up on each question. Until it is there nothing is connected and every scale is
 * offline.
 */
export function liveConnections(app: FastifyInstance): LiveConnections & { io(): Server | null } {
  const realtime = () => (app.hasDecorator('realtime') ? app.realtime : null);
  return {
    io: () => realtime()?.io ?? null,
    displayConnections: (ids) => realtime()?.displayConnections(ids) ?? Promise.resolve(new Map()),
    connectedKiosks: (ids) => realtime()?.connectedKiosks(ids) ?? Promise.resolve(new Set()),
    scaleWeights: (ids) =>
      realtime()?.scaleWeights(ids) ?? Promise.resolve(new Map(ids.map((id) => [id, OFFLINE]))),
    scaleReadings: (ids) =>
      realtime()?.scaleReadings(ids) ??
      Promise.resolve(new Map(ids.map((id) => [id, { live: OFFLINE, emptyAt: null }]))),
  };
}
