import { and, asc, eq, gte } from 'drizzle-orm';
import { ISSUED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../db/database.ts';
import { etaReadings, queues } from '../db/schema.ts';
import { systemClock } from '../lib/clock.ts';
import { createEventHub } from '../lib/event-hub.ts';
import { createEtaService } from '../modules/queue/eta.service.ts';
import { createReplayedPlays } from '../modules/queue/replayed-plays.ts';

/** Rows per INSERT. */
const CHUNK = 1000;

type Ticket = {
  id: number;
  uuid: string;
  queueNumber: string;
  branchQueueTypeId: number;
  flowEngineId: number;
  queueDate: string;
  lineAt: Date;
  created: Date;
  calledAt: Date | null;
  finishedAt: Date | null;
  rejectedAt: Date | null;
  voidedAt: Date | null;
  exitAt: Date | null;
};

/** Still in its line at `at`: issued, not called, not out (the driver's page's "waiting"). */
const waitingAt = (t: Ticket, at: Date) =>
  t.created <= at &&
  !(t.calledAt && t.calledAt <= at) &&
  ![t.finishedAt, t.rejectedAt, t.voidedAt, t.exitAt].some((stamp) => stamp && stamp <= at);

/**
 * What the demo's drivers were shown at each ticket's issue (eta_readings, issue 40), so the
 * admins' accuracy page has its week to show. The history is written in one go after it is
 * played (history-writer.ts), so nothing was read while it was played: each ticket's range is
 * read now, by the real expected wait (eta.service.ts) on a clock set to its issue, from the
 * stored times as they stood then (line-inputs.ts reads only what was stamped by that moment):
 * what the live server would have shown. The trucks ahead are counted as the driver's page
 * counts them (the waiting trucks of its queue type and plant day before it in line order).
 *
 * Only the tickets of plant days from `sinceDay` on: each reading reads its line and, every
 * ten minutes of the history, the type's past times, some five statements a ticket; the
 * fortnight's would add as long again as the history itself takes to play to the demo's start.
 */
export async function seedDemoEtaReadings(
  db: Db,
  options: { branchId: number; types: readonly { id: number; flowEngineId: number }[]; sinceDay: string },
): Promise<number> {
  const { branchId, types, sinceDay } = options;
  const flowOf = new Map(types.map((type) => [type.id, type.flowEngineId]));
  const rows = await db
    .select({
      id: queues.id,
      uuid: queues.uuid,
      queueNumber: queues.queueNumber,
      branchQueueTypeId: queues.branchQueueTypeId,
      queueDate: queues.queueDate,
      lineAt: queues.lineAt,
      created: queues.created,
      calledAt: queues.calledAt,
      finishedAt: queues.finishedAt,
      rejectedAt: queues.rejectedAt,
      voidedAt: queues.voidedAt,
      exitAt: queues.exitAt,
    })
    .from(queues)
    .where(and(eq(queues.branchId, branchId), gte(queues.queueDate, sinceDay)))
    .orderBy(asc(queues.created), asc(queues.id));
  const tickets: Ticket[] = rows
    .filter((row) => flowOf.has(row.branchQueueTypeId))
    .map((row) => ({ ...row, flowEngineId: flowOf.get(row.branchQueueTypeId)! }));

  // Each queue type's line is played on its own (its forecast reads only its own tickets): the
  // types are read side by side, each with its own clock, hub and estimator.
  const byType = new Map<number, Ticket[]>();
  for (const ticket of tickets) {
    const line = byType.get(ticket.branchQueueTypeId);
    if (line) line.push(ticket);
    else byType.set(ticket.branchQueueTypeId, [ticket]);
  }
  const readings = (
    await Promise.all([...byType.values()].map((line) => readLine(db, branchId, line)))
  ).flat();
  for (let i = 0; i < readings.length; i += CHUNK)
    await db.insert(etaReadings).values(readings.slice(i, i + CHUNK));
  return readings.length;
}

/** The readings of one queue type's tickets, each at its issue. */
async function readLine(db: Db, branchId: number, line: readonly Ticket[]) {
  const clock = { at: new Date(0), now: () => clock.at, monotonicMs: () => systemClock.monotonicMs() };
  // Its own hub: each issue drops its line's last play, as the live server's event does.
  const events = createEventHub();
  // Each moment played as it stood, however fast the demo's days are replayed.
  // How its earlier plays fared: the readings are written after the fortnight is read.
  const played = createReplayedPlays();
  const eta = createEtaService({ db, clock, events, playSpacing: 0, playedAt: played.playedAt });
  const readings: (typeof etaReadings.$inferInsert)[] = [];
  for (const ticket of line) {
    // A desk that called the truck the moment it was issued (a free station, nobody before it)
    // stamped its call with the issue's own instant; a live server reads the ticket's wait a
    // moment after the issue and before any call. Read then a moment before, when the truck was
    // not in the line yet: the wait of a truck issued now, by its place.
    const calledAtOnce = ticket.calledAt !== null && ticket.calledAt.getTime() <= ticket.created.getTime();
    clock.at = calledAtOnce ? new Date(ticket.created.getTime() - 1) : ticket.created;
    events.publish('queueChanged', {
      transitionId: 0,
      at: ticket.created,
      branchId,
      queueId: ticket.id,
      queueUuid: ticket.uuid,
      queueNumber: ticket.queueNumber,
      branchQueueTypeId: ticket.branchQueueTypeId,
      queueTypeName: '',
      action: 'issue',
      fromState: null,
      toState: ISSUED_STATE,
      stationId: null,
      stationName: null,
    });
    const ahead = line.filter(
      (other) =>
        other !== ticket &&
        other.queueDate === ticket.queueDate &&
        (other.lineAt < ticket.lineAt ||
          (other.lineAt.getTime() === ticket.lineAt.getTime() && other.id < ticket.id)) &&
        waitingAt(other, ticket.created),
    ).length;
    const { wait, play } = await eta.readingOf(
      {
        ...(calledAtOnce ? {} : { id: ticket.id }),
        branchId,
        branchQueueTypeId: ticket.branchQueueTypeId,
        flowEngineId: ticket.flowEngineId,
      },
      ahead,
    );
    readings.push({
      queueId: ticket.id,
      branchId,
      branchQueueTypeId: ticket.branchQueueTypeId,
      readAt: ticket.created,
      lowMinutes: wait?.low ?? null,
      highMinutes: wait?.high ?? null,
      ahead,
      playLowMinutes: play?.low ?? null,
      playMidMinutes: play?.mid ?? null,
      playHighMinutes: play?.high ?? null,
    });
    if (play && ticket.calledAt) played.add(ticket.branchQueueTypeId, clock.at, ticket.calledAt, play);
  }
  return readings;
}
