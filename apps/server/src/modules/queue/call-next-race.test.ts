import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLED_STATE } from '@truck-queue/shared/queue/queue-machine';
import { flowStates, officerStations, queues, stations, stationStates } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * Call next pressed by two officers at the same moment, on a line with two stations, through
 * the officers' socket on a real port: each gets a truck and a station of their own, never the
 * same truck twice (a second call of a called truck would move it to the other station) nor two
 * trucks to one station.
 */

let t: TestContext;
let plant: Plant;
let url: string;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Race');
  url = await listen(t);
  // A second station of the standard line, for both officers who call it.
  const [second] = await t.db
    .insert(stations)
    .values({ branchId: plant.branch.id, name: 'ช่องขึ้นสินค้า 2' })
    .returning();
  const [called] = await t.db
    .select()
    .from(flowStates)
    .where(
      and(eq(flowStates.flowEngineId, plant.types.standard.flowEngineId), eq(flowStates.state, CALLED_STATE)),
    );
  await t.db.insert(stationStates).values({ stationId: second!.id, flowStateId: called!.id });
  await t.db.insert(officerStations).values([
    { officerId: plant.officers.caller.id, stationId: second!.id },
    { officerId: plant.officers.narrowCaller.id, stationId: second!.id },
  ]);
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

/** The standard line's called trucks, by station: one row per truck. */
async function calledTrucks() {
  return t.db
    .select({ number: queues.queueNumber, stationId: queues.stationId })
    .from(queues)
    .where(
      and(
        eq(queues.branchQueueTypeId, plant.types.standard.id),
        eq(queues.state, CALLED_STATE),
        isNull(queues.exitAt),
      ),
    );
}

describe('Call next pressed by two officers at once', () => {
  it('calls two different trucks to two different stations, then refuses both while every station is taken, then gives the one freed station to one of them', async () => {
    const sockets = await Promise.all(
      [plant.officers.caller, plant.officers.narrowCaller].map((o) =>
        staffSocket(url, { session: o.session, apiKey: t.config.apiKey }),
      ),
    );
    for (const socket of sockets)
      expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const trucks: Awaited<ReturnType<typeof issueTicket>>[] = [];
    for (const plate of ['แข่ง 1', 'แข่ง 2', 'แข่ง 3', 'แข่ง 4'])
      trucks.push(await issueTicket(t, plant, 'standard', plate));
    const callNextBoth = () =>
      Promise.all(
        sockets.map((socket) => emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)),
      );

    const first = await callNextBoth();
    expect(first).toEqual([expect.objectContaining({ status: 1 }), expect.objectContaining({ status: 1 })]);
    const numbers = first.map((answer) => (answer as { queue_number: string }).queue_number).sort();
    expect(numbers).toEqual([trucks[0]!.queue_number, trucks[1]!.queue_number]);
    const stationNames = first.map((answer) => (answer as { station_name: string }).station_name).sort();
    expect(stationNames).toEqual(['ช่องขึ้นสินค้า 1', 'ช่องขึ้นสินค้า 2']);
    let called = await calledTrucks();
    expect(called).toHaveLength(2);
    expect(new Set(called.map((c) => c.stationId)).size).toBe(2);

    // Both stations hold a truck: both presses are refused, nothing is called.
    expect(await callNextBoth()).toEqual([
      expect.objectContaining({ status: 0, reason: 'NO_FREE_STATION' }),
      expect.objectContaining({ status: 0, reason: 'NO_FREE_STATION' }),
    ]);
    expect(await calledTrucks()).toHaveLength(2);

    // One truck done: its station goes to one press, the other is told no station is free.
    const done = called.find((c) => c.number === trucks[0]!.queue_number)!;
    expect(await emitAck(sockets[0]!, 'doFinish', plant.branch.id, trucks[0]!.id)).toEqual({ status: 1 });
    const third = await callNextBoth();
    expect(third.filter((answer) => answer.status === 1)).toEqual([
      expect.objectContaining({ queue_number: trucks[2]!.queue_number }),
    ]);
    expect(third.filter((answer) => answer.status === 0)).toEqual([
      expect.objectContaining({ reason: 'NO_FREE_STATION' }),
    ]);
    called = await calledTrucks();
    expect(called.map((c) => c.number).sort()).toEqual([trucks[1]!.queue_number, trucks[2]!.queue_number]);
    expect(called.find((c) => c.number === trucks[2]!.queue_number)!.stationId).toBe(done.stationId);
  });
});
