/**
 * The line played forward (issue 40): when each waiting truck of a queue type will be called,
 * as a range, from the line as it stands and the type's own history. Pure: the server gives it
 * the stations open now, the trucks waiting in the order the desk calls them, and samples of
 * past times; it plays the line forward many times, each time drawing every unknown time from
 * those samples, and reads each truck's range off the spread of its call times.
 *
 * One play, as a desk works (docs/drivers-and-notifications.md, "The line played forward"):
 *  - each open station frees when its truck is done: a busy one after the rest of a service time
 *    drawn from the past services longer than it has already held its truck; a free one at once;
 *  - a freed station calls the first truck in line that may be called: in the lab flow, the
 *    first whose result is out (a truck still before the lab or in it is ready after the rest of
 *    its lab time, drawn the same way); a truck whose result rejects it leaves the line, one
 *    sent back for a recheck goes through the lab again after the way to the recheck, and one
 *    before the lab far longer than any before it is away (AWAY_FACTOR) and left out;
 *  - no truck may be called yet: the station waits for the first one that may;
 *  - two pauses the desks take: a truck may be called a while after it is ready (its result
 *    read, its driver at the desk), drawn once per truck; and a station calls its next truck a
 *    while after its last one finished, drawn per service.
 * A truck's range is the narrowest span that holds `coverage` (90 %) of its plays' call times,
 * its middle their median. Narrowest, not the middle 90 %: a lab truck's calls fall in two
 * humps, most after one pass through the lab and a few after a recheck's second; the middle
 * 90 % would reach into the second hump and span both, the narrowest holds the first whole.
 */

/** What the type's past days say, in minutes; every list sorted ascending. */
export interface LineHistory {
  /** How long a call held its station: from the call to the truck's finish there. */
  serviceMinutes: readonly number[];
  /** The lab flow: from the ticket to the lab taking its sample. */
  toLabMinutes: readonly number[];
  /** The lab flow: from the sample to its result (each pass, a recheck's too). */
  labMinutes: readonly number[];
  /** The lab flow: from a result that sent the truck to a recheck to the recheck's new sample. */
  recheckMinutes: readonly number[];
  /**
   * How long after a truck was ready (in line; the lab flow: its result out) it was called, of
   * the calls whose station was free already: a truck's own pause before its call (its result
   * read, its driver fetched). Empty: at once.
   */
  readyToCallMinutes: readonly number[];
  /**
   * How long after a station's truck finished it called the next, of the calls whose truck was
   * ready already: the desk's own pause between two trucks. Empty: at once.
   */
  freeToCallMinutes: readonly number[];
  /** The lab flow: of the trucks whose result was out, the share rejected and sent to recheck. */
  rejectShare: number;
  recheckShare: number;
}

/** Where a waiting truck stands before it may be called, and for how long it has (minutes). */
export type TruckStage =
  /** May be called (in line; the lab flow: its result out), for `minutes`. */
  | { kind: 'ready'; minutes: number }
  /** Waiting for the lab to take its sample, since its ticket. */
  | { kind: 'before-lab'; minutes: number }
  | { kind: 'in-lab'; minutes: number }
  /** Sent to a recheck, its new sample not taken yet: since the result that sent it. */
  | { kind: 'to-recheck'; minutes: number };

export interface LineTruck {
  id: number;
  stage: TruckStage;
}

/**
 * Trucks still to come that will go ahead of part of the line: a ruled line's class called first
 * (fresh cane), whose loads arriving after a truck of an ordinary class are called before it.
 */
export interface LineArrivals {
  /** How many arrive a minute (the rate of the last while, held forward). */
  perMinute: number;
  /**
   * The first place in the line they go ahead of: the trucks before it are of a class called
   * first themselves, and a truck of theirs arriving later goes behind them.
   */
  aheadFrom: number;
}

/** The line now: the stations open and the waiting trucks in the order the desk calls them. */
export interface LineNow {
  /** One per open station: the minutes it has held its current truck, or null when it is free. */
  stations: readonly (number | null)[];
  line: readonly LineTruck[];
  /** Trucks to come that go ahead of part of the line; none when absent. */
  arrivals?: LineArrivals;
}

/** Minutes from now. */
export interface CallRange {
  low: number;
  mid: number;
  high: number;
}

export interface ForecastOptions {
  /** Plays of the line. */
  runs?: number;
  /** Share of the plays' call times a range holds. */
  coverage?: number;
  /** A source of floats in [0, 1): seeded, the same line gives the same ranges. */
  random: () => number;
}

/** Fewest past services the play needs: below this the history says too little. */
export const MIN_SERVICE_SAMPLES = 8;
/** Fewest lab times the lab flow's play needs. */
export const MIN_LAB_SAMPLES = 5;
export const FORECAST_RUNS = 200;
/**
 * A long line is played fewer times: at most this many truck-plays (a line of 200 is played 200
 * times, one of 400 100 times), and never fewer than MIN_RUNS plays. The night's line of 2,000
 * then costs a play of about 60 ms on a busy core, not 300, once per change of its type.
 */
const WORK_BUDGET = 40_000;
const MIN_RUNS = 60;
export const FORECAST_COVERAGE = 0.9;
/**
 * A truck still before the lab this many times longer than any truck of the history took to
 * reach it is away (its driver parked for the night, or went off): nothing says when it comes
 * back, so the play leaves it out of the line (it takes no station from the trucks behind it)
 * and gives it no range of its own. Once the lab takes its sample it is played again.
 */
export const AWAY_FACTOR = 2;
/**
 * A way to the lab longer than the upper quartile of the ways plus this many times the spread
 * between the quartiles (Tukey's "far out") was a driver who parked or went off, not one going on.
 */
const FAR_OUT = 3;

/**
 * The ways to the lab of the drivers who went on. A driver who sleeps in his cab until the
 * small hours takes hours to reach the lab; drawn for a truck just issued, those ways told
 * everyone at the night's end a wait of hours (the night's simulator: the lab's ranges before
 * the lab 20 hours too long once the parked trucks were sampled). The driver reading his wait
 * wants it for going on, and a truck parked now is away (AWAY_FACTOR) by the ways of the rest.
 * Fewer than MIN_LAB_SAMPLES × 2 ways: all are kept (too few to tell).
 */
export function goingOn(sorted: readonly number[]): readonly number[] {
  if (sorted.length < MIN_LAB_SAMPLES * 2) return sorted;
  const q1 = sorted[Math.floor((sorted.length - 1) * 0.25)]!;
  const q3 = sorted[Math.ceil((sorted.length - 1) * 0.75)]!;
  const fence = q3 + FAR_OUT * (q3 - q1);
  const kept = sorted.findIndex((minutes) => minutes > fence);
  return kept === -1 ? sorted : sorted.slice(0, kept);
}

/** Trucks to come are played for this long ahead (minutes). */
const ARRIVALS_HORIZON_MINUTES = 24 * 60;

/**
 * The rest of a time that has already run `elapsed` minutes: a past time longer than that,
 * drawn at random, less `elapsed`. One past all the samples is overdue: it ends within a
 * quarter of the samples' median.
 */
export function drawRemaining(sorted: readonly number[], elapsed: number, random: () => number): number {
  if (sorted.length === 0) return 0;
  if (elapsed < sorted[0]!) return sorted[Math.floor(random() * sorted.length)]! - elapsed;
  // The first sample longer than elapsed (binary search).
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= elapsed) lo = mid + 1;
    else hi = mid;
  }
  if (lo === sorted.length) return random() * 0.25 * sorted[sorted.length >> 1]!;
  const drawn = sorted[lo + Math.floor(random() * (sorted.length - lo))]!;
  return drawn - elapsed;
}

/** A min-heap of numbers (line positions; stations' next free times). */
class MinHeap {
  private readonly items: number[] = [];
  get size() {
    return this.items.length;
  }
  peek(): number | undefined {
    return this.items[0];
  }
  push(value: number) {
    const items = this.items;
    items.push(value);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }
  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && items[right]! < items[left]! ? right : left;
        if (items[child]! >= last) break;
        items[i] = items[child]!;
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/**
 * One play of the line: each truck's call time (minutes from now), NaN for a truck rejected
 * before its call or away. `calls` receives them by line position.
 */
export function playLine(
  now: LineNow,
  history: LineHistory,
  random: () => number,
  calls: Float64Array,
): void {
  const { line } = now;
  const n = line.length;
  // When each truck may be called (before now for a truck that may already), and whether it is
  // out of this play: its result rejects it, or it is away.
  const readyAt = new Float64Array(n);
  const out = new Uint8Array(n);
  const awayAfter = AWAY_FACTOR * (history.toLabMinutes.at(-1) ?? Infinity);
  const labTime = () => drawRemaining(history.labMinutes, 0, random);
  // Few rechecks on record: the way to a recheck is taken as long as the way to the lab.
  const toRecheck =
    history.recheckMinutes.length >= MIN_LAB_SAMPLES ? history.recheckMinutes : history.toLabMinutes;
  for (let i = 0; i < n; i++) {
    const stage = line[i]!.stage;
    if (stage.kind === 'ready') {
      // The rest of its pause, when it has been ready only a short while.
      readyAt[i] = drawRemaining(history.readyToCallMinutes, stage.minutes, random);
      continue;
    }
    if (stage.kind === 'before-lab' && stage.minutes > awayAfter) {
      out[i] = 1;
      continue;
    }
    let at =
      stage.kind === 'in-lab'
        ? drawRemaining(history.labMinutes, stage.minutes, random)
        : stage.kind === 'to-recheck'
          ? drawRemaining(toRecheck, stage.minutes, random) + labTime()
          : drawRemaining(history.toLabMinutes, stage.minutes, random) + labTime();
    const roll = random();
    if (roll < history.rejectShare) out[i] = 1;
    else if (roll < history.rejectShare + history.recheckShare)
      at += drawRemaining(toRecheck, 0, random) + labTime();
    readyAt[i] = at + drawRemaining(history.readyToCallMinutes, 0, random);
  }
  // The trucks not ready yet, by when they will be.
  const waiting: number[] = [];
  for (let i = 0; i < n; i++) if (readyAt[i]! > 0 && !out[i]) waiting.push(i);
  waiting.sort((a, b) => readyAt[a]! - readyAt[b]!);
  let nextWaiting = 0;
  const ready = new MinHeap();
  for (let i = 0; i < n; i++) {
    calls[i] = NaN;
    if (readyAt[i]! <= 0 && !out[i]) ready.push(i);
  }
  // When each station calls next: after the rest of its service and its pause; a station free
  // now, at once.
  const pause = () => drawRemaining(history.freeToCallMinutes, 0, random);
  // The stations are alike to the line: only when each frees next matters (a plant's lab flow
  // has a hundred at the peak, so the first to free is kept at the heap's top).
  const free = new MinHeap();
  for (const held of now.stations)
    free.push(held === null ? 0 : drawRemaining(history.serviceMinutes, held, random) + pause());
  const comers = arrivalsOf(now.arrivals, history, random);
  let left = ready.size + waiting.length;
  while (left > 0 && free.size > 0) {
    // The station that frees first.
    let at = free.pop()!;
    while (nextWaiting < waiting.length && readyAt[waiting[nextWaiting]!]! <= at)
      ready.push(waiting[nextWaiting++]!);
    if (ready.size === 0) {
      // Nobody may be called yet: the station waits for the first truck that may (one to come,
      // when it would go ahead of the first of the line).
      const first = readyAt[waiting[nextWaiting]!]!;
      at =
        comers && waiting[nextWaiting]! >= comers.aheadFrom ? Math.max(at, comers.firstReady(first)) : first;
      while (nextWaiting < waiting.length && readyAt[waiting[nextWaiting]!]! <= at)
        ready.push(waiting[nextWaiting++]!);
    }
    // A truck come since, ready now, goes ahead of the line's trucks after its place.
    const comerCalled =
      comers !== null && (ready.size === 0 || ready.peek()! >= comers.aheadFrom) && comers.take(at);
    if (!comerCalled) {
      calls[ready.pop()!] = at;
      left -= 1;
    }
    free.push(at + drawRemaining(history.serviceMinutes, 0, random) + pause());
  }
}

/**
 * The trucks to come of one play: they arrive at random at the rate given (each gap drawn
 * anew), and each may be called after the way a truck of the type takes from its ticket to
 * being ready (the lab's, in the lab flow) and its desk's pause.
 */
function arrivalsOf(arrivals: LineArrivals | undefined, history: LineHistory, random: () => number) {
  if (!arrivals || arrivals.perMinute <= 0) return null;
  const { perMinute, aheadFrom } = arrivals;
  const lab = history.labMinutes.length > 0;
  /** Ready times of the trucks come so far and not called yet. */
  const pending = new MinHeap();
  let nextArrival = -Math.log(1 - random()) / perMinute;
  /** Lets every truck that has arrived by `until` in. */
  const arriveUntil = (until: number) => {
    while (nextArrival <= until) {
      const wayIn = lab
        ? drawRemaining(history.toLabMinutes, 0, random) + drawRemaining(history.labMinutes, 0, random)
        : 0;
      pending.push(nextArrival + wayIn + drawRemaining(history.readyToCallMinutes, 0, random));
      nextArrival += -Math.log(1 - random()) / perMinute;
    }
  };
  return {
    aheadFrom,
    /** Whether a truck come by `at` is ready then; if so it is called (taken off). */
    take(at: number): boolean {
      // Past a day the line is played as it stands (a rate kept up so long would starve it).
      if (at > ARRIVALS_HORIZON_MINUTES) return false;
      arriveUntil(at);
      if ((pending.peek() ?? Infinity) > at) return false;
      pending.pop();
      return true;
    },
    /** When the first truck to come is ready, if before `before` (else `before`). */
    firstReady(before: number): number {
      if (before > ARRIVALS_HORIZON_MINUTES) return before;
      arriveUntil(before);
      return Math.min(before, pending.peek() ?? Infinity);
    },
  };
}

/** The narrowest span of the first `count` sorted values that holds `coverage` of them. */
export function narrowest(
  sorted: ArrayLike<number>,
  count: number,
  coverage: number,
): { low: number; high: number } {
  const inside = Math.min(count, Math.max(1, Math.ceil(coverage * count)));
  let best = 0;
  for (let i = 1; i + inside <= count; i++)
    if (sorted[i + inside - 1]! - sorted[i]! < sorted[best + inside - 1]! - sorted[best]!) best = i;
  return { low: sorted[best]!, high: sorted[best + inside - 1]! };
}

/** The q-quantile of sorted values (linear between neighbours). */
function quantile(sorted: Float64Array, count: number, q: number): number {
  const position = (count - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(count - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** Whether the history is enough to play the line: services, and the lab's times for the lab flow. */
export function historyEnough(history: LineHistory, lab: boolean): boolean {
  return (
    history.serviceMinutes.length >= MIN_SERVICE_SAMPLES &&
    (!lab || (history.labMinutes.length >= MIN_LAB_SAMPLES && history.toLabMinutes.length >= MIN_LAB_SAMPLES))
  );
}

/**
 * Each waiting truck's call, as a range of minutes from now, by the truck's id: null for a truck
 * most plays reject before its call. Empty when no station is open (nothing says when the line
 * starts moving).
 */
export function forecastLine(
  now: LineNow,
  history: LineHistory,
  options: ForecastOptions,
): Map<number, CallRange | null> {
  const n = now.line.length;
  const runs = Math.min(options.runs ?? FORECAST_RUNS, Math.max(MIN_RUNS, Math.floor(WORK_BUDGET / n)));
  const coverage = options.coverage ?? FORECAST_COVERAGE;
  const ranges = new Map<number, CallRange | null>();
  if (n === 0 || now.stations.length === 0) return ranges;
  const goingOnHistory = { ...history, toLabMinutes: goingOn(history.toLabMinutes) };
  // Call times by truck, run after run: times[i * runs + r].
  const times = new Float64Array(n * runs);
  const calls = new Float64Array(n);
  for (let r = 0; r < runs; r++) {
    playLine(now, goingOnHistory, options.random, calls);
    for (let i = 0; i < n; i++) times[i * runs + r] = calls[i]!;
  }
  for (let i = 0; i < n; i++) {
    const own = times.subarray(i * runs, (i + 1) * runs);
    // The plays that called it (the rest rejected it, or it is away), earliest first.
    let count = 0;
    for (let r = 0; r < runs; r++) if (!Number.isNaN(own[r]!)) own[count++] = own[r]!;
    const id = now.line[i]!.id;
    if (count < runs / 2) {
      ranges.set(id, null);
      continue;
    }
    const sorted = own.subarray(0, count).sort();
    ranges.set(id, {
      ...narrowest(sorted, count, coverage),
      mid: quantile(sorted, count, 0.5),
    });
  }
  return ranges;
}
