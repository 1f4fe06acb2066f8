import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { branchQT } from '@truck-queue/shared/contracts/catalog.contract';
import { scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import { issueQueue } from '@truck-queue/shared/contracts/queue.contract';
import { getScales, weighIn } from '@truck-queue/shared/contracts/station-work.contract';
import { weighsOnFlow } from '@truck-queue/shared/queue/weighing';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.ts';

describe('the demo plant’s weighbridge', () => {
  let t: TestContext;

  beforeEach(async () => {
    t = await createTestContext();
    await seedDemoData(t.db, {
      adminEmail: 'demo-admin@example.com',
      adminPassword: 'admin-pass-1',
      companyName: '',
      siteTimeZone: 'Asia/Bangkok',
      now: t.clock.now(),
      days: 0,
    });
  });
  afterEach(() => t.close());

  it('has a weighbridge station with its scale, and a demo officer weighs a truck at once', async () => {
    const admin = await t.signIn('officeradmin@example.com', DEMO_PASSWORD);
    const scales = await t.call(scaleContracts.main, {}, admin);
    // The Weighbridge controller offers the weighbridge, and the demo's scale weighs there.
    expect(scales.station.map((s) => s.name)).toEqual(['ตาชั่งรถบรรทุก']);
    expect(scales.scale.map((s) => [s.name, s.station?.name])).toEqual([['เครื่องชั่งหน้าโรงงาน', 'ตาชั่งรถบรรทุก']]);

    // A truck of a weighed flow takes a ticket ...
    const type = (await t.call(branchQT, {}, admin)).branchQT.find(
      (q) => weighsOnFlow(q.flow_engine_id) && q.aProductUI.length > 0,
    )!;
    const issued = await t.call(
      issueQueue,
      { id_branchQT: type.id, product: type.aProductUI[0]!.id, truck_license: 'กข 1234' },
      admin,
    );

    // ... and the demo's weighing officer weighs it in on the weighing page, by hand.
    const employee = await t.signIn('employee@example.com', DEMO_PASSWORD);
    expect((await t.call(getScales, {}, employee)).may_type).toBe(true);
    const weighed = await t.call(
      weighIn,
      { queue_number: issued.queue.queue_number, weight: 32_000, reason: 'ยังไม่ได้ต่อเครื่องชั่ง' },
      employee,
    );
    expect(weighed.queue.weigh_in_kg).toBe(32_000);
  });
});
