import { plateSearchKey } from '../licence.ts';
import { splitLicence } from '../plates.ts';

/**
 * Which trucks a camera's read of a plate may be (issue 42). A read is one plate as the camera
 * saw it: the tractor's at the front or the trailer's at the back, with its province or without
 * (many cameras read the number only). It is compared, confusable-safe (plateSearchKey: Thai
 * digits, look-alike letters, spaces and dashes), with each plate of each candidate's licence:
 *
 * - the same plate: the same number and province, or the same number where either side has no
 *   province: a match, which may act by itself (let the truck out, tell the weighbridge);
 * - the same number under another province, or a number one character off (one letter misread,
 *   missed or extra): only a suggestion an officer confirms. A camera's misread never moves a
 *   truck.
 */
export interface PlateMatch<C> {
  /** The trucks whose licence holds the read plate. More than one: the officer chooses. */
  matches: C[];
  /** Trucks whose plate is close to the read (one character off, or another province). */
  suggestions: C[];
}

interface PlateKeys {
  number: string;
  /** The province's key, or '' when the text names none. */
  province: string;
}

/** The plates of a licence or a read: each plate's number and province keys. */
function platesOf(text: string): PlateKeys[] {
  const parts = splitLicence(text);
  if (!parts) return [{ number: plateSearchKey(text), province: '' }];
  return parts
    .map((part) => ({ number: plateSearchKey(part.number), province: plateSearchKey(part.province) }))
    .filter((plate) => plate.number !== '');
}

/** Licences parsed once: a camera compares each read with the same few hundred trucks inside. */
const parsed = new Map<string, PlateKeys[]>();
const PARSED_MAX = 5_000;

function platesOfLicence(text: string): PlateKeys[] {
  let plates = parsed.get(text);
  if (!plates) {
    // A plant's trucks of a few days: when that is outgrown, start again rather than grow.
    if (parsed.size >= PARSED_MAX) parsed.clear();
    plates = platesOf(text);
    parsed.set(text, plates);
  }
  return plates;
}

/** Whether two keys differ by one character at most: one changed, missed or extra. */
export function oneApart(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const tail = (from: string[], skip: number, to: string[], skipTo: number) =>
    from.slice(skip).join('') === to.slice(skipTo).join('');
  if (x.length === y.length) return tail(x, i + 1, y, i + 1);
  return x.length > y.length ? tail(x, i + 1, y, i) : tail(x, i, y, i + 1);
}

/** How close a read is to one plate: the same, near, or neither. */
function closeness(read: PlateKeys, plate: PlateKeys): 'same' | 'near' | null {
  if (read.number === plate.number) {
    if (read.province === '' || plate.province === '' || read.province === plate.province) return 'same';
    return 'near';
  }
  // A short number one character off another is too many plates: a suggestion needs five characters.
  return Math.min([...read.number].length, [...plate.number].length) >= 5 &&
    oneApart(read.number, plate.number)
    ? 'near'
    : null;
}

/** Sorts the candidates into those the read names and those it is close to. */
export function matchPlate<C>(
  read: string,
  candidates: readonly C[],
  licenceOf: (candidate: C) => string,
): PlateMatch<C> {
  const readPlates = platesOf(read);
  const matches: C[] = [];
  const suggestions: C[] = [];
  if (readPlates.length !== 1) return { matches, suggestions };
  const [readPlate] = readPlates as [PlateKeys];
  for (const candidate of candidates) {
    const found = platesOfLicence(licenceOf(candidate)).map((plate) => closeness(readPlate, plate));
    if (found.includes('same')) matches.push(candidate);
    else if (found.includes('near')) suggestions.push(candidate);
  }
  return { matches, suggestions };
}
