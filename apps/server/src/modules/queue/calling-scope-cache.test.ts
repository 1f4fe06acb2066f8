import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelQT,
  doBranchQT,
  doMainStation,
  manageState,
} from '@truck-queue/shared/contracts/catalog.contract';
import { callingManageOT, callingManageStation } from '@truck-queue/shared/contracts/controller.contract';
import { getCardInProcess, ticketOptions } from '@truck-queue/shared/contracts/queue.contract';
import { stations } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

// The queue types and stations an officer calls are held in memory between calls (calling-scope.ts):
// an admin's edit must reach the very next call, with nothing to wait for.
let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Scope plant');
});
afterAll(() => t.close());

const cards = async (session: string) =>
  (await t.call(getCardInProcess, { find_total_day: 1 }, session)).card;
const prefixesOf = async (session: string) =>
  (await t.call(ticketOptions, {}, session)).queue_type.map((q) => q.prefix).sort();

describe('the calling scope held in memory', () => {
  it("shows a queue type's new prefix, and drops a cancelled one, on the next call", async () => {
    const caller = plant.officers.caller.session;
    const admin = plant.officers.admin.session;
    expect(await prefixesOf(caller)).toEqual(['A', 'B', 'C']);
    // Asked twice: the second answer comes from memory.
    expect(await prefixesOf(caller)).toEqual(['A', 'B', 'C']);

    await t.call(doBranchQT, { uuid: plant.types.general.uuid, prefix: 'G' }, admin);
    expect(await prefixesOf(caller)).toEqual(['A', 'B', 'G']);
    expect((await cards(caller)).map((c) => c.prefix).sort()).toEqual(['A', 'B', 'G']);

    await t.call(cancelQT, { uuid: plant.types.general.uuid }, admin);
    expect(await prefixesOf(caller)).toEqual(['A', 'B']);
    expect((await cards(admin)).map((c) => c.prefix).sort()).toEqual(['A', 'B']);
  });

  it("follows the calling controller: an officer's queue types and stations change on the next call", async () => {
    const narrow = plant.officers.narrowCaller;
    const admin = plant.officers.admin.session;
    expect((await cards(narrow.session)).map((c) => c.prefix)).toEqual(['B']);

    await t.call(callingManageOT, { id: narrow.id, branch_queue_type: [plant.types.lab.id] }, admin);
    const labCards = await cards(narrow.session);
    expect(labCards.map((c) => c.prefix)).toEqual(['A']);
    // Still only the standard station: none of the lab flow's.
    expect(labCards[0]!.station_permission).toEqual([]);

    await t.call(callingManageStation, { id: narrow.id, station: [plant.stations.labCall.id] }, admin);
    expect((await cards(narrow.session))[0]!.station_permission.map((s) => s.name)).toEqual(['ลานเท 1']);
  });

  it("shows a station's new name and its states on the next call", async () => {
    const caller = plant.officers.caller.session;
    const admin = plant.officers.admin.session;
    const stationNames = async () =>
      (await cards(caller)).flatMap((c) => c.station_permission.map((s) => s.name)).sort();
    expect(await stationNames()).toContain('ลานเท 1');

    const [row] = await t.db.select().from(stations).where(eq(stations.id, plant.stations.labCall.id));
    await t.call(doMainStation, { uuid: row!.uuid, name: 'ลานเท 9' }, admin);
    const renamed = await stationNames();
    expect(renamed).toContain('ลานเท 9');
    expect(renamed).not.toContain('ลานเท 1');

    // The station handles no state any more: it is no longer one to send trucks to.
    await t.call(manageState, { id: plant.stations.labCall.id, flow_state: [] }, admin);
    expect(await stationNames()).not.toContain('ลานเท 9');
  });
});
