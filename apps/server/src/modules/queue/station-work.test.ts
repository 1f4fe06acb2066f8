import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAcceptToday,
  getExitToday,
  getWeighToday,
} from '@truck-queue/shared/contracts/station-work.contract';
import { queues, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

const MINUTE = 60_000;
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
    const twice = await lab('accept', ticket.queue_number);
    expect(twice.statusCode).toBe(409);
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
  it("records the exit once, in any state, and lists today's exits with the time inside", async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'EXIT 1');
    t.clock.advance(95 * MINUTE);
    const response = await t.post(
      'process/security/exitFactory',
      { queue_number: ticket.queue_number },
      { session: plant.officers.security.session },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().queue).toMatchObject({
      queue_number: ticket.queue_number,
      truck_license: 'EXIT 1',
      time_in_factory: 95 * 60,
    });
    const again = await t.post(
      'process/security/exitFactory',
      { queue_number: ticket.queue_number },
      { session: plant.officers.security.session },
    );
    expect(again.statusCode).toBe(409);
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

describe('weighbridge', () => {
  it('weighs in then out and reports gross, tare and net', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'WEIGH 1');
    const session = plant.officers.caller.session;
    const outFirst = await t.post(
      'process/weighing/weighOut',
      { queue_number: ticket.queue_number, weight: 30000 },
      { session },
    );
    expect(outFirst.statusCode).toBe(409);
    const weighIn = await t.post(
      'process/weighing/weighIn',
      { queue_number: ticket.queue_number, weight: 12000.5 },
      { session },
    );
    expect(weighIn.json().queue).toMatchObject({ weigh_in_kg: 12000.5, net_kg: null });
    expect(
      (
        await t.post(
          'process/weighing/weighIn',
          { queue_number: ticket.queue_number, weight: 1 },
          { session },
        )
      ).statusCode,
    ).toBe(409);
    const weighOut = await t.post(
      'process/weighing/weighOut',
      { queue_number: ticket.queue_number, weight: 41250 },
      { session },
    );
    expect(weighOut.json().queue).toMatchObject({ gross_kg: 41250, tare_kg: 12000.5, net_kg: 29249.5 });
    const today = await t.call(getWeighToday, {}, session);
    expect(today.queue.find((q) => q.queue_number === ticket.queue_number)).toMatchObject({
      net_kg: 29249.5,
    });
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
      { queue_number: 'B001', weight },
      { session: plant.officers.caller.session },
    );
    expect(response.statusCode).toBe(400);
  });

  it('is for roles that weigh', async () => {
    expect(
      (await t.post('process/weighing/getWeighToday', {}, { session: plant.officers.lab.session }))
        .statusCode,
    ).toBe(403);
  });
});
