import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, publicSocket, staffSocket } from '../../test/sockets.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { PUBLIC_TICKET_DAYS } from './public-queue.service.ts';

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
});
afterAll(() => t.close());

const info = (id: unknown) => t.post('process/user/queueInformation', { queue_number_id: id });

describe("process/user/queueInformation (the driver's page)", () => {
  it('needs no session and tells the ticket, its place in line and, once called, where to go', async () => {
    const first = await issueTicket(t, plant, 'standard', 'DRIVER 1');
    const second = await issueTicket(t, plant, 'standard', 'DRIVER 2');
    const response = await info(second.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json().queue).toMatchObject({
      queue_number: second.queue_number,
      queue_type_info: { queue_type_name: 'รับสินค้า' },
      product_info: { name: 'แป้งมัน' },
      queue_state: 'QS',
      ahead: 1,
      station_name: null,
      exited: false,
    });
    expect(response.json().queue.created_view).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(JSON.stringify(response.json())).not.toContain('DRIVER 1');

    await t.db
      .update(queues)
      .set({ state: 'C', stationId: plant.stations.standardCall.id })
      .where(eq(queues.id, first.id));
    expect((await info(second.uuid)).json().queue.ahead).toBe(0);
    const called = (await info(first.uuid)).json().queue;
    expect(called).toMatchObject({ queue_state: 'C', ahead: null, station_name: 'ช่องขึ้นสินค้า 1' });
  });

  it('forgets a ticket after the retention period: the API and the socket answer as for an unknown one', async () => {
    const url = await listen(t);
    const ticket = await issueTicket(t, plant, 'standard', 'OLD TRUCK');
    await t.db.update(queues).set({ state: 'F', exitAt: t.clock.now() }).where(eq(queues.id, ticket.id));
    const unknown = await info('00000000-0000-4000-8000-000000000000');
    const day = 24 * 3_600_000;
    const start = t.clock.now();
    try {
      // The issue day and the six after it: the driver can still look.
      t.clock.advance((PUBLIC_TICKET_DAYS - 1) * day);
      expect((await info(ticket.uuid)).statusCode).toBe(200);
      (await publicSocket(url, ticket.uuid)).close();

      // From the next site day on, the ticket is gone: the same 404 as a uuid that never existed.
      t.clock.advance(day);
      const old = await info(ticket.uuid);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual(unknown.json());
      await expect(publicSocket(url, ticket.uuid)).rejects.toThrow('NOT_FOUND');
    } finally {
      t.clock.at = start;
      closeSockets();
    }
  });

  it("answers a page past its ticket's budget with its last answer, not an error; a change of the ticket is read at once", async () => {
    const url = await listen(t);
    const ticket = await issueTicket(t, plant, 'general', 'BUDGET 1');
    const { burst } = RATE_LIMITS.publicTicketReads;
    const reads = vi.spyOn(t.database.pool, 'query');
    try {
      for (let i = 0; i < burst; i++) expect((await info(ticket.uuid)).statusCode).toBe(200);
      const spent = reads.mock.calls.length;
      // Past the budget: the last answer, and the database is not asked.
      for (let i = 0; i < 20; i++) {
        const past = await info(ticket.uuid);
        expect(past.statusCode).toBe(200);
        expect(past.json().queue).toMatchObject({ uuid: ticket.uuid, queue_state: 'QS' });
      }
      expect(reads.mock.calls.length).toBe(spent);

      // The truck is called: its page's next answer says so, budget or not.
      const caller = await staffSocket(url, {
        session: plant.officers.caller.session,
        apiKey: t.config.apiKey,
      });
      expect(await emitAck(caller, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
      expect(
        await emitAck(caller, 'doCalling', plant.branch.id, ticket.id, plant.stations.generalCall.id),
      ).toMatchObject({ status: 1 });
      await t.app.realtime.publicPushIdle();
      expect((await info(ticket.uuid)).json().queue).toMatchObject({ queue_state: 'C', ahead: null });
    } finally {
      reads.mockRestore();
      closeSockets();
    }
  });

  it('answers 404 for an unknown ticket and 400 for something that is not a ticket id', async () => {
    expect((await info('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await info('A001')).statusCode).toBe(400);
    expect((await info(undefined)).statusCode).toBe(400);
  });
});
