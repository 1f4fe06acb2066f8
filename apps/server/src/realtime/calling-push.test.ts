import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { callAnnouncements } from '@truck-queue/shared/contracts/announcement.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { calledQueueIds, type CallingCardsPush } from '@truck-queue/shared/contracts/socket-events';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, next, record, staffSocket } from '../test/sockets.ts';

/**
 * The calling cards pushed to the pages that watch them (calling-push.ts): what a page gets
 * must be exactly what it would have fetched (getCardInProcess, then calling/announcements of
 * the called trucks), for its own officer, after every change of its branch and no other.
 */
let t: TestContext;
let plant: Plant;
let other: Plant;
let url: string;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Push plant');
  other = await createPlant(t, 'Other plant');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

async function socketOf(session: string, branchId = plant.branch.id) {
  const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', branchId, 'System')).toEqual({ status: 1 });
  return socket;
}

/** What the page would have fetched instead: the cards, then the proof of their called trucks. */
async function fetched(session: string, days: 1 | 3) {
  const { card } = await t.call(getCardInProcess, { find_total_day: days }, session);
  const { calls, displays } = await t.call(callAnnouncements, { queue_ids: calledQueueIds(card) }, session);
  return { days, card, calls, displays };
}

/** Watches and returns the push the watch answers with at once. */
async function watch(socket: Socket, days: 1 | 3, branchId = plant.branch.id) {
  const first = next<CallingCardsPush>(socket, 'callingCards');
  expect(await emitAck(socket, 'watchCards', branchId, days)).toEqual({ status: 1 });
  return first;
}

const stateOf = (push: CallingCardsPush, uuid: string) =>
  push.card.flatMap((card) => card.queue_number).find((q) => q.uuid === uuid)?.queue_state;

/** Waits until every socket has had at least one more push than `counts`, and returns the last of each. */
async function nextPushes(lists: CallingCardsPush[][], counts: number[]) {
  const deadline = Date.now() + 5_000;
  while (lists.some((list, i) => list.length <= counts[i]!)) {
    if (Date.now() > deadline) throw new Error('no push within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // A change can be followed by a second round (the proof, a display): let it settle.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return lists.map((list) => list.at(-1)!);
}

describe('the calling cards pushed to watching pages', () => {
  it('sends each officer, at once and after a call, exactly what their page would have fetched', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'PUSH B1');
    const wide = await socketOf(plant.officers.caller.session);
    const narrow = await socketOf(plant.officers.narrowCaller.session);

    const firstWide = await watch(wide, 1);
    const firstNarrow = await watch(narrow, 3);
    expect(firstWide).toEqual(await fetched(plant.officers.caller.session, 1));
    expect(firstNarrow).toEqual(await fetched(plant.officers.narrowCaller.session, 3));
    expect(firstWide.card.map((c) => c.prefix)).toEqual(['A', 'B', 'C']);
    expect(firstNarrow.card.map((c) => c.prefix)).toEqual(['B']);
    expect(stateOf(firstNarrow, ticket.uuid)).toBe('QS');

    const pushes = [
      record<CallingCardsPush>(wide, 'callingCards'),
      record<CallingCardsPush>(narrow, 'callingCards'),
    ];
    expect(
      await emitAck(wide, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    const [afterWide, afterNarrow] = await nextPushes(pushes, [0, 0]);
    expect(stateOf(afterWide!, ticket.uuid)).toBe('C');
    expect(stateOf(afterNarrow!, ticket.uuid)).toBe('C');
    expect(calledQueueIds(afterNarrow!.card)).toContain(ticket.id);
    expect(afterWide).toEqual(await fetched(plant.officers.caller.session, 1));
    expect(afterNarrow).toEqual(await fetched(plant.officers.narrowCaller.session, 3));
  });

  it("pushes nothing for another branch's change, and nothing once the page stops watching", async () => {
    const socket = await socketOf(plant.officers.caller.session);
    await watch(socket, 1);
    const pushes = record<CallingCardsPush>(socket, 'callingCards');

    await issueTicket(t, other, 'standard', 'PUSH OTHER');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes).toEqual([]);

    const issued = await issueTicket(t, plant, 'standard', 'PUSH B2');
    const [after] = await nextPushes([pushes], [0]);
    expect(stateOf(after!, issued.uuid)).toBe('QS');

    expect(await emitAck(socket, 'watchCards', plant.branch.id, null)).toEqual({ status: 1 });
    const seen = pushes.length;
    await issueTicket(t, plant, 'standard', 'PUSH B3');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes.length).toBe(seen);
  });

  it('refuses a watch by a role that does not call, or for another branch, and pushes it nothing', async () => {
    const lab = await socketOf(plant.officers.lab.session);
    const pushes = record<CallingCardsPush>(lab, 'callingCards');
    expect(await emitAck(lab, 'watchCards', plant.branch.id, 1)).toMatchObject({ code: 'FORBIDDEN' });
    const caller = await socketOf(plant.officers.caller.session);
    expect(await emitAck(caller, 'watchCards', other.branch.id, 1)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await emitAck(caller, 'watchCards', plant.branch.id, 7)).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await issueTicket(t, plant, 'standard', 'PUSH B4');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes).toEqual([]);
  });
});
