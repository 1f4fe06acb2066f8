/**
 * A supplier's (or a plate's) grade on its scorecard (issue 41): ONE points rule, read by the
 * scorecards report, the supplier's own page, the daily grade job and its LINE message.
 * docs/reports.md, "Scorecards".
 *
 * Points start at 100 and each rate takes its weight's share off:
 *   late share of the checked-in bookings × 30, no-show share of the bookings kept or missed × 30,
 *   rejected share of the trucks × 25, rechecked share of the trucks × 15.
 * A ≥ 85, B ≥ 70, C ≥ 50, D below; fewer than SCORECARD_MIN_TRUCKS trucks: not graded.
 */

export const SCORECARD_GRADES = ['A', 'B', 'C', 'D'] as const;
export type ScorecardGrade = (typeof SCORECARD_GRADES)[number];

/** Trucks a period needs before a grade is given (fewer says little). */
export const SCORECARD_MIN_TRUCKS = 5;

/** The points each rate can take off (a rate of 1 takes all of its weight). */
export const SCORECARD_WEIGHTS = { late: 30, no_show: 30, rejected: 25, rechecked: 15 } as const;
export type ScorecardFactor = keyof typeof SCORECARD_WEIGHTS;

/** The least points of each grade but D (which is everything below C's). */
export const SCORECARD_THRESHOLDS = { A: 85, B: 70, C: 50 } as const;

/** What the rule reads of a row. */
export interface ScorecardCounts {
  trucks: number;
  /** Bookings checked in inside their window, and after it. */
  on_time: number;
  late: number;
  /** Bookings whose window closed without a check-in (lapsed). */
  no_shows: number;
  rejected: number;
  rechecked: number;
}

export interface ScorecardGrading {
  /** null: fewer than SCORECARD_MIN_TRUCKS trucks. */
  grade: ScorecardGrade | null;
  /** 0 to 100, one decimal; null when not graded. */
  points: number | null;
  /** The points each factor took off (one decimal). */
  lost: Record<ScorecardFactor, number>;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, Math.max(0, part / whole)) : 0);
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The grade of some points (0 to 100). */
export function gradeOfPoints(points: number): ScorecardGrade {
  if (points >= SCORECARD_THRESHOLDS.A) return 'A';
  if (points >= SCORECARD_THRESHOLDS.B) return 'B';
  if (points >= SCORECARD_THRESHOLDS.C) return 'C';
  return 'D';
}

/** The rule: the points each rate takes off, the points left, and the grade. */
export function scorecardGrade(counts: ScorecardCounts): ScorecardGrading {
  const checkedIn = counts.on_time + counts.late;
  const rates: Record<ScorecardFactor, number> = {
    late: share(counts.late, checkedIn),
    no_show: share(counts.no_shows, checkedIn + counts.no_shows),
    rejected: share(counts.rejected, counts.trucks),
    rechecked: share(counts.rechecked, counts.trucks),
  };
  const lost = {
    late: oneDecimal(rates.late * SCORECARD_WEIGHTS.late),
    no_show: oneDecimal(rates.no_show * SCORECARD_WEIGHTS.no_show),
    rejected: oneDecimal(rates.rejected * SCORECARD_WEIGHTS.rejected),
    rechecked: oneDecimal(rates.rechecked * SCORECARD_WEIGHTS.rechecked),
  };
  if (counts.trucks < SCORECARD_MIN_TRUCKS) return { grade: null, points: null, lost };
  const taken = (Object.keys(SCORECARD_WEIGHTS) as ScorecardFactor[]).reduce(
    (sum, f) => sum + rates[f] * SCORECARD_WEIGHTS[f],
    0,
  );
  const points = oneDecimal(Math.max(0, 100 - taken));
  return { grade: gradeOfPoints(points), points, lost };
}

/** Worst first: D before A, not graded last; ties by more points lost first. */
export function worseFirst(a: ScorecardGrading, b: ScorecardGrading): number {
  const rank = (g: ScorecardGrading) => (g.grade === null ? -1 : SCORECARD_GRADES.indexOf(g.grade));
  return rank(b) - rank(a) || (a.points ?? 101) - (b.points ?? 101);
}

/**
 * How the grade is made, in words (the supplier's LINE message, the export's note; the screens
 * say the same through their locale files from the constants above).
 */
export function describeScorecardGrade(language: 'th' | 'en'): string {
  const w = SCORECARD_WEIGHTS;
  const t = SCORECARD_THRESHOLDS;
  if (language === 'th')
    return (
      `เริ่ม 100 คะแนน หัก: มาสายจากที่จองสูงสุด ${w.late}, ไม่มาตามจองสูงสุด ${w.no_show}, ` +
      `ถูกตีกลับสูงสุด ${w.rejected}, ตรวจซ้ำสูงสุด ${w.rechecked} (ตามสัดส่วน) · ` +
      `A ≥ ${t.A}, B ≥ ${t.B}, C ≥ ${t.C}, ต่ำกว่านั้น D · ต้องมีอย่างน้อย ${SCORECARD_MIN_TRUCKS} คัน`
    );
  return (
    `Start at 100 points, minus: late against bookings up to ${w.late}, no-shows up to ${w.no_show}, ` +
    `rejected loads up to ${w.rejected}, rechecked loads up to ${w.rechecked} (by their share) · ` +
    `A ≥ ${t.A}, B ≥ ${t.B}, C ≥ ${t.C}, below D · at least ${SCORECARD_MIN_TRUCKS} trucks`
  );
}
