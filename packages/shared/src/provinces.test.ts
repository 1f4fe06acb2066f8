import { describe, expect, it } from 'vitest';
import { TruckLicenseSchema } from './contracts/queue.contract.ts';
import { visibleLength } from './licence.ts';
import { PROVINCES, provinceByName, searchProvinces } from './provinces.ts';

describe('the provinces', () => {
  it('are the 77, Bangkok among them, each Thai and English name once', () => {
    expect(PROVINCES).toHaveLength(77);
    expect(new Set(PROVINCES.map((p) => p.th)).size).toBe(77);
    expect(new Set(PROVINCES.map((p) => p.en)).size).toBe(77);
    expect(provinceByName('กรุงเทพมหานคร')).toEqual({ th: 'กรุงเทพมหานคร', en: 'Bangkok' });
    expect(provinceByName('กท')).toBeUndefined();
  });

  it('are written in NFC, one word each, and are valid on a plate', () => {
    for (const { th, en } of PROVINCES) {
      expect(th.normalize('NFC')).toBe(th);
      expect(th).toMatch(/^[\u0E01-\u0E4E]+$/);
      expect(en).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
      expect(TruckLicenseSchema.parse(`70-1234 ${th}`)).toBe(`70-1234 ${th}`);
    }
  });

  it('are at most 13 characters long as seen (พระนครศรีอยุธยา)', () => {
    const longest = Math.max(...PROVINCES.map((p) => visibleLength(p.th)));
    expect(longest).toBe(13);
    expect(PROVINCES.filter((p) => visibleLength(p.th) === longest).map((p) => p.th)).toEqual([
      'พระนครศรีอยุธยา',
    ]);
  });
});

describe('searching the provinces', () => {
  const names = (typed: string) => searchProvinces(typed).map((p) => p.th);

  it('finds them by the first Thai letters typed', () => {
    expect(names('นคร')).toEqual([
      'นครนายก',
      'นครปฐม',
      'นครพนม',
      'นครราชสีมา',
      'นครศรีธรรมราช',
      'นครสวรรค์',
      // Then those that hold it further in.
      'กรุงเทพมหานคร',
      'พระนครศรีอยุธยา',
      'สกลนคร',
    ]);
    expect(names('กรุง')).toEqual(['กรุงเทพมหานคร']);
  });

  it('finds them by the English name or one of its words, in any case', () => {
    expect(names('bang')).toEqual(['กรุงเทพมหานคร']);
    expect(names('AYU')).toEqual(['พระนครศรีอยุธยา']);
    expect(names('chiang')).toEqual(['เชียงราย', 'เชียงใหม่']);
  });

  it('puts Thai names that only hold the letters after those that start with them', () => {
    expect(names('อยุธยา')).toEqual(['พระนครศรีอยุธยา']);
    const found = names('สมุทร');
    expect(found).toEqual(['สมุทรปราการ', 'สมุทรสงคราม', 'สมุทรสาคร']);
    expect(names('ราช')[0]).toBe('ราชบุรี');
    expect(names('ราช')).toContain('นครราชสีมา');
  });

  it('lists all of them when nothing is typed, and none for what no name holds', () => {
    expect(searchProvinces('  ')).toHaveLength(77);
    expect(searchProvinces('xyz')).toEqual([]);
  });
});
