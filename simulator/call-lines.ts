import type { Flow, PlayWindow, TruckPlan } from './plan.ts';
import { windowSeconds } from './plan.ts';

const HOUR = 3600;

/**
 * The call stations as a plant's desks work them, in every window: each station, when free,
 * calls the first truck waiting in its line, and the truck holds it from that call until the
 * officer finishes it (weighed in, tipped or loaded, weighed out). So what a line can serve is
 * its stations over their service times: a busy hour above it builds a backlog in the yard,
 * and the backlog drains once the arrivals fall below it. How many stations a line has,
 * stationsFor says (plan.ts, PlayWindow.stations). The ruled line's desk calls by its rule
 * instead (ruled-line.ts), to stations counted the same way.
 */

interface Waiting {
  /** Real ms before which the truck may not be called (a recall waits out the server's guard). */
  notBefore: number;
  /** Where it stands in the line as the cards list it: lower is called first (a recall: first). */
  place: number;
  /** Real ms it joined the line; null for a recall (its wait is the guard's, not the line's). */
  joined: number | null;
  give: (station: number) => void;
  refuse: (error: Error) => void;
}

/** One line: the trucks ready to be called, in order, and the free stations, the longest free first. */
export class CallLine {
  private readonly free: number[];
  private readonly waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed: string | null = null;
  /** The most trucks that waited for a station at once, and when (real ms). */
  longest = { count: 0, at: 0 };
  /** Calls made (recalls included) and the real ms their stations were held, for the mean. */
  calls = 0;
  heldMs = 0;
  /** Real ms each truck waited from joining the line to its first call. */
  readonly waitsMs: number[] = [];
  private readonly since = new Map<number, number>();

  constructor(readonly stations: number[]) {
    this.free = [...stations];
  }

  /**
   * The truck is ready to be called: resolves with the station that calls it, once one is free
   * and the trucks before it have been called. `place`: where it stands in the line as the
   * officer's cards list it (its ticket's order); a truck ready later than one behind it is still
   * called first, as the desk calls the first truck on its cards that may be called (the lab
   * flow: whose result the desk has read). By default, the order trucks became ready. `front`: a
   * driver who did not come is called again before the others, once `notBefore` (real ms) has
   * passed.
   */
  turn({ front = false, notBefore = 0, place = Date.now() } = {}): Promise<number> {
    if (this.closed !== null) return Promise.reject(new Error(this.closed));
    return new Promise((give, refuse) => {
      const entry = {
        notBefore,
        place: front ? -Infinity : place,
        joined: front ? null : Date.now(),
        give,
        refuse,
      };
      // After every truck placed before it (a recall after the recalls before it).
      const behind = this.waiting.findIndex((w) => w.place > entry.place);
      if (behind < 0) this.waiting.push(entry);
      else this.waiting.splice(behind, 0, entry);
      this.dispatch();
      // Counted once the free stations have called: a truck called at once did not wait.
      if (this.waiting.length > this.longest.count)
        this.longest = { count: this.waiting.length, at: Date.now() };
    });
  }

  /** The truck at `station` is finished (or its driver did not come): the station calls the next. */
  release(station: number): void {
    this.heldMs += Date.now() - (this.since.get(station) ?? Date.now());
    this.since.delete(station);
    this.free.push(station);
    this.dispatch();
  }

  /** No more calls: the trucks still waiting are refused with `reason` (the run's time-out). */
  close(reason: string): void {
    this.closed = reason;
    if (this.timer) clearTimeout(this.timer);
    for (const entry of this.waiting.splice(0)) entry.refuse(new Error(reason));
  }

  private dispatch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    while (this.free.length > 0) {
      const first = this.waiting.findIndex((w) => w.notBefore <= now);
      if (first < 0) break;
      const station = this.free.shift()!;
      this.since.set(station, now);
      this.calls++;
      const entry = this.waiting.splice(first, 1)[0]!;
      if (entry.joined !== null) this.waitsMs.push(now - entry.joined);
      entry.give(station);
    }
    // A free station and only recalls not yet due: look again when the first is.
    const due = Math.min(...this.waiting.map((w) => w.notBefore));
    if (this.free.length > 0 && Number.isFinite(due)) {
      this.timer = setTimeout(() => this.dispatch(), Math.max(0, due - now));
    }
  }
}

export type CallLines = Record<Flow, CallLine>;

/** A line's stations and what they did, as the figures and checks read it (the ruled line's too). */
export type StationLine = Pick<CallLine, 'stations' | 'calls' | 'heldMs' | 'longest' | 'close'>;
export type StationLines = Record<Flow, StationLine>;

/**
 * Stations enough for this times a line's rate: for the harvest's average hour, its peak (10 %
 * of the day an hour, 2.4 times the average) outruns them, the hour after it (1.2 times) about
 * fills them, and the night, below them, works the backlog off; for the day's and the night's
 * busiest hour, trucks wait for a station only when arrivals bunch within it.
 */
export const HEADROOM = 1.1;

/**
 * Real time a service takes besides its simulated stages: the screen showing the truck (its
 * refetch waits up to 300 ms), the call's and the finish's acknowledgements, the wired scale
 * settling twice. Measured 0.7–1.5 s by the machine's load (200 trucks at ×1440: a lab call
 * held its station 55–76 simulated minutes for 40 planned). Small at ×240 (4 simulated
 * minutes), not at ×1440 (24): the stations are counted with it, so that the backlog has
 * about the same shape at every acceleration.
 */
export const SERVICE_REAL_OVERHEAD_MS = 1000;

/** The simulated seconds a called truck holds its station: to the weighbridge, its work, to the finish. */
export function serviceSeconds(plan: TruckPlan): number {
  const st = plan.stage;
  // Visitors on the general flow are not weighed.
  return (plan.flow === 'general' ? 0 : st.toWeighIn) + st.work + st.toFinish;
}

/** Trucks of the plan a call station serves: all but the lab's rejects, which are never called. */
export const calledTrucks = (plan: TruckPlan[], flow: Flow) =>
  plan.filter(
    (t) => t.flow === flow && (flow !== 'lab' || t.labOutcome === 'pass' || t.labOutcome === 'recheck-pass'),
  );

/**
 * How many call stations each line gets, the plant built for its window as a real one is
 * (PlayWindow.stations): enough for the line's rate in the window's average hour
 * ('day-average', the harvest) or in its busiest hour, the line's share of the window's
 * trucks in the hour of most arrivals ('busiest-hour', the day and the night), times the
 * headroom, each call holding its station for the line's mean service and the real overhead.
 * The ruled line's desk (ruled-line.ts) gets its count the same way.
 */
export function stationsFor(plan: TruckPlan[], window: PlayWindow, accel: number): Record<Flow, number> {
  const weights = window.hourlyWeight;
  const total = weights.reduce((a, b) => a + b, 0);
  // The share of the window's trucks in the hour the stations are built for.
  const hourShare =
    window.stations === 'busiest-hour' ? Math.max(...weights) / total : HOUR / windowSeconds(window);
  const count = (flow: Flow) => {
    const served = calledTrucks(plan, flow);
    if (served.length === 0) return 1;
    const meanSeconds =
      served.reduce((sum, t) => sum + serviceSeconds(t), 0) / served.length +
      (SERVICE_REAL_OVERHEAD_MS / 1000) * accel;
    const perSecond = (served.length * hourShare) / HOUR;
    return Math.max(1, Math.ceil(perSecond * meanSeconds * HEADROOM));
  };
  return { lab: count('lab'), standard: count('standard'), general: count('general') };
}

export function openCallLines(stations: {
  labCall: number[];
  standardCall: number[];
  generalCall: number[];
}) {
  return {
    lab: new CallLine(stations.labCall),
    standard: new CallLine(stations.standardCall),
    general: new CallLine(stations.generalCall),
  } satisfies CallLines;
}
