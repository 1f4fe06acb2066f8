import { PROVINCES, searchProvinces, type Province } from '@truck-queue/shared/provinces';
import { toLanguage } from '../../lib/languages.ts';

/** A province as a screen in `language` names it: Thai in Thai, the romanised name otherwise. */
export function provinceName(province: Province, language: string): string {
  return toLanguage(language) === 'th' ? province.th : province.en;
}

const sorted = new Map<string, Province[]>();

/** The 77 in the alphabetical order of the names the screen shows. */
export function provincesFor(language: string): Province[] {
  const thai = toLanguage(language) === 'th';
  const key = thai ? 'th' : 'en';
  let list = sorted.get(key);
  if (!list) {
    const collator = new Intl.Collator(thai ? 'th' : 'en');
    list = [...PROVINCES].sort((a, b) => collator.compare(a[key], b[key]));
    sorted.set(key, list);
  }
  return list;
}

/** The provinces matching what was typed (Thai or romanised), in the screen's order. */
export function findProvinces(typed: string, language: string): Province[] {
  return searchProvinces(typed, provincesFor(language));
}
