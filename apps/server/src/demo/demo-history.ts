import type { QueueCommand } from '@truck-queue/shared/queue/decide';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { WeightFrom } from '@truck-queue/shared/queue/weighing';
import { wallClock } from '@truck-queue/shared/plant-day';
import { addDays, siteDate, siteInstant } from '../lib/site-time.ts';
import { seededRandom, type Random } from '@truck-queue/shared/seeded-random';
import type { HistoryPlayer } from './history-writer.ts';

export interface DemoQueueType {
  id: number;
  flowEngineId: number;
  productIds: number[];
  /** Share of the day's trucks that take this type. */
  share: number;
  callStations: number[];
  recheckStations: number[];
}

/** A command and who gives it: the lab its own steps, the gate the exit, the caller the rest. */
interface Step {
  command: QueueCommand;
  by: 'caller' | 'lab' | 'security';
}

interface Timed {
  at: Date;
  step: Step;
}

/** What a truck does from its call on, each step whole ms after the one before; the station is held to its finish. */
interface Service {
  after: { ms: number; step: Step }[];
}

export interface DemoTruck {
  arrival: Date;
  type: DemoQueueType;
  productId: number;
  license: string;
  /** The steps before its call (the lab's, a recheck, a reject and its exit), at their times. */
  steps: Timed[];
  /**
   * When a desk may call it: at its ticket, a lab truck once its result is out (after its
   * recheck, if sent to one); null: never (the lab rejected it, or it waits overnight).
   */
  ready: Date | null;
  service: Service;
  /** Its call, once a desk made it: when, and to which station. */
  call: { at: Date; stationId: number } | null;
}

/** The demo plant's weighbridge has no scale wired: its clerk types each weight, saying so. */
const TYPED_IN_DEMO: WeightFrom = { source: 'manual', reason: 'ยังไม่ได้ต่อเครื่องชั่งเข้าระบบ' };

const PROVINCES = ['นครราชสีมา', 'ชัยภูมิ', 'บุรีรัมย์', 'ขอนแก่น', 'กาฬสินธุ์'];
const LETTERS = ['กข', 'ขค', 'ฒท', 'บษ', 'ผจ', 'ศร', '70', '71', '80', '81'];

/** The branch's reasons the demo's officers pick from when they send a load back or reject it. */
export interface DemoReasons {
  recheck: number[];
  reject: number[];
}

const MINUTE = 60_000;

/**
 * One truck's day, drawn from the seed: its lab's steps and verdict (a lab truck), and from its
 * call on how long each step takes. When it is called, the desks decide (workTheDesks).
 */
function planTruck(rng: Random, type: DemoQueueType, arrival: Date, reasons: DemoReasons): DemoTruck {
  const minutes = (from: Date, lo: number, hi: number) =>
    new Date(from.getTime() + rng.between(lo, hi) * MINUTE);
  const steps: Timed[] = [];
  let t = arrival;
  const add = (at: Date, step: Step) => {
    steps.push({ at, step });
    t = at;
  };
  const serviceSteps: Service['after'] = [];
  const then = (lo: number, hi: number, step: Step) =>
    serviceSteps.push({ ms: Math.round(rng.between(lo, hi) * MINUTE), step });
  // The weighbridge clerk is the caller's account in the demo.
  const weigh = (kind: 'weigh_in' | 'weigh_out', kg: number): Step => ({
    command: { kind, kg: Math.round(kg), from: TYPED_IN_DEMO },
    by: 'caller',
  });
  const exit: Step = { command: { kind: 'exit' }, by: 'security' };
  const finish: Step = { command: { kind: 'finish' }, by: 'caller' };
  let ready: Date | null = arrival;

  if (type.flowEngineId === FLOW_ENGINE.lab) {
    add(minutes(t, 5, 25), { command: { kind: 'accept' }, by: 'lab' });
    add(minutes(t, 30, 70), { command: { kind: 'complete' }, by: 'lab' });
    ready = t;
    const roll = rng.next();
    if (roll < 0.04) {
      const reason = { reasonId: rng.pick(reasons.reject), note: null };
      add(minutes(t, 5, 15), { command: { kind: 'reject', reason }, by: 'caller' });
      add(minutes(t, 10, 20), exit);
      return {
        arrival,
        type,
        productId: rng.pick(type.productIds),
        license: '',
        steps,
        ready: null,
        service: { after: [] },
        call: null,
      };
    }
    if (roll < 0.14 && type.recheckStations.length > 0) {
      add(minutes(t, 5, 15), {
        command: {
          kind: 'recheck',
          stationId: rng.pick(type.recheckStations),
          reason: { reasonId: rng.pick(reasons.recheck), note: null },
        },
        by: 'caller',
      });
      // The recheck point looks at the load again: then it may be called.
      ready = minutes(t, 5, 30);
    }
    then(2, 8, weigh('weigh_in', rng.between(25_000, 45_000)));
    then(25, 50, finish);
    then(3, 8, weigh('weigh_out', rng.between(10_000, 15_000)));
  } else if (type.flowEngineId === FLOW_ENGINE.standard) {
    then(3, 8, weigh('weigh_in', rng.between(10_000, 15_000)));
    then(30, 60, finish);
    then(3, 8, weigh('weigh_out', rng.between(30_000, 45_000)));
  } else {
    then(15, 40, finish);
  }
  then(5, 15, exit);
  return {
    arrival,
    type,
    productId: rng.pick(type.productIds),
    license: '',
    steps,
    ready,
    service: { after: serviceSteps },
    call: null,
  };
}

/** Trucks that came yesterday evening and are still inside today. */
const OVERNIGHT_TRUCKS = 4;

/**
 * Call stations open at each hour of the site's clock, by flow: [from, to) hours and how many.
 * The tipping bays and loading bays open one at 06:00 and the second for the day's busy hours,
 * and one works through the night (the night crew); the office's desk works office hours.
 */
const OPEN_HOURS: Record<'lab' | 'standard' | 'general', { from: number; to: number; stations: number }[]> = {
  lab: [
    { from: 0, to: 9, stations: 1 },
    { from: 9, to: 16, stations: 2 },
    { from: 16, to: 24, stations: 1 },
  ],
  standard: [
    { from: 0, to: 9, stations: 1 },
    { from: 9, to: 15, stations: 2 },
    { from: 15, to: 24, stations: 1 },
  ],
  general: [{ from: 7, to: 18, stations: 1 }],
};

const FLOW_OF: Record<number, keyof typeof OPEN_HOURS> = {
  [FLOW_ENGINE.lab]: 'lab',
  [FLOW_ENGINE.standard]: 'standard',
  [FLOW_ENGINE.general]: 'general',
};

/** How many of a queue type's call stations are open at an hour (0–23) of the site's clock. */
export function stationsOpen(type: DemoQueueType, hour: number): number {
  const open = OPEN_HOURS[FLOW_OF[type.flowEngineId] ?? 'general'].find((h) => hour >= h.from && hour < h.to);
  return Math.min(open?.stations ?? 0, type.callStations.length);
}

/** The first instant at or after `at` when the `index`th call station of `type` is open. */
function openFrom(type: DemoQueueType, index: number, at: Date, timeZone: string): Date {
  let t = at;
  // Two days of hours at most: every type has a station open by day.
  for (let hours = 0; hours < 48; hours++) {
    const clock = wallClock(t, timeZone);
    if (index < stationsOpen(type, clock.hour)) return t;
    // The next whole hour of the site's clock.
    t = new Date(
      t.getTime() - (clock.minute * 60 + clock.second) * 1000 - (t.getTime() % 1000) + 60 * MINUTE,
    );
  }
  throw new Error(`The demo's call station ${index + 1} of queue type ${type.id} never opens.`);
}

/** The ms from a truck's call to its finish: its station is held that long. */
export const holdMs = (truck: DemoTruck) => {
  let held = 0;
  for (const { ms, step } of truck.service.after) {
    held += ms;
    if (step.command.kind === 'finish') return held;
  }
  return held;
};

/**
 * The desks of each queue type, as a plant's desks work: each open call station, when free,
 * calls the first truck in line (ticket order) that may be called (a lab truck once its result
 * is out) and is held until that truck is finished; the station free longest calls first.
 * Sets each called truck's call.
 */
export function workTheDesks(
  trucks: readonly DemoTruck[],
  types: readonly DemoQueueType[],
  timeZone: string,
): void {
  for (const type of types) {
    const line = trucks
      .filter((t) => t.type === type && t.ready !== null)
      .sort((a, b) => a.arrival.getTime() - b.arrival.getTime());
    // When each station is free again (ms): all free at first.
    const free = type.callStations.map(() => 0);
    while (line.length > 0 && free.length > 0) {
      const firstReady = Math.min(...line.map((t) => t.ready!.getTime()));
      let best: { index: number; at: number } | null = null;
      for (let index = 0; index < free.length; index++) {
        const at = openFrom(type, index, new Date(Math.max(free[index]!, firstReady)), timeZone).getTime();
        if (!best || at < best.at || (at === best.at && free[index]! < free[best.index]!))
          best = { index, at };
      }
      const next = line.findIndex((t) => t.ready!.getTime() <= best!.at);
      const truck = line.splice(next, 1)[0]!;
      truck.call = { at: new Date(best!.at), stationId: type.callStations[best!.index]! };
      free[best!.index] = best!.at + holdMs(truck);
    }
  }
}

/** A called truck's steps from its call on, at their times. */
function servedSteps(truck: DemoTruck): Timed[] {
  if (!truck.call) return [];
  const steps: Timed[] = [
    { at: truck.call.at, step: { command: { kind: 'call', stationId: truck.call.stationId }, by: 'caller' } },
  ];
  let t = truck.call.at.getTime();
  for (const { ms, step } of truck.service.after) {
    t += ms;
    steps.push({ at: new Date(t), step });
  }
  return steps;
}

/**
 * The demo's days as planned from the seed: who came when, on which queue type, what the lab
 * found, and when the desks called each truck (workTheDesks). Trucks after `now` never came.
 */
export function planHistory(options: {
  types: DemoQueueType[];
  reasons: DemoReasons;
  siteTimeZone: string;
  now: Date;
  days: number;
}): { trucks: DemoTruck[]; rng: Random } {
  const { types, siteTimeZone, now } = options;
  // Seeded: every demo database tells the same story.
  const rng = seededRandom(20261122);
  const today = siteDate(now, siteTimeZone);
  const trucks: DemoTruck[] = [];
  const licenses = new Set<string>();
  for (let back = options.days - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const isSunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    const count = Math.round(rng.between(isSunday ? 15 : 35, isSunday ? 25 : 55));
    // The gates open 06:00 to 17:30. Before 06:00 today, the demo plant runs a night shift
    // from midnight, so whoever opens the demo at any hour finds trucks in every state.
    const sinceMidnight = (now.getTime() - siteInstant(today, 0, siteTimeZone).getTime()) / 60_000;
    const nightShift = back === 0 && sinceMidnight < 8 * 60;
    const [open, span] = nightShift ? [0, Math.max(sinceMidnight, 30)] : [6 * 60, 11.5 * 60];
    const arrivals = Array.from({ length: nightShift ? Math.max(8, Math.round(count / 3)) : count }, () => {
      // Most trucks come early in the shift: skew arrival times towards its start.
      const minute = open + Math.pow(rng.next(), 1.6) * span;
      return siteInstant(day, minute, siteTimeZone);
    });
    // While today's gate is open, the last hour before now brought a few trucks: whoever opens
    // the demo by day finds today's trucks inside, even on a quiet Sunday.
    if (back === 0 && !nightShift && sinceMidnight < open + span) {
      const lastHour = (at: Date) => at.getTime() >= now.getTime() - 60 * MINUTE && at <= now;
      for (let more = 3 - arrivals.filter(lastHour).length; more > 0; more--)
        arrivals.push(siteInstant(day, sinceMidnight - rng.between(0, 60), siteTimeZone));
    }
    // Yesterday evening a few trucks came late and wait overnight, still inside today: the
    // "today" lists show them with their ticket's day (shared/plant-day.ts).
    const overnight = back === 1 ? OVERNIGHT_TRUCKS : 0;
    for (let i = 0; i < overnight; i++) arrivals.push(siteInstant(day, 21 * 60 + 30 + i * 25, siteTimeZone));
    arrivals.sort((a, b) => a.getTime() - b.getTime());
    const overnightFrom = siteInstant(day, 21 * 60 + 30, siteTimeZone);
    for (const arrival of arrivals) {
      if (arrival > now) break;
      const roll = rng.next();
      let acc = 0;
      const type = types.find((t) => (acc += t.share) >= roll) ?? types[0]!;
      const truck = planTruck(rng, type, arrival, options.reasons);
      do {
        truck.license = `${rng.pick(LETTERS)} ${Math.floor(rng.between(1000, 9999))} ${rng.pick(PROVINCES)}`;
      } while (licenses.has(truck.license));
      licenses.add(truck.license);
      // An overnight truck got as far as its lab's first steps (its sample taken, or its result
      // out) and its driver sleeps in the cab: it waits outside the desks' lines.
      if (overnight > 0 && arrival >= overnightFrom) {
        truck.steps = truck.steps.slice(0, Math.min(truck.steps.length, rng.pick([0, 1, 2])));
        truck.ready = null;
      }
      trucks.push(truck);
    }
  }
  workTheDesks(trucks, types, siteTimeZone);
  return { trucks, rng };
}

/** Every step of the planned trucks up to `now`, in time order. */
export function historyEvents(trucks: readonly DemoTruck[], now: Date): (Timed & { truck: DemoTruck })[] {
  return trucks
    .flatMap((truck) => [...truck.steps, ...servedSteps(truck)].map((s) => ({ truck, ...s })))
    .filter((e) => e.at <= now)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Plays `days` of trucks (today up to now) with a moving clock through the queue's own rules
 * (the service, or history-writer.ts with the same rules and rows), so the demo's stamps and
 * audit rows are exactly what the app itself would have written. `onDay` hears each day played.
 */
export async function simulateHistory(options: {
  player: HistoryPlayer;
  clock: { at: Date };
  branchId: number;
  types: DemoQueueType[];
  reasons: DemoReasons;
  officers: { caller: number; lab: number; security: number; kiosk: number };
  siteTimeZone: string;
  now: Date;
  days: number;
  onDay?: (played: number, days: number) => void;
}): Promise<void> {
  const { player, clock, branchId, officers, siteTimeZone, now } = options;
  const { trucks, rng } = planHistory(options);
  const today = siteDate(now, siteTimeZone);

  const ids = new Map<DemoTruck, number>();
  for (const truck of trucks) {
    clock.at = truck.arrival;
    const fromKiosk = rng.next() < 0.8;
    const queue = await player.issue(
      branchId,
      { branchQueueTypeId: truck.type.id, productId: truck.productId, truckLicense: truck.license },
      fromKiosk ? { deviceId: officers.kiosk } : { officerId: officers.caller },
    );
    ids.set(truck, queue.id);
  }

  // A day is played when its last step is: told once each, in order, the last with today.
  const firstDay = addDays(today, -(options.days - 1));
  const dayIndex = (at: Date) =>
    Math.round((Date.parse(siteDate(at, siteTimeZone)) - Date.parse(firstDay)) / 86_400_000);
  let played = 0;
  for (const event of historyEvents(trucks, now)) {
    clock.at = event.at;
    for (const day = dayIndex(event.at); played < day;) options.onDay?.(++played, options.days);
    const queueId = ids.get(event.truck)!;
    const { step } = event;
    await player.change(branchId, queueId, step.command, { officerId: officers[step.by] });
  }
  while (played < options.days) options.onDay?.(++played, options.days);
}
