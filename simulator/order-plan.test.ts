import { describe, expect, it } from 'vitest';
import { BURNT_CAP_PERCENT, RULED_FLOW, ruleFor } from './order-plan.ts';
import { midnightOf, planDay, WINDOWS } from './plan.ts';
import { LineRuleSchema } from '@truck-queue/shared/contracts/line-rule';

describe("the ruled line's classes", () => {
  it.each(['day', 'night', '24h'] as const)(
    '%s: only its trucks have one, burnt at most the cap of each plant day, fresh ones with a cut time',
    (window) => {
      const plan = planDay(1500, 3, WINDOWS[window]);
      expect(plan.every((t) => (t.order !== null) === (t.flow === RULED_FLOW))).toBe(true);
      const midnight = midnightOf(WINDOWS[window]);
      for (const day of [0, 1]) {
        const mine = plan.filter(
          (t) => t.order && (midnight !== null && t.arrival >= midnight ? 1 : 0) === day,
        );
        const burnt = mine.filter((t) => t.order!.orderClass === 'burnt').length;
        expect(burnt).toBeLessThanOrEqual((mine.length * BURNT_CAP_PERCENT) / 100);
      }
      const ruled = plan.filter((t) => t.order);
      expect(ruled.filter((t) => t.order!.orderClass === 'fresh').length).toBeGreaterThan(ruled.length / 10);
      expect(ruled.filter((t) => t.order!.orderClass === 'burnt').length).toBeGreaterThan(ruled.length / 20);
      expect(ruled.every((t) => (t.order!.cutBefore !== null) === (t.order!.orderClass === 'fresh'))).toBe(
        true,
      );
      expect(ruled.some((t) => t.order!.outOfOrder)).toBe(true);
      expect(ruled.every((t) => !(t.order!.outOfOrder && t.order!.orderClass === 'burnt'))).toBe(true);
      expect(plan.every((t) => t.flow !== RULED_FLOW || t.parkedUntil === null)).toBe(true);
    },
  );

  it('is the same for the same seed', () => {
    expect(planDay(300, 5).map((t) => t.order)).toEqual(planDay(300, 5).map((t) => t.order));
  });

  it("has a rule the server takes, its minutes the simulated ones on the server's real clock", () => {
    expect(LineRuleSchema.safeParse(ruleFor(1440)).success).toBe(true);
    expect(ruleFor(1440).max_wait_minutes).toBe(10);
    expect(ruleFor(1).max_wait_minutes).toBe(180);
    expect(ruleFor(1).fresh_limit_minutes).toBe(360);
  });
});
