import type { StationLines } from './call-lines.ts';
import { check, type Check } from './checks.ts';
import type { SimClock } from './clock.ts';
import { insideSpan, type TruckRecord } from './journey.ts';
import { HARVEST_PEAK, windowSeconds, type PlayWindow } from './plan.ts';

/**
 * After the arrivals: the yard must empty by itself. The run goes on past the window's end
 * until the last truck is out, but not for ever: at the time-out the lines stop calling, the
 * trucks still waiting in them are refused (an error each), and the recovery check fails with
 * the trucks still inside. The yard's figures (how many were inside hour by hour, the most at
 * once, when the last left) come from the trucks' own records, after the run.
 */

const HOUR = 3600;

/** The yard must be empty this many simulated hours after the window's end... */
export const DRAIN_SIM_SECONDS = 6 * HOUR;
/**
 * ...or this long in real time after it, when that is later: at high acceleration the server's
 * answers and its 15 s recall guard take real seconds (at ×1440, 6 hours are 15 s).
 */
export const DRAIN_REAL_MS = 60_000;

/** The real instant (ms) by which the yard must be empty. */
export function drainDeadline(clock: SimClock, window: PlayWindow): number {
  const end = windowSeconds(window);
  return Math.max(clock.at(end + DRAIN_SIM_SECONDS), clock.at(end) + DRAIN_REAL_MS);
}

/**
 * Waits for the journeys; at the deadline the lines stop calling and refuse whom they still
 * hold, and the journeys under way end by themselves (every step has its own time-out).
 */
export async function untilDrained<T>(
  journeys: Promise<T>,
  deadline: number,
  lines: readonly { close(reason: string): void }[],
  timeOfDay: (at: number) => string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
  await Promise.race([journeys, timedOut]);
  clearTimeout(timer);
  for (const line of lines)
    line.close(`still waiting for a station at the time-out (${timeOfDay(deadline)})`);
  return journeys;
}

/** The yard as the trucks' records tell it: inside hour by hour, the most at once, the last out. */
export interface YardFigures {
  /** Trucks inside at each whole simulated hour from the window's start (the site clock's hh:00). */
  hourly: { label: string; inside: number }[];
  /** The most trucks inside at once, when (site clock), and simulated seconds from the window's start. */
  most: { inside: number; label: string; at: number };
  /** When the last truck's exit was answered, and the last arrival's ticket (site clock). */
  lastOut: string | null;
  lastArrival: string | null;
  /** Simulated hours from the last ticket to the last exit. */
  drainHours: number | null;
  /** Trucks ticketed and not out by the deadline. */
  insideAtDeadline: number;
  /** The time-out on the site clock, and how long after the window's end it fell. */
  deadline: string;
  /** Share of the tickets taken in the harvest's peak hours (24h window), else null. */
  peakShare: number | null;
}

/** A truck's ticket answered and its exit answered (real ms; Infinity: never out). */
const spanOf = (r: TruckRecord) => {
  const span = insideSpan(r);
  return span && { in: span.issued, out: span.to };
};

export function yardFigures(
  records: TruckRecord[],
  clock: SimClock,
  window: PlayWindow,
  deadline: number,
): YardFigures {
  const spans = records.flatMap((r) => {
    const span = spanOf(r);
    return span ? [span] : [];
  });
  const insideAt = (at: number) => spans.filter((s) => s.in <= at && s.out > at).length;
  const label = (at: number) => clock.timeOfDay(at);
  const lastIn = Math.max(...spans.map((s) => s.in));
  const outs = spans.map((s) => s.out).filter((out) => Number.isFinite(out));
  const lastOut = outs.length > 0 ? Math.max(...outs) : null;
  const hours = Math.ceil(((lastOut ?? deadline) - clock.startedAt) / clock.real(HOUR));
  const hourly = Array.from({ length: Math.max(0, hours) + 1 }, (_, h) => {
    const at = clock.at(h * HOUR);
    return { label: label(at), inside: insideAt(at) };
  });
  const simSeconds = (at: number) => ((at - clock.startedAt) * clock.accel) / 1000;
  // The most inside at once is reached at a ticket.
  let most = { inside: 0, label: '–', at: 0 };
  for (const s of spans) {
    const inside = insideAt(s.in);
    if (inside > most.inside) most = { inside, label: label(s.in), at: simSeconds(s.in) };
  }
  let peakShare: number | null = null;
  if (window.name === '24h') {
    const hourOf = (at: number) => (window.startHour + Math.floor(simSeconds(at) / HOUR)) % 24;
    const inPeak = spans.filter((s) => hourOf(s.in) >= HARVEST_PEAK.from && hourOf(s.in) < HARVEST_PEAK.to);
    peakShare = spans.length > 0 ? inPeak.length / spans.length : null;
  }
  return {
    hourly,
    most,
    lastOut: lastOut === null ? null : label(lastOut),
    lastArrival: spans.length > 0 ? label(lastIn) : null,
    drainHours: lastOut === null ? null : ((lastOut - lastIn) * clock.accel) / 1000 / HOUR,
    insideAtDeadline: spans.filter((s) => s.out > deadline).length,
    deadline:
      `${label(deadline)}, ${((simSeconds(deadline) - windowSeconds(window)) / HOUR).toFixed(1)} ` +
      "simulated hours after the window's end",
    peakShare,
  };
}

/**
 * The recovery check, every window: nothing left inside at the time-out, and no step by hand
 * (the simulator has none to make: a truck out is one its officers let out in the normal way).
 * With stations built for the average hour (the harvest), also that the peak did build a
 * backlog for the stations to work off, or the run tested nothing of it: the yard held the most
 * trucks at once from the peak's start on, and trucks waited in line for a free station.
 */
export function recoveryChecks(
  yard: YardFigures,
  window: PlayWindow,
  lines: StationLines,
  timeOfDay: (at: number) => string,
): Check[] {
  const checks = [
    check(
      `the yard emptied by itself once arrivals stopped: trucks inside at the time-out (${yard.deadline})`,
      0,
      yard.insideAtDeadline,
    ),
  ];
  if (window.stations === 'day-average') {
    const longest = Object.entries(lines).map(
      ([flow, { longest }]) =>
        `${flow} ${longest.count}${longest.count > 0 ? ` (${timeOfDay(longest.at)})` : ''}`,
    );
    const waited = Math.max(...Object.values(lines).map((l) => l.longest.count));
    const peakStart = ((HARVEST_PEAK.from - window.startHour + 24) % 24) * HOUR;
    checks.push(
      check(
        `the peak outran the stations: the yard at its fullest from ${HARVEST_PEAK.from}:00 on, trucks waiting in line for a free station`,
        `from ${HARVEST_PEAK.from}:00; at least 1 waiting`,
        `${yard.most.inside} inside at ${yard.most.label}; most waiting at once: ${longest.join(', ')}`,
        yard.most.at >= peakStart && waited >= 1,
      ),
    );
  }
  return checks;
}
