import { describe, expect, it } from 'vitest';
import { TruckLicenseSchema } from './contracts/queue.contract.ts';
import { LICENCE_MAX, visibleLength } from './licence.ts';
import { composeLicence, PLATE_NUMBER_MAX, splitLicence } from './plates.ts';

describe('a licence in parts', () => {
  it('is stored as one plain string: number, province, and the trailer after " / "', () => {
    expect(composeLicence([{ number: '70-1234', province: 'กรุงเทพมหานคร' }])).toBe('70-1234 กรุงเทพมหานคร');
    expect(
      composeLicence([
        { number: '70-1234', province: 'กรุงเทพมหานคร' },
        { number: '71-5678', province: 'กรุงเทพมหานคร' },
      ]),
    ).toBe('70-1234 กรุงเทพมหานคร / 71-5678 กรุงเทพมหานคร');
  });

  it('may have no province, and leaves out a trailer plate left empty', () => {
    expect(composeLicence([{ number: ' ab 12 ', province: '' }])).toBe('AB 12');
    expect(
      composeLicence([
        { number: '70-1234', province: 'ตาก' },
        { number: ' ', province: '' },
      ]),
    ).toBe('70-1234 ตาก');
  });

  it('always fits the limit: two plates of the longest number and the longest province', () => {
    expect(PLATE_NUMBER_MAX).toBe(14);
    const number = '1'.repeat(PLATE_NUMBER_MAX);
    const licence = composeLicence([
      { number, province: 'พระนครศรีอยุธยา' },
      { number, province: 'พระนครศรีอยุธยา' },
    ]);
    expect(visibleLength(licence)).toBeLessThanOrEqual(LICENCE_MAX);
    expect(TruckLicenseSchema.parse(licence)).toBe(licence);
  });

  it('reads a stored licence back into its plates', () => {
    expect(splitLicence('70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา')).toEqual([
      { number: '70-1234', province: 'พระนครศรีอยุธยา' },
      { number: '71-5678', province: 'พระนครศรีอยุธยา' },
    ]);
    expect(splitLicence('AB 12')).toEqual([{ number: 'AB 12', province: '' }]);
    expect(splitLicence('')).toEqual([{ number: '', province: '' }]);
  });

  it('keeps an abbreviation as part of the number: "กท" is not a province name', () => {
    expect(splitLicence('70-1234 กท')).toEqual([{ number: '70-1234 กท', province: '' }]);
  });

  it('gives up (free text) on three plates, an empty plate or a number longer than a plate takes', () => {
    expect(splitLicence('1 / 2 / 3')).toBeNull();
    expect(splitLicence('70-1234 / ')).toBeNull();
    expect(splitLicence(`${'1'.repeat(PLATE_NUMBER_MAX + 1)} ตาก`)).toBeNull();
  });
});
