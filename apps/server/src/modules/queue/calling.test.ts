import { ACTIVE_TICKET_DAYS } from '../../lib/plant-days.ts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCardInProcess,
  getQueueByFlow,
  ticketOptions,
} from '@truck-queue/shared/contracts/queue.contract';
import { queues, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { CARD_SNAPSHOT_MAX_AGE_MS } from './branch-cards.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

const DAY = 86_400_000;

beforeAll(async () => {
  // The clock moves by days here: sessions must outlive that.
  t = await createTestContext({ session: { idleMs: 30 * DAY, maxMs: 30 * DAY, rememberMs: 30 * DAY } });
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

function issue(body: unknown, session = plant.officers.caller.session) {
  return t.post('process/printer/issueQueue', body, { session });
}

describe('process/printer/issueQueue', () => {
  it("numbers tickets per queue type per day with the type's prefix, and records who issued them", async () => {
    const first = await issue({
      id_branchQT: plant.types.lab.id,
      product: plant.products.cassava.id,
      truck_license: ' 70-1234  ขอนแก่น ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().queue).toMatchObject({
      queue_number: 'A001',
      queue_type_name: 'ส่งมันสำปะหลัง',
      product_name: 'หัวมันสด',
      truck_license: '70-1234 ขอนแก่น',
    });
    const second = await issue({
      id_branchQT: plant.types.lab.id,
      product: plant.products.cassava.id,
      truck_license: 'กข 1',
    });
    expect(second.json().queue.queue_number).toBe('A002');
    const otherType = await issue({
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: 'กข 2',
    });
    expect(otherType.json().queue.queue_number).toBe('B001');

    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, first.json().queue.uuid));
    expect(row).toMatchObject({ state: 'QS', issuedByOfficerId: plant.officers.caller.id });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, row!.id));
    expect(audit).toMatchObject([
      { action: 'issue', fromState: null, toState: 'QS', officerId: plant.officers.caller.id },
    ]);
  });

  it('starts again at 001 on the next site day', async () => {
    const before = await issue({
      id_branchQT: plant.types.general.id,
      product: plant.products.parts.id,
      truck_license: 'DAY 1',
    });
    expect(before.json().queue.queue_number).toBe('C001');
    t.clock.advance(DAY);
    const after = await issue({
      id_branchQT: plant.types.general.id,
      product: plant.products.parts.id,
      truck_license: 'DAY 2',
    });
    expect(after.json().queue.queue_number).toBe('C001');
  });

  it('stamps tickets issued at once in number order, so the first stamped after the day starts is 001', async () => {
    t.clock.advance(DAY);
    // Each reading of the clock is a second later, as on a busy kiosk where calls overlap.
    const readClock = t.clock.now.bind(t.clock);
    t.clock.now = () => {
      t.clock.advance(1000);
      return readClock();
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          issue({
            id_branchQT: plant.types.general.id,
            product: plant.products.parts.id,
            truck_license: `ORDER ${i}`,
          }),
        ),
      );
      const tickets = answers.map((a) => a.json().queue as { queue_number: string; created: string });
      const byStamp = [...tickets].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
      expect(byStamp.map((q) => q.queue_number)).toEqual(
        Array.from({ length: 12 }, (_, i) => `C${String(i + 1).padStart(3, '0')}`),
      );
    } finally {
      t.clock.now = readClock;
    }
  });

  it('refuses a second active ticket for the same licence, whatever its spacing or case', async () => {
    const ok = await issue({
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: 'ab 999',
    });
    expect(ok.statusCode).toBe(200);
    const again = await issue({
      id_branchQT: plant.types.lab.id,
      product: plant.products.cassava.id,
      truck_license: 'AB   999',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'ACTIVE_TICKET',
      queue_number: ok.json().queue.queue_number,
    });
    expect(again.json().message).toContain(ok.json().queue.queue_number);
    // Another branch's truck with the same plate is another matter.
    const elsewhere = await issue(
      { id_branchQT: other.types.standard.id, product: other.products.starch.id, truck_license: 'AB 999' },
      other.officers.caller.session,
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives a retry with the same idempotency key the same ticket, not a second one', async () => {
    const body = {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: 'RETRY 1',
      idempotency_key: 'kiosk-retry-0001',
    };
    const [a, b] = await Promise.all([issue(body), issue(body)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().queue).toEqual(a.json().queue);
    const rows = await t.db.select().from(queues).where(eq(queues.truckLicense, 'RETRY 1'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a missing licence', { id_branchQT: 1, product: 1 }],
    ['a blank licence', { id_branchQT: 1, product: 1, truck_license: '   ' }],
    // More than 60 characters as seen (plates.test.ts: Thai letters with their marks count as one).
    ['a licence too long', { id_branchQT: 1, product: 1, truck_license: 'X'.repeat(61) }],
    ['a licence with symbols', { id_branchQT: 1, product: 1, truck_license: '<script>' }],
    ['a queue type as text', { id_branchQT: 'A', product: 1, truck_license: 'X 1' }],
    ['an extra field', { id_branchQT: 1, product: 1, truck_license: 'X 1', state: 'C' }],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await issue(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a product that is not offered for the queue type', async () => {
    const response = await issue({
      id_branchQT: plant.types.lab.id,
      product: plant.products.starch.id,
      truck_license: 'P 1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('product');
  });

  it("refuses a queue type the officer does not call, and another branch's type", async () => {
    const narrow = await issue(
      { id_branchQT: plant.types.lab.id, product: plant.products.cassava.id, truck_license: 'N 1' },
      plant.officers.narrowCaller.session,
    );
    expect(narrow.statusCode).toBe(403);
    const foreign = await issue({
      id_branchQT: other.types.lab.id,
      product: other.products.cassava.id,
      truck_license: 'N 2',
    });
    expect(foreign.statusCode).toBe(403);
    const rows = await t.db.select().from(queues).where(eq(queues.truckLicense, 'N 2'));
    expect(rows).toHaveLength(0);
  });

  it('refuses roles that do not call and callers without a session', async () => {
    const body = {
      id_branchQT: plant.types.lab.id,
      product: plant.products.cassava.id,
      truck_license: 'R 1',
    };
    expect((await issue(body, plant.officers.lab.session)).statusCode).toBe(403);
    expect((await issue(body, plant.officers.security.session)).statusCode).toBe(403);
    expect((await t.post('process/printer/issueQueue', body)).statusCode).toBe(401);
  });
});

describe('process/printer/ticketOptions', () => {
  it('lists the types the officer calls with their products', async () => {
    const narrow = await t.call(ticketOptions, {}, plant.officers.narrowCaller.session);
    expect(narrow.queue_type).toEqual([
      {
        id: plant.types.standard.id,
        queue_type_name: 'รับสินค้า',
        prefix: 'B',
        flow_engine_id: 2,
        product: [{ id: plant.products.starch.id, name: 'แป้งมัน' }],
      },
    ]);
    const admin = await t.call(ticketOptions, {}, plant.officers.admin.session);
    expect(admin.queue_type.map((q) => q.prefix)).toEqual(['A', 'B', 'C']);
  });
});

describe('process/calling/getCardInProcess', () => {
  it('gives a card per queue type the officer calls, with stations of the right flow and type', async () => {
    const { card } = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session);
    expect(card.map((c) => c.prefix)).toEqual(['A', 'B', 'C']);
    const labCard = card.find((c) => c.prefix === 'A')!;
    expect(labCard.flow_engine_id).toBe(3);
    expect(labCard.station_permission.sort((a, b) => a.type - b.type)).toEqual([
      { id: plant.stations.labCall.id, name: 'ลานเท 1', type: 1 },
      { id: plant.stations.recheck.id, name: 'จุดตรวจซ้ำ', type: 2 },
    ]);
    const narrow = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.narrowCaller.session);
    expect(narrow.card.map((c) => c.prefix)).toEqual(['B']);
    expect(narrow.card[0]!.station_permission).toEqual([
      { id: plant.stations.standardCall.id, name: 'ช่องขึ้นสินค้า 1', type: 1 },
    ]);
  });

  it("lists waiting and called trucks, not finished, rejected or gone ones; yesterday's still inside too", async () => {
    const waiting = await issueTicket(t, plant, 'standard', 'CARD 1');
    const called = await issueTicket(t, plant, 'standard', 'CARD 2');
    const finished = await issueTicket(t, plant, 'standard', 'CARD 3');
    const gone = await issueTicket(t, plant, 'standard', 'CARD 4');
    await t.db
      .update(queues)
      .set({ state: 'C', stationId: plant.stations.standardCall.id })
      .where(eq(queues.id, called.id));
    await t.db.update(queues).set({ state: 'F' }).where(eq(queues.id, finished.id));
    await t.db.update(queues).set({ exitAt: t.clock.now() }).where(eq(queues.id, gone.id));
    // Written behind the server's back (no change announced): past the branch snapshot's age, as
    // a plant's cards show such an edit (the snapshot read after the issues for the wait shown).
    t.clock.advance(CARD_SNAPSHOT_MAX_AGE_MS);

    const today = (await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session)).card;
    const numbers = today.find((c) => c.prefix === 'B')!.queue_number;
    expect(numbers.map((q) => q.uuid)).toEqual(expect.arrayContaining([waiting.uuid, called.uuid]));
    expect(numbers.map((q) => q.uuid)).not.toContain(finished.uuid);
    expect(numbers.map((q) => q.uuid)).not.toContain(gone.uuid);
    expect(numbers.find((q) => q.uuid === called.uuid)).toMatchObject({
      queue_state: 'C',
      station_name: 'ช่องขึ้นสินค้า 1',
    });

    // The next day the truck still waiting is on "today" too, with its ticket's day to mark it.
    const issuedOn = numbers.find((q) => q.uuid === waiting.uuid)!.queue_date;
    t.clock.advance(DAY);
    const cardsOf = async (days: 1 | 3) =>
      (await t.call(getCardInProcess, { find_total_day: days }, plant.officers.caller.session)).card.find(
        (c) => c.prefix === 'B',
      )!.queue_number;
    for (const days of [1, 3] as const) {
      const row = (await cardsOf(days)).find((q) => q.uuid === waiting.uuid);
      expect(row?.queue_date).toBe(issuedOn);
    }
    // Past the inside horizon (ACTIVE_TICKET_DAYS) a ticket whose exit was never recorded drops off.
    t.clock.advance(ACTIVE_TICKET_DAYS * DAY);
    expect((await cardsOf(1)).map((q) => q.uuid)).not.toContain(waiting.uuid);
  });

  it('accepts only 1 or 3 days, and only for roles that call', async () => {
    expect(
      (
        await t.post(
          'process/calling/getCardInProcess',
          { find_total_day: 2 },
          { session: plant.officers.caller.session },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.post(
          'process/calling/getCardInProcess',
          { find_total_day: 1 },
          { session: plant.officers.lab.session },
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('a called truck on the cards', () => {
  it('names the station it was called to, after a real call', async () => {
    const url = await listen(t);
    const socket = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const ticket = await issueTicket(t, plant, 'standard', 'ทดสอบ 2222 ขอนแก่น');
    const cardQueue = async () =>
      (await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session)).card
        .find((c) => c.prefix === 'B')!
        .queue_number.find((q) => q.uuid === ticket.uuid)!;
    expect((await cardQueue()).station_name).toBeNull();

    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    expect(await cardQueue()).toMatchObject({
      queue_state: 'C',
      truck_license: 'ทดสอบ 2222 ขอนแก่น',
      station_name: 'ช่องขึ้นสินค้า 1',
    });
    closeSockets();
  });
});

describe('who may act on a ticket', () => {
  it("refuses a ticket of a queue type the officer does not call, a station not theirs, and another branch's ticket; nothing changes", async () => {
    const url = await listen(t);
    const narrow = await staffSocket(url, {
      session: plant.officers.narrowCaller.session,
      apiKey: t.config.apiKey,
    });
    const lab = await issueTicket(t, plant, 'lab', 'ขอบเขต 1');
    const standard = await issueTicket(t, plant, 'standard', 'ขอบเขต 2');
    const foreign = await issueTicket(t, other, 'standard', 'ขอบเขต 3');
    const refused = (code: string, message: RegExp) =>
      expect.objectContaining({ status: 0, code, message: expect.stringMatching(message) });
    // The narrow caller calls only the standard type, to its one station.
    expect(await emitAck(narrow, 'doCalling', plant.branch.id, lab.id, plant.stations.labCall.id)).toEqual(
      refused('FORBIDDEN', /do not call this queue type/),
    );
    expect(await emitAck(narrow, 'doFinish', plant.branch.id, lab.id)).toEqual(
      refused('FORBIDDEN', /do not call this queue type/),
    );
    expect(await emitAck(narrow, 'doTransfer', plant.branch.id, lab.id, plant.types.lab.id)).toEqual(
      refused('FORBIDDEN', /do not call this queue type/),
    );
    expect(
      await emitAck(narrow, 'doCalling', plant.branch.id, standard.id, plant.stations.generalCall.id),
    ).toEqual(refused('FORBIDDEN', /not one of your call stations/));
    // Another branch's ticket is not found in this one.
    expect(
      await emitAck(narrow, 'doCalling', plant.branch.id, foreign.id, plant.stations.standardCall.id),
    ).toEqual(refused('NOT_FOUND', /queue/i));
    const states = await t.db
      .select({ state: queues.state })
      .from(queues)
      .where(inArray(queues.id, [lab.id, standard.id, foreign.id]));
    expect(states.map((r) => r.state)).toEqual(['QS', 'QS', 'QS']);
    // Its own: called.
    expect(
      await emitAck(narrow, 'doCalling', plant.branch.id, standard.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    closeSockets();
  });
});

describe('report by flow', () => {
  it('finds a flow by uuid and lists its queues of the day, with their stamps', async () => {
    const ticket = await issueTicket(t, plant, 'general', 'FLOW 1');
    const flowUuid = plant.types.general.flowEngineId;
    const { card } = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session);
    const engineUuid = card.find((c) => c.prefix === 'C')!.flow_engine_uuid;
    const engine = await t.post(
      'flowEngine/findFlowEngineByUUID',
      { uuid: engineUuid },
      { session: plant.officers.caller.session },
    );
    expect(engine.json()).toMatchObject({ status: 1, id: flowUuid, name: 'General flow' });

    const report = await t.call(getQueueByFlow, { uuid: engineUuid }, plant.officers.caller.session);
    expect(report.flow_engine.id).toBe(1);
    expect(report.queue.map((q) => q.uuid)).toContain(ticket.uuid);
    expect(report.station_permission).toContainEqual({
      id: plant.stations.generalCall.id,
      name: 'ต้อนรับ',
      type: 1,
      queue_type_id: plant.types.general.id,
    });
    const narrow = await t.call(getQueueByFlow, { uuid: engineUuid }, plant.officers.narrowCaller.session);
    expect(narrow.queue).toEqual([]);

    const unknown = await t.post(
      'flowEngine/findFlowEngineByUUID',
      { uuid: '00000000-0000-4000-8000-000000000000' },
      { session: plant.officers.caller.session },
    );
    expect(unknown.statusCode).toBe(404);
    const badDate = await t.post(
      'process/calling/getQueueByFlow',
      { uuid: engineUuid, find_date: '22/11/2026' },
      { session: plant.officers.caller.session },
    );
    expect(badDate.statusCode).toBe(400);
  });
});
