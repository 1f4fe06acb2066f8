import { describe, expect, it } from 'vitest';
import { planDay, WINDOWS } from './plan.ts';
import { planStoredTares } from './stored-tares.ts';

const day = planDay(1000, 3, WINDOWS.day);
const byIndex = new Map(day.map((t) => [t.index, t]));
const tares = planStoredTares(day, 3, 20);

describe("the vehicles' stored tares", () => {
  it('go to the share of the delivering trucks asked for, the same for a seed, none at 0 %', () => {
    const delivering = day.filter((t) => t.flow !== 'general' && t.weighIn > t.weighOut);
    expect(tares.size / delivering.length).toBeGreaterThan(0.15);
    expect(tares.size / delivering.length).toBeLessThan(0.25);
    expect(planStoredTares(day, 3, 20)).toEqual(tares);
    expect(planStoredTares(day, 4, 20)).not.toEqual(tares);
    expect(planStoredTares(day, 3, 0).size).toBe(0);
    expect(planStoredTares(day, 3, 100).size).toBe(delivering.length);
  });

  it("are each a delivering truck's empty weight give or take 1 %, in tens of kg, lighter than its weigh-in", () => {
    for (const [index, kg] of tares) {
      const truck = byIndex.get(index)!;
      expect(truck.flow).not.toBe('general');
      expect(kg % 10).toBe(0);
      expect(Math.abs(kg - truck.weighOut)).toBeLessThanOrEqual(truck.weighOut * 0.01 + 5);
      expect(kg).toBeLessThan(truck.weighIn);
    }
  });
});
