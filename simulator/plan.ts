import { licenceMaker } from './licences.ts';
import { orderPlans, RULED_FLOW, type OrderPlan } from './order-plan.ts';
import { seededRandom, type Random } from '@truck-queue/shared/seeded-random';

/**
 * The day's plan, made from the seed before the server starts: who arrives when, on which
 * flow, what the lab decides, how long each stage takes (in simulated seconds), what the
 * weighbridge reads, and the few slips officers and drivers make (a double click, a second
 * press on the kiosk) that the server must refuse without changing anything.
 */

export type WindowName = 'day' | 'night' | '24h';

/** The hours a run plays, on the site's clock, and how the arrivals spread over them. */
export interface PlayWindow {
  name: WindowName;
  /** The hour (site clock) the window starts at. */
  startHour: number;
  /** Relative arrivals in each hour from the start; as many hours as the window lasts. */
  hourlyWeight: number[];
  /**
   * Trucks that park in the yard and go on later: those arriving in [arrivedFrom, arrivedBefore)
   * (simulated seconds) park with chance `chance` until a moment in [from, to).
   */
  parking: { arrivedFrom: number; arrivedBefore: number; chance: number; from: number; to: number } | null;
  /**
   * What the call stations are built for. Every window's stations call the first truck waiting
   * in their line when free and are held until that truck is finished (call-lines.ts), as a
   * plant's desks work. 'busiest-hour': each line has stations enough for its busiest hour (the
   * day and the night: trucks wait for a station only when arrivals bunch). 'day-average': for
   * the window's average hour (the harvest: its evening peak outruns them and builds a backlog
   * that drains after it).
   */
  stations: 'busiest-hour' | 'day-average';
  /**
   * The run must have needed the counters' chooser (AMBIGUOUS_NUMBER): the night parks the
   * earlier day's low numbers until after its start for it. The harvest's trucks of the small
   * hours meet only the evening's high numbers, so there it is checked only when it happens.
   */
  chooserNeeded: boolean;
}

const HOUR = 3600;

export const WINDOWS: Record<WindowName, PlayWindow> = {
  // The day shift: a morning rush, a lunch dip, an afternoon wave, a quiet evening.
  day: {
    name: 'day',
    startHour: 6,
    hourlyWeight: [0.6, 1.2, 1.5, 1.5, 1.3, 0.9, 0.8, 1.2, 1.4, 1.3, 1.1, 0.9, 0.7, 0.6, 0.5, 0.4],
    parking: null,
    stations: 'busiest-hour',
    chooserNeeded: false,
  },
  // The night (18:00–06:00): the evening wave of cassava trucks coming in from a day's harvest,
  // thinning towards midnight, quiet small hours, then a wave before dawn of trucks collecting
  // starch to be on the road before the morning traffic. The tipping yard and the loading bays
  // run a thin night crew: about a third of the trucks that arrived before 21:00 park in the
  // yard and are taken in between 00:10 and 03:00. They hold the evening's low numbers and are
  // still inside when the new plant day's numbers start again at 001, as at a real plant.
  night: {
    name: 'night',
    startHour: 18,
    hourlyWeight: [1.4, 1.3, 1.1, 0.9, 0.8, 0.7, 0.5, 0.4, 0.4, 0.5, 0.8, 1.1],
    parking: { arrivedFrom: 0, arrivedBefore: 3 * HOUR, chance: 0.35, from: 6 * HOUR + 600, to: 9 * HOUR },
    stations: 'busiest-hour',
    chooserNeeded: true,
  },
  // A harvest day and night (06:00–06:00, issue 35): the growers cut and load all day and the
  // trucks reach the plant in the evening, 40 % of the day's in four hours (17:00–21:00, 10 % an
  // hour); the rest come over the day, thinning after 21:00, fewest in the small hours, then the
  // first of the next day's before dawn. Weights are percent of the day's trucks. The stations
  // are built for the day's average hour (call-lines.ts): the peak outruns them, the yard
  // fills, and it empties again in the night. One truck in five of the
  // peak parks (the driver sleeps in the cab) and joins its line between 00:10 and 04:00, so
  // trucks of the earlier plant day are inside while the new day's numbers restart at 001.
  '24h': {
    name: '24h',
    startHour: 6,
    hourlyWeight: [
      // 06:00–16:59
      2.0, 2.5, 3.0, 3.5, 3.5, 3.5, 3.5, 3.5, 3.8, 4.0, 5.2,
      // 17:00–20:59: the peak
      10, 10, 10, 10,
      // 21:00–23:59
      5.0, 3.5, 2.5,
      // 00:00–05:59
      1.5, 1.2, 1.0, 1.2, 2.5, 3.6,
    ],
    parking: {
      arrivedFrom: 11 * HOUR,
      arrivedBefore: 15 * HOUR,
      chance: 0.2,
      from: 18 * HOUR + 600,
      to: 22 * HOUR,
    },
    stations: 'day-average',
    chooserNeeded: false,
  },
};

/** The harvest's peak hours (site clock, [from, to)); the share of the trucks arriving in them is printed. */
export const HARVEST_PEAK = { from: 17, to: 21 };

/** Simulated seconds the window lasts. */
export const windowSeconds = (w: PlayWindow) => w.hourlyWeight.length * HOUR;

/** A simulated moment of the window (seconds after its start) as the site clock reads it, hh:mm. */
export function clockTime(w: PlayWindow, simSeconds: number): string {
  const s = (((w.startHour * HOUR + simSeconds) % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR);
  const two = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${two(s / HOUR)}:${two((s % HOUR) / 60)}`;
}

/** "06:00–22:00" */
export const windowLabel = (w: PlayWindow) => `${clockTime(w, 0)}–${clockTime(w, windowSeconds(w))}`;

/** Simulated seconds from the window's start to the next midnight of the site clock, if within it. */
export function midnightOf(w: PlayWindow): number | null {
  const seconds = (24 - w.startHour) * HOUR;
  return seconds < windowSeconds(w) ? seconds : null;
}

export type Flow = 'lab' | 'standard' | 'general';
/** What the lab result leads to: a call, a recheck then a call or a reject, or a reject. */
export type LabOutcome = 'pass' | 'recheck-pass' | 'recheck-reject' | 'reject';

/** The lab's measurements of the simulated cassava (plant-setup.ts defines them). */
export type LabMeasureKey = 'starch' | 'moisture' | 'dirt';

/**
 * What the lab measures of a lab truck's sample, so that the values call for its planned
 * outcome: starch under 18 % sends it to recheck, moisture over 40 % rejects it, and dirt is
 * what its slip takes off. A rechecked truck gives a second sample whose values decide: starch
 * back over 18 % (recheck-pass), or moisture over 40 % (recheck-reject). Drawn from the
 * truck's index, not the plan's random stream, so a seed's day stays what it was.
 */
export function labValues(
  plan: Pick<TruckPlan, 'index' | 'labOutcome'>,
  sample: 1 | 2 = 1,
): Record<LabMeasureKey, number> {
  const spread = (step: number, span: number) => ((plan.index * step) % span) / 10;
  const rechecked = plan.labOutcome === 'recheck-pass' || plan.labOutcome === 'recheck-reject';
  if (sample === 2)
    return {
      starch: 18 + spread(7, 60),
      moisture: plan.labOutcome === 'recheck-reject' ? 41 + spread(3, 60) : 28 + spread(3, 100),
      dirt: spread(11, 50),
    };
  return {
    starch: rechecked ? 14 + spread(7, 35) : 20 + spread(7, 100),
    moisture: plan.labOutcome === 'reject' ? 41 + spread(3, 60) : 28 + spread(3, 100),
    dirt: spread(13, 50),
  };
}

export interface TruckPlan {
  index: number;
  /** Simulated seconds after the window's start. */
  arrival: number;
  flow: Flow;
  licence: string;
  /** Index into the queue type's products. */
  product: number;
  issuedBy: 'kiosk' | 'officer';
  labOutcome: LabOutcome;
  /** Simulated seconds of each stage that applies to the truck's flow. */
  stage: {
    sampleAfter: number;
    labTakes: number;
    decideAfter: number;
    recheckTakes: number;
    recallAfter: number;
    toWeighIn: number;
    work: number;
    toFinish: number;
    toExit: number;
  };
  /** kg, one decimal: what the weighbridge reads on the way in and out. */
  weighIn: number;
  weighOut: number;
  slips: {
    /** The kiosk loses the answer and sends the same request key again: the same ticket comes back. */
    kioskRetry: boolean;
    /** The driver presses again for a second ticket: refused, he already holds one. */
    kioskDoublePress: boolean;
    /** The officer clicks call twice: the second is refused. */
    callDoubleClick: boolean;
    /** The driver did not come: the officer calls again later. */
    recall: boolean;
    labDoubleScan: boolean;
    exitDoubleScan: boolean;
  };
  /** The driver follows the ticket on his phone (the /public socket). */
  watched: boolean;
  /** The truck waits in the yard after its ticket until this simulated moment (the night's parked trucks). */
  parkedUntil: number | null;
  /** Its class in the ruled line (order-plan.ts), or null on the other lines. */
  order: OrderPlan | null;
}

const minutes = (random: Random, min: number, max: number) => Math.round(random.between(min, max) * 60);
const kg = (random: Random, minTonnes: number, maxTonnes: number) =>
  Math.round(random.between(minTonnes, maxTonnes) * 10_000) / 10;

function arrivalTime(random: Random, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let target = random.next() * total;
  for (let hour = 0; hour < weights.length; hour++) {
    const weight = weights[hour]!;
    if (target < weight) return Math.floor((hour + target / weight) * HOUR);
    target -= weight;
  }
  return weights.length * HOUR - 1;
}

function parkedUntil(random: Random, arrival: number, parking: PlayWindow['parking']): number | null {
  if (
    !parking ||
    arrival < parking.arrivedFrom ||
    arrival >= parking.arrivedBefore ||
    !random.chance(parking.chance)
  )
    return null;
  return Math.floor(random.between(parking.from, parking.to));
}

function labOutcome(random: Random): LabOutcome {
  const r = random.next();
  if (r < 0.85) return 'pass';
  if (r < 0.91) return 'recheck-pass';
  if (r < 0.95) return 'recheck-reject';
  return 'reject';
}

export function planDay(trucks: number, seed: number, window: PlayWindow = WINDOWS.day): TruckPlan[] {
  const days = planTrucks(trucks, seed, window);
  // The ruled line's classes come from a stream of their own: the day's plan stays what it was.
  const orders = orderPlans(days, seed, midnightOf(window));
  return days.map((plan) => ({ ...plan, order: orders.get(plan.index) ?? null }));
}

function planTrucks(trucks: number, seed: number, window: PlayWindow): Omit<TruckPlan, 'order'>[] {
  const random = seededRandom(seed);
  const licence = licenceMaker(random);
  const arrivals = Array.from({ length: trucks }, () => arrivalTime(random, window.hourlyWeight)).sort(
    (a, b) => a - b,
  );
  // About one driver in 40 watches his ticket, and at least three do.
  const watchEvery = Math.max(1, Math.min(40, Math.floor(trucks / 3)));
  return arrivals.map((arrival, index) => {
    const r = random.next();
    const flow: Flow = r < 0.55 ? 'lab' : r < 0.9 ? 'standard' : 'general';
    const delivering = flow === 'lab';
    const issuedBy = random.chance(0.1) ? 'officer' : 'kiosk';
    const plan: Omit<TruckPlan, 'parkedUntil' | 'order'> = {
      index,
      arrival,
      flow,
      licence: licence(),
      product: random.int(0, 1),
      issuedBy,
      labOutcome: labOutcome(random),
      stage: {
        sampleAfter: minutes(random, 5, 20),
        labTakes: minutes(random, 15, 45),
        decideAfter: minutes(random, 5, 25),
        recheckTakes: minutes(random, 10, 25),
        recallAfter: minutes(random, 3, 8),
        toWeighIn: minutes(random, 3, 8),
        work: flow === 'general' ? minutes(random, 10, 30) : minutes(random, 15, 50),
        toFinish: minutes(random, 1, 3),
        toExit: minutes(random, 2, 12),
      },
      // A cassava truck comes in full and leaves empty; a truck collecting starch the other way round.
      weighIn: delivering ? kg(random, 18, 42) : kg(random, 8, 14),
      weighOut: delivering ? kg(random, 8, 14) : kg(random, 20, 40),
      slips: {
        kioskRetry: issuedBy === 'kiosk' && random.chance(0.03),
        kioskDoublePress: issuedBy === 'kiosk' && random.chance(0.02),
        callDoubleClick: random.chance(0.02),
        recall: random.chance(0.05),
        labDoubleScan: flow === 'lab' && random.chance(0.02),
        exitDoubleScan: random.chance(0.02),
      },
      watched: index % watchEvery === watchEvery - 1,
    };
    // Drawn last, and only when the window parks trucks: the day's plan stays what it was. The
    // ruled line's trucks do not park: its desks call the line's next truck, whoever it is.
    const parked = parkedUntil(random, arrival, window.parking);
    return { ...plan, parkedUntil: flow === RULED_FLOW ? null : parked };
  });
}
