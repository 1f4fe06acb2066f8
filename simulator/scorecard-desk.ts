import { scorecardsReport } from '@truck-queue/shared/contracts/scorecard.contract';
import type { ApiClient } from './api-client.ts';
import type { SimBookings } from './booking-plan.ts';
import { check, type Check } from './checks.ts';
import type { TruckRecord } from './journey.ts';
import type { Officer } from './plant-setup.ts';

/**
 * The scorecards (issue 41) after the run, as a manager reads them the next morning: how many
 * suppliers and plates, their grades, the worst graded and what cost it most. Checked against
 * what the simulator did: every ticket counted once (a supplier's row or its plate's), and the
 * bookings' outcomes the same as the kiosk saw them (checked in on time or late, no-shows).
 */
export async function scorecardChecks(
  api: ApiClient,
  manager: Officer,
  period: { find_start: string; find_finish: string },
  records: readonly TruckRecord[],
  bookings: SimBookings,
): Promise<Check[]> {
  const { rows } = await api.call(scorecardsReport, { ...period, sort: 'worst' }, manager);
  const suppliers = rows.filter((r) => r.supplier_id !== null);
  const grades = new Map<string, number>();
  for (const r of suppliers)
    grades.set(r.grade ?? 'not graded', (grades.get(r.grade ?? 'not graded') ?? 0) + 1);
  const worst = suppliers.find((r) => r.grade !== null);
  const costliest = worst ? Object.entries(worst.lost).reduce((x, y) => (y[1] > x[1] ? y : x)) : null;
  console.log(
    `Scorecards: ${suppliers.length} suppliers (${['A', 'B', 'C', 'D', 'not graded']
      .filter((g) => grades.has(g))
      .map((g) => `${g} ${grades.get(g)}`)
      .join(', ')}), ${rows.length - suppliers.length} plates without one` +
      (worst && costliest
        ? `; worst graded ${worst.supplier_code} ${worst.grade} (${worst.points} points, ${costliest[0]} −${costliest[1]}).`
        : '.'),
  );
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const ticketed = records.filter((r) => r.queueNumber !== null).length;
  const checks = [
    check(
      'scorecards: every ticket of the run counted once',
      ticketed,
      sum((r) => r.trucks),
    ),
  ];
  if (bookings.windows.length > 0)
    checks.push(
      check(
        'scorecards: the bookings checked in, on time or late',
        bookings.checkedIn,
        sum((r) => r.on_time + r.late),
      ),
      check(
        'scorecards: the bookings no truck came for, as no-shows',
        bookings.noShows.length,
        sum((r) => r.no_shows),
      ),
    );
  return checks;
}
