import type { QueueCommand } from '@truck-queue/shared/queue/decide';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { WeightFrom } from '@truck-queue/shared/queue/weighing';
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

interface Truck {
  arrival: Date;
  type: DemoQueueType;
  productId: number;
  license: string;
  steps: { at: Date; step: Step }[];
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

function planTruck(rng: Random, type: DemoQueueType, arrival: Date, reasons: DemoReasons): Truck {
  const minutes = (from: Date, lo: number, hi: number) =>
    new Date(from.getTime() + rng.between(lo, hi) * 60_000);
  const steps: Truck['steps'] = [];
  let t = arrival;
  const add = (at: Date, step: Step) => {
    steps.push({ at, step });
    t = at;
  };
  const callStation = rng.pick(type.callStations);
  // The weighbridge clerk is the caller's account in the demo.
  const weigh = (kind: 'weigh_in' | 'weigh_out', kg: number): Step => ({
    command: { kind, kg: Math.round(kg), from: TYPED_IN_DEMO },
    by: 'caller',
  });

  if (type.flowEngineId === FLOW_ENGINE.lab) {
    add(minutes(t, 5, 25), { command: { kind: 'accept' }, by: 'lab' });
    add(minutes(t, 30, 70), { command: { kind: 'complete' }, by: 'lab' });
    const roll = rng.next();
    if (roll < 0.04) {
      const reason = { reasonId: rng.pick(reasons.reject), note: null };
      add(minutes(t, 5, 15), { command: { kind: 'reject', reason }, by: 'caller' });
      add(minutes(t, 10, 20), { command: { kind: 'exit' }, by: 'security' });
      return { arrival, type, productId: rng.pick(type.productIds), license: '', steps };
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
    }
    add(minutes(t, 5, 30), { command: { kind: 'call', stationId: callStation }, by: 'caller' });
    add(minutes(t, 2, 8), weigh('weigh_in', rng.between(25_000, 45_000)));
    add(minutes(t, 25, 50), { command: { kind: 'finish' }, by: 'caller' });
    add(minutes(t, 3, 8), weigh('weigh_out', rng.between(10_000, 15_000)));
  } else if (type.flowEngineId === FLOW_ENGINE.standard) {
    add(minutes(t, 10, 45), { command: { kind: 'call', stationId: callStation }, by: 'caller' });
    add(minutes(t, 3, 8), weigh('weigh_in', rng.between(10_000, 15_000)));
    add(minutes(t, 30, 60), { command: { kind: 'finish' }, by: 'caller' });
    add(minutes(t, 3, 8), weigh('weigh_out', rng.between(30_000, 45_000)));
  } else {
    add(minutes(t, 5, 20), { command: { kind: 'call', stationId: callStation }, by: 'caller' });
    add(minutes(t, 15, 40), { command: { kind: 'finish' }, by: 'caller' });
  }
  add(minutes(t, 5, 15), { command: { kind: 'exit' }, by: 'security' });
  return { arrival, type, productId: rng.pick(type.productIds), license: '', steps };
}

/** Trucks that came yesterday evening and are still inside today. */
const OVERNIGHT_TRUCKS = 4;

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
  const { player, clock, branchId, types, officers, siteTimeZone, now } = options;
  // Seeded: every demo database tells the same story.
  const rng = seededRandom(20261122);
  const today = siteDate(now, siteTimeZone);
  const trucks: Truck[] = [];
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
      // An overnight truck got as far as its first steps (its sample taken, or weighed in) and waits.
      if (overnight > 0 && arrival >= overnightFrom) truck.steps = truck.steps.slice(0, rng.pick([0, 1, 2]));
      trucks.push(truck);
    }
  }

  const ids = new Map<Truck, number>();
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

  const events = trucks
    .flatMap((truck) => truck.steps.map((s) => ({ truck, ...s })))
    .filter((e) => e.at <= now)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  // A day is played when its last step is: told once each, in order, the last with today.
  const firstDay = addDays(today, -(options.days - 1));
  const dayIndex = (at: Date) =>
    Math.round((Date.parse(siteDate(at, siteTimeZone)) - Date.parse(firstDay)) / 86_400_000);
  let played = 0;
  for (const event of events) {
    clock.at = event.at;
    for (const day = dayIndex(event.at); played < day;) options.onDay?.(++played, options.days);
    const queueId = ids.get(event.truck)!;
    const { step } = event;
    await player.change(branchId, queueId, step.command, { officerId: officers[step.by] });
  }
  while (played < options.days) options.onDay?.(++played, options.days);
}
