import { licenceMaker } from './licences.ts';
import { seededRandom, type Random } from '../apps/server/src/lib/seeded-random.ts';

/**
 * The day's plan, made from the seed before the server starts: who arrives when, on which
 * flow, what the lab decides, how long each stage takes (in simulated seconds), what the
 * weighbridge reads, and the few slips officers and drivers make (a double click, a second
 * press on the kiosk) that the server must refuse without changing anything.
 */

export const DAY_START_HOUR = 6;
export const DAY_END_HOUR = 22;
export const DAY_SECONDS = (DAY_END_HOUR - DAY_START_HOUR) * 3600;

/** Relative arrivals per hour from 06:00: a morning rush, a lunch dip, an afternoon wave, a quiet evening. */
const HOURLY_WEIGHT = [0.6, 1.2, 1.5, 1.5, 1.3, 0.9, 0.8, 1.2, 1.4, 1.3, 1.1, 0.9, 0.7, 0.6, 0.5, 0.4];

export type Flow = 'lab' | 'standard' | 'general';
/** What the lab result leads to: a call, a recheck then a call or a reject, or a reject. */
export type LabOutcome = 'pass' | 'recheck-pass' | 'recheck-reject' | 'reject';

export interface TruckPlan {
  index: number;
  /** Simulated seconds after 06:00. */
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
    waitCall: number;
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
}

const minutes = (random: Random, min: number, max: number) => Math.round(random.between(min, max) * 60);
const kg = (random: Random, minTonnes: number, maxTonnes: number) =>
  Math.round(random.between(minTonnes, maxTonnes) * 10_000) / 10;

function arrivalTime(random: Random): number {
  const total = HOURLY_WEIGHT.reduce((a, b) => a + b, 0);
  let target = random.next() * total;
  for (let hour = 0; hour < HOURLY_WEIGHT.length; hour++) {
    const weight = HOURLY_WEIGHT[hour]!;
    if (target < weight) return Math.floor((hour + target / weight) * 3600);
    target -= weight;
  }
  return DAY_SECONDS - 1;
}

function labOutcome(random: Random): LabOutcome {
  const r = random.next();
  if (r < 0.85) return 'pass';
  if (r < 0.91) return 'recheck-pass';
  if (r < 0.95) return 'recheck-reject';
  return 'reject';
}

export function planDay(trucks: number, seed: number): TruckPlan[] {
  const random = seededRandom(seed);
  const licence = licenceMaker(random);
  const arrivals = Array.from({ length: trucks }, () => arrivalTime(random)).sort((a, b) => a - b);
  // About one driver in 40 watches his ticket, and at least three do.
  const watchEvery = Math.max(1, Math.min(40, Math.floor(trucks / 3)));
  return arrivals.map((arrival, index) => {
    const r = random.next();
    const flow: Flow = r < 0.55 ? 'lab' : r < 0.9 ? 'standard' : 'general';
    const delivering = flow === 'lab';
    const issuedBy = random.chance(0.1) ? 'officer' : 'kiosk';
    return {
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
        waitCall: flow === 'general' ? minutes(random, 2, 15) : minutes(random, 5, 40),
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
  });
}
