import { addDays } from '@truck-queue/shared/plant-day';
import { TIME_STAGES, type TimeStage } from '@truck-queue/shared/queue/time-stages';
import type {
  OfficerTime,
  StageFigures,
  StationTime,
  TimeBreakdown,
} from '@truck-queue/shared/contracts/time-breakdown.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import {
  createTimeBreakdownRepository,
  type StageCellRow,
  type TimeBreakdownRows,
} from './time-breakdown.repository.ts';

const HOURS = 24;

/** Seconds / trucks in whole seconds; null without a truck. */
export function averageOf(seconds: number, trucks: number): number | null {
  return trucks > 0 ? Math.round(seconds / trucks) : null;
}

/** Every stage's figures from the cells of one group (an hour, a day, the period): TIME_STAGES order. */
export function stageFigures(
  cells: readonly Pick<StageCellRow, 'stage' | 'seconds' | 'trucks'>[],
): StageFigures[] {
  const sums = new Map<TimeStage, { seconds: number; trucks: number }>();
  for (const c of cells) {
    const sum = sums.get(c.stage) ?? { seconds: 0, trucks: 0 };
    sum.seconds += c.seconds;
    // A truck's stages all count in the hour and day of its ticket: cells never share a truck.
    sum.trucks += c.trucks;
    sums.set(c.stage, sum);
  }
  return TIME_STAGES.map((stage) => {
    const sum = sums.get(stage) ?? { seconds: 0, trucks: 0 };
    const seconds = Math.round(sum.seconds);
    return { stage, seconds, trucks: sum.trucks, average_seconds: averageOf(seconds, sum.trucks) };
  });
}

/** Plant days from `start` to `finish`, both included. */
export function daysOf(start: string, finish: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= finish; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Rows of several days with the same key as one, their trucks and seconds added up. */
function addedUp<T extends { trucks: number; seconds: number }, K>(
  rows: readonly T[],
  keyOf: (row: T) => K,
): T[] {
  const sums = new Map<K, T>();
  for (const row of rows) {
    const sum = sums.get(keyOf(row));
    sums.set(
      keyOf(row),
      sum ? { ...sum, trucks: sum.trucks + row.trucks, seconds: sum.seconds + row.seconds } : row,
    );
  }
  return [...sums.values()];
}

/**
 * The sums of several plant days' statements as one: a truck counts in its own day's only, so
 * cells, arrivals and idle hours are put together, stations and officers added up.
 */
export function mergeRows(parts: readonly TimeBreakdownRows[]): TimeBreakdownRows {
  return {
    cells: parts.flatMap((p) => p.cells),
    arrivals: parts.flatMap((p) => p.arrivals),
    stations: addedUp(
      parts.flatMap((p) => p.stations),
      (s) => s.station_id,
    ),
    officers: addedUp(
      parts.flatMap((p) => p.officers),
      (o) => o.officer_id,
    ),
    idle: parts.flatMap((p) => p.idle),
  };
}

/**
 * The report from the statement's sums: per hour of issue and per plant day (every hour and day,
 * empty ones too), the stations (each one calls or rechecks send trucks to, with its idle hours)
 * and the officers, busiest first.
 */
export function breakdownOf(
  rows: TimeBreakdownRows,
  period: { start: string; finish: string; firstHour: number },
  stationList: { id: number; name: string; types: number[] }[],
  lines: TimeBreakdown['lines'] = [],
): TimeBreakdown {
  const cells = rows.cells.map((c) => ({ ...c, seconds: Math.round(c.seconds) }));
  const hourTrucks = new Array<number>(HOURS).fill(0);
  const dayTrucks = new Map<string, number>();
  for (const a of rows.arrivals) {
    hourTrucks[a.hour] = (hourTrucks[a.hour] ?? 0) + a.trucks;
    dayTrucks.set(a.day, (dayTrucks.get(a.day) ?? 0) + a.trucks);
  }
  const hours = Array.from({ length: HOURS }, (_, hour) => ({
    hour,
    trucks: hourTrucks[hour]!,
    stages: stageFigures(cells.filter((c) => c.hour === hour)),
  }));
  const days = daysOf(period.start, period.finish).map((day) => ({
    day,
    trucks: dayTrucks.get(day) ?? 0,
    stages: stageFigures(cells.filter((c) => c.day === day)),
  }));

  const served = new Map(rows.stations.map((s) => [s.station_id, s]));
  const idleOf = new Map<number, number[]>();
  for (const i of rows.idle) {
    const byHour = idleOf.get(i.station_id) ?? new Array<number>(HOURS).fill(0);
    byHour[i.hour] = (byHour[i.hour] ?? 0) + Math.round(i.seconds);
    idleOf.set(i.station_id, byHour);
  }
  const stations: StationTime[] = stationList.map((s) => {
    const work = served.get(s.id);
    const service = Math.round(work?.seconds ?? 0);
    const idleByHour = idleOf.get(s.id) ?? new Array<number>(HOURS).fill(0);
    return {
      station_id: s.id,
      station_name: s.name,
      station_types: s.types,
      trucks: work?.trucks ?? 0,
      service_seconds: service,
      average_seconds: averageOf(service, work?.trucks ?? 0),
      idle_seconds: idleByHour.reduce((a, b) => a + b, 0),
      idle_by_hour: idleByHour,
    };
  });

  const officers: OfficerTime[] = rows.officers
    .map((o) => {
      const service = Math.round(o.seconds);
      return {
        officer_id: o.officer_id,
        officer_name: o.name === null ? '' : `${o.name} ${o.lastname ?? ''}`.trim(),
        trucks: o.trucks,
        service_seconds: service,
        average_seconds: averageOf(service, o.trucks),
      };
    })
    .sort((a, b) => b.trucks - a.trucks || a.officer_name.localeCompare(b.officer_name));

  return {
    lines,
    trucks: hourTrucks.reduce((a, b) => a + b, 0),
    first_hour: period.firstHour,
    totals: stageFigures(cells),
    hours,
    days,
    cells,
    stations,
    officers,
  };
}

/**
 * Where the time goes (issue 41) over the plant days of a period, one line or every line:
 * docs/reports.md, "Where the time goes".
 */
export function createTimeBreakdownService(deps: {
  db: Db;
  days: PlantDays;
  clock: Clock;
  timeZone: string;
}) {
  const repo = createTimeBreakdownRepository(deps.db);
  return {
    async report(
      auth: AuthContext,
      query: { start: string; finish: string; branchQueueTypeId: number },
    ): Promise<TimeBreakdown> {
      const calendar = await deps.days.calendar(auth.branchId);
      const now = deps.clock.now();
      // A plant day at a time: at the harvest a month is some 60,000 trucks, a statement over
      // all of them holds the embedded engine's one session for seconds, and the plant's own
      // calls wait behind it. Day by day they pass in between. A day not begun counts nothing.
      const parts: TimeBreakdownRows[] = [];
      for (const day of daysOf(query.start, query.finish)) {
        const [from, end] = calendar.range(day);
        if (from.getTime() >= now.getTime()) break;
        parts.push(
          await repo.figures({
            branchId: auth.branchId,
            start: day,
            finish: day,
            branchQueueTypeId: query.branchQueueTypeId,
            now,
            insideSince: calendar.insideSince,
            from,
            // The day reaching today is counted up to now.
            to: new Date(Math.min(end.getTime(), now.getTime())),
            timeZone: deps.timeZone,
          }),
        );
      }
      const rows = mergeRows(parts);
      const [stationList, lines] = await Promise.all([
        repo.stations(
          auth.branchId,
          rows.stations.map((s) => s.station_id),
        ),
        repo.lines(auth.branchId, query.branchQueueTypeId),
      ]);
      return breakdownOf(
        rows,
        { start: query.start, finish: query.finish, firstHour: Math.floor(calendar.dayStartMinutes / 60) },
        stationList,
        lines,
      );
    },

    /** The line's name for an export's title block; "#id" for one not of the branch (it matched nothing). */
    async lineName(auth: AuthContext, branchQueueTypeId: number): Promise<string | null> {
      if (branchQueueTypeId === 0) return null;
      return (await repo.lineName(auth.branchId, branchQueueTypeId)) ?? `#${branchQueueTypeId}`;
    },
  };
}

export type TimeBreakdownService = ReturnType<typeof createTimeBreakdownService>;
