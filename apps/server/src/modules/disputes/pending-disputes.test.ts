import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  listDisputes,
  pendingDisputes,
  resolveDispute,
} from '@truck-queue/shared/contracts/dispute.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, next, staffSocket } from '../../test/sockets.ts';

/** The badge of disputes waiting for an answer: counted per branch, and told live to its screens. */

let t: TestContext;
let plant: Plant;
let other: Plant;
let url: string;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

/** A truck weighed in and out: its driver may dispute the slip. */
async function weighedOut(p: Plant, license: string): Promise<string> {
  const ticket = await issueTicket(t, p, 'standard', license);
  for (const [direction, weight] of [
    ['In', 40_000],
    ['Out', 12_000],
  ] as const) {
    const response = await t.post(
      `process/weighing/weigh${direction}`,
      // Never called (the steps' order is decide.test.ts's): the weigh-out is confirmed.
      { uuid: ticket.uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
      { session: p.officers.admin.session },
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  return ticket.uuid;
}

const pending = (p: Plant) => t.call(pendingDisputes, {}, p.officers.admin.session).then((r) => r.pending);
const file = (uuid: string) =>
  t.post('process/user/dispute', { queue_number_id: uuid, note: 'น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน' });

describe('admin/pendingDisputes', () => {
  it('counts the open disputes of the branch, told to its screens when one is filed or resolved', async () => {
    const socket = await staffSocket(url, { session: plant.officers.admin.session, apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const elsewhere = await staffSocket(url, {
      session: other.officers.admin.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(elsewhere, 'joinRoom', other.branch.id, 'System')).toEqual({ status: 1 });
    let otherTold = 0;
    elsewhere.on('disputesChanged', () => otherTold++);

    expect(await pending(plant)).toBe(0);
    const first = await weighedOut(plant, 'DISPUTE 1');
    const second = await weighedOut(plant, 'DISPUTE 2');

    let told = next(socket, 'disputesChanged');
    expect((await file(first)).statusCode).toBe(200);
    await told;
    expect(await pending(plant)).toBe(1);
    told = next(socket, 'disputesChanged');
    expect((await file(second)).statusCode).toBe(200);
    await told;
    expect(await pending(plant)).toBe(2);
    // A second dispute of the same slip while one is open is refused, and counts nothing.
    expect((await file(first)).statusCode).toBe(409);
    expect(await pending(plant)).toBe(2);

    const { dispute } = await t.call(listDisputes, {}, plant.officers.admin.session);
    told = next(socket, 'disputesChanged');
    await t.call(
      resolveDispute,
      { id: dispute[0]!.id, resolution: 'ชั่งใหม่แล้ว น้ำหนักถูกต้อง' },
      plant.officers.admin.session,
    );
    await told;
    expect(await pending(plant)).toBe(1);

    // The other branch neither counts nor hears plant one's disputes.
    expect(await pending(other)).toBe(0);
    expect(otherTold).toBe(0);
  });

  it('is for the roles that handle disputes only', async () => {
    for (const officer of [plant.officers.caller, plant.officers.lab, plant.officers.security]) {
      const response = await t.post('admin/pendingDisputes', {}, { session: officer.session });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (await t.post('admin/pendingDisputes', { extra: 1 }, { session: plant.officers.admin.session }))
        .statusCode,
    ).toBe(400);
  });
});
