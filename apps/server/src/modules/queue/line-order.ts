import type { CapUse } from '@truck-queue/shared/contracts/order.contract';
import {
  classOfProduct,
  orderRuleOf,
  type LineCap,
  type LinePlace,
  type LineRule,
} from '@truck-queue/shared/contracts/line-rule';
import { isQueueState, isWaitingState, nextState } from '@truck-queue/shared/queue/queue-machine';
import { orderLine, type OrderedTruck, type WaitingTruck } from '@truck-queue/shared/queue/order-rule';
import type { BookedWindow, LineCall } from './line-order.repository.ts';

/**
 * The branch's waiting trucks put in the order their line's rule calls them (issue 38): one line
 * per queue type and plant day, as the numbers and the driver's "trucks ahead" count them. The
 * rule itself is shared/queue/order-rule.ts; this only gathers what it needs from the rows.
 */

/** What the placing reads of a queue row. */
export interface LineRow {
  id: number;
  uuid: string;
  queueNumber: string;
  branchQueueTypeId: number;
  flowEngineId: number;
  queueDate: string;
  state: string;
  lineAt: Date;
  productId: number | null;
  orderClass: string | null;
  cutAt: Date | null;
  admittedAt: Date | null;
  /** The booking it was checked in with (issue 39), if any. */
  bookingId: number | null;
}

/** A waiting truck's place, with its line and its class as the rule sees it. */
export interface Placed extends LinePlace {
  line: string;
  orderClass: string;
}

export interface PlacedLines<R extends LineRow> {
  /** The rows, the waiting ones of each line in the rule's order (in the slots the line's rows had). */
  rows: R[];
  /** Each waiting truck's place, by queue id. */
  places: Map<number, Placed>;
  /** Each line's next truck: the first the rule calls that no cap holds. */
  next: Map<string, R>;
}

export const lineKey = (row: { branchQueueTypeId: number; queueDate: string }) =>
  `${row.branchQueueTypeId} ${row.queueDate}`;

/** A truck's class in `rule`: the officer's where set, else its product's. */
export function classOf(rule: LineRule | null, row: { orderClass: string | null; productId: number | null }) {
  if (row.orderClass !== null)
    return rule?.classes.some((c) => c.key === row.orderClass) ? row.orderClass : '';
  return classOfProduct(rule, row.productId);
}

/** The class a call counts in: the one the truck was called as, else (calls from before it was kept) its class now. */
export const classOfCall = (rule: LineRule | null, call: LineCall) => call.calledClass ?? classOf(rule, call);

const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * A load's expected net tonnes on a line's day, by its class: the class's mean net of the day's
 * weighed calls, else every class's, else 0 (the order rule's tonnes caps and the dashboard's).
 */
function expectedTonnes(rule: LineRule, dayCalls: readonly LineCall[]): (classKey: string) => number {
  const weighed = dayCalls.filter((c) => c.netTonnes !== null);
  const overall = mean(weighed.map((c) => c.netTonnes!)) ?? 0;
  return (classKey) =>
    mean(weighed.filter((c) => classOfCall(rule, c) === classKey).map((c) => c.netTonnes!)) ?? overall;
}

const placeOf = (truck: OrderedTruck): Omit<LinePlace, 'next'> => ({
  position: truck.position,
  why:
    truck.reason.kind === 'overdue'
      ? { kind: 'overdue', waited_minutes: Math.floor(truck.reason.waitedMinutes) }
      : truck.reason.kind === 'stale'
        ? { kind: 'stale', age_minutes: Math.floor(truck.reason.ageMinutes) }
        : truck.reason.kind === 'class'
          ? { kind: 'class', class_key: truck.reason.classKey, first: truck.reason.first }
          : { kind: 'turn' },
  hold: truck.hold && {
    class_key: truck.hold.classKey,
    max_percent: Math.round(truck.hold.max * 100),
    of: truck.hold.of,
    when_full: truck.hold.whenFull,
  },
  stale: truck.stale,
});

/**
 * Places the waiting rows of every line. `rows` come in line order (lineAt); `calls` are the
 * day's first calls of the lines that have a rule (line-order.repository.ts), oldest first.
 */
export function placeLines<R extends LineRow>(
  rows: readonly R[],
  rules: ReadonlyMap<number, LineRule>,
  calls: readonly LineCall[],
  now: Date,
  /** The windows of the waiting trucks' bookings (line-order.repository.ts bookedWindows). */
  booked: ReadonlyMap<number, BookedWindow> = new Map(),
): PlacedLines<R> {
  const lines = new Map<string, R[]>();
  for (const row of rows) {
    if (!isWaitingState(row.flowEngineId, row.state)) continue;
    const key = lineKey(row);
    const line = lines.get(key);
    if (line) line.push(row);
    else lines.set(key, [row]);
  }
  const callsOf = new Map<string, LineCall[]>();
  for (const call of calls) {
    const key = lineKey(call);
    const list = callsOf.get(key);
    if (list) list.push(call);
    else callsOf.set(key, [call]);
  }

  const places = new Map<number, Placed>();
  const next = new Map<string, R>();
  const ordered = new Map<string, R[]>();
  for (const [key, line] of lines) {
    const rule = rules.get(line[0]!.branchQueueTypeId) ?? null;
    let order: R[];
    if (!rule) {
      // First come, first served: the line as it stands.
      order = line;
      line.forEach((row, i) =>
        places.set(row.id, {
          position: i + 1,
          why: { kind: 'turn' },
          hold: null,
          stale: false,
          next: false,
          line: key,
          orderClass: '',
        }),
      );
    } else {
      const dayCalls = callsOf.get(key) ?? [];
      const expected = expectedTonnes(rule, dayCalls);
      const tonnes: Record<string, number> = {};
      for (const call of dayCalls) {
        const classKey = classOfCall(rule, call);
        tonnes[classKey] = (tonnes[classKey] ?? 0) + (call.netTonnes ?? expected(classKey));
      }
      const byId = new Map(line.map((row) => [row.id, row]));
      const waiting = line.map((row): WaitingTruck => ({
        id: row.id,
        lineAt: row.lineAt,
        classKey: classOf(rule, row),
        cutAt: row.cutAt,
        admitted: row.admittedAt !== null,
        expectedTonnes: expected(classOf(rule, row)),
      }));
      const placed = orderLine(
        orderRuleOf(rule),
        waiting,
        { calls: dayCalls.map((c) => classOfCall(rule, c)), tonnes },
        now,
      );
      order = placed.map((truck) => byId.get(truck.id)!);
      for (const truck of placed)
        places.set(truck.id, {
          ...placeOf(truck),
          next: false,
          line: key,
          orderClass: classOf(rule, byId.get(truck.id)!),
        });
    }
    // A truck in its turn that stands where its booking put it (at the window's opening, not its
    // arrival) says so: "booked 06:00-10:00".
    for (const row of order) {
      const place = places.get(row.id)!;
      const window = row.bookingId === null ? undefined : booked.get(row.bookingId);
      if (place.why.kind === 'turn' && window && row.lineAt.getTime() === window.startsAt.getTime())
        place.why = { kind: 'booked', window: window.window };
    }
    ordered.set(key, order);
    // A lab truck is called once its result is out: until then it keeps its place, not the call.
    const first = order.find(
      (row) =>
        places.get(row.id)!.hold === null &&
        isQueueState(row.state) &&
        nextState(row.flowEngineId, row.state, 'call') !== null,
    );
    if (first) {
      next.set(key, first);
      places.get(first.id)!.next = true;
    }
  }

  // Each line's rows go back into the slots its waiting rows had: called trucks stay where they were.
  const taken = new Map<string, number>();
  const placedRows = rows.map((row) => {
    if (!isWaitingState(row.flowEngineId, row.state)) return row;
    const key = lineKey(row);
    const i = taken.get(key) ?? 0;
    taken.set(key, i + 1);
    return ordered.get(key)![i]!;
  });
  return { rows: placedRows, places, next };
}

const HOUR = 3_600_000;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** A cap's count after one of the day's first calls: the class's amount, the line's, the share. */
export interface CapStep {
  calledAt: Date;
  part: number;
  whole: number;
  /** The class's share so far, 0-100, one decimal (the dashboard's). */
  share_percent: number;
}

/**
 * A cap's count after each of a line's day's first calls (oldest first): loads count 1, tonnes a
 * load's net weight once weighed, else its class's mean net of the day. The dashboard's use
 * (capUseOf) is its last step; the alerts find the call that took the share to their threshold.
 */
export function capSteps(rule: LineRule, cap: LineCap, dayCalls: readonly LineCall[]): CapStep[] {
  const expected = expectedTonnes(rule, dayCalls);
  let part = 0;
  let whole = 0;
  return dayCalls.map((call) => {
    const classKey = classOfCall(rule, call);
    const amount = cap.of === 'loads' ? 1 : (call.netTonnes ?? expected(classKey));
    whole += amount;
    if (classKey === cap.class_key) part += amount;
    return { calledAt: call.calledAt, part, whole, share_percent: percent(part, whole) };
  });
}

/** A line's first calls of a plant day, from the calls of its branch's lines (oldest first). */
export const dayCallsOf = (calls: readonly LineCall[], branchQueueTypeId: number, date: string) =>
  calls.filter((c) => c.branchQueueTypeId === branchQueueTypeId && c.queueDate === date);

/**
 * Each daily cap's use on a plant day (the dashboard, issue 38): the capped class's share of its
 * line's first calls so far and at the end of each clock hour that had calls; tonnes count a
 * load at its net weight once weighed, else at its class's mean net of the day. `held`: trucks
 * its cap holds now, from the placed lines (empty for another day than today).
 */
export function capUseOf(
  lines: readonly { id: number; name: string; rule: LineRule }[],
  date: string,
  calls: readonly LineCall[],
  places: ReadonlyMap<number, Placed>,
): CapUse[] {
  return lines.flatMap((line) => {
    const dayCalls = dayCallsOf(calls, line.id, date);
    return line.rule.caps.map((cap): CapUse => {
      const steps = capSteps(line.rule, cap, dayCalls);
      const hours: CapUse['hours'] = [];
      for (const [i, step] of steps.entries()) {
        const hourEnd = Math.floor(step.calledAt.getTime() / HOUR) * HOUR + HOUR;
        const nextStep = steps[i + 1];
        if (!nextStep || nextStep.calledAt.getTime() >= hourEnd)
          hours.push({ at: new Date(hourEnd).toISOString(), share_percent: step.share_percent });
      }
      const last = steps.at(-1);
      const part = last?.part ?? 0;
      const whole = last?.whole ?? 0;
      const key = lineKey({ branchQueueTypeId: line.id, queueDate: date });
      const held = [...places.values()].filter(
        (p) => p.line === key && p.hold?.class_key === cap.class_key,
      ).length;
      return {
        queue_type_id: line.id,
        queue_type_name: line.name,
        class_key: cap.class_key,
        class_name: line.rule.classes.find((c) => c.key === cap.class_key)?.name ?? cap.class_key,
        max_percent: cap.max_percent,
        of: cap.of,
        when_full: cap.when_full,
        share_percent: percent(part, whole),
        class_amount: Math.round(part * 10) / 10,
        total_amount: Math.round(whole * 10) / 10,
        held,
        hours,
      };
    });
  });
}
