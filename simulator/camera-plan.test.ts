import { describe, expect, it } from 'vitest';
import { matchPlate, oneApart } from '@truck-queue/shared/identify/plate-match';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import {
  confidenceOf,
  misreadOf,
  numberOnly,
  planCameras,
  thaiDigits,
  type PlateRead,
} from './camera-plan.ts';
import { planDay, WINDOWS } from './plan.ts';

const day = planDay(1000, 4, WINDOWS.day);
const licences = day.map((t) => t.licence);
const plans = planCameras(day, 4, 60);
const licenceOf = new Map(day.map((t) => [t.index, t.licence]));
const allReads = [...plans].flatMap(([index, p]) =>
  [p.exit, p.weighIn, p.weighOut, p.entrance, ...(p.early ? [p.early] : [])].map((read) => ({ index, read })),
);
/** Thai digits back to Arabic ones. */
const arabic = (text: string) => text.replace(/[๐-๙]/g, (d) => String('๐๑๒๓๔๕๖๗๘๙'.indexOf(d)));
const names = (read: PlateRead, licence: string) =>
  matchPlate(read.plate, [licence], (l) => l).matches.length === 1;

describe("the plate cameras' reads", () => {
  it('read the share of the trucks asked for, the same for a seed, none at 0 %', () => {
    expect(plans.size / day.length).toBeGreaterThan(0.55);
    expect(plans.size / day.length).toBeLessThan(0.65);
    expect(planCameras(day, 4, 60)).toEqual(plans);
    expect(planCameras(day, 5, 60)).not.toEqual(plans);
    expect(planCameras(day, 4, 0).size).toBe(0);
    expect(planCameras(day, 4, 100).size).toBe(day.length);
  });

  it('give the plate whole or by its number, sometimes in Thai digits, each naming its truck unless misread', () => {
    const fair = allReads.filter((r) => !r.read.misread);
    expect(fair.every((r) => names(r.read, licenceOf.get(r.index)!))).toBe(true);
    const byNumber = fair.filter((r) => numberOnly(licenceOf.get(r.index)!) === arabic(r.read.plate));
    expect(byNumber.length).toBeGreaterThan(fair.length * 0.1);
    expect(fair.filter((r) => /[๐-๙]/.test(r.read.plate)).length).toBeGreaterThan(fair.length * 0.07);
    expect(thaiDigits('70-1234 ขอนแก่น')).toBe('๗๐-๑๒๓๔ ขอนแก่น');
    expect(numberOnly('70-1234 ขอนแก่น')).toBe('70-1234');
    expect(numberOnly('1กข 1234')).toBeNull();
  });

  it('misread a few plates by one character, never into a plate of the day', () => {
    const misread = allReads.filter((r) => r.read.misread);
    expect(misread.length).toBeGreaterThan(allReads.length * 0.02);
    expect(misread.length).toBeLessThan(allReads.length * 0.08);
    for (const { index, read } of misread) {
      const licence = licenceOf.get(index)!;
      const meant = [licence, numberOnly(licence)].filter((p): p is string => p !== null);
      expect(meant.some((p) => oneApart(plateSearchKey(read.plate), plateSearchKey(p)))).toBe(true);
      expect(matchPlate(read.plate, licences, (l) => l).matches).toEqual([]);
    }
    // A plate with nothing left to misread into a free one is read as it is.
    const random = seededRandom(1);
    expect(misreadOf('70-1234 ขอนแก่น', random, () => false)).toBeNull();
    expect(misreadOf('70-1234 ขอนแก่น', random, () => true)).toMatch(/^[0-9-]{6,7} ขอนแก่น$/);
  });

  it('are mostly sure, some below the gate camera’s least (90 %), all between 50 and 100', () => {
    const random = seededRandom(9);
    const values = Array.from({ length: 5000 }, () => confidenceOf(random));
    expect(values.every((v) => v >= 50 && v < 100)).toBe(true);
    const unsure = values.filter((v) => v < 90).length / values.length;
    expect(unsure).toBeGreaterThan(0.1);
    expect(unsure).toBeLessThan(0.2);
  });

  it('read an early truck whole and sure, and by its number when it leaves (not a repeat of it)', () => {
    const early = [...plans].filter(([, p]) => p.early);
    expect(early.length).toBeGreaterThan(0);
    for (const [index, p] of early) {
      expect(arabic(p.early!.plate)).toBe(licenceOf.get(index));
      expect(p.early!.confidence).toBeGreaterThanOrEqual(95);
      expect(plateSearchKey(p.exit.plate)).not.toBe(plateSearchKey(p.early!.plate));
      expect(p.again?.expect).not.toBe('already_out');
    }
  });

  it('read some exits again: the same text, or the whole plate after the number', () => {
    const again = [...plans].filter(([, p]) => p.again);
    expect(again.length).toBeGreaterThan(plans.size * 0.05);
    for (const [index, p] of again) {
      if (p.again!.expect === 'repeated') expect(p.again!.read.plate).toBe(p.exit.plate);
      else {
        expect(p.again!.read.plate).toBe(licenceOf.get(index));
        expect(p.exit.misread).toBe(false);
        expect(plateSearchKey(p.exit.plate)).not.toBe(plateSearchKey(p.again!.read.plate));
      }
    }
    expect(again.some(([, p]) => p.again!.expect === 'already_out')).toBe(true);
  });
});
