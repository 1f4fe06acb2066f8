import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventHub, HubEvents } from './event-hub.ts';

/**
 * The hub events every instance must hear, not only the one that made the change: what ends a
 * session or makes data held in memory stale. Their payloads are plain JSON (no Date).
 * Events the sockets already carry to every instance (through the Socket.IO Redis adapter) are
 * not listed: sharing them would make each instance emit them again.
 */
export const SHARED_EVENTS = [
  'sessionsEnded',
  'branchCardsChanged',
  'announcementsChanged',
  'referenceChanged',
  'linesChanged',
  'followersChanged',
] as const satisfies readonly (keyof HubEvents)[];

type SharedName = (typeof SHARED_EVENTS)[number];

export interface SharedEvents {
  /** 'ready' while both Redis connections are up. */
  status(): 'ready' | 'down';
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Carries SHARED_EVENTS between instances through Redis pub/sub: what one instance publishes
 * on its hub, the others deliver to their listeners as remote events (each instance skips its
 * own messages). Without REDIS_URL there is one instance and nothing to share.
 */
export function shareEventsAcrossInstances(
  hub: EventHub,
  options: { redisUrl: string; prefix: string; log: Log },
): SharedEvents {
  const channel = `${options.prefix}:events`;
  const instance = randomUUID();
  const pub = new Redis(options.redisUrl, { lazyConnect: false });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'redis error (shared events)'));
  }
  void sub.subscribe(channel).catch(() => undefined);
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let parsed: { instance?: unknown; name?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.instance === instance) return;
    const name = parsed.name as SharedName;
    if (!SHARED_EVENTS.includes(name) || typeof parsed.event !== 'object' || parsed.event === null) return;
    hub.deliverRemote(name, parsed.event as HubEvents[SharedName]);
  });
  const unsubscribers = SHARED_EVENTS.map((name) =>
    hub.subscribe(name, (event, origin) => {
      if (origin.remote) return;
      void pub.publish(channel, JSON.stringify({ instance, name, event })).catch(() => undefined);
    }),
  );
  return {
    status: () => (pub.status === 'ready' && sub.status === 'ready' ? 'ready' : 'down'),
    async close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => undefined)));
    },
  };
}
