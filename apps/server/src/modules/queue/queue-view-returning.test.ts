import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { queueReasons, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createQueueRepository } from './queue.repository.ts';
import { createQueueService } from './queue.service.ts';
import { createPlantDays } from '../../lib/plant-days.ts';
import { silentHub } from '../../lib/event-hub.ts';
import { DEFAULT_DAY_START_MINUTES } from '@truck-queue/shared/plant-day';

/**
 * A change has its ticket's view from the RETURNING of its update (its audit row written in the same
 * statement) (issue 35: one statement
 * fewer per change on the embedded database's one connection). Every screen is told from that
 * view, so it must be the one a read gives, name for name.
 */

let t: TestContext;
let plant: Plant;
beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Returning plant');
});
afterAll(() => t.close());

describe("a changed ticket's view", () => {
  it('is what reading the ticket gives: its type, flow, product, station and reason names', async () => {
    const repo = createQueueRepository(t.db);
    const ticket = await issueTicket(t, plant, 'standard', 'คืนค่า 1');
    const [reason] = await t.db
      .insert(queueReasons)
      .values({ branchId: plant.branch.id, kind: 'reject', name: 'สินค้าไม่ตรงใบสั่ง' })
      .returning();
    const audit = (action: string) => ({
      queueId: ticket.id,
      action,
      fromState: 'QS',
      toState: 'C',
      created: t.clock.now(),
    });
    const { view: changed, transitionId } = (await repo.transaction((tx) =>
      repo.changeQueue(
        tx,
        ticket.id,
        {
          state: 'C',
          stationId: plant.stations.standardCall.id,
          reasonId: reason!.id,
          reasonNote: 'ทดสอบ',
          calledAt: t.clock.now(),
        },
        audit('call'),
      ),
    ))!;
    // The audit row is written with the change, and its id comes back.
    const [row] = await t.db.select().from(queueTransitions).where(eq(queueTransitions.id, transitionId));
    expect(row).toMatchObject({ queueId: ticket.id, action: 'call', toState: 'C' });
    const read = await repo.view(t.db, plant.branch.id, ticket.id);
    expect(changed).toEqual(read);
    expect(changed).toMatchObject({
      queueTypeName: 'รับสินค้า',
      flowEngineId: plant.types.standard.flowEngineId,
      productName: 'แป้งมัน',
      stationName: 'ช่องขึ้นสินค้า 1',
      reasonName: 'สินค้าไม่ตรงใบสั่ง',
      state: 'C',
    });

    // No station, no reason: nulls, as the outer joins give.
    const { view: cleared } = (await repo.transaction((tx) =>
      repo.changeQueue(tx, ticket.id, { state: 'QS', stationId: null, reasonId: null }, audit('no_show')),
    ))!;
    expect(cleared).toEqual(await repo.view(t.db, plant.branch.id, ticket.id));
    expect(cleared).toMatchObject({ stationName: null, reasonName: null });
  });

  it('is, for a ticket just issued and for a change through the queue service, what reading it gives', async () => {
    const repo = createQueueRepository(t.db);
    const queue = createQueueService({
      repo,
      days: createPlantDays({
        dayStartOf: () => Promise.resolve(DEFAULT_DAY_START_MINUTES),
        siteTimeZone: t.config.siteTimeZone,
        clock: t.clock,
      }),
      clock: t.clock,
      events: silentHub,
    });
    const actor = { officerId: plant.officers.caller.id };
    const issued = await queue.issue(
      plant.branch.id,
      {
        branchQueueTypeId: plant.types.general.id,
        productId: plant.products.parts.id,
        truckLicense: 'คืนค่า 2',
      },
      actor,
    );
    expect(issued).toEqual(await repo.view(t.db, plant.branch.id, issued.id));
    expect(issued).toMatchObject({ queueTypeName: 'ติดต่อทั่วไป', productName: 'อะไหล่', stationName: null });
    const called = await queue.change(
      plant.branch.id,
      issued.id,
      { kind: 'call', stationId: plant.stations.generalCall.id },
      actor,
    );
    expect(called).toEqual(await repo.view(t.db, plant.branch.id, issued.id));
    expect(called).toMatchObject({ state: 'C', stationName: 'ต้อนรับ' });
  });

  it('is not written, nor its audit row, when the ticket changed since it was read (its row version)', async () => {
    const repo = createQueueRepository(t.db);
    const ticket = await issueTicket(t, plant, 'standard', 'คืนค่า 3');
    const read = (await repo.readQueue(repo.direct, plant.branch.id, ticket.id))!;
    const audit = { action: 'call', fromState: 'QS', toState: 'C', created: t.clock.now() };
    const auditRows = async () =>
      (await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id))).length;
    const before = await auditRows();

    // Another officer's change: the row's version moves on.
    const other = await repo.changeQueue(
      repo.direct,
      ticket.id,
      { state: 'C', recallCount: 0 },
      audit,
      read.version,
    );
    expect(other?.view.state).toBe('C');
    expect(await auditRows()).toBe(before + 1);

    // This one was decided on the ticket as it was: nothing is written, null says decide again.
    const stale = await repo.changeQueue(
      repo.direct,
      ticket.id,
      { state: 'F', stationId: plant.stations.standardCall.id },
      { ...audit, action: 'finish', fromState: 'C', toState: 'F' },
      read.version,
    );
    expect(stale).toBeNull();
    expect(await auditRows()).toBe(before + 1);
    expect(await repo.view(t.db, plant.branch.id, ticket.id)).toMatchObject({
      state: 'C',
      stationName: null,
    });
  });
});
