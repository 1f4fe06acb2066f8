import { describe, expect, it } from 'vitest';
import { LICENCE_MAX } from '@truck-queue/shared/licence';
import {
  addTrailer,
  changePlate,
  checkDraft,
  checkLicence,
  draftFromLicence,
  draftLicence,
  EMPTY_DRAFT,
  removeTrailer,
  switchMode,
  typedSoFar,
  type PlateDraft,
} from './plate-draft.ts';

const LONG_PAIR = '70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา';

/** The long pair, entered as two plates with the picker. */
function longPair(): PlateDraft {
  let draft = changePlate(EMPTY_DRAFT, 0, { number: '70-1234', province: 'พระนครศรีอยุธยา' });
  draft = addTrailer(draft);
  return changePlate(draft, 1, { number: '71-5678', province: 'พระนครศรีอยุธยา' });
}

describe('a licence entered as plates', () => {
  it('makes the plain string the ticket keeps, a trailer after " / "', () => {
    expect(draftLicence(longPair())).toBe(LONG_PAIR);
    expect(checkDraft(longPair())).toEqual({ ok: true, licence: LONG_PAIR });
    expect(draftLicence(removeTrailer(longPair()))).toBe('70-1234 พระนครศรีอยุธยา');
  });

  it('takes a plate without a province, and leaves out an empty trailer', () => {
    const plain = changePlate(EMPTY_DRAFT, 0, { number: ' ab 12 ' });
    expect(checkDraft(addTrailer(plain))).toEqual({ ok: true, licence: 'AB 12' });
  });

  it('needs the number of every plate that has a province, and the tractor’s number first', () => {
    expect(checkDraft(EMPTY_DRAFT)).toEqual({ ok: false, problem: 'empty' });
    expect(checkDraft(changePlate(EMPTY_DRAFT, 0, { province: 'ตาก' }))).toEqual({
      ok: false,
      problem: 'numberMissing',
    });
    const trailerOnly = changePlate(addTrailer(EMPTY_DRAFT), 1, { number: '71-5678' });
    expect(checkDraft(trailerOnly)).toEqual({ ok: false, problem: 'numberMissing' });
    const trailerProvince = changePlate(addTrailer(changePlate(EMPTY_DRAFT, 0, { number: '70' })), 1, {
      province: 'ตาก',
    });
    expect(checkDraft(trailerProvince)).toEqual({ ok: false, problem: 'numberMissing' });
  });

  it('has two plates at most', () => {
    expect(addTrailer(longPair())).toEqual(longPair());
    expect(removeTrailer(EMPTY_DRAFT)).toEqual(EMPTY_DRAFT);
  });
});

describe('switching between plates and free text', () => {
  it('carries the licence across both ways', () => {
    const free = switchMode(longPair(), 'free');
    expect(free).toEqual({ mode: 'free', text: LONG_PAIR });
    expect(switchMode(free, 'parts')).toEqual(longPair());
  });

  it('starts empty plates from text that does not read as plates', () => {
    expect(switchMode({ mode: 'free', text: '1 / 2 / 3' }, 'parts')).toEqual(EMPTY_DRAFT);
  });

  it('reads a suggestion back as plates, or as free text', () => {
    expect(draftFromLicence(LONG_PAIR)).toEqual(longPair());
    expect(draftFromLicence('70-1234 กท')).toEqual({
      mode: 'parts',
      plates: [{ number: '70-1234 กท', province: '' }],
    });
    expect(draftFromLicence('1 / 2 / 3')).toEqual({ mode: 'free', text: '1 / 2 / 3' });
  });

  it('suggests from the tractor’s number or the free text', () => {
    expect(typedSoFar(longPair())).toBe('70-1234');
    expect(typedSoFar({ mode: 'free', text: 'กข 1' })).toBe('กข 1');
  });
});

describe('the licence check', () => {
  it('takes what the server takes and says why not otherwise', () => {
    expect(checkLicence(' 70-1234 ขอนแก่น')).toEqual({ ok: true, licence: '70-1234 ขอนแก่น' });
    expect(checkLicence('1กข 1234')).toEqual({ ok: true, licence: '1กข 1234' });
    expect(checkLicence('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkLicence('1'.repeat(LICENCE_MAX + 1))).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkLicence('70-1234!')).toEqual({ ok: false, problem: 'invalid' });
    // Allowed characters, but a spreadsheet would read it as a formula.
    expect(checkLicence('-70 1234')).toEqual({ ok: false, problem: 'startsLikeFormula' });
  });

  it('counts what a person sees: 60 Thai letters with their marks fit', () => {
    expect(checkLicence('กี้'.repeat(LICENCE_MAX)).ok).toBe(true);
    expect(checkLicence(LONG_PAIR)).toEqual({ ok: true, licence: LONG_PAIR });
  });
});
