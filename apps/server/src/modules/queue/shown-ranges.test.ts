import { describe, expect, it } from 'vitest';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import { MIN_CALIBRATION_SAMPLES } from '@truck-queue/shared/queue/range-calibration';
import { createShownRanges } from './shown-ranges.ts';

const MINUTE = 60_000;
const TYPE = 7;

describe('how the ranges read fared, by where the truck stood', () => {
  it('calibrates each stage by its own calls: the lab’s result-out reads are not held to its before-lab ones', () => {
    const shown = createShownRanges({ scale: 1, random: seededRandom(1).next });
    for (let truck = 1; truck <= MIN_CALIBRATION_SAMPLES + 10; truck++) {
      const start = truck * 1000 * MINUTE;
      // Before the lab it was told 40–60 and came 90 minutes after; with its result out, 5–15 and
      // came 10 minutes after.
      shown.read(TYPE, truck, ['before-lab'], { low: 40, mid: 50, high: 60 }, start);
      shown.read(TYPE, truck, ['ready'], { low: 5, mid: 10, high: 15 }, start + 80 * MINUTE);
      shown.called(truck, start + 90 * MINUTE);
    }
    expect(shown.calibration(TYPE, ['before-lab'])!.above).toBeCloseTo(30, 5); // 90 − 60
    expect(shown.calibration(TYPE, ['ready'])!.above).toBeCloseTo(-5, 5); // inside, 5 minutes under its high
    expect(shown.calibration(TYPE + 1, ['ready'])).toBeNull();
  });

  it("calibrates a ruled line's class on its own calls, and on its stage's while the class has too few", () => {
    const shown = createShownRanges({ scale: 1, random: seededRandom(2).next });
    const range = { low: 20, mid: 30, high: 40 };
    for (let truck = 1; truck <= 2 * MIN_CALIBRATION_SAMPLES; truck++) {
      const start = truck * 1000 * MINUTE;
      // Burnt loads, passed by the fresh ones that came after them, were called an hour late;
      // the fresh loads on time, 30 minutes after.
      const burnt = truck % 2 === 0;
      shown.read(TYPE, truck, [burnt ? 'ready:burnt' : 'ready:fresh', 'ready'], range, start);
      shown.called(truck, start + (burnt ? 100 : 30) * MINUTE);
    }
    expect(shown.calibration(TYPE, ['ready:burnt', 'ready'])!.above).toBeCloseTo(60, 5); // 100 − 40
    expect(shown.calibration(TYPE, ['ready:fresh', 'ready'])!.above).toBeCloseTo(-10, 5); // 30 − 40
    // A class with no calls yet is held to the line's, late by as much as the burnt loads.
    expect(shown.calibration(TYPE, ['ready:other', 'ready'])!.above).toBeCloseTo(60, 5);
  });

  it('keeps one read per stage, the n-th replacing the kept one with chance 1/n (any moment as likely)', () => {
    const keptWait = (draw: number) => {
      const shown = createShownRanges({ scale: 1, random: () => draw });
      for (let truck = 1; truck <= MIN_CALIBRATION_SAMPLES; truck++) {
        const start = truck * 1000 * MINUTE;
        // Read at minutes 0, 10, …, 90, told 0 minutes each time; called at 100.
        for (let m = 0; m < 100; m += 10)
          shown.read(TYPE, truck, ['ready'], { low: 0, mid: 0, high: 0 }, start + m * MINUTE);
        shown.called(truck, start + 100 * MINUTE);
      }
      return shown.calibration(TYPE, ['ready'])!.above;
    };
    // A draw under 1/n always replaces: the last read is kept (called 10 minutes after it) …
    expect(keptWait(0)).toBeCloseTo(10, 5);
    // … a draw never under it keeps the first (100 minutes).
    expect(keptWait(0.999)).toBeCloseTo(100, 5);
    // The third read (minute 20) replaces with a draw under 1/3, the fourth not with one over 1/4.
    expect(keptWait(0.3)).toBeCloseTo(80, 5);
    expect(keptWait(0.35)).toBeCloseTo(90, 5);
  });

  it('forgets a truck moved to another line, and a recall adds nothing', () => {
    const shown = createShownRanges({ scale: 1, random: seededRandom(3).next });
    for (let truck = 1; truck <= MIN_CALIBRATION_SAMPLES; truck++) {
      shown.read(TYPE, truck, ['ready'], { low: 0, mid: 5, high: 10 }, 0);
      if (truck === 1) shown.gone(truck);
      shown.called(truck, 20 * MINUTE);
      shown.called(truck, 40 * MINUTE);
    }
    // One truck short of enough calls.
    expect(shown.calibration(TYPE, ['ready'])).toBeNull();
  });

  it('counts the waits in the estimate’s minutes (the simulator’s time scale)', () => {
    const shown = createShownRanges({ scale: 240, random: seededRandom(4).next });
    for (let truck = 1; truck <= MIN_CALIBRATION_SAMPLES; truck++) {
      shown.read(TYPE, truck, ['ready'], { low: 60, mid: 90, high: 120 }, 0);
      // Half a real minute: two simulated hours, the range's high end.
      shown.called(truck, MINUTE / 2);
    }
    expect(shown.calibration(TYPE, ['ready'])!.above).toBeCloseTo(0, 5);
  });
});
