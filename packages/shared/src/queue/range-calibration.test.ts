import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.ts';
import {
  calibrated,
  calibrationOf,
  MIN_CALIBRATION_SAMPLES,
  type CalibrationSample,
  type PlayRange,
} from './range-calibration.ts';

/** The play says 50–70 (middle 60); the yard calls at `waited`. */
const play: PlayRange = { low: 50, mid: 60, high: 70 };
const at = (waited: number): CalibrationSample => ({ ...play, waited });
const inside = (range: PlayRange, waited: number) => waited >= range.low && waited <= range.high;

describe('a play range held to what came of it', () => {
  it('stands as played while too few calls came to judge it by', () => {
    const few = Array.from({ length: MIN_CALIBRATION_SAMPLES - 1 }, () => at(200));
    expect(calibrationOf(few)).toBeNull();
    expect(calibrated(play, calibrationOf(few))).toEqual(play);
  });

  it('widens a range the calls spread past until nine in ten of them fall inside', () => {
    // The yard's calls spread 30–90 evenly around the play's 50–70.
    const random = seededRandom(7);
    const past = Array.from({ length: 400 }, () => at(30 + random.next() * 60));
    const range = calibrated(play, calibrationOf(past));
    expect(range.low).toBeLessThan(35);
    expect(range.high).toBeGreaterThan(85);
    // New calls of the same yard: nine in ten inside, give or take the draw.
    const next = Array.from({ length: 2000 }, () => 30 + random.next() * 60);
    const share = next.filter((waited) => inside(range, waited)).length / next.length;
    expect(share).toBeGreaterThan(0.87);
    expect(share).toBeLessThan(0.95);
  });

  it('moves only the side the calls missed on: a yard that is always later moves the high end', () => {
    const random = seededRandom(3);
    const past = Array.from({ length: 200 }, () => at(60 + random.next() * 40));
    const range = calibrated(play, calibrationOf(past));
    // None came early: the low end comes in (up to the earliest calls), the high end goes out.
    expect(range.low).toBeGreaterThan(55);
    expect(range.high).toBeGreaterThan(95);
  });

  it('narrows a range the calls all fell well inside', () => {
    const random = seededRandom(5);
    const past = Array.from({ length: 200 }, () => at(58 + random.next() * 4));
    const range = calibrated(play, calibrationOf(past));
    expect(range.high - range.low).toBeLessThan(10);
    expect(inside(range, 60)).toBe(true);
  });

  it('leaves out the drivers who parked for the night: calls hours past every other', () => {
    const random = seededRandom(13);
    const past = Array.from({ length: 200 }, () => at(45 + random.next() * 30));
    const withParked = [...past, ...Array.from({ length: 15 }, () => at(600))];
    expect(calibrated(play, calibrationOf(withParked)).high).toBeCloseTo(
      calibrated(play, calibrationOf(past)).high,
      0,
    );
    expect(calibrationOf(withParked)!.samples).toBe(200);
  });

  it('calibrates long waits apart from short ones: the longer wait, told the same spread, erred more', () => {
    const random = seededRandom(17);
    // Short waits (middle 20) called within their 15–25; long ones (middle 90) as far as ±40.
    const short = Array.from({ length: 100 }, () => ({
      low: 15,
      mid: 20,
      high: 25,
      waited: 15 + random.next() * 10,
    }));
    const long = Array.from({ length: 100 }, () => ({
      low: 85,
      mid: 90,
      high: 95,
      waited: 50 + random.next() * 80,
    }));
    const calibration = calibrationOf([...short, ...long]);
    const shortRange = calibrated({ low: 15, mid: 20, high: 25 }, calibration);
    const longRange = calibrated({ low: 85, mid: 90, high: 95 }, calibration);
    expect(shortRange.high - shortRange.low).toBeLessThanOrEqual(10);
    expect(longRange.low).toBeLessThan(60);
    expect(longRange.high).toBeGreaterThan(115);
  });

  it('never reaches before now', () => {
    const past = Array.from({ length: 100 }, (_, i) => at(i % 2 === 0 ? 0 : 120));
    const range = calibrated({ low: 2, mid: 5, high: 8 }, calibrationOf(past));
    expect(range.low).toBe(0);
    expect(range.mid).toBeGreaterThanOrEqual(range.low);
    expect(range.mid).toBeLessThanOrEqual(range.high);
  });
});
