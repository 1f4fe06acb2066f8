import { describe, expect, it } from 'vitest';
import { matchPlate, oneApart } from './plate-match.ts';

const trucks = [
  { id: 1, licence: '70-1234 ขอนแก่น' },
  { id: 2, licence: '1กข 5678 กรุงเทพมหานคร / 71-9999 กรุงเทพมหานคร' },
  { id: 3, licence: '83-4455' },
  { id: 4, licence: '70-1234 ชลบุรี' },
];
const licence = (truck: { licence: string }) => truck.licence;
const ids = (found: { id: number }[]) => found.map((t) => t.id);

describe('a camera read against the trucks inside', () => {
  it('matches a plate read with or without its province, however it is written', () => {
    expect(ids(matchPlate('70-1234 ขอนแก่น', trucks, licence).matches)).toEqual([1]);
    expect(ids(matchPlate('701234', trucks, licence).matches)).toEqual([1, 4]);
    expect(ids(matchPlate('๗๐-๑๒๓๔ ขอนแก่น', trucks, licence).matches)).toEqual([1]);
    expect(ids(matchPlate('83 4455 ขอนแก่น', trucks, licence).matches)).toEqual([3]);
  });

  it('matches the trailer plate of a tractor and trailer as well as the tractor', () => {
    expect(ids(matchPlate('71-9999', trucks, licence).matches)).toEqual([2]);
    expect(ids(matchPlate('1กข5678 กรุงเทพมหานคร', trucks, licence).matches)).toEqual([2]);
  });

  it('only suggests a plate one character off, or the same number under another province', () => {
    const misread = matchPlate('70-1284 ขอนแก่น', trucks, licence);
    expect(misread.matches).toEqual([]);
    expect(ids(misread.suggestions)).toEqual([1, 4]);
    const province = matchPlate('70-1234 ชลบุรี', trucks, licence);
    expect(ids(province.matches)).toEqual([4]);
    expect(ids(province.suggestions)).toEqual([1]);
    expect(matchPlate('83-445', trucks, licence).suggestions.map((t) => t.id)).toEqual([3]);
  });

  it('neither matches nor suggests what is far off, short or not one plate', () => {
    expect(matchPlate('99-0000', trucks, licence)).toEqual({ matches: [], suggestions: [] });
    expect(matchPlate('', trucks, licence)).toEqual({ matches: [], suggestions: [] });
    expect(matchPlate('1234', [{ licence: '1235' }], licence)).toEqual({ matches: [], suggestions: [] });
    expect(matchPlate('70-1234 / 83-4455', trucks, licence)).toEqual({ matches: [], suggestions: [] });
  });

  it('counts one character changed, missed or extra as one apart', () => {
    expect(oneApart('701234', '701284')).toBe(true);
    expect(oneApart('701234', '70124')).toBe(true);
    expect(oneApart('70124', '701234')).toBe(true);
    expect(oneApart('701234', '702243')).toBe(false);
    expect(oneApart('701234', '7012345')).toBe(true);
  });
});

describe('a snapshot as a reader sends it', () => {
  it('is a JPEG in whole base64 groups; anything else is no JPEG, and never throws', async () => {
    const { isJpegBase64 } = await import('./readers.ts');
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    const base64 = btoa(String.fromCharCode(...jpeg));
    expect(isJpegBase64(base64)).toBe(true);
    expect(isJpegBase64(btoa('GIF89a......'))).toBe(false);
    for (const text of ['', '🌀 🌀กก ', ' \u0000 \u0000\u200fก  ', 'ab', `${base64}=`, '////////'])
      expect(isJpegBase64(text)).toBe(false);
  });
});
