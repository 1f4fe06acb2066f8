import { describe, expect, it } from 'vitest';
import { nearbyFirst, neighboursOf, PROVINCE_NEIGHBOURS } from './province-neighbours.ts';
import { PROVINCES, provinceByName, searchProvinces } from './provinces.ts';

const names = (list: readonly { th: string }[]) => list.map((p) => p.th);

describe('the provinces’ neighbours', () => {
  it('name every province, by the Thai name a plate writes, and only provinces', () => {
    expect(Object.keys(PROVINCE_NEIGHBOURS).sort()).toEqual(names(PROVINCES).sort());
    for (const [province, next] of Object.entries(PROVINCE_NEIGHBOURS)) {
      expect(next.length, province).toBeGreaterThan(0);
      expect(new Set(next).size, province).toBe(next.length);
      expect(next, province).not.toContain(province);
      for (const other of next) expect(provinceByName(other), `${province} → ${other}`).toBeDefined();
    }
  });

  it('are mutual: a province borders each of its neighbours’ lists', () => {
    for (const [province, next] of Object.entries(PROVINCE_NEIGHBOURS))
      for (const other of next) expect(neighboursOf(other), `${other} lacks ${province}`).toContain(province);
  });

  it('follow the map where it is easy to get wrong', () => {
    // A cassava plant in Korat: its trucks come from these eight.
    expect([...neighboursOf('นครราชสีมา')].sort()).toEqual(
      ['ชัยภูมิ', 'ขอนแก่น', 'บุรีรัมย์', 'สระแก้ว', 'ปราจีนบุรี', 'นครนายก', 'สระบุรี', 'ลพบุรี'].sort(),
    );
    // Bueng Kan was split from Nong Khai in 2011; they border each other.
    expect(neighboursOf('บึงกาฬ')).toContain('หนองคาย');
    // An island joined by bridges; a province at the end of the coast.
    expect(neighboursOf('ภูเก็ต')).toEqual(['พังงา']);
    expect(neighboursOf('ตราด')).toEqual(['จันทบุรี']);
    // Bangkok and its ring.
    expect([...neighboursOf('กรุงเทพมหานคร')].sort()).toEqual(
      ['นนทบุรี', 'ปทุมธานี', 'ฉะเชิงเทรา', 'สมุทรปราการ', 'สมุทรสาคร', 'นครปฐม'].sort(),
    );
    // Not neighbours: Roi Et does not reach Buri Ram; Lampang does not reach Uttaradit.
    expect(neighboursOf('ร้อยเอ็ด')).not.toContain('บุรีรัมย์');
    expect(neighboursOf('ลำปาง')).not.toContain('อุตรดิตถ์');
    expect(neighboursOf('ไม่มีจังหวัดนี้')).toEqual([]);
    expect(neighboursOf('constructor')).toEqual([]);
  });
});

describe('nearby provinces first', () => {
  it('puts the plant’s province, then its neighbours, before the rest, each group in the order given', () => {
    const ordered = nearbyFirst(PROVINCES, 'นครราชสีมา');
    expect(ordered).toHaveLength(77);
    expect(ordered[0]!.th).toBe('นครราชสีมา');
    const near = names(ordered.slice(1, 9));
    expect([...near].sort()).toEqual([...neighboursOf('นครราชสีมา')].sort());
    // Within each group, the list's own (alphabetical) order.
    expect(near).toEqual(names(PROVINCES).filter((n) => near.includes(n)));
    expect(names(ordered.slice(9))).toEqual(
      names(PROVINCES).filter((n) => n !== 'นครราชสีมา' && !near.includes(n)),
    );
  });

  it('keeps what was typed narrowing the list, the nearby matches first', () => {
    const typed = searchProvinces('นคร');
    const ordered = names(nearbyFirst(typed, 'นครราชสีมา'));
    expect(ordered[0]).toBe('นครราชสีมา');
    expect(ordered[1]).toBe('นครนายก');
    expect([...ordered].sort()).toEqual(names(typed).sort());
  });

  it('changes nothing when the plant has no province set', () => {
    expect(nearbyFirst(PROVINCES, null)).toEqual([...PROVINCES]);
    expect(nearbyFirst(PROVINCES, 'ไม่มีจังหวัดนี้').slice(0, 3)).toEqual(PROVINCES.slice(0, 3));
  });
});
