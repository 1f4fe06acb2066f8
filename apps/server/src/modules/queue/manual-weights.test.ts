import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import { getScales, getWeighToday } from '@truck-queue/shared/contracts/station-work.contract';
import { ROLE } from '@truck-queue/shared/roles';
import { queues, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

/** Weights typed by hand: only by the roles the branch allows (admins always), always with a reason. */

let t: TestContext;
let plant: Plant;
let other: Plant;
let manager: { session: string };

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  const created = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
  manager = { session: await t.signIn(created.email, created.password) };
});
afterAll(() => t.close());

const REASON = 'ตาชั่งขัดข้อง รอช่างซ่อม';
const weigh = (session: string, body: Record<string, unknown>, direction: 'In' | 'Out' = 'In') =>
  t.post(`process/weighing/weigh${direction}`, body, { session });
const rowOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;
const transitionsOf = (id: number) =>
  t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, id));
const allow = (roles: ('51' | '55')[], session = plant.officers.admin.session) =>
  t.post('weighbridge/saveManualWeights', { roles }, { session });

describe('who may type a weight', () => {
  it('refuses an officer whose role the branch does not allow, and records nothing', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'MANUAL 1');
    const refused = await weigh(plant.officers.caller.session, {
      queue_number: ticket.queue_number,
      weight: 31_000,
      reason: REASON,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'MANUAL_WEIGHT_NOT_ALLOWED' });
    expect((await rowOf(ticket.id)).weighInKg).toBeNull();
    expect((await transitionsOf(ticket.id)).map((r) => r.action)).toEqual(['issue']);
    // The weighing page knows before the officer tries.
    expect((await t.call(getScales, {}, plant.officers.caller.session)).may_type).toBe(false);
  });

  it('lets an admin type, kept as manual with the reason', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'MANUAL 2');
    const typed = await weigh(plant.officers.admin.session, {
      queue_number: ticket.queue_number,
      weight: 30_120.5,
      reason: `  ${REASON}  `,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().queue).toMatchObject({
      weigh_in_kg: 30_120.5,
      weigh_in_source: 'manual',
      weigh_in_reason: REASON,
      weigh_in_scale: null,
    });
    const row = await rowOf(ticket.id);
    expect(row).toMatchObject({ weighInSource: 'manual', weighInReason: REASON, weighInDeviceId: null });
    // The ticket's history says it too.
    const weighing = (await transitionsOf(ticket.id)).find((r) => r.action === 'weigh_in');
    expect(weighing).toMatchObject({ officerId: plant.officers.admin.id, note: REASON });
    expect((await t.call(getScales, {}, plant.officers.admin.session)).may_type).toBe(true);
  });

  it('lets the roles an admin allows type, in that branch only', async () => {
    expect((await allow([ROLE.employee])).json()).toMatchObject({ manual_weight_roles: [ROLE.employee] });
    const main = await t.call(scaleContracts.main, {}, plant.officers.admin.session);
    expect(main.manual_weight_roles).toEqual([ROLE.employee]);
    expect((await t.call(scaleContracts.main, {}, other.officers.admin.session)).manual_weight_roles).toEqual(
      [],
    );

    const ticket = await issueTicket(t, plant, 'standard', 'MANUAL 3');
    const typedIn = await weigh(plant.officers.caller.session, {
      queue_number: ticket.queue_number,
      weight: 12_000,
      reason: REASON,
    });
    expect(typedIn.statusCode, typedIn.body).toBe(200);
    expect((await t.call(getScales, {}, plant.officers.caller.session)).may_type).toBe(true);
    // A manager is not among the allowed roles: refused.
    const byManager = await weigh(
      manager.session,
      { queue_number: ticket.queue_number, weight: 40_000, reason: REASON },
      'Out',
    );
    expect(byManager.json()).toMatchObject({ reason: 'MANUAL_WEIGHT_NOT_ALLOWED' });
    // The other branch's employees still may not.
    const elsewhere = await issueTicket(t, other, 'standard', 'MANUAL 4');
    const refused = await weigh(other.officers.caller.session, {
      queue_number: elsewhere.queue_number,
      weight: 12_000,
      reason: REASON,
    });
    expect(refused.statusCode).toBe(403);

    // Taken back: the employee is refused again.
    expect((await allow([])).json()).toMatchObject({ manual_weight_roles: [] });
    const after = await weigh(
      plant.officers.caller.session,
      { queue_number: ticket.queue_number, weight: 40_000, reason: REASON },
      'Out',
    );
    expect(after.statusCode).toBe(403);
    expect((await rowOf(ticket.id)).weighOutKg).toBeNull();
  });

  it('is set by admins only, to roles that weigh and are not admins', async () => {
    expect((await allow([ROLE.employee], plant.officers.caller.session)).statusCode).toBe(403);
    for (const roles of [[ROLE.admin], [ROLE.labChecker], [ROLE.employee, ROLE.employee], 'all', null])
      expect(
        (await t.post('weighbridge/saveManualWeights', { roles }, { session: plant.officers.admin.session }))
          .statusCode,
      ).toBe(400);
    expect((await t.call(scaleContracts.main, {}, plant.officers.admin.session)).manual_weight_roles).toEqual(
      [],
    );
  });
});

describe('the reason', () => {
  it.each([
    ['missing', undefined],
    ['blank', '   '],
    ['too short', 'ok'],
    ['too long', 'ก'.repeat(201)],
    ['a spreadsheet formula', '=HYPERLINK("http://x")'],
    ['not text', 42],
  ])('refuses a %s reason and records nothing', async (_name, reason) => {
    const ticket = await issueTicket(t, plant, 'standard', `REASON ${_name}`);
    const response = await weigh(plant.officers.admin.session, {
      queue_number: ticket.queue_number,
      weight: 12_000,
      ...(reason === undefined ? {} : { reason }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await rowOf(ticket.id)).weighInKg).toBeNull();
  });

  it('shows with the weight on the weighing list', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'REASON LIST');
    await weigh(plant.officers.admin.session, {
      queue_number: ticket.queue_number,
      weight: 12_000,
      reason: REASON,
    });
    const today = await t.call(getWeighToday, {}, plant.officers.admin.session);
    expect(today.queue.find((q) => q.uuid === ticket.uuid)).toMatchObject({
      weigh_in_source: 'manual',
      weigh_in_reason: REASON,
      weigh_out_source: null,
      weigh_out_reason: null,
    });
  });
});
