import { callRate, expectedWait, roundedRange } from '@truck-queue/shared/queue/eta';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEtaRepository, type CallHistory } from './eta.repository.ts';

/** The last hour is "now"; the same hour of the last week's days is the usual pace. */
export const ETA_WINDOW_MINUTES = 60;
export const ETA_PAST_DAYS = 7;
/** The lab's usual time is the median of this many recent samples. */
const LAB_SAMPLES = 30;
/**
 * A queue type's pace is read again after this long: a call changes it by a call in sixty, so
 * half a minute late is nothing a driver would notice, and a busy line asks the database once.
 */
const PACE_TTL_MS = 30_000;

interface Pace {
  at: number;
  history: CallHistory;
  labMinutes: number | null;
}

/** A waiting truck as the estimate needs it. */
export interface WaitingTruck {
  branchQueueTypeId: number;
  flowEngineId: number;
  labStart: Date | null;
  labFinish: Date | null;
}

/** A wait as drivers read it: whole minutes, rounded (shared/queue/eta.ts roundedRange). */
export type Wait = { low: number; high: number };

/** A queue type as the estimate reads its pace: its flow says whether the lab's time counts. */
export type EtaQueueType = Pick<WaitingTruck, 'branchQueueTypeId' | 'flowEngineId'>;

/**
 * The expected wait for a call (shared/queue/eta.ts) of waiting trucks: the trucks ahead are
 * counted by the caller on every read, so the estimate follows each change of the line; the
 * type's pace comes from its own history, kept PACE_TTL_MS, and read once however many readers
 * ask for it at the same moment.
 *
 * `timeScale` (ETA_TIME_SCALE, 1 in a plant): how many of the estimate's seconds pass in one
 * second of the server's clock. The simulator plays a day in minutes on the server's real
 * clock and sets it to its acceleration: the estimate then reads "the last hour" and "the same
 * hour of past days" in simulated time and answers simulated minutes, which the simulator
 * compares with the simulated time each truck waited.
 */
export function createEtaService(deps: { db: Db; clock: Clock; timeScale?: number }) {
  const repo = createEtaRepository(deps.db);
  const scale = deps.timeScale ?? 1;
  const windowMinutes = ETA_WINDOW_MINUTES / scale;
  const daySeconds = 86_400 / scale;
  const ttlMs = PACE_TTL_MS / scale;
  const paces = new Map<number, Pace>();
  const reading = new Map<number, Promise<Pace>>();

  async function readPace(type: EtaQueueType, now: Date): Promise<Pace> {
    const lab = type.flowEngineId === FLOW_ENGINE.lab;
    const [history, labMinutes] = await Promise.all([
      repo.callHistory(type.branchQueueTypeId, now, windowMinutes, ETA_PAST_DAYS, daySeconds),
      lab ? repo.labMinutes(type.branchQueueTypeId, now, LAB_SAMPLES, daySeconds) : Promise.resolve(null),
    ]);
    const pace = { at: now.getTime(), history, labMinutes: labMinutes === null ? null : labMinutes * scale };
    // A type with no call in the window says nothing yet; its first call should show at once,
    // so that silence is not kept.
    const rate = callRate({
      recentCalls: history.recent,
      recentMinutes: ETA_WINDOW_MINUTES,
      pastCalls: history.past,
    });
    if (rate !== null) paces.set(type.branchQueueTypeId, pace);
    return pace;
  }

  function paceOf(type: EtaQueueType, now: Date): Promise<Pace> {
    const known = paces.get(type.branchQueueTypeId);
    if (known && now.getTime() - known.at < ttlMs && now.getTime() >= known.at) return Promise.resolve(known);
    // Readers at the same moment (a round of cards, a line of drivers' pages) share one read.
    const under = reading.get(type.branchQueueTypeId);
    if (under) return under;
    const read = readPace(type, now).finally(() => reading.delete(type.branchQueueTypeId));
    reading.set(type.branchQueueTypeId, read);
    return read;
  }

  function waitWith(pace: Pace, truck: WaitingTruck, ahead: number, now: Date): Wait | null {
    const sampleIn = truck.labStart ? ((now.getTime() - truck.labStart.getTime()) / 60_000) * scale : 0;
    const labRemaining =
      truck.flowEngineId === FLOW_ENGINE.lab && !truck.labFinish && pace.labMinutes !== null
        ? Math.max(0, pace.labMinutes - sampleIn)
        : null;
    const range = expectedWait({
      ahead,
      recentCalls: pace.history.recent,
      recentMinutes: ETA_WINDOW_MINUTES,
      pastCalls: pace.history.past,
      labRemainingMinutes: labRemaining,
    });
    return range ? roundedRange(range) : null;
  }

  return {
    /**
     * Minutes until the truck is likely called, as the range a driver reads ("about 30–45");
     * null when the type's history says nothing yet.
     */
    async waitOf(truck: WaitingTruck, ahead: number): Promise<Wait | null> {
      const now = deps.clock.now();
      return waitWith(await paceOf(truck, now), truck, ahead, now);
    },

    /**
     * The waits of many trucks at once (the calling cards, the board's footer): each queue
     * type's pace is read once, up front, and every truck's wait is then worked out from it and
     * the trucks ahead the caller counted, with no further read. Types not listed answer null.
     */
    async estimator(
      types: Iterable<EtaQueueType>,
    ): Promise<(truck: WaitingTruck, ahead: number) => Wait | null> {
      const now = deps.clock.now();
      const unique = new Map<number, EtaQueueType>();
      for (const type of types) unique.set(type.branchQueueTypeId, type);
      const read = await Promise.all([...unique.values()].map((type) => paceOf(type, now)));
      const byType = new Map([...unique.keys()].map((id, i) => [id, read[i]!]));
      return (truck, ahead) => {
        const pace = byType.get(truck.branchQueueTypeId);
        return pace ? waitWith(pace, truck, ahead, now) : null;
      };
    },
  };
}

export type EtaService = ReturnType<typeof createEtaService>;
