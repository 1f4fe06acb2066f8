import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAcceptToday,
  getExitToday,
  getWeighToday,
} from '@truck-queue/shared/contracts/station-work.contract';
import { RECALL_GUARD_MS } from '@truck-queue/shared/queue/decide';
import { queues, queueTransitions } from '../../db/schema.ts';
import { siteDate } from '../../lib/site-time.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  // The clock moves by days below (numbers repeat on the next day): sessions must outlive that.
  t = await createTestContext({
    session: { idleMs: 30 * 86_400_000, maxMs: 30 * 86_400_000, rememberMs: 30 * 86_400_000 },
  });
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** Why a weight below is typed by hand. */
const TYPED = 'ตาชั่งขัดข้อง';
const lab = (path: string, queueNumber: unknown, session = plant.officers.lab.session) =>
  t.post(`process/example/${path}`, { queue_number: queueNumber }, { session });
const stateOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;

describe('lab pickup', () => {
  it('accepts a sample (QS -> LS), checks it out (LS -> LF), stamps both and lists it today', async () => {
    const ticket = await issueTicket(t, plant, 'lab', 'LAB 1');
    const accepted = await lab('accept', ` ${ticket.queue_number.toLowerCase()} `);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().queue).toMatchObject({
      queue_number: ticket.queue_number,
      queue_state: 'LS',
      stamp_lab_finish: null,
    });
    t.clock.advance(42 * MINUTE + 30_000);
    const done = await lab('completed', ticket.queue_number);
    expect(done.json().queue).toMatchObject({ queue_state: 'LF', stamp_second_ls_to_lf: 42 * 60 + 30 });

    const row = await stateOf(ticket.id);
    expect(row.state).toBe('LF');
    expect(row.labStart).not.toBeNull();
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(audit.map((a) => `${a.action}:${a.fromState}>${a.toState}:${a.officerId}`)).toEqual([
      `issue:null>QS:${plant.officers.caller.id}`,
      `accept:QS>LS:${plant.officers.lab.id}`,
      `complete:LS>LF:${plant.officers.lab.id}`,
    ]);

    const today = await t.call(getAcceptToday, {}, plant.officers.lab.session);
    expect(today.queue.map((q) => q.queue_number)).toContain(ticket.queue_number);
    const filtered = await t.call(getAcceptToday, { queue_number: 'nothing' }, plant.officers.lab.session);
    expect(filtered.queue).toEqual([]);
  });

  it('says clearly when the number is unknown, in the wrong state, or not a lab queue', async () => {
    expect((await lab('accept', 'Z999')).statusCode).toBe(404);
    const ticket = await issueTicket(t, plant, 'lab', 'LAB 2');
    const early = await lab('completed', ticket.queue_number);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('not received');
    await lab('accept', ticket.queue_number);
    // A double scan is the scan just made: its success again, nothing written twice.
    const twice = await lab('accept', ticket.queue_number);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().queue.queue_state).toBe('LS');
    const accepts = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(accepts.filter((a) => a.action === 'accept')).toHaveLength(1);
    // Scanned again later, it was already taken.
    t.clock.advance(RECALL_GUARD_MS);
    const later = await lab('accept', ticket.queue_number);
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({ reason: 'SAMPLE_ALREADY_TAKEN' });
    const standard = await issueTicket(t, plant, 'standard', 'LAB 3');
    const notLab = await lab('accept', standard.queue_number);
    expect(notLab.statusCode).toBe(409);
    expect(notLab.json().message).toContain('does not go through the lab');
    expect((await lab('accept', '')).statusCode).toBe(400);
    expect((await lab('accept', 12)).statusCode).toBe(400);
  });

  it('keeps to the branch and the role', async () => {
    const ticket = await issueTicket(t, other, 'lab', 'LAB 4');
    // Plant one has no ticket with that number in its own branch today beyond its own ones.
    const foreign = await lab('accept', ticket.queue_number, plant.officers.lab.session);
    const [own] = await t.db.select().from(queues).where(eq(queues.id, ticket.id));
    expect(own!.state).toBe('QS');
    expect([200, 404, 409]).toContain(foreign.statusCode);
    expect((await lab('accept', ticket.queue_number, plant.officers.security.session)).statusCode).toBe(403);
    expect((await lab('accept', ticket.queue_number, plant.officers.caller.session)).statusCode).toBe(403);
  });
});

describe('exit gate', () => {
  it("records the exit once, in any state once confirmed, and lists today's exits with the time inside", async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'EXIT 1');
    t.clock.advance(95 * MINUTE);
    const response = await t.post(
      'process/security/exitFactory',
      { queue_number: ticket.queue_number, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().queue).toMatchObject({
      queue_number: ticket.queue_number,
      truck_license: 'EXIT 1',
      time_in_factory: 95 * 60,
    });
    const exitAgain = () =>
      t.post(
        'process/security/exitFactory',
        { queue_number: ticket.queue_number },
        { session: plant.officers.security.session },
      );
    // A double click: the exit just recorded, answered as the success it was.
    expect((await exitAgain()).statusCode).toBe(200);
    t.clock.advance(RECALL_GUARD_MS);
    expect((await exitAgain()).statusCode).toBe(409);
    const today = await t.call(getExitToday, {}, plant.officers.security.session);
    expect(today.queue.map((q) => q.queue_number)).toContain(ticket.queue_number);
    // Gone trucks can take a new ticket.
    await expect(issueTicket(t, plant, 'lab', 'EXIT 1')).resolves.toBeDefined();
  });

  it("refuses an unknown number, another branch's truck and other roles", async () => {
    expect(
      (
        await t.post(
          'process/security/exitFactory',
          { queue_number: 'Q404' },
          { session: plant.officers.security.session },
        )
      ).statusCode,
    ).toBe(404);
    const foreign = await issueTicket(t, other, 'general', 'EXIT 2');
    await t.post(
      'process/security/exitFactory',
      { queue_number: foreign.queue_number },
      { session: plant.officers.security.session },
    );
    expect((await stateOf(foreign.id)).exitAt).toBeNull();
    expect(
      (
        await t.post(
          'process/security/exitFactory',
          { queue_number: foreign.queue_number },
          { session: plant.officers.lab.session },
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('the gate asks before letting an unfinished truck out', () => {
  const gate = (body: Record<string, unknown>) =>
    t.post('process/security/exitFactory', body, { session: plant.officers.security.session });

  it('refuses with what is missing and changes nothing; confirmed, it lets the truck out marked as unfinished', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'UNF 1');
    const asked = await gate({ queue_number: ticket.queue_number });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'UNFINISHED_EXIT',
      missing: ['call', 'weigh_out'],
      queue_number: ticket.queue_number,
    });
    expect((await stateOf(ticket.id)).exitAt).toBeNull();

    const confirmed = await gate({ queue_number: ticket.queue_number, confirm_unfinished: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().queue).toMatchObject({
      queue_number: ticket.queue_number,
      left_unfinished: true,
    });
    expect(await stateOf(ticket.id)).toMatchObject({ leftUnfinished: true });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(audit.at(-1)).toMatchObject({ action: 'exit_unfinished', officerId: plant.officers.security.id });
    const report = await t.post(
      'report/inOutTransaction',
      {
        find_start: siteDate(t.clock.now(), t.config.siteTimeZone),
        find_finish: siteDate(t.clock.now(), t.config.siteTimeZone),
      },
      { session: plant.officers.admin.session },
    );
    const reportBody = report.json<{ rows: { queue_number: string; left_unfinished: boolean }[] }>();
    expect(reportBody.rows.find((r) => r.queue_number === ticket.queue_number)).toMatchObject({
      left_unfinished: true,
    });
  });

  it('lets a general-flow visitor out once finished, without weighing', async () => {
    const ticket = await issueTicket(t, plant, 'general', 'UNF 2');
    await t.db
      .update(queues)
      .set({ state: 'F', calledAt: new Date(), finishedAt: new Date() })
      .where(eq(queues.id, ticket.id));
    const done = await gate({ queue_number: ticket.queue_number });
    expect(done.statusCode).toBe(200);
    expect((await stateOf(ticket.id)).leftUnfinished).toBe(false);
  });
});

describe('weighbridge', () => {
  it('weighs in then out and reports gross, tare and net', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'WEIGH 1');
    // Typed by hand (manual-weights.test.ts has who may): an admin always may.
    const session = plant.officers.admin.session;
    const outFirst = await t.post(
      'process/weighing/weighOut',
      { queue_number: ticket.queue_number, weight: 30000, reason: TYPED },
      { session },
    );
    expect(outFirst.statusCode).toBe(409);
    const weighIn = await t.post(
      'process/weighing/weighIn',
      { queue_number: ticket.queue_number, weight: 12000.5, reason: TYPED },
      { session },
    );
    expect(weighIn.json().queue).toMatchObject({ weigh_in_kg: 12000.5, net_kg: null });
    // Called to its bay (the calling page's socket command is tested elsewhere).
    await t.db.update(queues).set({ state: 'C', calledAt: t.clock.now() }).where(eq(queues.id, ticket.id));
    expect(
      (
        await t.post(
          'process/weighing/weighIn',
          { queue_number: ticket.queue_number, weight: 1, reason: TYPED },
          { session },
        )
      ).statusCode,
    ).toBe(409);
    const weighOut = await t.post(
      'process/weighing/weighOut',
      { queue_number: ticket.queue_number, weight: 41250, reason: TYPED },
      { session },
    );
    expect(weighOut.json().queue).toMatchObject({ gross_kg: 41250, tare_kg: 12000.5, net_kg: 29249.5 });
    // A double click sends the same weight again: the weighing just made (a different weight,
    // above, is refused as already weighed).
    const twice = await t.post(
      'process/weighing/weighOut',
      { queue_number: ticket.queue_number, weight: 41250, reason: TYPED },
      { session },
    );
    expect(twice.statusCode).toBe(200);
    expect(twice.json().queue).toMatchObject({ net_kg: 29249.5 });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(audit.filter((a) => a.action === 'weigh_out')).toHaveLength(1);
    const today = await t.call(getWeighToday, {}, session);
    expect(today.queue.find((q) => q.queue_number === ticket.queue_number)).toMatchObject({
      net_kg: 29249.5,
    });
  });

  it('asks before weighing out a truck never called, says what it has not done, and marks a confirmed one', async () => {
    const session = plant.officers.admin.session;
    const ticket = await issueTicket(t, plant, 'lab', 'EARLY 1');
    const weigh = (path: string, body: Record<string, unknown> = {}) =>
      t.post(path, { queue_number: ticket.queue_number, weight: 30000, reason: TYPED, ...body }, { session });
    expect((await weigh('process/weighing/weighIn')).statusCode).toBe(200);

    const early = await weigh('process/weighing/weighOut', { weight: 12000 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      reason: 'OUT_OF_ORDER',
      missing: ['lab', 'call'],
      queue_number: ticket.queue_number,
    });
    expect((await stateOf(ticket.id)).weighOutAt).toBeNull();
    // The weighbridge's list shows where the truck is: waiting, never called.
    const listed = (await t.call(getWeighToday, {}, session)).queue.find((q) => q.uuid === ticket.uuid);
    expect(listed).toMatchObject({ queue_state: 'QS', called: null, station_name: null, flow_engine_id: 3 });

    const confirmed = await weigh('process/weighing/weighOut', { weight: 12000, confirm_out_of_order: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().queue).toMatchObject({ net_kg: 18000 });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(audit.at(-1)).toMatchObject({ action: 'weigh_out_early', officerId: plant.officers.admin.id });
    // A double click on the confirmed weigh-out is the one just made.
    const again = await weigh('process/weighing/weighOut', { weight: 12000, confirm_out_of_order: true });
    expect(again.statusCode).toBe(200);
    // The load is gone: the lab cannot take its sample now.
    const sample = await lab('accept', ticket.queue_number);
    expect(sample.json()).toMatchObject({ reason: 'ALREADY_WEIGHED_OUT' });
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['too heavy', 150_000],
    ['two decimals', 10.25],
    ['text', '12000'],
  ])('refuses a %s weight', async (_name, weight) => {
    const response = await t.post(
      'process/weighing/weighIn',
      { queue_number: 'B001', weight, reason: TYPED },
      { session: plant.officers.admin.session },
    );
    expect(response.statusCode).toBe(400);
  });

  it("refuses to weigh a general-flow visitor: its flow's trucks are not weighed (FLOW_NOT_WEIGHED)", async () => {
    const session = plant.officers.admin.session;
    const visitor = await issueTicket(t, plant, 'general', 'VISIT 1');
    for (const path of ['process/weighing/weighIn', 'process/weighing/weighOut']) {
      const refused = await t.post(
        path,
        { queue_number: visitor.queue_number, weight: 30000, reason: TYPED, confirm_out_of_order: true },
        { session },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        reason: 'FLOW_NOT_WEIGHED',
        queue_number: visitor.queue_number,
      });
    }
    const row = await stateOf(visitor.id);
    expect([row.weighInAt, row.weighOutAt, row.weighInKg]).toEqual([null, null, null]);
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, visitor.id));
    expect(audit.some((a) => a.action.startsWith('weigh'))).toBe(false);
    expect((await t.call(getWeighToday, {}, session)).queue.some((q) => q.uuid === visitor.uuid)).toBe(false);
  });

  it('is for roles that weigh', async () => {
    expect(
      (await t.post('process/weighing/getWeighToday', {}, { session: plant.officers.lab.session }))
        .statusCode,
    ).toBe(403);
  });
});

describe('a typed number is never guessed', () => {
  const DAY = 24 * 60 * MINUTE;
  const gate = (body: Record<string, unknown>) =>
    t.post(
      'process/security/exitFactory',
      { confirm_unfinished: true, ...body },
      { session: plant.officers.security.session },
    );

  it('refuses a number two trucks inside hold, with both as candidates; a pick or a scan acts on that truck only', async () => {
    t.clock.advance(DAY); // a fresh day: each ticket below is its day's first
    const yesterday = await issueTicket(t, plant, 'general', 'SAME 1');
    t.clock.advance(DAY);
    const today = await issueTicket(t, plant, 'general', 'SAME 2');
    expect(today.queue_number).toBe(yesterday.queue_number);

    const typed = await gate({ queue_number: today.queue_number });
    expect(typed.statusCode).toBe(409);
    const body = typed.json<{ reason: string; candidates: { uuid: string; truck_license: string }[] }>();
    expect(body.reason).toBe('AMBIGUOUS_NUMBER');
    expect(body.candidates.map((c) => c.truck_license)).toEqual(['SAME 1', 'SAME 2']);
    expect(body.candidates[0]).toMatchObject({ uuid: yesterday.uuid, queue_type_name: 'ติดต่อทั่วไป' });
    expect((await stateOf(yesterday.id)).exitAt).toBeNull();
    expect((await stateOf(today.id)).exitAt).toBeNull();

    // The officer picks yesterday's truck: it leaves, today's stays.
    expect((await gate({ queue_number: today.queue_number, uuid: yesterday.uuid })).statusCode).toBe(200);
    expect((await stateOf(yesterday.id)).exitAt).not.toBeNull();
    expect((await stateOf(today.id)).exitAt).toBeNull();
    // The same scan again later: "already left", and today's truck is untouched.
    t.clock.advance(RECALL_GUARD_MS);
    const again = await gate({ queue_number: today.queue_number, uuid: yesterday.uuid });
    expect(again.json()).toMatchObject({ reason: 'EXIT_ALREADY_RECORDED' });
    expect((await stateOf(today.id)).exitAt).toBeNull();
    // A uuid with another number is no ticket of that number.
    expect((await gate({ queue_number: 'C999', uuid: today.uuid })).statusCode).toBe(404);
    // One truck inside with the number now: the typed number means it.
    expect((await gate({ queue_number: today.queue_number })).statusCode).toBe(200);
    expect((await stateOf(today.id)).exitAt).not.toBeNull();
  });

  it('asks the same at the lab and the weighbridge', async () => {
    t.clock.advance(DAY);
    const first = await issueTicket(t, plant, 'lab', 'SAME 3');
    t.clock.advance(DAY);
    const second = await issueTicket(t, plant, 'lab', 'SAME 4');
    expect(second.queue_number).toBe(first.queue_number);
    const accept = await lab('accept', second.queue_number);
    expect(accept.json()).toMatchObject({ reason: 'AMBIGUOUS_NUMBER' });
    const picked = await t.post(
      'process/example/accept',
      { queue_number: second.queue_number, uuid: second.uuid },
      { session: plant.officers.lab.session },
    );
    expect(picked.statusCode).toBe(200);
    expect((await stateOf(second.id)).state).toBe('LS');
    expect((await stateOf(first.id)).state).toBe('QS');
    const weigh = await t.post(
      'process/weighing/weighIn',
      { queue_number: second.queue_number, weight: 30000, reason: TYPED },
      { session: plant.officers.admin.session },
    );
    expect(weigh.json()).toMatchObject({ reason: 'AMBIGUOUS_NUMBER' });
  });
});
