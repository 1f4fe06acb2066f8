import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { periodDashboardByQueueType } from '@truck-queue/shared/contracts/report.contract';
import { getAcceptToday, getWeighToday } from '@truck-queue/shared/contracts/station-work.contract';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { SimClock } from './clock.ts';
import { insideSpan, type TruckRecord } from './journey.ts';
import type { Ledger } from './ledger.ts';
import type { PlantCalendar } from './plant-day.ts';
import type { Plant } from './plant-setup.ts';
import type { YardGate } from './yard-gate.ts';

/**
 * What the plant day's start must not break (a night run, where it falls while trucks are
 * inside), read through the API as the officers read it: the numbers restart at 001, every
 * truck still inside stays on the screens its state puts it on, the dashboard's "in progress"
 * counts them all, and the counters never act on another truck than the one meant.
 */

/** Up to three, for the table; the count says how many there were. */
const few = (list: string[]) => (list.length === 0 ? '0' : `${list.length}: ${list.slice(0, 3).join('; ')}`);

/** What the screens showed at one moment after the plant day's start, against the simulator's yard. */
export interface Snapshot {
  /** The simulated time of day it was taken. */
  label: string;
  /** The trucks inside (ticket issued, not out), as the simulator knows them. */
  inside: number;
  /** Of those, trucks of the earlier plant day. */
  earlierDay: number;
  missing: string[];
  /** The dashboard's "in progress" at that moment. */
  waiting: number;
}

export interface BoundaryWatch {
  api: ApiClient;
  plant: Plant;
  clock: SimClock;
  calendar: PlantCalendar;
  /** The real instant the plant day turned over. */
  boundaryAt: number;
  trucks: TruckRecord[];
  yard: YardGate;
}

/**
 * Holds the yard still for a moment (no truck starts a change, those under way are answered),
 * reads Calling (today) of each caller, the lab's and the weighbridge's lists and the
 * dashboard, then lets the yard go on; compares them with the trucks the simulator knows are
 * inside: each on Calling with its own plant day while waiting or called, on the lab list while
 * its sample is in the lab, on the weighing list while weighed in and not out, and the
 * dashboard's in progress their number.
 */
export async function snapshot(w: BoundaryWatch): Promise<Snapshot> {
  const { api, plant } = w;
  const o = plant.officers;
  await w.yard.hold();
  try {
    const label = w.clock.timeOfDay();
    const today = w.calendar.dayOf();
    const [cards, lab, weighing, dashboard] = await Promise.all([
      Promise.all(
        [o.labCaller, o.standardCaller, o.generalCaller].map((officer) =>
          api.call(getCardInProcess, { find_total_day: 1 }, officer),
        ),
      ),
      api.call(getAcceptToday, {}, o.lab),
      api.call(getWeighToday, {}, o.weighbridge),
      api.call(periodDashboardByQueueType, { find_start: today, find_finish: today }, o.manager),
    ]);
    const calling = new Map(
      cards.flatMap((c) => c.card.flatMap((card) => card.queue_number)).map((q) => [q.uuid, q]),
    );
    const inLab = new Set(lab.queue.map((q) => q.uuid));
    const onWeighbridge = new Set(weighing.queue.map((q) => q.uuid));

    const newDay = w.calendar.dayOf(w.boundaryAt);
    const missing: string[] = [];
    let inside = 0;
    let earlierDay = 0;
    for (const r of w.trucks) {
      if (r.queueNumber === null || r.exited) continue;
      inside++;
      const day = w.calendar.dayOf(Date.parse(r.created!));
      if (day < newDay) earlierDay++;
      const who = `${r.queueNumber} ${r.plan.licence} (${day})`;
      if (r.ending === null) {
        const row = calling.get(r.uuid!);
        if (!row) missing.push(`${who} not on Calling`);
        else if (row.queue_date !== day) missing.push(`${who} on Calling as of ${row.queue_date}`);
      }
      if (r.labStarted && !r.labFinished && !inLab.has(r.uuid!)) missing.push(`${who} not on the lab list`);
      if (r.weighedIn !== null && r.weighedOut === null && !onWeighbridge.has(r.uuid!)) {
        missing.push(`${who} not on the weighing list`);
      }
    }
    return { label, inside, earlierDay, missing, waiting: dashboard.dataOverall.waiting };
  } finally {
    w.yard.resume();
  }
}

/** The boundary's checks: numbers restarted, the screens and the dashboard at the snapshots. */
export function boundaryChecks(w: BoundaryWatch, taken: (Snapshot | null)[]): Check[] {
  const snapshots = taken.filter((s) => s !== null);
  const checks: Check[] = [];
  const newDay = w.calendar.dayOf(w.boundaryAt);
  const ticketed = w.trucks.filter((r) => r.created !== null);
  const restarts = Object.values(w.plant.types).map((type) => {
    const first = ticketed
      .filter((r) => r.type.id === type.id && w.calendar.dayOf(Date.parse(r.created!)) === newDay)
      .sort((a, b) => Date.parse(a.created!) - Date.parse(b.created!))[0];
    if (!first) return { ok: false, text: `${type.prefix}: no ticket after it` };
    const at = insideSpan(first)!;
    // Trucks of the earlier day surely inside while that ticket was issued.
    const earlier = ticketed.filter((r) => {
      const span = insideSpan(r);
      return (
        w.calendar.dayOf(Date.parse(r.created!)) < newDay &&
        span &&
        span.issued < at.from &&
        span.leaving > at.issued
      );
    }).length;
    return {
      ok: first.queueNumber === `${type.prefix}001` && earlier > 0,
      text: `${first.queueNumber} (${earlier} of the earlier day inside)`,
    };
  });
  checks.push(
    check(
      "numbers restart at the plant day's start: each type's first ticket after it, while trucks of the earlier day are inside",
      Object.values(w.plant.types)
        .map((t) => `${t.prefix}001`)
        .join(', '),
      restarts.map((r) => r.text).join(', '),
      restarts.every((r) => r.ok),
    ),
  );

  const at = snapshots.map((s) => s.label).join(', ');
  const missing = snapshots.flatMap((s) => s.missing.map((m) => `${s.label} ${m}`));
  checks.push(
    check(
      `after the day's start (${at}): every truck inside on Calling (today), the lab and the weighing lists as its state says, with its plant day`,
      'missing 0 (trucks of the earlier day among them)',
      `missing ${few(missing)} of ${snapshots.map((s) => `${s.inside} (${s.earlierDay} of the earlier day)`).join(', ')}`,
      missing.length === 0 && snapshots.length === taken.length && snapshots.some((s) => s.earlierDay > 0),
    ),
    check(
      `after the day's start (${at}): the dashboard's in progress = the trucks inside`,
      taken.map((s) => s?.inside ?? 'a snapshot').join(' / '),
      taken.map((s) => s?.waiting ?? 'none (failed)').join(' / '),
    ),
  );
  return checks;
}

/**
 * The counters by number, every run: the officer had to choose only when another truck inside
 * held the number, had to whenever one surely did, and each answer moved the truck meant.
 * `chooserNeeded`: a night must have needed the chooser, or it tested nothing.
 */
export function counterChecks(ledger: Ledger, trucks: TruckRecord[], chooserNeeded: boolean): Check[] {
  const byUuid = new Map(trucks.flatMap((r) => (r.uuid ? [[r.uuid, r] as const] : [])));
  const sameNumber = (uuid: string, queueNumber: string) =>
    trucks.filter((r) => r.uuid !== uuid && r.queueNumber === queueNumber);
  const unneeded: string[] = [];
  const unasked: string[] = [];
  for (const a of ledger.counterActions) {
    if (a.otherCandidates) {
      // Each other truck offered must be one holding the number that may have been inside then.
      const wrong = a.otherCandidates.filter((uuid) => {
        const other = byUuid.get(uuid);
        const span = other && insideSpan(other);
        return !span || other.queueNumber !== a.queueNumber || span.from > a.answeredAt || span.to < a.sentAt;
      });
      if (wrong.length > 0 || a.otherCandidates.length === 0)
        unneeded.push(`${a.path} ${a.queueNumber}: ${wrong.length} others not inside`);
    } else {
      const surely = sameNumber(a.uuid, a.queueNumber).filter((r) => {
        const span = insideSpan(r);
        return span && span.issued < a.sentAt && span.leaving > a.answeredAt;
      });
      if (surely.length > 0)
        unasked.push(`${a.path} ${a.queueNumber}: no choice with ${surely.length} others inside`);
    }
  }
  const acted = ledger.counterActions.filter((a) => a.actedOn !== null);
  const own = acted.filter((a) => a.actedOn === a.uuid).length;
  const picks = ledger.picks.length;
  const checks: Check[] = [];
  if (chooserNeeded) {
    checks.push(
      check(
        "the counters' chooser was needed (AMBIGUOUS_NUMBER) and the truck meant was among the candidates",
        'at least 1',
        picks,
        picks >= 1,
      ),
    );
  }
  checks.push(
    check(
      'counters: a choice asked only while another truck inside held the number, and always then',
      '0 unneeded, 0 unasked',
      `${few(unneeded)} unneeded, ${few(unasked)} unasked (${picks} choices)`,
      unneeded.length === 0 && unasked.length === 0,
    ),
    check('counters: every action by number moved the truck meant (uuid of the answer)', acted.length, own),
  );
  return checks;
}
