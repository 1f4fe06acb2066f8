import { startsLikeFormula } from '@truck-queue/shared/typed-text';
import { TruckLicenseSchema } from '@truck-queue/shared/contracts/queue.contract';
import { LICENCE_MAX, normaliseLicence, visibleLength } from '@truck-queue/shared/licence';
import {
  composeLicence,
  EMPTY_PLATE,
  MAX_PLATES,
  splitLicence,
  type PlatePart,
} from '@truck-queue/shared/plates';

/**
 * A licence being entered, at the kiosk or in the New ticket dialog: as plates (number and
 * province, a trailer's plate after the tractor's) or as free text. Either way the ticket keeps
 * the one string `draftLicence` makes.
 */
export type PlateDraft = { mode: 'parts'; plates: PlatePart[] } | { mode: 'free'; text: string };
export type PlateMode = PlateDraft['mode'];

export const EMPTY_DRAFT: PlateDraft = { mode: 'parts', plates: [EMPTY_PLATE] };

/** The licence the draft makes, normalised as the server keeps it. */
export function draftLicence(draft: PlateDraft): string {
  return draft.mode === 'free' ? normaliseLicence(draft.text) : composeLicence(draft.plates);
}

/** A stored licence (a suggestion) as plates when it reads as plates, else as free text. */
export function draftFromLicence(licence: string): PlateDraft {
  const plates = splitLicence(licence);
  return plates ? { mode: 'parts', plates } : { mode: 'free', text: normaliseLicence(licence) };
}

/** Another way of entering: free text starts from what the plates make, plates from what the text reads as. */
export function switchMode(draft: PlateDraft, mode: PlateMode): PlateDraft {
  if (draft.mode === 'parts') return mode === 'free' ? { mode: 'free', text: draftLicence(draft) } : draft;
  return mode === 'parts' ? { mode: 'parts', plates: splitLicence(draft.text) ?? [EMPTY_PLATE] } : draft;
}

export function changePlate(draft: PlateDraft, index: number, change: Partial<PlatePart>): PlateDraft {
  if (draft.mode !== 'parts' || index >= draft.plates.length) return draft;
  return { mode: 'parts', plates: draft.plates.map((p, i) => (i === index ? { ...p, ...change } : p)) };
}

export function addTrailer(draft: PlateDraft): PlateDraft {
  if (draft.mode !== 'parts' || draft.plates.length >= MAX_PLATES) return draft;
  return { mode: 'parts', plates: [...draft.plates, EMPTY_PLATE] };
}

export function removeTrailer(draft: PlateDraft): PlateDraft {
  if (draft.mode !== 'parts' || draft.plates.length < 2) return draft;
  return { mode: 'parts', plates: draft.plates.slice(0, 1) };
}

/** What suggestions match: the tractor's number, or the free text. */
export function typedSoFar(draft: PlateDraft): string {
  return draft.mode === 'free' ? draft.text : (draft.plates[0]?.number ?? '');
}

export type LicenceProblem = 'empty' | 'numberMissing' | 'tooLong' | 'startsLikeFormula' | 'invalid';

export type LicenceCheck = { ok: true; licence: string } | { ok: false; problem: LicenceProblem };

/** The licence as the server will take it (TruckLicenseSchema), or why not. */
export function checkLicence(raw: string): LicenceCheck {
  const licence = normaliseLicence(raw);
  if (licence === '') return { ok: false, problem: 'empty' };
  if (visibleLength(licence) > LICENCE_MAX) return { ok: false, problem: 'tooLong' };
  // Told apart from 'invalid': "-70 1234" holds only allowed characters, just not first.
  if (startsLikeFormula(licence)) return { ok: false, problem: 'startsLikeFormula' };
  const parsed = TruckLicenseSchema.safeParse(licence);
  return parsed.success ? { ok: true, licence: parsed.data } : { ok: false, problem: 'invalid' };
}

/**
 * The draft's licence, or why it cannot be issued. A plate with a province needs its number,
 * and a trailer's plate needs the tractor's; a trailer's plate left empty is left out.
 */
export function checkDraft(draft: PlateDraft): LicenceCheck {
  if (draft.mode === 'parts') {
    const filled = draft.plates.map((p) => ({
      number: p.number.trim() !== '',
      any: p.number.trim() !== '' || p.province !== '',
    }));
    if (!filled.some((p) => p.any)) return { ok: false, problem: 'empty' };
    const tractorMissing = !filled[0]?.number;
    if (tractorMissing || filled.some((p) => p.any && !p.number))
      return { ok: false, problem: 'numberMissing' };
  }
  return checkLicence(draftLicence(draft));
}
