import { afterAll, describe, expect, it } from 'vitest';
import { createEventHub, type EventOrigin } from './event-hub.ts';
import { shareEventsAcrossInstances, type SharedEvents } from './shared-events.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const log = { warn: () => undefined };

describe.skipIf(!redisUrl)('events shared between instances through Redis', () => {
  const shares: SharedEvents[] = [];
  afterAll(async () => {
    await Promise.all(shares.map((share) => share.close()));
  });

  it("hands another instance's sessionsEnded to this instance's listeners as remote, and not its own back", async () => {
    const prefix = `tq-shared-${Date.now()}`;
    const a = createEventHub();
    const b = createEventHub();
    shares.push(
      shareEventsAcrossInstances(a, { redisUrl: redisUrl!, prefix, log }),
      shareEventsAcrossInstances(b, { redisUrl: redisUrl!, prefix, log }),
    );
    const heardOnA: EventOrigin[] = [];
    a.subscribe('sessionsEnded', (_event, origin) => void heardOnA.push(origin));
    const heardOnB = new Promise<{ ids: number[]; origin: EventOrigin }>((resolve) => {
      b.subscribe('sessionsEnded', ({ sessionIds }, origin) => resolve({ ids: sessionIds, origin }));
    });
    await expect
      .poll(() => shares.every((share) => share.status() === 'ready'), { timeout: 5000 })
      .toBe(true);
    // The subscription is made once connected: give it the moment it needs.
    await new Promise((resolve) => setTimeout(resolve, 100));
    a.publish('sessionsEnded', { sessionIds: [7, 9] });
    expect(await heardOnB).toEqual({ ids: [7, 9], origin: { remote: true } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardOnA).toEqual([{ remote: false }]);
  });
});
