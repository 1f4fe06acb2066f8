import { plateSearchKey } from '@truck-queue/shared/licence';
import { splitLicence } from '@truck-queue/shared/plates';
import { seededRandom, type Random } from '@truck-queue/shared/seeded-random';
import type { TruckPlan } from './plan.ts';

/**
 * The plate cameras' reads as the simulator plays them (issue 42), drawn before the day from a
 * stream of their own (the day's plan stays what it was). A share of the trucks (`--camera`) is
 * read by the plant's cameras: at each weighing by the camera of the deck it stands on, and at
 * the gate when it drives up to leave; a booked one also at the entrance, whose camera checks it
 * in against its booking. A read is the truck's plate as the camera gives it: the
 * whole licence, or its number without the province (many cameras read only the number),
 * sometimes in Thai digits, with a confidence most often high, now and then below the reader's
 * least, and a small share misread by one character (a misread never names another truck of
 * the day: it would let that truck out, which no server can tell). Some reads carry a snapshot;
 * some exits are read again a moment later (the same read: repeated; or the plate's other form
 * once the truck is out: already out); and a few trucks drive up to the gate before their work
 * is done, which the gate's officer sends back.
 */

/** What one camera sends of a truck, and how long its officer takes if the read asks him. */
export interface PlateRead {
  /** The plate as the camera read it. */
  plate: string;
  /** 0–100, one decimal. */
  confidence: number;
  snapshot: boolean;
  /** One character misread: the plate sent is not the truck's. */
  misread: boolean;
  /** Simulated seconds the officer takes to decide the read, when it asks him. */
  decideAfter: number;
}

export interface CameraPlan {
  /** The gate's read when the truck drives up to leave. */
  exit: PlateRead;
  /**
   * A second read of the exit: the same text a moment later (the server answers with the read
   * that stands: repeated), or the plate's other form once the truck is out (already out).
   */
  again: { read: PlateRead; expect: 'repeated' | 'already_out' } | null;
  /** A read at the gate before its work is done (it drove up too early): the officer sends it back. */
  early: PlateRead | null;
  /** The entrance camera's read as it arrives (used when the truck is booked). */
  entrance: PlateRead;
  /** The deck camera's reads at its weigh-in and weigh-out. */
  weighIn: PlateRead;
  weighOut: PlateRead;
}

/** The shares the plan draws with. */
export const CAMERA_SHARES = {
  /** A plate with a province read as its number only. */
  numberOnly: 0.4,
  /** Read in Thai digits. */
  thaiDigits: 0.12,
  /** Misread by one character. */
  misread: 0.05,
  /** With a snapshot. */
  snapshot: 0.35,
  /** Exits read again. */
  again: 0.1,
  /** Camera trucks with a province that drive up to the gate before their work is done. */
  early: 0.06,
} as const;

/**
 * A camera's confidence: four reads in five 92–99.6 %, one in ten 84–92 % (about the least a
 * plant sets, 90 % by default), one in ten 50–84 %.
 */
export function confidenceOf(random: Random): number {
  const r = random.next();
  const [from, to] = r < 0.8 ? [92, 99.6] : r < 0.9 ? [84, 92] : [50, 84];
  return Math.round(random.between(from, to) * 10) / 10;
}

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';

/** The plate's digits as Thai digits (some plates and some cameras' fonts give them so). */
export function thaiDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => THAI_DIGITS[Number(digit)]!);
}

/** The plate's number without its province, or null when the licence names none. */
export function numberOnly(licence: string): string | null {
  const parts = splitLicence(licence);
  const first = parts?.[0];
  return parts?.length === 1 && first && first.province !== '' ? first.number : null;
}

/** Characters a camera mistakes for each other. */
const LOOK_ALIKE: Record<string, string> = {
  '0': '8',
  '1': '7',
  '2': '7',
  '3': '8',
  '4': '1',
  '5': '6',
  '6': '5',
  '7': '1',
  '8': '3',
  '9': '8',
  ข: 'ช',
  ช: 'ข',
  ค: 'ด',
  ด: 'ค',
  บ: 'ป',
  ป: 'บ',
  ผ: 'พ',
  พ: 'ผ',
  ฟ: 'ฝ',
  ท: 'ห',
  ห: 'ท',
  ถ: 'ภ',
  ภ: 'ถ',
  ร: 'ธ',
  ธ: 'ร',
  ล: 'ส',
  ส: 'ล',
  ม: 'น',
  น: 'ม',
  อ: 'ฮ',
  ฮ: 'อ',
  ว: 'ร',
  ก: 'ถ',
  ง: 'ว',
  จ: 'ว',
  ย: 'ข',
};

/**
 * The plate misread by one character of its number (a look-alike put for it, or, in a number of
 * four digits or more, one missed), such that `free` holds: no truck of the day is named by it.
 * Null when no such misread is found.
 */
export function misreadOf(plate: string, random: Random, free: (plate: string) => boolean): string | null {
  const chars = [...plate];
  const number = numberOnly(plate) ?? plate;
  // Positions within the number part that a camera can get wrong.
  const positions = chars.flatMap((char, i) => (i < number.length && LOOK_ALIKE[char] ? [i] : []));
  const digits = [...number].filter((c) => /[0-9]/.test(c)).length;
  for (let attempt = 0; attempt < 8 && positions.length > 0; attempt++) {
    const at = random.pick(positions);
    const missed = digits >= 4 && /[0-9]/.test(chars[at]!) && random.chance(0.25);
    const misread = chars.map((char, i) => (i !== at ? char : missed ? '' : LOOK_ALIKE[char]!)).join('');
    if (plateSearchKey(misread) !== plateSearchKey(plate) && free(misread)) return misread;
  }
  return null;
}

/** The number keys of a licence's plates (plate-match.ts compares these first). */
function numbersOf(licence: string): string[] {
  const parts = splitLicence(licence);
  return parts ? parts.map((p) => plateSearchKey(p.number)) : [plateSearchKey(licence)];
}

/**
 * Each camera truck's reads, by truck index: `percent` of the trucks, from the seed's own stream.
 * A misread names no truck of the day.
 */
export function planCameras(
  trucks: readonly Pick<TruckPlan, 'index' | 'licence'>[],
  seed: number,
  percent: number,
): Map<number, CameraPlan> {
  const random = seededRandom((seed * 7919 + 42) >>> 0);
  // The numbers of every plate of the day: a misread is none of them (stricter than a match,
  // which also asks the same province or none, and quicker than matching each truck).
  const numbers = new Set(trucks.flatMap((t) => numbersOf(t.licence)));
  const free = (plate: string) => numbersOf(plate).every((n) => !numbers.has(n));
  const plans = new Map<number, CameraPlan>();

  /** A read of the licence: in the form asked for, else whole or by number as cameras give it. */
  const readOf = (
    licence: string,
    decide: [number, number],
    form: 'any' | 'full' | 'number' = 'any',
  ): PlateRead & { byNumber: boolean } => {
    const number = numberOnly(licence);
    const byNumber =
      number !== null && form !== 'full' && (form === 'number' || random.chance(CAMERA_SHARES.numberOnly));
    let plate = byNumber ? number : licence;
    let misread = false;
    if (form === 'any' && random.chance(CAMERA_SHARES.misread)) {
      const wrong = misreadOf(plate, random, free);
      if (wrong !== null) {
        plate = wrong;
        misread = true;
      }
    }
    if (random.chance(CAMERA_SHARES.thaiDigits)) plate = thaiDigits(plate);
    return {
      plate,
      confidence: confidenceOf(random),
      snapshot: random.chance(CAMERA_SHARES.snapshot),
      misread,
      decideAfter: Math.round(random.between(decide[0], decide[1])),
      byNumber,
    };
  };
  const plain = ({ byNumber: _, ...read }: PlateRead & { byNumber: boolean }): PlateRead => read;

  for (const truck of trucks) {
    if (!random.chance(percent / 100)) continue;
    // A truck that drives up too early is read whole by the gate, and by its number alone when
    // it leaves: the same text again within the server's minute of repeats would be that read.
    const early = numberOnly(truck.licence) !== null && random.chance(CAMERA_SHARES.early);
    const earlyRead = early
      ? {
          ...plain(readOf(truck.licence, [20, 90], 'full')),
          confidence: Math.round(random.between(95, 99.6) * 10) / 10,
        }
      : null;
    const exit = readOf(truck.licence, [20, 120], early ? 'number' : 'any');
    let again: CameraPlan['again'] = null;
    if (random.chance(CAMERA_SHARES.again)) {
      // Read by its number as it left, the whole plate a moment later names only the truck that left.
      again =
        exit.byNumber && !exit.misread && !early && random.chance(0.5)
          ? { read: { ...plain(exit), plate: truck.licence, snapshot: false }, expect: 'already_out' }
          : { read: { ...plain(exit), snapshot: false }, expect: 'repeated' };
    }
    plans.set(truck.index, {
      exit: plain(exit),
      again,
      early: earlyRead,
      weighIn: plain(readOf(truck.licence, [10, 60])),
      weighOut: plain(readOf(truck.licence, [10, 60])),
      entrance: plain(readOf(truck.licence, [15, 60])),
    });
  }
  return plans;
}
