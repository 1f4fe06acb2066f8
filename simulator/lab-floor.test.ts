import { describe, expect, it } from 'vitest';
import { labWayFloor, labWayMinutes } from './lab-floor.ts';
import { planDay, type TruckPlan } from './plan.ts';

/** A lab truck of the day's plan with its way set (simulated seconds, as the plan holds them). */
function labTruck(
  outcome: TruckPlan['labOutcome'],
  minutes: { sample: number; lab: number; decide: number; recheck?: number },
) {
  const base = planDay(50, 1).find((p) => p.flow === 'lab')!;
  const truck: TruckPlan = {
    ...base,
    labOutcome: outcome,
    parkedUntil: null,
    stage: {
      ...base.stage,
      sampleAfter: minutes.sample * 60,
      labTakes: minutes.lab * 60,
      decideAfter: minutes.decide * 60,
      recheckTakes: (minutes.recheck ?? 0) * 60,
    },
  };
  return truck;
}

describe("a lab truck's own way, what no range at the ticket can narrow", () => {
  it('is its sample, the lab and its result read; a recheck goes through the lab again; a rejected truck is never called', () => {
    expect(labWayMinutes(labTruck('pass', { sample: 10, lab: 30, decide: 5 }))).toBe(45);
    expect(labWayMinutes(labTruck('recheck-pass', { sample: 10, lab: 30, decide: 5, recheck: 15 }))).toBe(95);
    expect(labWayMinutes(labTruck('reject', { sample: 10, lab: 30, decide: 5 }))).toBeNull();
    expect(labWayMinutes(labTruck('recheck-reject', { sample: 10, lab: 30, decide: 5 }))).toBeNull();
  });

  it("spans the narrowest stretch holding 85 % of the called trucks' ways, parked ones left out", () => {
    // Twenty trucks 40, 41, … 59 minutes, and one far out: 85 % of 20 is 17 trucks, 16 minutes apart.
    const plans = Array.from({ length: 20 }, (_, i) =>
      labTruck('pass', { sample: 10, lab: 25 + i, decide: 5 }),
    );
    plans.push({ ...labTruck('pass', { sample: 10, lab: 500, decide: 5 }), parkedUntil: 3600 });
    expect(labWayFloor(plans)).toEqual({ trucks: 20, spanMin: 16, medianMin: 49.5 });
    expect(labWayFloor([])).toBeNull();
  });
});
