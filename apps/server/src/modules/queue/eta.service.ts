import { roundedRange } from '@truck-queue/shared/queue/eta';
import {
  forecastLine,
  historyEnough,
  type CallRange,
  type LineHistory,
} from '@truck-queue/shared/queue/line-forecast';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { createLineInputs, type QueueTypeRef } from './line-inputs.ts';

/**
 * A queue type's history moves slowly: read again after this long (a day's new services change
 * its samples by a few in four hundred).
 */
const HISTORY_TTL_MS = 10 * 60_000;
/**
 * A line's forecast serves until its type changes (a ticket issued, called, finished: the
 * `queueChanged` event drops it), and at most this long: what no event announces (a station
 * free for long, a lab result overdue) shows within it.
 */
const FORECAST_MAX_AGE_MS = 60_000;
/**
 * Whatever the time scale, the history is kept at least this long on the server's own clock:
 * the simulator at ×1440 would otherwise read it again every half second, on every change.
 */
const HISTORY_TTL_FLOOR_MS = 15_000;
/** The cards show the last play while the next runs, when it is at most this old. */
const STALE_MAX_AGE_MS = 5 * 60_000;
/**
 * The range shown, at its widest: no wider than its middle (the call between half and one and a
 * half times the likely wait), or than 20 minutes near the front of the line. A wider one says
 * too little to plan by: the page says "about N trucks ahead" instead (docs/drivers-and-
 * notifications.md, "The line played forward").
 */
export const WIDEST_RANGE = { minutes: 20, ofMiddle: 1 };
/** The forecast's draws: seeded, the same line gives the same ranges on every read. */
const FORECAST_SEED = 40;
/** The forecast's place for a truck not in the line yet (the board's "a truck issued now"). */
const NEWCOMER = -1;

/** A waiting truck as the estimate needs it: its id finds it in its line's forecast. */
export interface WaitingTruck {
  /** Absent for a truck not issued yet (the board's newcomer). */
  id?: number;
  branchId: number;
  branchQueueTypeId: number;
  flowEngineId: number;
}

/** A wait as drivers read it: whole minutes, rounded (shared/queue/eta.ts roundedRange). */
export type Wait = { low: number; high: number };

/** A queue type as the estimate reads it: its flow says whether the lab's times count. */
export type EtaQueueType = Pick<WaitingTruck, 'branchId' | 'branchQueueTypeId' | 'flowEngineId'>;

interface Forecast {
  /** When it was played (the server's clock, ms). */
  at: number;
  generation: number;
  /** By truck id (NEWCOMER: one issued now), in the line's order. */
  ranges: Map<number, CallRange | null>;
  order: number[];
  /**
   * The line has an order rule (issue 38): it is played in the order trucks joined, and a truck
   * reads the range of its place in the rule's order (the trucks ahead its page counts). Its
   * trucks are all alike to the stations: the n-th call comes when it comes, whoever gets it.
   */
  byPlace: boolean;
}

/** Whether a range says enough to plan by (WIDEST_RANGE). */
export function narrowEnough(range: CallRange): boolean {
  return range.high - range.low <= Math.max(WIDEST_RANGE.minutes, WIDEST_RANGE.ofMiddle * range.mid);
}

/**
 * The expected wait for a call (issue 40): each queue type's line played forward
 * (shared/queue/line-forecast.ts) from its stations and waiting trucks as they stand and its
 * own past times (line-inputs.ts). A line is played once per change of its type, and every
 * reader of it (the cards, each driver's page, the board) reads its truck's range off that play,
 * less the time since. The range is shown only when narrow enough (WIDEST_RANGE).
 *
 * `timeScale` (ETA_TIME_SCALE, 1 in a plant): how many of the estimate's seconds pass in one
 * second of the server's clock. The simulator plays a day in minutes on the server's real
 * clock and sets it to its acceleration: the history and the line are then read in simulated
 * time and the answer is in simulated minutes, which the simulator compares with the simulated
 * time each truck waited.
 */
export function createEtaService(deps: {
  db: Db;
  clock: Clock;
  timeScale?: number;
  events?: EventHub;
  /** Whether a queue type's line has an order rule (line-order.repository.ts). */
  ruled?: (branchId: number, branchQueueTypeId: number) => Promise<boolean>;
}) {
  const inputs = createLineInputs(deps.db);
  const scale = deps.timeScale ?? 1;
  const histories = new Map<number, { at: number; value: Promise<LineHistory> }>();
  /** Each type's last play, and the play under way. */
  const played = new Map<number, Forecast>();
  const playing = new Map<number, { generation: number; value: Promise<Forecast> }>();
  const queued = new Map<number, Promise<Forecast>>();
  const generations = new Map<number, number>();

  const drop = (typeId: number | undefined) => {
    if (typeId === undefined) return;
    // The last play stays, for the cards to show until the next is played (forecastOf).
    generations.set(typeId, (generations.get(typeId) ?? 0) + 1);
  };
  deps.events?.subscribe('queueChanged', (change) => {
    drop(change.branchQueueTypeId);
    drop(change.previousQueueTypeId);
  });

  const refOf = (type: EtaQueueType): QueueTypeRef => ({
    branchId: type.branchId,
    branchQueueTypeId: type.branchQueueTypeId,
    lab: type.flowEngineId === FLOW_ENGINE.lab,
  });

  function historyOf(type: EtaQueueType, now: Date): Promise<LineHistory> {
    const known = histories.get(type.branchQueueTypeId);
    const age = now.getTime() - (known?.at ?? 0);
    if (known && age >= 0 && age < Math.max(HISTORY_TTL_FLOOR_MS, HISTORY_TTL_MS / scale)) return known.value;
    const value = inputs.historyAt(refOf(type), now, scale);
    histories.set(type.branchQueueTypeId, { at: now.getTime(), value });
    value.catch(() => histories.delete(type.branchQueueTypeId));
    return value;
  }

  async function play(type: EtaQueueType, now: Date, generation: number): Promise<Forecast> {
    const ref = refOf(type);
    const [history, line, byPlace] = await Promise.all([
      historyOf(type, now),
      inputs.lineAt(ref, now, scale),
      deps.ruled?.(type.branchId, type.branchQueueTypeId) ?? false,
    ]);
    const empty: Forecast = { at: now.getTime(), generation, ranges: new Map(), order: [], byPlace };
    if (!historyEnough(history, ref.lab)) return empty;
    // A truck issued now joins behind the line: the board's wait for a newcomer.
    const newcomer = {
      id: NEWCOMER,
      stage: ref.lab
        ? ({ kind: 'before-lab', minutes: 0 } as const)
        : ({ kind: 'ready', minutes: 0 } as const),
    };
    const withNewcomer = { ...line, line: [...line.line, newcomer] };
    const ranges = forecastLine(withNewcomer, history, { random: seededRandom(FORECAST_SEED).next });
    return { ...empty, ranges, order: withNewcomer.line.map((truck) => truck.id) };
  }

  /**
   * The type's forecast: the one played since its last change; else the next play, shared by
   * every reader of the change. With `staleOk` (the cards, read on every change), when changes
   * come faster than plays (a play of an earlier change still runs, the next must wait for it),
   * the last play answers at once: a branch's read waits for one play at most.
   */
  function forecastOf(type: EtaQueueType, staleOk: boolean): Promise<Forecast> {
    const id = type.branchQueueTypeId;
    const now = deps.clock.now().getTime();
    const generation = generations.get(id) ?? 0;
    const known = played.get(id);
    const age = now - (known?.at ?? 0);
    if (known && known.generation === generation && age >= 0 && age < FORECAST_MAX_AGE_MS / scale)
      return Promise.resolve(known);
    // A play of an earlier change still runs: the next one waits for it.
    const behind = (playing.get(id)?.generation ?? generation) !== generation;
    const next = nextPlay(type, generation);
    if (staleOk && behind && known && age >= 0 && age < STALE_MAX_AGE_MS / scale)
      return Promise.resolve(known);
    return next;
  }

  /** One play of a type at a time: changes during a play share the one after it. */
  function nextPlay(type: EtaQueueType, generation: number): Promise<Forecast> {
    const id = type.branchQueueTypeId;
    const running = playing.get(id);
    if (running && running.generation === generation) return running.value;
    if (!running) return startPlay(type);
    const waiting = queued.get(id);
    if (waiting) return waiting;
    const settled = () => undefined;
    const value = running.value.then(settled, settled).then(() => {
      queued.delete(id);
      return startPlay(type);
    });
    queued.set(id, value);
    return value;
  }

  function startPlay(type: EtaQueueType): Promise<Forecast> {
    const id = type.branchQueueTypeId;
    const generation = generations.get(id) ?? 0;
    const value = play(type, deps.clock.now(), generation);
    const entry = { generation, value };
    playing.set(id, entry);
    value.then(
      (forecast) => {
        if (playing.get(id) === entry) playing.delete(id);
        const known = played.get(id);
        if (!known || known.at <= forecast.at) played.set(id, forecast);
      },
      () => {
        // A failed play is not kept: the next reader plays again.
        if (playing.get(id) === entry) playing.delete(id);
      },
    );
    return value;
  }

  function waitIn(forecast: Forecast, truck: WaitingTruck, ahead: number, now: Date): Wait | null {
    // Its own range; a truck the play did not see (issued since), or of a ruled line, by its
    // place in the line.
    let range = truck.id !== undefined && !forecast.byPlace ? forecast.ranges.get(truck.id) : undefined;
    if (range === undefined) {
      const place = Math.min(Math.max(0, Math.floor(ahead)), forecast.order.length - 1);
      range = place >= 0 ? forecast.ranges.get(forecast.order[place]!) : undefined;
    }
    if (!range) return null;
    const since = ((now.getTime() - forecast.at) / 60_000) * scale;
    const shifted = {
      low: Math.max(0, range.low - since),
      mid: Math.max(0, range.mid - since),
      high: Math.max(0, range.high - since),
    };
    return narrowEnough(shifted) ? roundedRange(shifted) : null;
  }

  return {
    /**
     * Minutes until the truck is likely called, as the range a driver reads ("about 30–45");
     * null when its type's history says too little yet, no station is open, or the range would
     * be too wide to plan by.
     */
    async waitOf(truck: WaitingTruck, ahead: number): Promise<Wait | null> {
      const forecast = await forecastOf(truck, false);
      return waitIn(forecast, truck, ahead, deps.clock.now());
    },

    /**
     * The waits of many trucks at once (the calling cards, the board's footer): each queue
     * type's last play (the next one runs meanwhile when its line changed since), every truck's
     * wait read off it with no further read. Types not listed answer null.
     */
    async estimator(
      types: Iterable<EtaQueueType>,
    ): Promise<(truck: WaitingTruck, ahead: number) => Wait | null> {
      const now = deps.clock.now();
      const unique = new Map<number, EtaQueueType>();
      for (const type of types) unique.set(type.branchQueueTypeId, type);
      const forecasts = await Promise.all([...unique.values()].map((type) => forecastOf(type, true)));
      const byType = new Map([...unique.keys()].map((id, i) => [id, forecasts[i]!]));
      return (truck, ahead) => {
        const forecast = byType.get(truck.branchQueueTypeId);
        return forecast ? waitIn(forecast, truck, ahead, now) : null;
      };
    },
  };
}

export type EtaService = ReturnType<typeof createEtaService>;
