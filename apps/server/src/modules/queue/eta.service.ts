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

/**
 * The expected wait for a call (shared/queue/eta.ts) of waiting trucks: the trucks ahead are
 * counted by the caller on every read, so the estimate follows each change of the line; the
 * type's pace comes from its own history, kept PACE_TTL_MS.
 */
export function createEtaService(deps: { db: Db; clock: Clock }) {
  const repo = createEtaRepository(deps.db);
  const paces = new Map<number, Pace>();

  async function paceOf(truck: WaitingTruck, now: Date): Promise<Pace> {
    const known = paces.get(truck.branchQueueTypeId);
    if (known && now.getTime() - known.at < PACE_TTL_MS && now.getTime() >= known.at) return known;
    const lab = truck.flowEngineId === FLOW_ENGINE.lab;
    const [history, labMinutes] = await Promise.all([
      repo.callHistory(truck.branchQueueTypeId, now, ETA_WINDOW_MINUTES, ETA_PAST_DAYS),
      lab ? repo.labMinutes(truck.branchQueueTypeId, now, LAB_SAMPLES) : Promise.resolve(null),
    ]);
    const pace = { at: now.getTime(), history, labMinutes };
    // A type with no call in the window says nothing yet; its first call should show at once,
    // so that silence is not kept.
    const rate = callRate({
      recentCalls: history.recent,
      recentMinutes: ETA_WINDOW_MINUTES,
      pastCalls: history.past,
    });
    if (rate !== null) paces.set(truck.branchQueueTypeId, pace);
    return pace;
  }

  return {
    /**
     * Minutes until the truck is likely called, as the range a driver reads ("about 30–45");
     * null when the type's history says nothing yet.
     */
    async waitOf(truck: WaitingTruck, ahead: number): Promise<{ low: number; high: number } | null> {
      const now = deps.clock.now();
      const pace = await paceOf(truck, now);
      const sampleIn = truck.labStart ? (now.getTime() - truck.labStart.getTime()) / 60_000 : 0;
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
    },
  };
}

export type EtaService = ReturnType<typeof createEtaService>;
