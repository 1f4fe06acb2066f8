import {
  inOutTransaction,
  IN_OUT_MAX_ROWS,
  periodDashboardByQueueType,
  summaryReport,
  type InOutRow,
  type SummaryRow,
} from '@truck-queue/shared/contracts/report.contract';
import type { ApiClient } from './api-client.ts';
import type { Desk } from './desks.ts';
import type { DisplayWatch } from './displays.ts';
import type { TruckRecord } from './journey.ts';
import { callKey, type Ledger } from './ledger.ts';
import type { Officer, Plant } from './plant-setup.ts';

/** One line of the verdict: what should be, what is. */
export interface Check {
  name: string;
  expected: string;
  actual: string;
  ok: boolean;
}

export const check = (
  name: string,
  expected: unknown,
  actual: unknown,
  ok = String(expected) === String(actual),
): Check => ({
  name,
  expected: String(expected),
  actual: String(actual),
  ok,
});

/** Up to three differences, for the table; the count says how many there were. */
function differences(list: string[]): string {
  return list.length === 0 ? '0 differences' : `${list.length} differences: ${list.slice(0, 3).join('; ')}`;
}

/** The trucks' journeys as the simulator counted them. */
export function tallyChecks(records: TruckRecord[]): Check[] {
  const exited = records.filter((r) => r.exited).length;
  return [check('every truck left through the gate (exit stamped)', records.length, exited)];
}

/** Every staff socket heard every change and every call; every display every call of its types. */
export function socketChecks(
  ledger: Ledger,
  desks: Desk[],
  displays: DisplayWatch[],
  records: TruckRecord[],
): Check[] {
  const checks: Check[] = [];
  for (const desk of desks) {
    checks.push(check(`refreshUI heard by ${desk.name}`, ledger.changes, desk.refreshUI.count));
    checks.push(check(`popup heard by ${desk.name}`, ledger.calls.length, desk.popup.count));
  }
  for (const display of displays) {
    const wanted = new Map<string, number>();
    for (const call of ledger.calls) {
      if (display.setup.typeIds.includes(call.queueTypeId))
        wanted.set(callKey(call), (wanted.get(callKey(call)) ?? 0) + 1);
    }
    const expected = [...wanted.values()].reduce((a, b) => a + b, 0);
    const unexpected: string[] = [];
    for (const got of display.received) {
      const key = callKey({ queueNumber: got.queue_number, action: got.action, stationId: got.station_id });
      const left = wanted.get(key) ?? 0;
      if (left === 0) unexpected.push(key);
      else wanted.set(key, left - 1);
    }
    const missed = [...wanted].filter(([, n]) => n > 0).map(([key]) => key);
    checks.push(
      check(
        `${display.label}: a called event for every call of its queue types`,
        `${expected} (missed 0, unexpected 0)`,
        `${display.received.length} (missed ${missed.length}, unexpected ${unexpected.length})`,
        missed.length === 0 && unexpected.length === 0,
      ),
    );
  }
  const watched = records.filter((r) => r.plan.watched);
  const followed = watched.filter((r) => r.driverPage?.sawExit && r.driverPage.heardExit).length;
  // Which part a page missed: its last answer did not say the truck left, it heard nothing live,
  // it heard the line but not the exit (the page waits for it a while after the gate), or it was
  // never opened (the journey failed first).
  const noExit = watched.filter((r) => r.driverPage && !r.driverPage.sawExit).length;
  const silentPages = watched.filter((r) => r.driverPage && r.driverPage.events === 0);
  const silent = silentPages.length;
  const exitUnheard = watched.filter(
    (r) => r.driverPage && r.driverPage.events > 0 && !r.driverPage.heardExit,
  ).length;
  // How long those pages were open, and their flows.
  const openFor = silentPages.map((r) => Math.round(r.driverPage!.openMs / 1000)).sort((a, b) => a - b);
  const silentDetail =
    silent === 0
      ? ''
      : ` (open ${openFor[0]}–${openFor.at(-1)} s; ${[...new Set(silentPages.map((r) => r.plan.flow))].join(', ')})`;
  const unopened = watched.filter((r) => !r.driverPage).length;
  // The pages that missed, each with what it heard when (real s after it opened): where a push
  // went missing.
  const s1 = (ms: number) => (ms / 1000).toFixed(1);
  const missed = watched
    .filter((r) => r.driverPage && !(r.driverPage.sawExit && r.driverPage.heardExit))
    .slice(0, 3)
    .map((r) => {
      const p = r.driverPage!;
      const heard = p.heard.map((h) => `${h.event}${h.state ? ` ${h.state}` : ''} @${s1(h.ms)}`).join(', ');
      return `${r.queueNumber} (${r.plan.flow}): open ${s1(p.openMs)} s, gate scan @${s1(p.exitScannedMs)}, heard ${heard || 'nothing'}`;
    });
  checks.push(
    check(
      "drivers' pages followed their ticket live to the exit",
      watched.length,
      followed === watched.length
        ? `${followed}${exitLags(watched)}`
        : `${followed} (exit not shown ${noExit}, nothing heard live ${silent}${silentDetail}, exit not heard live ${exitUnheard}, not opened ${unopened}${exitLags(watched)}; ${missed.join('; ')})`,
      followed === watched.length,
    ),
  );
  return checks;
}

/** How long the exit took to reach the pages that heard it, from the gate's scan (real time). */
function exitLags(records: TruckRecord[]): string {
  const lags = records
    .map((r) => r.driverPage?.exitLagMs)
    .filter((ms): ms is number => typeof ms === 'number')
    .sort((a, b) => a - b);
  if (lags.length === 0) return '';
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return ` (heard ${s(lags[0]!)}–${s(lags.at(-1)!)} s after the gate's scan)`;
}

/** The day's reports, read as the manager reads them, against the simulator's own tally. */
export async function reportChecks(
  api: ApiClient,
  manager: Officer,
  plant: Plant,
  records: TruckRecord[],
  period: { find_start: string; find_finish: string },
  /** Each supplier's code by the plates it owns, and its id by its code (issue 39). */
  suppliers: { codeOf: ReadonlyMap<string, string>; idOf: ReadonlyMap<string, number> },
): Promise<Check[]> {
  const ticketed = records.filter((r) => r.queueNumber !== null);
  const exited = ticketed.filter((r) => r.exited).length;
  const checks: Check[] = [];

  const dashboard = await api.call(periodDashboardByQueueType, period, manager);
  const overall = dashboard.dataOverall;
  checks.push(
    check(
      'dashboard: total / in progress / completed',
      `${ticketed.length} / ${ticketed.length - exited} / ${exited}`,
      `${overall.total} / ${overall.waiting} / ${overall.completed}`,
    ),
  );
  for (const type of Object.values(plant.types)) {
    const row = dashboard.dataReport.find((r) => r.queue_type_name === type.name);
    const mine = ticketed.filter((r) => r.type.id === type.id);
    checks.push(
      check(`dashboard: queues of ${type.prefix} ${type.name}`, mine.length, row?.queue_total ?? 'no row'),
    );
    const left = mine.filter((r) => r.exited).length;
    checks.push(
      check(
        `dashboard: ${type.prefix} has a time in factory`,
        left > 0 ? 'a figure' : 'none',
        row?.in_factory_time_average === null || row === undefined ? 'none' : 'a figure',
      ),
    );
  }

  const inOut = await api.call(
    inOutTransaction,
    { ...period, find_license: '', find_product: 0, find_supplier: 0 },
    manager,
  );
  checks.push(check('in/out report: one row per truck', ticketed.length, inOut.total));
  if (ticketed.length <= IN_OUT_MAX_ROWS) {
    const byLicence = new Map<string, InOutRow>(inOut.rows.map((row) => [row.truck_license, row]));
    const wrong: string[] = [];
    for (const r of ticketed) {
      const row = byLicence.get(r.plan.licence);
      const problem = !row
        ? 'no row'
        : row.queue_number !== r.queueNumber
          ? `number ${row.queue_number}`
          : row.queue_type_name !== r.type.name
            ? `type ${row.queue_type_name}`
            : (row.exit !== null) !== r.exited || (row.time_in_factory !== null) !== r.exited
              ? `exit ${row.exit}`
              : (row.stamp_lab_start !== null) !== r.labStarted ||
                  (row.stamp_lab_finish !== null) !== r.labFinished
                ? `lab ${row.stamp_lab_start} – ${row.stamp_lab_finish}`
                : row.supplier_code !== (suppliers.codeOf.get(r.plan.licence) ?? null)
                  ? `supplier ${row.supplier_code ?? 'none'}, not ${suppliers.codeOf.get(r.plan.licence) ?? 'none'}`
                  : null;
      if (problem) wrong.push(`${r.plan.licence} (${r.queueNumber}): ${problem}`);
    }
    checks.push(
      check(
        'in/out report: licence, number, type, lab, exit and supplier of each truck',
        '0 differences',
        differences(wrong),
      ),
    );
  }

  const summary: SummaryRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.call(
      summaryReport,
      { ...period, page, page_size: 100, sort_field: 'created' },
      manager,
    );
    summary.push(...answer.rows);
    if (summary.length >= answer.total || answer.rows.length === 0) break;
  }
  checks.push(check('summary report: one row per truck', ticketed.length, summary.length));
  const byUuid = new Map(summary.map((row) => [row.uuid, row]));
  const wrong: string[] = [];
  for (const r of ticketed) {
    const row = byUuid.get(r.uuid!);
    const problem = !row
      ? 'no row'
      : row.license_no !== r.plan.licence
        ? `licence ${row.license_no}`
        : row.incoming_weight !== r.weighedIn || row.output_weight !== r.weighedOut
          ? `weights ${row.incoming_weight} / ${row.output_weight}, weighed ${r.weighedIn} / ${r.weighedOut}`
          : (row.weigh_in !== null) !== (r.weighedIn !== null) ||
              (row.weigh_out !== null) !== (r.weighedOut !== null)
            ? `weighing times ${row.weigh_in} / ${row.weigh_out}`
            : (row.document_pick_up !== null) !== r.labStarted || (row.total_time !== null) !== r.exited
              ? `lab ${row.document_pick_up}, total ${row.total_time}`
              : null;
    if (problem) wrong.push(`${r.plan.licence} (${r.queueNumber}): ${problem}`);
  }
  checks.push(check('summary report: weights and times of each truck', '0 differences', differences(wrong)));

  // The suppliers that brought most: the summary kept to each has its trucks, and only them.
  const trucksOf = new Map<string, Set<string>>();
  for (const r of ticketed) {
    const code = suppliers.codeOf.get(r.plan.licence);
    if (code) trucksOf.set(code, (trucksOf.get(code) ?? new Set()).add(r.uuid!));
  }
  const biggest = [...trucksOf].sort((a, b) => b[1].size - a[1].size).slice(0, 3);
  const kept: string[] = [];
  for (const [code, uuids] of biggest) {
    const answer = await api.call(
      summaryReport,
      {
        ...period,
        find_supplier: suppliers.idOf.get(code) ?? 0,
        page: 1,
        page_size: 100,
        sort_field: 'created',
      },
      manager,
    );
    const same = answer.total === uuids.size && answer.rows.every((row) => uuids.has(row.uuid));
    if (!same) kept.push(`${code}: ${answer.total} rows, ${uuids.size} trucks`);
  }
  checks.push(
    check(
      `summary report kept to a supplier: its trucks only (the ${biggest.length} that brought most)`,
      '0 differences',
      differences(kept),
    ),
  );
  return checks;
}
