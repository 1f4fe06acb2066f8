import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branchQT,
  loadState,
  mainProduct,
  mainStation,
  queueType,
} from '@truck-queue/shared/contracts/catalog.contract';
import { ROLE } from '@truck-queue/shared/roles';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket } from '../../test/plant.ts';

let t: TestContext;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  const a = await t.createBranch('Catalog A');
  const b = await t.createBranch('Catalog B');
  const oa = await t.createOfficer({ branchId: a.id, roles: ROLE.admin });
  admin = await t.signIn(oa.email, oa.password);
  const ob = await t.createOfficer({ branchId: b.id, roles: ROLE.admin });
  otherAdmin = await t.signIn(ob.email, ob.password);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, session = admin) => t.post(path, body, { session });

describe('queue types (Define Queue)', () => {
  it('adds a master type once per branch with a unique prefix, edits its prefix, and deactivates it', async () => {
    const masters = (await t.call(queueType, {}, admin)).queueType;
    const [cassava, pickup] = [
      masters.find((m) => m.flow_engine_id === 3)!,
      masters.find((m) => m.flow_engine_id === 2)!,
    ];
    const created = await post('defineQueue/doBranchQT', {
      queue_type: cassava.id,
      prefix: ' a ',
      status: '1',
    });
    expect(created.json()).toMatchObject({
      status: 1,
      branchQT: { prefix: 'A', queue_type_name: cassava.name, flow_engine_id: 3 },
    });
    const again = await post('defineQueue/doBranchQT', { queue_type: cassava.id, prefix: 'Z', status: '1' });
    expect(again.json()).toMatchObject({ status: 0, code: 'CONFLICT', reason: 'QUEUE_TYPE_TAKEN' });
    const samePrefix = await post('defineQueue/doBranchQT', {
      queue_type: pickup.id,
      prefix: 'A',
      status: '1',
    });
    expect(samePrefix.json()).toMatchObject({ reason: 'PREFIX_TAKEN' });
    // Another branch may use the same type and prefix.
    expect(
      (await post('defineQueue/doBranchQT', { queue_type: cassava.id, prefix: 'A', status: '1' }, otherAdmin))
        .statusCode,
    ).toBe(200);

    const uuid = created.json().branchQT.uuid as string;
    expect((await post('defineQueue/doBranchQT', { uuid, prefix: 'CS' })).json().branchQT.prefix).toBe('CS');
    expect((await post('defineQueue/doBranchQT', { uuid, prefix: 'C1' })).statusCode).toBe(400);
    expect(
      (await post('defineQueue/doBranchQT', { uuid, prefix: 'CS', queue_type: pickup.id })).statusCode,
    ).toBe(400);
    expect((await post('defineQueue/cancelQT', { uuid }, otherAdmin)).statusCode).toBe(404);
    expect((await post('defineQueue/cancelQT', { uuid })).statusCode).toBe(200);
    expect((await t.call(branchQT, {}, admin)).branchQT).toEqual([]);
    // Gone, the type may be defined again.
    expect(
      (await post('defineQueue/doBranchQT', { queue_type: cassava.id, prefix: 'A', status: '1' })).statusCode,
    ).toBe(200);
  });
});

describe('queue types a plant names (issue 36)', () => {
  it('creates a type of its own, renames it and a master type for this branch only, and retires it', async () => {
    const plant = await createPlant(t, 'Named types');
    const session = plant.officers.admin.session;
    const masters = (await t.call(queueType, {}, session)).queueType;
    const sugarcane = masters.find((m) => m.name === 'ส่งอ้อย')!;

    // A name no master has: the branch's own type, on the flow the admin chose.
    const chips = await post(
      'defineQueue/doBranchQT',
      { name: '  ส่ง   มันเส้น ', flow_engine_id: 3, prefix: 'ms', status: '1' },
      session,
    );
    expect(chips.json()).toMatchObject({
      status: 1,
      branchQT: { queue_type_name: 'ส่ง มันเส้น', flow_engine_id: 3, prefix: 'MS', own_name: true },
    });
    // Not offered to any branch as a master type.
    expect((await t.call(queueType, {}, otherAdmin)).queueType.map((m) => m.name)).not.toContain('ส่ง มันเส้น');
    // Names are unique in the branch, and a master's name on another flow is refused.
    const twice = await post(
      'defineQueue/doBranchQT',
      { name: 'ส่ง มันเส้น', flow_engine_id: 2, prefix: 'MT', status: '1' },
      session,
    );
    expect(twice.json()).toMatchObject({ status: 0, reason: 'NAME_TAKEN' });
    const masterName = await post(
      'defineQueue/doBranchQT',
      { name: 'ส่งอ้อย', flow_engine_id: 2, prefix: 'MT', status: '1' },
      session,
    );
    expect(masterName.json()).toMatchObject({ reason: 'NAME_TAKEN' });
    // A master's name on its own flow is that master type.
    const typed = await post(
      'defineQueue/doBranchQT',
      { name: 'ส่งอ้อย', flow_engine_id: 3, prefix: 'S', status: '1' },
      session,
    );
    expect(typed.json().branchQT).toMatchObject({ queue_type_id: sugarcane.id, own_name: false });
    for (const bad of [
      { name: '', flow_engine_id: 3, prefix: 'X', status: '1' },
      { name: '=HYPERLINK("x")', flow_engine_id: 3, prefix: 'X', status: '1' },
      { name: 'ส่งข้าวโพด', flow_engine_id: 9, prefix: 'X', status: '1' },
      { name: 'x'.repeat(61), flow_engine_id: 3, prefix: 'X', status: '1' },
    ]) {
      expect((await post('defineQueue/doBranchQT', bad, session)).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }

    // Renaming the master-list type A: this branch's tickets, old and new, show the new name.
    const ticket = await issueTicket(t, plant, 'lab', '70-1234');
    const renamed = await post(
      'defineQueue/doBranchQT',
      { uuid: plant.types.lab.uuid, prefix: 'A', name: 'ส่งมันสด (ลานเท)' },
      session,
    );
    expect(renamed.json().branchQT).toMatchObject({
      queue_type_name: 'ส่งมันสด (ลานเท)',
      own_name: true,
      flow_engine_id: 3,
    });
    const info = await t.post('process/user/queueInformation', { queue_number_id: ticket.uuid });
    expect(info.json().queue.queue_type_info.queue_type_name).toBe('ส่งมันสด (ลานเท)');
    // The master list, and the other branch, keep the master's name.
    expect((await t.call(queueType, {}, otherAdmin)).queueType.map((m) => m.name)).toContain('ส่งมันสำปะหลัง');
    // Renamed again (its own row), then back to the master's name: the master type again.
    expect(
      (
        await post(
          'defineQueue/doBranchQT',
          { uuid: plant.types.lab.uuid, prefix: 'A', name: 'ส่งมันสด' },
          session,
        )
      ).json().branchQT.queue_type_name,
    ).toBe('ส่งมันสด');
    const back = await post(
      'defineQueue/doBranchQT',
      { uuid: plant.types.lab.uuid, prefix: 'A', name: 'ส่งมันสำปะหลัง' },
      session,
    );
    expect(back.json().branchQT).toMatchObject({ queue_type_name: 'ส่งมันสำปะหลัง', own_name: false });
    // Renamed to a name another type of the branch has: refused, nothing changes.
    const clash = await post(
      'defineQueue/doBranchQT',
      { uuid: plant.types.lab.uuid, prefix: 'Q', name: 'ส่ง มันเส้น' },
      session,
    );
    expect(clash.json()).toMatchObject({ reason: 'NAME_TAKEN' });
    const types = (await t.call(branchQT, {}, session)).branchQT;
    expect(types.find((r) => r.uuid === plant.types.lab.uuid)).toMatchObject({ prefix: 'A' });

    // Retired: the tickets keep its name; the name is free again.
    const chipsUuid = chips.json().branchQT.uuid as string;
    expect((await post('defineQueue/cancelQT', { uuid: chipsUuid }, session)).statusCode).toBe(200);
    const again = await post(
      'defineQueue/doBranchQT',
      { name: 'ส่ง มันเส้น', flow_engine_id: 3, prefix: 'MS', status: '1' },
      session,
    );
    expect(again.json().status).toBe(1);
    // Another branch's admin cannot rename this branch's type.
    expect(
      (await post('defineQueue/doBranchQT', { uuid: chipsUuid, prefix: 'MS', name: 'x' }, otherAdmin))
        .statusCode,
    ).toBe(404);
  });
});

describe('products', () => {
  it('creates, renames, refuses duplicates, and assigns products to a queue type of the branch only', async () => {
    const p1 = (await post('product/doMainProduct', { name: ' หัวมันสด ' })).json().product;
    expect(p1.name).toBe('หัวมันสด');
    expect((await post('product/doMainProduct', { name: 'หัวมันสด' })).json()).toMatchObject({
      reason: 'NAME_TAKEN',
    });
    expect((await post('product/doMainProduct', { name: '' })).statusCode).toBe(400);
    const p2 = (await post('product/doMainProduct', { name: 'มันเส้น' })).json().product;
    expect(
      (await post('product/doMainProduct', { uuid: p2.uuid, name: 'มันเส้นอบแห้ง' })).json().product.name,
    ).toBe('มันเส้นอบแห้ง');
    const foreign = (await post('product/doMainProduct', { name: 'ของสาขาอื่น' }, otherAdmin)).json().product;

    const type = (await t.call(branchQT, {}, admin)).branchQT[0]!;
    expect(
      (await post('product/manageProduct', { id: type.id, product: [p1.id, foreign.id] })).statusCode,
    ).toBe(400);
    expect((await post('product/manageProduct', { id: type.id, product: [p1.id] })).statusCode).toBe(200);
    const choices = await t.call(mainProduct, { id_branchQT: type.id }, admin);
    expect(choices.product.map((p) => [p.name, p.selected])).toEqual([
      ['มันเส้นอบแห้ง', false],
      ['หัวมันสด', true],
    ]);
    expect((await t.call(branchQT, {}, admin)).branchQT[0]!.aProductUI).toEqual([
      { id: p1.id, name: 'หัวมันสด' },
    ]);
    expect((await post('product/manageProduct', { id: type.id, product: [] }, otherAdmin)).statusCode).toBe(
      404,
    );
  });
});

describe('stations', () => {
  it('creates and renames stations and sets the flow states they handle', async () => {
    const station = (await post('station/doMainStation', { name: 'ลานเท 1' })).json().station;
    expect(station).toMatchObject({ name: 'ลานเท 1', aState: [] });
    expect((await post('station/doMainStation', { name: 'ลานเท 1' })).json()).toMatchObject({
      reason: 'NAME_TAKEN',
    });
    const states = (await t.call(loadState, { id: station.id }, admin)).state;
    const labCall = states.find((s) => s.fe_id === 3 && s.state === 'C')!;
    const labRecheck = states.find((s) => s.fe_id === 3 && s.state === 'RC')!;
    expect(
      (await post('station/manageState', { id: station.id, flow_state: [labCall.id, labRecheck.id] }))
        .statusCode,
    ).toBe(200);
    expect((await post('station/manageState', { id: station.id, flow_state: [999_999] })).statusCode).toBe(
      400,
    );
    const listed = (await t.call(mainStation, {}, admin)).station.find((s) => s.id === station.id)!;
    expect(listed.aState.map((s) => s.sus_flow_state).sort()).toEqual([labCall.id, labRecheck.id].sort());

    const link = listed.aState.find((s) => s.sus_flow_state === labRecheck.id)!;
    expect((await post('station/deleteStationUS', { id: link.sus_id }, otherAdmin)).statusCode).toBe(404);
    expect((await post('station/deleteStationUS', { id: link.sus_id })).statusCode).toBe(200);
    const after = (await t.call(loadState, { id: station.id }, admin)).state.filter((s) => s.selected);
    expect(after.map((s) => s.id)).toEqual([labCall.id]);
    expect(
      (await post('station/doMainStation', { uuid: station.uuid, name: 'ลานเท A' })).json().station.name,
    ).toBe('ลานเท A');
    expect((await post('station/loadState', { id: station.id }, otherAdmin)).statusCode).toBe(404);
  });
});
