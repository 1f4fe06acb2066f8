import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueInformation, type PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { etaAccuracy } from '@truck-queue/shared/queue/eta-accuracy';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { officerQueueTypes, queues } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addQueueType, createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { backtestEta, type BacktestReading } from './eta-backtest.ts';
import { createEtaService, type Wait } from './eta.service.ts';

/**
 * The backtest replays a small day played through the app, and reads what the app would have
 * shown: at each moment its readings are taken, the driver's page's own count of trucks ahead
 * (read then, live) and the ETA service's answer for it then (a service of its own on a clock
 * stopped there, so no pace kept from another moment), against the real wait to the call.
 */

const MINUTE = 60_000;

let t: TestContext;
let plant: Plant;
let url: string;
/** A second standard line (prefix D): where B4 is moved. */
let lineD: { id: number };
const start = new Date('2026-11-20T03:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Backtest plant');
  lineD = await addQueueType(t, plant, 'ส่งสินค้าทั่วไป', 'D', plant.products.starch.id);
  await t.db
    .insert(officerQueueTypes)
    .values({ officerId: plant.officers.caller.id, branchQueueTypeId: lineD.id });
  url = await listen(t);
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

/** What the app showed a truck at a moment: its trucks ahead on its page, and the service's wait for it. */
interface Shown {
  queueId: number;
  at: Date;
  atIssue: boolean;
  ahead: number;
  range: Wait | null;
}

const stoppedAt = (at: Date): Clock => ({ now: () => new Date(at), monotonicMs: () => at.getTime() });

async function shown(ticket: { id: number; uuid: string }, atIssue: boolean): Promise<Shown> {
  const page = await t.post(queueInformation.path, { queue_number_id: ticket.uuid });
  const { ahead } = page.json<{ queue: PublicQueue }>().queue;
  const [row] = await t.db.select().from(queues).where(eq(queues.id, ticket.id));
  const at = t.clock.now();
  const eta = createEtaService({ db: t.db, clock: stoppedAt(at) });
  const flowEngineId = row!.branchQueueTypeId === plant.types.lab.id ? FLOW_ENGINE.lab : FLOW_ENGINE.standard;
  const range = await eta.waitOf({ ...row!, flowEngineId }, ahead!);
  return { queueId: ticket.id, at, atIssue, ahead: ahead!, range };
}

/**
 * Yesterday's trucks of a line, long gone: ten served from 09:00, one every 10 minutes, each
 * called 20 minutes after its ticket and finished 20 minutes later (the lab's took 5 minutes to
 * the lab and 20 in it): the history the expected wait plays today's line from.
 */
async function yesterday(type: 'lab' | 'standard') {
  const day = start.getTime() - 24 * 60 * MINUTE - 60 * MINUTE;
  for (let i = 0; i < 10; i++) {
    const created = day + i * 10 * MINUTE;
    t.clock.at = new Date(created);
    const { id } = await issueTicket(t, plant, type, `PAST ${type} ${i}`);
    const after = (minutes: number) => new Date(created + minutes * MINUTE);
    await t.db
      .update(queues)
      .set({
        state: 'F',
        calledAt: after(20),
        lastCalledAt: after(20),
        stationId: type === 'lab' ? plant.stations.labCall.id : plant.stations.standardCall.id,
        finishedAt: after(40),
        exitAt: after(45),
        ...(type === 'lab' ? { labStart: after(5), labFinish: after(15) } : {}),
      })
      .where(eq(queues.id, id));
  }
}

describe('the backtest of the expected wait', () => {
  it(
    'reads each called truck at its issue and at each call of its line, as its page counted it, against its real wait',
    { timeout: 120_000 },
    async () => {
      await yesterday('standard');
      await yesterday('lab');
      t.clock.at = new Date(start);
      const at = (minute: number) => (t.clock.at = new Date(start.getTime() + minute * MINUTE));
      const socket = await staffSocket(url, {
        session: plant.officers.caller.session,
        apiKey: t.config.apiKey,
      });
      expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
      const lab = { session: plant.officers.lab.session };
      const sample = async (path: 'accept' | 'completed', ticket: { uuid: string }) =>
        expect((await t.post(`process/example/${path}`, { uuid: ticket.uuid }, lab)).statusCode).toBe(200);
      const call = async (ticket: { id: number }, station: number) =>
        expect(await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, station)).toEqual({
          status: 1,
        });
      const standardStation = plant.stations.standardCall.id;
      const labStation = plant.stations.labCall.id;
      const seen: Shown[] = [];
      const issue = async (type: 'lab' | 'standard', license: string) => {
        const ticket = await issueTicket(t, plant, type, license);
        seen.push(await shown(ticket, true));
        return ticket;
      };

      // Minute by minute from 10:00 (site time): a standard line B, a lab line A, and D.
      at(0);
      const b1 = await issue('standard', 'BT 1');
      at(1);
      const a1 = await issue('lab', 'BT 2');
      at(2);
      const b2 = await issue('standard', 'BT 3');
      at(3);
      const a2 = await issue('lab', 'BT 4');
      at(4);
      const b3 = await issue('standard', 'BT 5');
      at(5);
      await sample('accept', a1);
      at(6);
      await sample('accept', a2);
      at(7);
      const b4 = await issue('standard', 'BT 6');
      at(8);
      // B4 goes to line D: behind nobody there, and out of B's count.
      expect(await emitAck(socket, 'doTransfer', plant.branch.id, b4.id, lineD.id)).toEqual({ status: 1 });
      at(9);
      const b5 = await issue('standard', 'BT 7');
      at(10);
      await call(b1, standardStation);
      seen.push(await shown(b3, false), await shown(b5, false));
      at(14);
      // B2 leaves without its call: it was never called, and no longer ahead of anyone.
      const exit = await t.post(
        'process/security/exitFactory',
        { uuid: b2.uuid, confirm_unfinished: true },
        { session: plant.officers.security.session },
      );
      expect(exit.statusCode).toBe(200);
      at(20);
      await sample('completed', a1);
      at(22);
      await call(b3, standardStation);
      seen.push(await shown(b5, false));
      at(25);
      await call(a1, labStation);
      at(26);
      const a3 = await issue('lab', 'BT 8');
      at(27);
      await sample('accept', a3);
      at(28);
      await sample('completed', a2);
      at(29);
      await sample('completed', a3);
      at(30);
      await call(b4, standardStation);
      at(31);
      const a4 = await issue('lab', 'BT 9');
      at(32);
      // A2 is rejected: never called, no longer ahead.
      expect(await emitAck(socket, 'doReject', plant.branch.id, a2.id)).toEqual({ status: 1 });
      at(33);
      await sample('accept', a4);
      at(35);
      await call(b5, standardStation);
      at(36);
      await call(a3, labStation);
      seen.push(await shown(a4, false));
      at(40);
      await sample('completed', a4);
      at(45);
      await call(a4, labStation);
      closeSockets();

      // The trucks ahead as the pages counted them, by hand.
      const byTruck = new Map([b1, a1, b2, a2, b3, b4, b5, a3, a4].map((q, i) => [q.id, i]));
      const names = ['B1', 'A1', 'B2', 'A2', 'B3', 'B4', 'B5', 'A3', 'A4'];
      const label = (r: { queueId: number; at: Date; atIssue: boolean; ahead: number }) =>
        `${names[byTruck.get(r.queueId)!]} ${(r.at.getTime() - start.getTime()) / MINUTE} ${r.atIssue ? 'issue' : 'moved'} ${r.ahead}`;
      expect(seen.map(label)).toEqual([
        'B1 0 issue 0',
        'A1 1 issue 0',
        'B2 2 issue 1',
        'A2 3 issue 1',
        'B3 4 issue 2',
        'B4 7 issue 3',
        'B5 9 issue 3',
        'B3 10 moved 1',
        'B5 10 moved 2',
        'B5 22 moved 0',
        'A3 26 issue 1',
        'A4 31 issue 2',
        'A4 36 moved 0',
      ]);

      const day = '2026-11-20';
      const result = await backtestEta(t.db, plant.branch.id, day, day);
      // B2 and A2 were never called: nothing to measure them against.
      const measured = seen.filter((s) => s.queueId !== b2.id && s.queueId !== a2.id);
      const calledAt = new Map([
        [b1.id, 10],
        [a1.id, 25],
        [b3.id, 22],
        [b4.id, 30],
        [b5.id, 35],
        [a3.id, 36],
        [a4.id, 45],
      ]);
      const order = (r: { at: Date; queueId: number }) => r.at.getTime() * 1000 + byTruck.get(r.queueId)!;
      const replayed = [...result.readings].sort((x, y) => order(x) - order(y));
      expect(replayed.map(label)).toEqual(measured.map(label));
      expect(replayed).toEqual(
        measured.map((s): BacktestReading => ({
          queueId: s.queueId,
          at: s.at,
          ahead: s.ahead,
          flow: s.queueId === a1.id || s.queueId === a3.id || s.queueId === a4.id ? 'lab' : 'standard',
          atIssue: s.atIssue,
          range: s.range,
          waitedMin: calledAt.get(s.queueId)! - (s.at.getTime() - start.getTime()) / MINUTE,
        })),
      );
      // Once a station of the line was open, the service had ranges to show.
      expect(replayed.some((r) => r.range !== null)).toBe(true);

      // Its figures: seven trucks, eleven readings; the real waits by hand.
      expect(result.trucks).toBe(7);
      const [all, labFlow, standardFlow] = result.accuracy.groups;
      expect(all!.atIssue.readings).toBe(7);
      expect(all!.every.readings).toBe(11);
      // At issue: 10, 24, 18, 23, 26, 10, 14; later: 12, 25, 13, 9.
      expect(all!.atIssue.medianWaitMin).toBe(18);
      expect(all!.every.medianWaitMin).toBe(14);
      expect(labFlow).toMatchObject({ flow: 'lab', atIssue: { readings: 3, medianWaitMin: 14 } });
      expect(labFlow!.every).toMatchObject({ readings: 4, medianWaitMin: 12 });
      expect(standardFlow).toMatchObject({ flow: 'standard', atIssue: { readings: 4, medianWaitMin: 20.5 } });
      expect(standardFlow!.every).toMatchObject({ readings: 7, medianWaitMin: 18 });
      expect(result.accuracy).toEqual(etaAccuracy(result.readings));

      // Replayed as a simulator's database whose day ran twice as fast: the same readings, each
      // wait in its minutes, twice the stored ones.
      const scaled = await backtestEta(t.db, plant.branch.id, day, day, 2);
      expect(scaled.readings.map((r) => [r.queueId, r.at, r.waitedMin])).toEqual(
        result.readings.map((r) => [r.queueId, r.at, 2 * r.waitedMin]),
      );
    },
  );

  it('has nothing to read in a period without tickets', async () => {
    const result = await backtestEta(t.db, plant.branch.id, '2026-10-01', '2026-10-14');
    expect(result).toMatchObject({ trucks: 0, readings: [] });
    expect(result.accuracy.groups[0]!.every.readings).toBe(0);
  });
});
