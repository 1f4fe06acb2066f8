import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { yardRules } from '@truck-queue/shared/contracts/yard.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addQueueType, createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { CARD_SNAPSHOT_MAX_AGE_MS } from './branch-cards.ts';

/**
 * The calling cards come from one snapshot per branch (branch-cards.ts): what each officer sees
 * must still be exactly their own cards, and every change must show on the next refetch.
 */
let t: TestContext;
let plant: Plant;
let other: Plant;
let url: string;
/** A second queue type of the standard flow, for transfers. */
let sugar: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  sugar = await addQueueType(t, plant, 'ส่งอ้อย', 'D', plant.products.cassava.id);
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

async function socketOf(session: string) {
  const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return socket;
}

/** The officer's cards as prefix → the licences on it, in line order. */
async function cardsOf(session: string) {
  const { card } = await t.call(getCardInProcess, { find_total_day: 1 }, session);
  return Object.fromEntries(card.map((c) => [c.prefix, c.queue_number]));
}

/** The ticket as the officer's cards show it, or undefined when no card of theirs holds it. */
async function onCards(session: string, uuid: string) {
  return Object.values(await cardsOf(session))
    .flat()
    .find((q) => q.uuid === uuid);
}

describe('the calling cards from the branch snapshot', () => {
  it("gives two officers with different scopes each their own cards, and never another branch's", async () => {
    const standard = await issueTicket(t, plant, 'standard', 'SNAP B1');
    const lab = await issueTicket(t, plant, 'lab', 'SNAP A1');
    const elsewhere = await issueTicket(t, other, 'standard', 'SNAP OTHER');

    // Both read right after the same change: the second answer comes from the same snapshot.
    const [wide, narrow] = await Promise.all([
      cardsOf(plant.officers.caller.session),
      cardsOf(plant.officers.narrowCaller.session),
    ]);
    expect(Object.keys(wide)).toEqual(['A', 'B', 'C']);
    expect(wide.A!.map((q) => q.uuid)).toContain(lab.uuid);
    expect(wide.B!.map((q) => q.uuid)).toContain(standard.uuid);
    expect(Object.keys(narrow)).toEqual(['B']);
    expect(narrow.B!.map((q) => q.uuid)).toContain(standard.uuid);
    expect(
      Object.values(narrow)
        .flat()
        .map((q) => q.uuid),
    ).not.toContain(lab.uuid);

    // The other plant's officer sees its own ticket only, the snapshot of this one held or not.
    const theirs = Object.values(await cardsOf(other.officers.caller.session)).flat();
    expect(theirs.map((q) => q.uuid)).toContain(elsewhere.uuid);
    expect(theirs.map((q) => q.uuid)).not.toContain(standard.uuid);
    expect(
      Object.values(await cardsOf(plant.officers.caller.session))
        .flat()
        .map((q) => q.uuid),
    ).not.toContain(elsewhere.uuid);
  });

  it('shows a call, a finish and a void on the very next refetch of every officer', async () => {
    const caller = plant.officers.caller.session;
    const narrow = plant.officers.narrowCaller.session;
    const socket = await socketOf(caller);
    const ticket = await issueTicket(t, plant, 'standard', 'SNAP CALL');
    expect(await onCards(narrow, ticket.uuid)).toMatchObject({ queue_state: 'QS', station_name: null });

    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    expect(await onCards(narrow, ticket.uuid)).toMatchObject({
      queue_state: 'C',
      station_name: 'ช่องขึ้นสินค้า 1',
    });
    expect(await onCards(caller, ticket.uuid)).toMatchObject({ queue_state: 'C' });

    expect(await emitAck(socket, 'doFinish', plant.branch.id, ticket.id)).toEqual({ status: 1 });
    expect(await onCards(narrow, ticket.uuid)).toBeUndefined();
    expect(await onCards(caller, ticket.uuid)).toBeUndefined();

    const admin = await socketOf(plant.officers.admin.session);
    const voided = await issueTicket(t, plant, 'standard', 'SNAP VOID');
    expect(await onCards(narrow, voided.uuid)).toBeDefined();
    const rules = await t.call(yardRules, {}, plant.officers.admin.session);
    const reason = rules.reasons.find((r) => r.kind === 'void')!.id;
    expect(await emitAck(admin, 'doVoid', plant.branch.id, voided.id, { reason_id: reason })).toEqual({
      status: 1,
    });
    expect(await onCards(narrow, voided.uuid)).toBeUndefined();
  });

  it('moves a transferred ticket to its new card at once, out of sight of an officer not calling that type', async () => {
    const admin = plant.officers.admin.session;
    // Calls A, B and C, not D.
    const caller = plant.officers.caller.session;
    const socket = await socketOf(admin);
    const ticket = await issueTicket(t, plant, 'lab', 'SNAP MOVE');
    expect((await cardsOf(caller)).A!.map((q) => q.uuid)).toContain(ticket.uuid);
    expect(await emitAck(socket, 'doTransfer', plant.branch.id, ticket.id, sugar.id)).toEqual({ status: 1 });
    const after = await cardsOf(admin);
    expect(after.A!.map((q) => q.uuid)).not.toContain(ticket.uuid);
    expect(after.D!.map((q) => q.uuid)).toContain(ticket.uuid);
    expect(await onCards(caller, ticket.uuid)).toBeUndefined();
  });

  it('shows a name an admin edited without any queue change at most CARD_SNAPSHOT_MAX_AGE_MS later', async () => {
    const narrow = plant.officers.narrowCaller.session;
    const ticket = await issueTicket(t, plant, 'standard', 'SNAP NAME');
    expect(await onCards(narrow, ticket.uuid)).toMatchObject({ product_name: 'แป้งมัน' });
    // Straight into the table: no event announces it, as with a catalog edit today.
    const { products } = await import('../../db/schema.ts');
    await t.db
      .update(products)
      .set({ name: 'แป้งมันสำปะหลัง' })
      .where(eq(products.id, plant.products.starch.id));
    t.clock.advance(CARD_SNAPSHOT_MAX_AGE_MS);
    expect(await onCards(narrow, ticket.uuid)).toMatchObject({ product_name: 'แป้งมันสำปะหลัง' });
  });
});
