import { describe, expect, it } from 'vitest';
import {
  describeScorecardGrade,
  gradeOfPoints,
  SCORECARD_MIN_TRUCKS,
  scorecardGrade,
  worseFirst,
} from './scorecard-grade.ts';

const clean = { trucks: 10, on_time: 10, late: 0, no_shows: 0, rejected: 0, rechecked: 0 };

describe('scorecardGrade', () => {
  it('gives A to a clean record and nothing below the minimum trucks', () => {
    expect(scorecardGrade(clean)).toMatchObject({ grade: 'A', points: 100 });
    expect(scorecardGrade({ ...clean, trucks: SCORECARD_MIN_TRUCKS - 1 })).toMatchObject({
      grade: null,
      points: null,
    });
  });

  it('takes each rate times its weight off', () => {
    // half late: −15; a third no-shows of 15 kept or missed (5/15): −10; 2/10 rejected: −5; 1/10 rechecked: −1.5
    const g = scorecardGrade({ trucks: 10, on_time: 5, late: 5, no_shows: 5, rejected: 2, rechecked: 1 });
    expect(g.lost).toEqual({ late: 15, no_show: 10, rejected: 5, rechecked: 1.5 });
    expect(g.points).toBe(68.5);
    expect(g.grade).toBe('C');
  });

  it('counts no punctuality against a plate without bookings', () => {
    const g = scorecardGrade({ ...clean, on_time: 0 });
    expect(g.points).toBe(100);
  });

  it('draws the grade lines at 85, 70 and 50', () => {
    expect([85, 84.9, 70, 69.9, 50, 49.9].map(gradeOfPoints)).toEqual(['A', 'B', 'B', 'C', 'C', 'D']);
  });

  it('sorts worst first, not graded last', () => {
    const a = scorecardGrade(clean);
    const d = scorecardGrade({ ...clean, rejected: 10, no_shows: 10, late: 10, on_time: 0 });
    const none = scorecardGrade({ ...clean, trucks: 1 });
    expect([a, none, d].sort(worseFirst)).toEqual([d, a, none]);
  });

  it('describes the rule in Thai and English', () => {
    expect(describeScorecardGrade('th')).toContain('A ≥ 85');
    expect(describeScorecardGrade('en')).toContain(`at least ${SCORECARD_MIN_TRUCKS} trucks`);
  });
});
