import { roundedRange } from '@truck-queue/shared/queue/eta';
import {
  forecastLine,
  historyEnough,
  type CallRange,
  type LineHistory,
  type TruckStage,
} from '@truck-queue/shared/queue/line-forecast';
import { FLOW_ENGINE, type QueueAction } from '@truck-queue/shared/queue/queue-machine';
import {
  calibrated,
  calibrationOf,
  type Calibration,
  type CalibrationSample,
} from '@truck-queue/shared/queue/range-calibration';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import {
  ARRIVALS_WINDOW_MINUTES,
  createLineInputs,
  type LineTruckRow,
  type QueueTypeRef,
  type RecentTickets,
} from './line-inputs.ts';
import { classOf } from './line-order.ts';
import { createShownRanges, type StageKeys } from './shown-ranges.ts';

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
 * A type's next play starts no sooner than this many times its last play's length (its reads
 * included) after that play ended: at the harvest peak a line of a thousand trucks
 * changes several times a second, and playing it after every change would take the server's
 * core. A play of a few milliseconds is played again at once; one of 50 ms waits 200 ms, which
 * the readers do not see (the cards and the drivers' pushes show the last play meanwhile, less
 * the time since it).
 */
const PLAY_SPACING = 4;
/**
 * The spacing is measured on the server's clock (a test's clock moves only when the test moves
 * it, so its plays are never spaced unless it says so), and is never longer than this: a clock
 * set back does not hold the plays.
 */
const SPACING_MAX_MS = 10_000;
/**
 * The range shown, at its widest: no wider than twice its middle (the issue's own example), or
 * than 20 minutes near the front of the line. A wider one says too little to plan by: the page
 * says "about N trucks ahead" instead (docs/drivers-and-notifications.md, "The line played
 * forward"). Not once its middle: held to how the type's calls came (range-calibration.ts) a
 * lab truck's range at its ticket is some 45 minutes wide on an hour's wait, and the narrower
 * rule showed only the ranges whose play was narrowest, which held the calls least often.
 */
export const WIDEST_RANGE = { minutes: 20, ofMiddle: 2 };
/** The forecast's draws: seeded, the same line gives the same ranges on every read. */
const FORECAST_SEED = 40;
/** The forecast's place for a truck not in the line yet (the board's "a truck issued now"). */
const NEWCOMER = -1;

/** Where a truck issued now stands: before the lab in the lab flow, in line in the others. */
const newcomerStage = (type: Pick<WaitingTruck, 'flowEngineId'>): TruckStage =>
  type.flowEngineId === FLOW_ENGINE.lab ? { kind: 'before-lab', minutes: 0 } : { kind: 'ready', minutes: 0 };

/**
 * A read this soon after the truck joined its line (its first stage's minutes, the estimate's) is
 * a read at its issue: its whole wait ahead, as the stored readings' (eta-readings.ts).
 */
const AT_ISSUE_MINUTES = 2;
/** The stage keys of the reads at issue, calibrated apart from the later reads of the stage. */
const AT_ISSUE = 'issue:';

/** Where a truck of a play stood, and the keys its reads are calibrated by (shown-ranges.ts). */
type Stood = TruckStage & { keys: StageKeys };

/** The change of a truck's first call (and of a recall: nothing is waiting for it then). */
const CALL_ACTION = 'call' satisfies QueueAction;

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

/**
 * A wait as read, with the play's range it came from before calibration (minutes from the
 * reading): eta-readings.ts keeps both, and the next calibration reads the play's.
 */
export interface WaitReading {
  wait: Wait | null;
  play: CallRange | null;
}

/** A queue type as the estimate reads it: its flow says whether the lab's times count. */
export type EtaQueueType = Pick<WaitingTruck, 'branchId' | 'branchQueueTypeId' | 'flowEngineId'>;

interface Forecast {
  /** When it was played (the server's clock, ms). */
  at: number;
  generation: number;
  /** By truck id (NEWCOMER: one issued now), in the line's order. */
  ranges: Map<number, CallRange | null>;
  order: number[];
  /** Where each truck of the line stood, by id: its ranges are held to how the ranges read there fared. */
  stages: Map<number, Stood>;
  /** How the type's plays read at issue fared (stored readings): where a stage has too few calls. */
  calibration: Calibration | null;
  /**
   * The line has an order rule (issue 38): it is played in the order trucks joined, and a truck
   * reads the range of its place in the rule's order (the trucks ahead its page counts). Its
   * trucks are all alike to the stations: the n-th call comes when it comes, whoever gets it.
   */
  byPlace: boolean;
}

/**
 * A ruled line's trucks to come that go ahead of part of it (shared/queue/line-forecast.ts
 * LineArrivals): the loads of its classes called first, at the rate they came in the last
 * ARRIVALS_WINDOW_MINUTES, ahead of every waiting truck of the other classes (which the rule
 * puts after the waiting trucks of those classes: the place they go ahead from). Shares between
 * the other classes, and overdue or stale loads put forward, are not played.
 */
export function comersAhead(
  rule: LineRule,
  line: readonly Pick<LineTruckRow, 'productId' | 'orderClass'>[],
  recent: readonly RecentTickets[],
): { perMinute: number; aheadFrom: number } | undefined {
  const first = new Set(rule.classes.filter((c) => c.first).map((c) => c.key));
  if (first.size === 0) return undefined;
  const isFirst = (truck: { productId: number | null; orderClass: string | null }) =>
    first.has(classOf(rule, truck));
  const come = recent.filter(isFirst).reduce((sum, r) => sum + r.count, 0);
  return { perMinute: come / ARRIVALS_WINDOW_MINUTES, aheadFrom: line.filter(isFirst).length };
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
  /** A queue type's order rule, null for first come, first served (line-order.repository.ts). */
  ruleOf?: (branchId: number, branchQueueTypeId: number) => Promise<LineRule | null>;
  /** PLAY_SPACING; 0 plays at every change (the backtest replays each moment as it stood). */
  playSpacing?: number;
  /**
   * How the type's plays fared by `at` (range-calibration.ts): by default its stored readings
   * (line-inputs.ts playedAt); the backtest gives its own replayed ones.
   */
  playedAt?: (type: QueueTypeRef, at: Date, scale: number) => Promise<CalibrationSample[]>;
}) {
  const playSpacing = deps.playSpacing ?? PLAY_SPACING;
  const inputs = createLineInputs(deps.db);
  const scale = deps.timeScale ?? 1;
  const playedAt =
    deps.playedAt ?? ((type: QueueTypeRef, at: Date, s: number) => inputs.playedAt(type, at, s));
  /** Each type's past times and how its plays fared, read together and kept as long. */
  const histories = new Map<
    number,
    { at: number; value: Promise<{ history: LineHistory; calibration: Calibration | null }> }
  >();
  /** Each type's last play, and the play under way. */
  const played = new Map<number, Forecast>();
  const playing = new Map<number, { generation: number; value: Promise<Forecast> }>();
  const queued = new Map<number, Promise<Forecast>>();
  const generations = new Map<number, number>();
  /** Each type's earliest next play (the server's clock, ms): PLAY_SPACING after its last. */
  const nextPlayAt = new Map<number, number>();

  const drop = (typeId: number | undefined) => {
    if (typeId === undefined) return;
    // The last play stays, for the cards to show until the next is played (forecastOf).
    generations.set(typeId, (generations.get(typeId) ?? 0) + 1);
  };
  /** How the ranges read fared, by stage (shown-ranges.ts). */
  const shown = createShownRanges({ scale, random: seededRandom(FORECAST_SEED + 1).next });
  deps.events?.subscribe('queueChanged', (change) => {
    drop(change.branchQueueTypeId);
    drop(change.previousQueueTypeId);
    if (change.action === CALL_ACTION) shown.called(change.queueId, change.at.getTime());
    else if (change.previousQueueTypeId !== undefined) shown.gone(change.queueId);
  });

  const refOf = (type: EtaQueueType): QueueTypeRef => ({
    branchId: type.branchId,
    branchQueueTypeId: type.branchQueueTypeId,
    lab: type.flowEngineId === FLOW_ENGINE.lab,
  });

  function historyOf(
    type: EtaQueueType,
    now: Date,
  ): Promise<{ history: LineHistory; calibration: Calibration | null }> {
    const known = histories.get(type.branchQueueTypeId);
    const age = now.getTime() - (known?.at ?? 0);
    if (known && age >= 0 && age < Math.max(HISTORY_TTL_FLOOR_MS, HISTORY_TTL_MS / scale)) return known.value;
    const ref = refOf(type);
    const value = Promise.all([inputs.historyAt(ref, now, scale), playedAt(ref, now, scale)]).then(
      ([history, played]) => ({ history, calibration: calibrationOf(played) }),
    );
    histories.set(type.branchQueueTypeId, { at: now.getTime(), value });
    value.catch(() => histories.delete(type.branchQueueTypeId));
    return value;
  }

  async function play(type: EtaQueueType, now: Date, generation: number): Promise<Forecast> {
    const ref = refOf(type);
    const [{ history, calibration }, line, rule] = await Promise.all([
      historyOf(type, now),
      inputs.lineAt(ref, now, scale),
      deps.ruleOf?.(type.branchId, type.branchQueueTypeId) ?? null,
    ]);
    const byPlace = rule !== null;
    const stood = (truck: LineTruckRow): Stood => ({
      ...truck.stage,
      keys: rule ? [`${truck.stage.kind}:${classOf(rule, truck)}`, truck.stage.kind] : [truck.stage.kind],
    });
    const empty: Forecast = {
      at: now.getTime(),
      generation,
      ranges: new Map(),
      order: [],
      byPlace,
      stages: new Map(line.line.map((truck) => [truck.id, stood(truck)])),
      calibration,
    };
    if (!historyEnough(history, ref.lab)) return empty;
    // A truck issued now joins behind the line: the board's wait for a newcomer.
    const newcomer = { id: NEWCOMER, stage: newcomerStage(type) };
    const arrivals = rule
      ? comersAhead(rule, line.line, await inputs.recentTickets(ref, now, scale))
      : undefined;
    const withNewcomer = { ...line, line: [...line.line, newcomer], arrivals };
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
    // A play of an earlier change still runs, or the last one ended too recently: the next
    // one waits for it.
    const behind =
      (playing.get(id)?.generation ?? generation) !== generation || (!playing.has(id) && tooSoon(id));
    const next = nextPlay(type, generation);
    if (staleOk && behind && known && age >= 0 && age < STALE_MAX_AGE_MS / scale)
      return Promise.resolve(known);
    return next;
  }

  /**
   * One play of a type at a time: changes during a play share the one after it, which starts
   * when the play ends and its spacing (PLAY_SPACING) has passed.
   */
  function nextPlay(type: EtaQueueType, generation: number): Promise<Forecast> {
    const id = type.branchQueueTypeId;
    const running = playing.get(id);
    if (running && running.generation === generation) return running.value;
    const waiting = queued.get(id);
    if (waiting) return waiting;
    if (!running && !tooSoon(id)) return startPlay(type);
    const settled = () => undefined;
    const value = (running?.value ?? Promise.resolve())
      .then(settled, settled)
      .then(() => spaced(id))
      .then(() => {
        queued.delete(id);
        return startPlay(type);
      });
    queued.set(id, value);
    // Its readers see a failure; a play no reader waits for (the cards read the last) fails quietly.
    value.catch(() => undefined);
    return value;
  }

  const clockMs = () => deps.clock.now().getTime();

  /** How long until the type's next play may start (PLAY_SPACING), 0 when it may now. */
  function spacingLeft(id: number): number {
    const left = (nextPlayAt.get(id) ?? 0) - clockMs();
    return left > 0 && left <= SPACING_MAX_MS ? left : 0;
  }

  /** Whether the type's last play ended too recently for the next to start. */
  function tooSoon(id: number): boolean {
    return spacingLeft(id) > 0;
  }

  /** Resolves when the type's next play may start. */
  function spaced(id: number): Promise<void> {
    const wait = spacingLeft(id);
    if (wait <= 0) return Promise.resolve();
    // Unreferenced: a play pending when the server stops does not keep it running.
    return new Promise((resolve) => setTimeout(resolve, wait).unref());
  }

  function startPlay(type: EtaQueueType): Promise<Forecast> {
    const id = type.branchQueueTypeId;
    const generation = generations.get(id) ?? 0;
    const started = clockMs();
    const value = play(type, new Date(started), generation);
    const entry = { generation, value };
    playing.set(id, entry);
    const ended = () => {
      if (playing.get(id) === entry) playing.delete(id);
      const now = clockMs();
      nextPlayAt.set(id, now + Math.min(SPACING_MAX_MS, playSpacing * Math.max(0, now - started)));
    };
    value.then(
      (forecast) => {
        ended();
        const known = played.get(id);
        if (!known || known.at <= forecast.at) played.set(id, forecast);
      },
      // A failed play is not kept: the next reader plays again.
      ended,
    );
    return value;
  }

  function readIn(forecast: Forecast, truck: WaitingTruck, ahead: number, now: Date): WaitReading {
    // Its own range; a truck the play did not see (issued since), or of a ruled line, by its
    // place in the line.
    let range = truck.id !== undefined && !forecast.byPlace ? forecast.ranges.get(truck.id) : undefined;
    if (range === undefined) {
      const place = Math.min(Math.max(0, Math.floor(ahead)), forecast.order.length - 1);
      range = place >= 0 ? forecast.ranges.get(forecast.order[place]!) : undefined;
    }
    if (!range) return { wait: null, play: null };
    const since = ((now.getTime() - forecast.at) / 60_000) * scale;
    const play = {
      low: Math.max(0, range.low - since),
      mid: Math.max(0, range.mid - since),
      high: Math.max(0, range.high - since),
    };
    // Held to how the ranges read where it stands fared; a truck issued since the play (or now)
    // stands where a new ticket does. Read at its issue (AT_ISSUE_MINUTES), the whole wait is
    // ahead of it: held to the ranges read at issue, the stored readings where too few.
    const stage = truck.id !== undefined ? forecast.stages.get(truck.id) : undefined;
    const first = newcomerStage(truck).kind;
    const atIssue = !stage || (stage.kind === first && stage.minutes + since < AT_ISSUE_MINUTES);
    const keys = stage?.keys ?? [first];
    const read = atIssue ? keys.map((key) => `${AT_ISSUE}${key}`) : keys;
    if (stage !== undefined) shown.read(truck.branchQueueTypeId, truck.id!, read, play, now.getTime());
    const calibration = atIssue
      ? (shown.calibration(truck.branchQueueTypeId, read) ??
        forecast.calibration ??
        shown.calibration(truck.branchQueueTypeId, keys))
      : (shown.calibration(truck.branchQueueTypeId, keys) ?? forecast.calibration);
    const held = calibrated(play, calibration);
    return { wait: narrowEnough(held) ? roundedRange(held) : null, play };
  }

  const waitIn = (forecast: Forecast, truck: WaitingTruck, ahead: number, now: Date) =>
    readIn(forecast, truck, ahead, now).wait;

  /** The readings of many trucks at once, off each type's last play (estimator). */
  async function reader(
    types: Iterable<EtaQueueType>,
  ): Promise<(truck: WaitingTruck, ahead: number) => WaitReading> {
    const now = deps.clock.now();
    const unique = new Map<number, EtaQueueType>();
    for (const type of types) unique.set(type.branchQueueTypeId, type);
    const forecasts = await Promise.all([...unique.values()].map((type) => forecastOf(type, true)));
    const byType = new Map([...unique.keys()].map((id, i) => [id, forecasts[i]!]));
    return (truck, ahead) => {
      const forecast = byType.get(truck.branchQueueTypeId);
      return forecast ? readIn(forecast, truck, ahead, now) : { wait: null, play: null };
    };
  }

  return {
    /**
     * Minutes until the truck is likely called, as the range a driver reads ("about 30–45");
     * null when its type's history says too little yet, no station is open, or the range would
     * be too wide to plan by. `lastPlayOk` (a pushed page, as the cards): while a play of an
     * earlier change runs or the next must wait its spacing, the last play answers at once.
     */
    async waitOf(
      truck: WaitingTruck,
      ahead: number,
      options: { lastPlayOk?: boolean } = {},
    ): Promise<Wait | null> {
      const forecast = await forecastOf(truck, options.lastPlayOk ?? false);
      return waitIn(forecast, truck, ahead, deps.clock.now());
    },

    /** As waitOf, with the play's range before calibration (the reading at a ticket's issue). */
    async readingOf(truck: WaitingTruck, ahead: number): Promise<WaitReading> {
      const forecast = await forecastOf(truck, false);
      return readIn(forecast, truck, ahead, deps.clock.now());
    },

    /**
     * The waits of many trucks at once (the calling cards, the board's footer): each queue
     * type's last play (the next one runs meanwhile when its line changed since), every truck's
     * wait read off it with no further read. Types not listed answer null.
     */
    async estimator(
      types: Iterable<EtaQueueType>,
    ): Promise<(truck: WaitingTruck, ahead: number) => Wait | null> {
      const read = await reader(types);
      return (truck, ahead) => read(truck, ahead).wait;
    },

    /** As estimator, each wait with the play's range it came from (the backtest keeps both). */
    reader,
  };
}

export type EtaService = ReturnType<typeof createEtaService>;
