import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { etaAccuracy, type EtaAccuracy, type EtaReading } from '@truck-queue/shared/queue/eta-accuracy';
import {
  FLOW_ENGINE,
  ISSUED_STATE,
  isWaitingState,
  VOIDED_STATE,
} from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEventHub } from '../../lib/event-hub.ts';
import {
  createEtaBacktestRepository,
  type StoredChange,
  type StoredTicket,
} from './eta-backtest.repository.ts';
import { createEtaService, type EtaQueueType } from './eta.service.ts';
import { createReplayedPlays } from './replayed-plays.ts';
import type { LineCall } from './line-order.repository.ts';
import { createLineOrderRepository } from './line-order.repository.ts';
import { lineKey, placeLines, type LineRow } from './line-order.ts';

/**
 * The expected wait replayed on a branch's stored days (issue 40, "Measured honestly"): every
 * ticket of the period that was called is read at its issue and again at each first call of
 * another truck of its queue type before its own (the moments its line moved, when its page is
 * pushed its place), and each reading asks the real ETA service (eta.service.ts) what it would
 * have answered then: its clock set to the moment, the truck's trucks-ahead counted as the
 * driver's page counts them (branch-cards.ts: the waiting trucks of its type and plant day
 * before it in its line's order, placeLines) on the tickets as they stood, rebuilt from their
 * history rows. The readings then go to shared/queue/eta-accuracy.ts, as the simulator's do.
 *
 * Each replayed change is announced (`queueChanged`) to the replay's ETA service as the queue
 * service announces it live, so the service plays a line again where it would have.
 *
 * Rebuilt as they stood: state, lab times, exit, weighings, a manager's admission, a requeue's
 * new place and a transfer's queue type follow the history rows. What the rows do not keep is
 * taken as it is now: a truck's class in its line's rule, the rule itself, and where a requeued
 * truck stood before its requeue (its issue time).
 */

/** A reading, with the truck, the moment and the trucks ahead it was read with. */
export interface BacktestReading extends EtaReading {
  queueId: number;
  at: Date;
  ahead: number;
}

export interface EtaBacktest {
  branchId: number;
  from: string;
  to: string;
  /** The period's called tickets read (each once at its issue). */
  trucks: number;
  readings: BacktestReading[];
  accuracy: EtaAccuracy;
}

/** A ticket as it stood at the replay's moment. */
interface Replayed extends LineRow {
  branchId: number;
  created: Date;
  labStart: Date | null;
  labFinish: Date | null;
  exitAt: Date | null;
  weighInAt: Date | null;
  weighOutAt: Date | null;
  /** Its first call so far. */
  calledAt: Date | null;
  /** Its first call in the end (the stored one): readings stop there. */
  firstCall: Date | null;
  /** Null while its queue type is not known (before a transfer whose old number names no type). */
  typeId: number | null;
  /** Whether it is a ticket of the period, read for its wait. */
  measured: boolean;
  stored: StoredTicket;
  /** The line it waits in now, if it waits. */
  waitingIn: string | null;
}

const FLOW_NAMES = new Map<number, string>(Object.entries(FLOW_ENGINE).map(([name, id]) => [id, name]));
export const flowName = (flowEngineId: number) => FLOW_NAMES.get(flowEngineId) ?? `flow ${flowEngineId}`;

/** A clock the replay sets to each moment (the ETA service reads `now` from it). */
class ReplayClock implements Clock {
  at = new Date(0);
  now = () => new Date(this.at);
  monotonicMs = () => this.at.getTime();
}

/** The queue type a number was issued under: the branch's type whose prefix it starts with (the longest). */
function typeOfNumber(
  number: string | null,
  types: readonly { id: number; prefix: string }[],
): number | null {
  if (!number) return null;
  const matches = types.filter(
    (t) => number.startsWith(t.prefix) && /^\d+$/.test(number.slice(t.prefix.length)),
  );
  matches.sort((a, b) => b.prefix.length - a.prefix.length);
  return matches[0]?.id ?? null;
}

/**
 * Replays the branch's tickets of plant days `from`–`to` (YYYY-MM-DD) against its ETA service.
 * `timeScale`: a simulator's database, its day run that many times faster (ETA_TIME_SCALE): the
 * service reads it so, and the waits are in its minutes.
 */
export async function backtestEta(
  db: Db,
  branchId: number,
  from: string,
  to: string,
  timeScale = 1,
): Promise<EtaBacktest> {
  const repo = createEtaBacktestRepository(db);
  const [{ tickets, changes }, types, rules] = await Promise.all([
    repo.period(branchId, from, to),
    repo.queueTypes(branchId),
    createLineOrderRepository(db).rules(branchId),
  ]);
  const clock = new ReplayClock();
  // Each replayed change is announced as the queue service announces it: the ETA service drops
  // what it played of the type, as it does live.
  const events = createEventHub();
  // How its earlier plays fared: the replay's own readings at issue, as the live server stored them.
  const played = createReplayedPlays();
  const eta = createEtaService({
    playedAt: played.playedAt,
    db,
    clock,
    events,
    ruleOf: (_, typeId) => Promise.resolve(rules.get(typeId) ?? null),
    // Every moment is played as it stood, however fast the replay runs.
    playSpacing: 0,
    timeScale,
  });

  const byId = new Map<number, Replayed>();
  const transfers = new Map<number, StoredChange[]>();
  const requeued = new Set<number>();
  const flowOfTicket = new Map(tickets.map((t) => [t.id, t.flowEngineId]));
  for (const change of changes) {
    if (change.action === 'transfer') {
      const list = transfers.get(change.queueId);
      if (list) list.push(change);
      else transfers.set(change.queueId, [change]);
    }
    const flow = flowOfTicket.get(change.queueId);
    if (change.action === 'no_show' && flow !== undefined && isWaitingState(flow, change.toState))
      requeued.add(change.queueId);
  }
  for (const stored of tickets) {
    const firstTransfer = transfers.get(stored.id)?.[0];
    byId.set(stored.id, {
      ...stored,
      state: '',
      // Before a requeue it stood where its issue put it.
      lineAt: requeued.has(stored.id) ? stored.created : stored.lineAt,
      labStart: null,
      labFinish: null,
      exitAt: null,
      weighInAt: null,
      weighOutAt: null,
      admittedAt: null,
      calledAt: null,
      firstCall: stored.calledAt,
      typeId: firstTransfer ? typeOfNumber(firstTransfer.fromNumber, types) : stored.branchQueueTypeId,
      measured: stored.queueDate >= from && stored.queueDate <= to,
      stored,
      waitingIn: null,
    });
  }

  // The lines as they stand: each line's waiting tickets, and each line's first calls so far.
  const waiting = new Map<string, { typeId: number; trucks: Set<Replayed> }>();
  const called = new Map<string, Replayed[]>();
  const keyOf = (t: Replayed) => lineKey({ branchQueueTypeId: t.typeId!, queueDate: t.queueDate });
  function place(t: Replayed) {
    const was = t.waitingIn === null ? undefined : waiting.get(t.waitingIn);
    was?.trucks.delete(t);
    if (was?.trucks.size === 0) waiting.delete(t.waitingIn!);
    t.waitingIn = null;
    if (t.typeId === null || t.exitAt !== null || !isWaitingState(t.flowEngineId, t.state)) return;
    t.branchQueueTypeId = t.typeId;
    t.waitingIn = keyOf(t);
    const line = waiting.get(t.waitingIn);
    if (line) line.trucks.add(t);
    else waiting.set(t.waitingIn, { typeId: t.typeId, trucks: new Set([t]) });
  }

  /** One history row: what it changed of the ticket as the replay holds it. */
  function apply(
    t: Replayed,
    change: { action: string; toState: string; at: Date; toNumber: string | null; order: number },
  ) {
    const fromState = t.state === '' ? null : t.state;
    const typeBefore = t.typeId;
    t.state = change.toState;
    const at = change.at;
    switch (change.action) {
      case 'accept':
        t.labStart = at;
        t.labFinish = null;
        break;
      case 'complete':
        t.labFinish = at;
        break;
      case 'call':
        if (t.calledAt === null && t.typeId !== null) {
          t.calledAt = at;
          const key = keyOf(t);
          const calls = called.get(key);
          if (calls) calls.push(t);
          else called.set(key, [t]);
        }
        break;
      case 'weigh_in':
        t.weighInAt = at;
        break;
      case 'weigh_out':
      case 'weigh_out_early':
      case 'weigh_out_stored_tare':
        t.weighOutAt = at;
        break;
      case 'exit':
      case 'exit_unfinished':
        t.exitAt = at;
        break;
      case 'admit':
        t.admittedAt = at;
        break;
      case 'no_show':
        if (isWaitingState(t.flowEngineId, t.state)) t.lineAt = at;
        break;
      case 'transfer':
        t.typeId =
          typeOfNumber(change.toNumber, types) ??
          (change.toNumber === t.stored.queueNumber ? t.stored.branchQueueTypeId : null);
        break;
    }
    place(t);
    if (t.typeId === null) return;
    events.publish('queueChanged', {
      transitionId: change.order,
      at: change.at,
      branchId: t.branchId,
      queueId: t.id,
      queueUuid: t.uuid,
      queueNumber: t.queueNumber,
      branchQueueTypeId: t.typeId,
      ...(typeBefore !== null && typeBefore !== t.typeId ? { previousQueueTypeId: typeBefore } : {}),
      queueTypeName: '',
      action: change.action,
      fromState,
      toState: t.state,
      stationId: null,
      stationName: null,
    });
  }

  // Every ticket appears at its issue (whatever history rows it has), then its rows follow.
  const timeline = [
    ...[...byId.values()].map((t) => ({
      t,
      at: t.created,
      order: -1,
      action: 'issue',
      toState: ISSUED_STATE,
      toNumber: null,
    })),
    ...changes
      .filter((c) => c.action !== 'issue' && byId.has(c.queueId))
      .map((c) => ({
        t: byId.get(c.queueId)!,
        at: c.at,
        order: c.id,
        action: c.action,
        toState: c.toState,
        toNumber: c.toNumber,
      })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);

  // The moments readings are taken: each measured ticket's issue, each first call of its type.
  const moments = new Map<number, { issued: Replayed[]; calls: Replayed[] }>();
  const momentAt = (at: Date) => {
    let moment = moments.get(at.getTime());
    if (!moment) moments.set(at.getTime(), (moment = { issued: [], calls: [] }));
    return moment;
  };
  for (const t of byId.values()) {
    if (t.measured && t.firstCall) momentAt(t.created).issued.push(t);
    if (t.firstCall) momentAt(t.firstCall).calls.push(t);
  }

  const readings: BacktestReading[] = [];
  let next = 0;
  for (const at of [...moments.keys()].sort((a, b) => a - b)) {
    const moment = moments.get(at)!;
    while (next < timeline.length && timeline[next]!.at.getTime() <= at) {
      const step = timeline[next++]!;
      apply(step.t, step);
    }
    const now = new Date(at);
    // The trucks read now: the new ones at their issue, and those waiting in the lines that moved.
    const read = new Map<Replayed, boolean>();
    for (const t of moment.issued) if (t.waitingIn !== null) read.set(t, true);
    const movedTypes = new Set(moment.calls.map((t) => t.typeId));
    for (const line of waiting.values()) {
      if (!movedTypes.has(line.typeId)) continue;
      for (const t of line.trucks)
        if (
          t.measured &&
          t.firstCall &&
          t.firstCall.getTime() > at &&
          t.created.getTime() < at &&
          !read.has(t)
        )
          read.set(t, false);
    }
    if (read.size === 0) continue;
    const ahead = aheadIn(new Set([...read.keys()].map((t) => t.waitingIn!)), now);
    clock.at = now;
    const kinds: EtaQueueType[] = [...read.keys()].map((t) => ({
      branchId: t.branchId,
      branchQueueTypeId: t.branchQueueTypeId,
      flowEngineId: t.flowEngineId,
    }));
    const estimate = await eta.reader(kinds);
    for (const [t, atIssue] of read) {
      const before = ahead.get(t)!;
      const { wait, play } = estimate(t, before);
      if (atIssue && play) played.add(t.branchQueueTypeId, now, t.firstCall!, play);
      readings.push({
        queueId: t.id,
        at: now,
        ahead: before,
        flow: flowName(t.flowEngineId),
        atIssue,
        range: wait,
        waitedMin: ((t.firstCall!.getTime() - at) / 60_000) * timeScale,
      });
    }
  }

  /** Each waiting truck's trucks ahead in these lines, as branch-cards.ts counts them for the driver's page. */
  function aheadIn(keys: Set<string>, now: Date): Map<Replayed, number> {
    const ahead = new Map<Replayed, number>();
    for (const key of keys) {
      const rows = [...waiting.get(key)!.trucks].sort(
        (a, b) =>
          a.lineAt.getTime() - b.lineAt.getTime() || a.created.getTime() - b.created.getTime() || a.id - b.id,
      );
      const rule: LineRule | undefined = rules.get(rows[0]!.branchQueueTypeId);
      const calls = rule ? (called.get(key) ?? []).filter((c) => c.state !== VOIDED_STATE).map(lineCall) : [];
      const placed = placeLines(rows, rules, calls, now);
      placed.rows.forEach((row, i) => ahead.set(row, i));
    }
    return ahead;
  }

  /** A call as the line's rule counts it: its class, and its net tonnes once weighed in and out. */
  function lineCall(t: Replayed): LineCall {
    const weighed =
      t.weighInAt !== null &&
      t.weighOutAt !== null &&
      t.stored.weighInKg !== null &&
      t.stored.weighOutKg !== null;
    return {
      branchQueueTypeId: t.branchQueueTypeId,
      queueDate: t.queueDate,
      orderClass: t.orderClass,
      productId: t.productId,
      calledClass: t.stored.calledClass,
      netTonnes: weighed ? Math.abs(Number(t.stored.weighInKg) - Number(t.stored.weighOutKg)) / 1000 : null,
      calledAt: t.calledAt!,
    };
  }

  const trucks = [...byId.values()].filter((t) => t.measured && t.firstCall).length;
  return { branchId, from, to, trucks, readings, accuracy: etaAccuracy(readings) };
}
