import { timeBreakdownReport } from '@truck-queue/shared/contracts/time-breakdown.contract';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { TruckRecord } from './journey.ts';
import type { Officer } from './plant-setup.ts';

/**
 * Where the time went (issue 41) after the run, as a manager reads it: the stages that took the
 * trucks' time and the station that stood idlest while trucks waited. The server counts real
 * seconds; printed in the simulated day's minutes (× accel). Checked: every ticket of the run
 * counted once (the server adds the report up a plant day at a time).
 */
export async function timeBreakdownChecks(
  api: ApiClient,
  manager: Officer,
  period: { find_start: string; find_finish: string },
  records: readonly TruckRecord[],
  accel: number,
): Promise<Check[]> {
  const minutes = (seconds: number) => `${((seconds * accel) / 60).toFixed(1)} min`;
  const report = await api.call(timeBreakdownReport, period, manager);
  const stages = report.totals
    .filter((s) => s.trucks > 0 && s.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 3)
    // Its own average from the sum: the server's is in whole real seconds.
    .map((s) => `${s.stage} ${minutes(s.seconds / s.trucks)} a truck (${s.trucks})`);
  const idlest = report.stations.reduce<(typeof report.stations)[number] | null>(
    (x, s) => (x === null || s.idle_seconds > x.idle_seconds ? s : x),
    null,
  );
  console.log(
    `Where the time goes: ${report.trucks} trucks; most of it ${stages.join(', ') || 'none'}` +
      (idlest && idlest.idle_seconds > 0
        ? `; idlest station while trucks waited ${idlest.station_name} (${minutes(idlest.idle_seconds)}).`
        : '.'),
  );
  const ticketed = records.filter((r) => r.queueNumber !== null).length;
  return [check('where the time goes: every ticket of the run counted once', ticketed, report.trucks)];
}
