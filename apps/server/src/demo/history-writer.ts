import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decide, type QueueCommand } from '@truck-queue/shared/queue/decide';
import { isQueueState, type QueueState } from '@truck-queue/shared/queue/queue-machine';
import { plateSearchKey } from '@truck-queue/shared/licence';
import type { Db } from '../db/database.ts';
import { queueCounters, queues, queueTransitions } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { PlantDays } from '../lib/plant-days.ts';
import { createQueueRepository } from '../modules/queue/queue.repository.ts';
import { changeRecords, issuedQueue, issueTransition, type Actor } from '../modules/queue/queue-records.ts';
import type { IssueInput } from '../modules/queue/queue.service.ts';

/** What plays the demo's history: the queue service itself, or the bulk writer below. */
export interface HistoryPlayer {
  issue(branchId: number, input: IssueInput, actor: Actor): Promise<{ id: number }>;
  change(branchId: number, queueId: number, command: QueueCommand, actor: Actor): Promise<unknown>;
}

type QueueRow = typeof queues.$inferInsert & { id: number; flowEngineId: number };
type TransitionRow = typeof queueTransitions.$inferInsert & { id: number };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 1000;

function stateOf(value: string | null | undefined): QueueState | null {
  if (value === null || value === undefined) return null;
  if (!isQueueState(value)) throw new Error(`The demo history reached an unknown state ${value}.`);
  return value;
}

/**
 * The demo's history in bulk. The queue service writes each command in its own transaction
 * (a lock, a check, an update, an audit row and the daily roll-up's trigger: about ten
 * statements); a fortnight of a plant is thousands of them, most of a minute on the embedded
 * database. This writer gives each command the same rules and the same rows (`decide` and
 * queue-records.ts, as the service does), keeps them in memory, and writes them at the end in a
 * few multi-row INSERTs. It trusts its caller as the service trusts nobody: one writer, an
 * empty plant, reasons and products from the branch's own lists (demo-data.ts), no transfers.
 * demo-data.test.ts plays the same days both ways and compares every row.
 */
export async function createHistoryWriter(deps: { db: Db; days: PlantDays; clock: Clock }) {
  const { db, days, clock } = deps;
  const repo = createQueueRepository(db);
  const {
    rows: [last],
  } = await db.execute<{ queue_id: string; transition_id: string }>(sql`
    select (select coalesce(max(id), 0) from ${queues}) as queue_id,
           (select coalesce(max(id), 0) from ${queueTransitions}) as transition_id`);
  let lastQueueId = Number(last?.queue_id ?? 0);
  let lastTransitionId = Number(last?.transition_id ?? 0);
  const rows = new Map<number, QueueRow>();
  const transitions: TransitionRow[] = [];
  const counters = new Map<string, { branchQueueTypeId: number; queueDate: string; lastSeq: number }>();
  const types = new Map<number, { id: number; prefix: string; flowEngineId: number }>();

  async function typeOf(branchId: number, branchQueueTypeId: number) {
    let type = types.get(branchQueueTypeId);
    if (!type) {
      const found = await repo.findQueueType(db, branchId, branchQueueTypeId);
      if (!found) throw new Error(`The demo history has no queue type ${branchQueueTypeId}.`);
      types.set(branchQueueTypeId, (type = found));
    }
    return type;
  }

  function nextSeq(branchQueueTypeId: number, queueDate: string): number {
    const key = `${branchQueueTypeId}:${queueDate}`;
    const counter = counters.get(key) ?? { branchQueueTypeId, queueDate, lastSeq: 0 };
    counter.lastSeq += 1;
    counters.set(key, counter);
    return counter.lastSeq;
  }

  function audit(transition: typeof queueTransitions.$inferInsert): void {
    transitions.push({ ...transition, id: ++lastTransitionId });
  }

  const player: HistoryPlayer = {
    async issue(branchId, input, actor) {
      const now = clock.now();
      const calendar = await days.calendar(branchId);
      const type = await typeOf(branchId, input.branchQueueTypeId);
      const queueDate = calendar.dayOf(now);
      const values = issuedQueue({
        branchId,
        type,
        productId: input.productId,
        truckLicense: input.truckLicense,
        plateKey: plateSearchKey(input.truckLicense),
        queueDate,
        seq: nextSeq(type.id, queueDate),
        actor,
        now,
      });
      const id = ++lastQueueId;
      rows.set(id, { ...values, id, uuid: randomUUID(), flowEngineId: type.flowEngineId });
      audit({ ...issueTransition(actor, now), queueId: id });
      return { id };
    },

    change(_branchId, queueId, command, actor) {
      const now = clock.now();
      const row = rows.get(queueId);
      if (!row) throw new Error(`The demo history has no queue ${queueId}.`);
      const current = {
        id: row.id,
        queueNumber: row.queueNumber,
        flowEngineId: row.flowEngineId,
        branchQueueTypeId: row.branchQueueTypeId,
        state: stateOf(row.state)!,
        calledAt: row.calledAt ?? null,
        lastCalledAt: row.lastCalledAt ?? null,
        recallCount: row.recallCount ?? 0,
        calledFrom: stateOf(row.calledFrom),
        exitAt: row.exitAt ?? null,
        weighInAt: row.weighInAt ?? null,
        weighOutAt: row.weighOutAt ?? null,
      };
      const decision = decide(current, command, now);
      if (!decision.ok) throw new Error(`The demo history broke a rule: ${decision.message}`);
      if (decision.stamps.branchQueueTypeId) throw new Error('The demo history does not transfer tickets.');
      const { update, transition } = changeRecords(current, decision, actor, now, null);
      Object.assign(row, update);
      audit(transition);
      return Promise.resolve();
    },
  };

  return {
    player,
    /** Tickets issued so far. */
    get issued() {
      return rows.size;
    },
    /** Writes everything played: tickets, audit rows, running numbers; the roll-up by its trigger. */
    async flush(): Promise<void> {
      const queueRows = [...rows.values()].map(({ flowEngineId: _flow, ...row }) => row);
      for (let i = 0; i < queueRows.length; i += CHUNK) {
        await db.insert(queues).values(queueRows.slice(i, i + CHUNK));
      }
      for (let i = 0; i < transitions.length; i += CHUNK) {
        await db.insert(queueTransitions).values(transitions.slice(i, i + CHUNK));
      }
      if (counters.size > 0) await db.insert(queueCounters).values([...counters.values()]);
      // The ids were given here: the sequences go on from the last one.
      await db.execute(
        sql`select setval(pg_get_serial_sequence('queues', 'id'), greatest(${lastQueueId}, 1), ${lastQueueId > 0})`,
      );
      await db.execute(
        sql`select setval(pg_get_serial_sequence('queue_transitions', 'id'), greatest(${lastTransitionId}, 1), ${lastTransitionId > 0})`,
      );
      rows.clear();
      transitions.length = 0;
      counters.clear();
    },
  };
}
