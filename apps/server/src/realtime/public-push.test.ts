import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../lib/event-hub.ts';
import type { PublicNamespace } from './public-namespace.ts';
import { createPublicPush, PUSH_TRIES } from './public-push.ts';
import { queueTypeRoom, ticketRoom } from './rooms.ts';

const TYPE = 7;

/** Pages of /public as the push sees them: rooms of socket ids, each socket what it was sent. */
function pages(tickets: string[]) {
  const heard = new Map<string, { event: string; body: Record<string, unknown> }[]>();
  const sockets = new Map<string, unknown>();
  const rooms = new Map<string, Set<string>>([[queueTypeRoom(TYPE), new Set()]]);
  for (const uuid of tickets) {
    heard.set(uuid, []);
    sockets.set(uuid, {
      data: { ticket: uuid },
      emit: (event: string, body: Record<string, unknown>) => heard.get(uuid)!.push({ event, body }),
    });
    rooms.set(ticketRoom(uuid), new Set([uuid]));
    rooms.get(queueTypeRoom(TYPE))!.add(uuid);
  }
  const publicSpace = { adapter: { rooms }, sockets } as unknown as PublicNamespace;
  return { publicSpace, heard };
}

/** `read` stands for the ticket's read: it throws to fail it. */
function setUp(tickets: string[], read: (uuid: string) => void) {
  const { publicSpace, heard } = pages(tickets);
  const events = createEventHub();
  const warn = vi.fn();
  let moved = 0;
  const publicQueue = {
    fresh: vi.fn(async (uuid: string) => {
      await Promise.resolve();
      read(uuid);
      return {
        uuid,
        branchId: 1,
        branchQueueTypeId: TYPE,
        queue_state: 'C',
        ahead: null,
        expected_wait: null,
        station_name: 'ชั่งเข้า',
      };
    }),
    // Each read finds the line moved on by one truck.
    lines: vi.fn(() => {
      moved++;
      return Promise.resolve(
        new Map(
          tickets.map((uuid, i) => [
            uuid,
            { queue_state: 'QS', ahead: i + moved, expected_wait: null, station_name: null, line_hold: null },
          ]),
        ),
      );
    }),
    forgetTicket: vi.fn(),
    forgetLines: vi.fn(),
  };
  const push = createPublicPush({
    publicSpace,
    publicQueue: publicQueue as never,
    events,
    log: { warn } as unknown as FastifyBaseLogger,
  });
  const change = (uuid: string) =>
    events.publish('linesChanged', { branchId: 1, branchQueueTypeIds: [TYPE], queueUuid: uuid });
  return { push, heard, warn, publicQueue, change };
}

describe("the drivers' pages' push", () => {
  it("pushes the other tickets and the line when one ticket's read fails, and tries that one again", async () => {
    let failures = 1;
    const { push, heard, warn, change } = setUp(['a', 'b', 'c'], (uuid) => {
      if (uuid === 'a' && failures-- > 0) throw new Error('timeout exceeded when trying to connect');
    });
    const events = (uuid: string) => heard.get(uuid)!.map((h) => h.event);
    // The first change goes at once; the two after it make the next round, where 'a' is read
    // first and fails.
    change('c');
    change('a');
    change('b');
    await push.idle();
    // 'b' of the same round still heard its ticket, and 'c' its new place in the line.
    expect(events('b')).toEqual(['line', 'ticket']);
    expect(events('c')).toEqual(['ticket', 'line']);
    // 'a' was tried again in the round after and its page heard its ticket after all.
    expect(events('a')).toEqual(['line', 'ticket']);
    expect(warn).toHaveBeenCalledTimes(1);
    push.stop();
  });

  it(`tells a ticket's page to fetch it after ${PUSH_TRIES} failed rounds, and pushes later changes again`, async () => {
    let down = true;
    const { push, heard, warn, publicQueue, change } = setUp(['a'], () => {
      if (down) throw new Error('database unavailable');
    });
    change('a');
    await push.idle();
    expect(publicQueue.fresh).toHaveBeenCalledTimes(PUSH_TRIES);
    // Its change (the exit, say) may be the ticket's last: the page is told to read it itself.
    expect(heard.get('a')!.map((h) => h.event)).toEqual(['queueChanged']);
    expect(warn).toHaveBeenCalledTimes(PUSH_TRIES);
    down = false;
    change('a');
    await push.idle();
    expect(heard.get('a')!.map((h) => h.event)).toEqual(['queueChanged', 'ticket']);
    push.stop();
  });

  it('tries the line again when its read fails', async () => {
    const { push, heard, publicQueue, change } = setUp(['a', 'b'], () => undefined);
    publicQueue.lines.mockRejectedValueOnce(new Error('timeout exceeded when trying to connect'));
    change('a');
    await push.idle();
    expect(publicQueue.lines).toHaveBeenCalledTimes(2);
    expect(heard.get('b')).toEqual([{ event: 'line', body: expect.objectContaining({ ahead: 2 }) }]);
    push.stop();
  });
});
