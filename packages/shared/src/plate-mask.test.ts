import { describe, expect, it } from 'vitest';
import { maskPlate, publicPlate } from './plate-mask.ts';

describe('a licence plate on a public screen', () => {
  it('keeps the letters and the first two digits of the number, masking the rest', () => {
    expect(maskPlate('กข 1234')).toBe('กข 12••');
    expect(maskPlate('1กข 1234')).toBe('1กข 12••');
    expect(maskPlate('1กข-1234')).toBe('1กข-12••');
  });

  it('drops the province, whether a full name or an abbreviation', () => {
    expect(maskPlate('กข 1234 กรุงเทพมหานคร')).toBe('กข 12••');
    expect(maskPlate('70-1234 พระนครศรีอยุธยา')).toBe('70-12••');
    expect(maskPlate('70-1234 กท')).toBe('70-12••');
  });

  it('masks a tractor and its trailer each', () => {
    expect(maskPlate('70-1234 / 71-5678')).toBe('70-12•• / 71-56••');
    expect(maskPlate('70-1234 ขอนแก่น / 71-5678 ขอนแก่น')).toBe('70-12•• / 71-56••');
  });

  it('always hides something of a short number', () => {
    expect(maskPlate('กข 12')).toBe('กข 1•');
    expect(maskPlate('กข 5')).toBe('กข •');
    expect(maskPlate('123')).toBe('12•');
  });

  it('shows only the first characters of odd input, and nothing of nothing', () => {
    expect(maskPlate('')).toBe('');
    expect(maskPlate('   ')).toBe('');
    expect(maskPlate('ไม่มีป้าย')).toBe('ไม่••••');
    expect(maskPlate('ab')).toBe('A•');
    expect(maskPlate('x')).toBe('•');
    expect(maskPlate('  กข   1234  ')).toBe('กข 12••');
  });

  it('is the full (normalised) licence when the branch turns masking off', () => {
    expect(publicPlate(' กข  1234 ', false)).toBe('กข 1234');
    expect(publicPlate('กข 1234', true)).toBe('กข 12••');
  });
});
