import { LICENCE_MAX, normaliseLicence, visibleLength } from './licence.ts';
import { PROVINCES, provinceByName } from './provinces.ts';

/**
 * A licence entered in parts (the kiosk and the New ticket dialog): each plate is its number and
 * an optional province, a tractor may pull a trailer with its own plate. What is stored is still
 * one plain string, "70-1234 กรุงเทพมหานคร / 71-5678 กรุงเทพมหานคร", so reports, searches and
 * the one-ticket-per-truck rule see what the officer would have typed.
 */
export interface PlatePart {
  number: string;
  /** The province's Thai name, or '' for none. */
  province: string;
}

/** Between the tractor's plate and the trailer's. */
export const PLATE_SEPARATOR = ' / ';
/** A tractor and its trailer. */
export const MAX_PLATES = 2;

export const LONGEST_PROVINCE = Math.max(...PROVINCES.map((p) => visibleLength(p.th)));

/**
 * The longest number part of a plate, so that two plates with the longest province always fit
 * LICENCE_MAX: (60 − 3 for " / ") / 2 = 28 per plate, less a space and 13 for
 * พระนครศรีอยุธยา, leaves 14; real numbers ("1กข 1234") are 8.
 */
export const PLATE_NUMBER_MAX =
  Math.floor((LICENCE_MAX - PLATE_SEPARATOR.length) / MAX_PLATES) - 1 - LONGEST_PROVINCE;

export const EMPTY_PLATE: PlatePart = { number: '', province: '' };

/** One plate as it is written: "70-1234 กรุงเทพมหานคร", or only the number. */
export function plateText(part: PlatePart): string {
  return normaliseLicence(`${part.number} ${part.province}`);
}

/** The licence the plates make; a plate left empty (a trailer not filled in) is left out. */
export function composeLicence(parts: readonly PlatePart[]): string {
  return parts
    .map(plateText)
    .filter((text) => text !== '')
    .join(PLATE_SEPARATOR);
}

/**
 * The plates a licence was made of, when it reads as one or two plates each ending in a
 * province's full name or in none ("70-1234 กท" is a number with no province: "กท" is not a
 * province's name). Null when it does not (three plates, a number longer than a plate's),
 * so a screen shows it as free text instead.
 */
export function splitLicence(licence: string): PlatePart[] | null {
  const text = normaliseLicence(licence);
  if (text === '') return [EMPTY_PLATE];
  const segments = text.split(PLATE_SEPARATOR);
  if (segments.length > MAX_PLATES) return null;
  const parts = segments.map((segment): PlatePart => {
    const space = segment.lastIndexOf(' ');
    const tail = segment.slice(space + 1);
    return space > 0 && provinceByName(tail)
      ? { number: segment.slice(0, space), province: tail }
      : { number: segment, province: '' };
  });
  const fits = parts.every(
    (p) => p.number !== '' && !p.number.includes('/') && visibleLength(p.number) <= PLATE_NUMBER_MAX,
  );
  return fits ? parts : null;
}
