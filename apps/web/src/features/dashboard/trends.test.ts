import { describe, expect, it } from 'vitest';
import { dayBars, hasArrivals, hasTrucks, hourBars } from './trends.ts';

const arrivals = Array.from({ length: 24 }, (_, hour) => (hour === 6 ? 4 : hour === 2 ? 1 : 0));

describe('hourBars', () => {
  it('lists the hours from midnight for a plant day that starts at midnight', () => {
    const bars = hourBars(arrivals, 0);
    expect(bars.map((b) => b.label).slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(bars[6]).toEqual({ hour: 6, label: '06:00', arrivals: 4 });
  });

  it('starts at the plant day’s first hour, the night last', () => {
    const bars = hourBars(arrivals, 6 * 60 + 30);
    expect(bars[0]).toEqual({ hour: 6, label: '06:00', arrivals: 4 });
    expect(bars.at(-1)!.label).toBe('05:00');
    expect(bars.find((b) => b.hour === 2)!.arrivals).toBe(1);
    expect(bars).toHaveLength(24);
  });

  it('says whether there is anything to draw', () => {
    expect(hasArrivals(hourBars(arrivals, 0))).toBe(true);
    expect(hasArrivals(hourBars(new Array<number>(24).fill(0), 0))).toBe(false);
  });
});

describe('dayBars', () => {
  it('gives the net in tonnes to the kilogram', () => {
    const bars = dayBars([
      { day: '2026-11-20', trucks: 3, weighed: 2, net_kg: 47_500.4 },
      { day: '2026-11-21', trucks: 0, weighed: 0, net_kg: 0 },
    ]);
    expect(bars).toEqual([
      { day: '2026-11-20', trucks: 3, weighed: 2, tonnes: 47.5 },
      { day: '2026-11-21', trucks: 0, weighed: 0, tonnes: 0 },
    ]);
    expect(hasTrucks(bars)).toBe(true);
    expect(hasTrucks(bars.slice(1))).toBe(false);
  });
});
