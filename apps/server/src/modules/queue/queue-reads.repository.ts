import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  notInArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  CLOSED_STATES,
  ENDED_STATES,
  STATION_STATES,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  flowEngines,
  flowStates,
  officerQueueTypes,
  officerStations,
  queues,
  queueTransitions,
  queueTypes,
  stations,
  stationStates,
} from '../../db/schema.ts';
import {
  lineOrder,
  notVoided,
  selectQueueView,
  selectTrucks,
  type Executor,
  type QueueView,
  type TruckFound,
} from './queue.repository.ts';

/**
 * A truck inside the plant: not out of the gate, its ticket neither voided nor cancelled, and
 * issued on `sinceDate` or later (PlantCalendar.insideSince: an older ticket no longer counts).
 * The branches page (reports/branches-overview.repository.ts) applies it with each branch's own
 * day, from a joined column.
 */
export const inside = (sinceDate: string | Placeholder | SQL) =>
  and(isNull(queues.exitAt), notInArray(queues.state, ENDED_STATES), gte(queues.queueDate, sinceDate));

/** The counters' day lists read again for the tickets that changed (day-lists.ts); all without. */
const onlyTickets = (uuids: readonly string[] | undefined) =>
  uuids ? anyOf(queues.uuid, uuids, 'uuid') : undefined;

/**
 * What the screens read of the queues, outside any transaction: the calling cards and flow
 * report, the station lists of the day, the driver's page, the TV board, and what an officer
 * may call. The queue's writes, and the reads they lock, are in queue.repository.ts.
 */
export function createQueueReadsRepository(db: Db) {
  // Built once, the reads made most often at the peak (drizzle builds a query's SQL anew each time).
  const insideByNumberBuilt = selectTrucks(db)
    .where(
      and(
        eq(queues.branchId, sql.placeholder('branchId')),
        eq(queues.queueNumber, sql.placeholder('queueNumber')),
        inside(sql.placeholder('sinceDate')),
      ),
    )
    .orderBy(asc(queues.created))
    .limit(20)
    .prepare('inside_by_number');
  const ticketSinceBuilt = selectQueueView(db)
    .where(
      and(eq(queues.uuid, sql.placeholder('uuid')), gte(queues.queueDate, sql.placeholder('oldestDate'))),
    )
    .prepare('ticket_since');
  return {
    /**
     * The branch's active queue types with their flow, by prefix: all of them (`officerId`
     * null), or only those assigned to the officer.
     */
    queueTypesCalledBy(branchId: number, officerId: number | null) {
      const assigned =
        officerId === null
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(officerQueueTypes)
                .where(
                  and(
                    eq(officerQueueTypes.officerId, officerId),
                    eq(officerQueueTypes.branchQueueTypeId, branchQueueTypes.id),
                  ),
                ),
            );
      return db
        .select({
          id: branchQueueTypes.id,
          uuid: branchQueueTypes.uuid,
          name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
          flowEngineUuid: flowEngines.uuid,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .innerJoin(flowEngines, eq(flowEngines.id, queueTypes.flowEngineId))
        .where(and(eq(branchQueueTypes.branchId, branchId), eq(branchQueueTypes.active, true), assigned))
        .orderBy(branchQueueTypes.prefix);
    },

    /**
     * The branch's active stations, once per station state (of STATION_STATES) each handles,
     * by name: all of them (`officerId` null), or only those assigned to the officer.
     */
    stationStatesCalledTo(branchId: number, officerId: number | null) {
      const assigned =
        officerId === null
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(officerStations)
                .where(
                  and(eq(officerStations.officerId, officerId), eq(officerStations.stationId, stations.id)),
                ),
            );
      return db
        .select({
          id: stations.id,
          name: stations.name,
          flowEngineId: flowStates.flowEngineId,
          state: flowStates.state,
        })
        .from(stations)
        .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
        .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
        .where(
          and(
            eq(stations.branchId, branchId),
            eq(stations.active, true),
            inArray(flowStates.state, STATION_STATES),
            assigned,
          ),
        )
        .orderBy(stations.name);
    },

    /**
     * Every queue of the branch inside (issued since `sinceDate`) and still waiting or called,
     * in their line's order: the calling cards' snapshot (branch-cards.ts), which each officer's
     * answer cuts to their queue types.
     */
    openQueuesOfBranch(branchId: number, sinceDate: string): Promise<QueueView[]> {
      return selectQueueView(db)
        .where(and(eq(queues.branchId, branchId), inside(sinceDate), notInArray(queues.state, CLOSED_STATES)))
        .orderBy(...lineOrder);
    },

    /** How many trucks are inside the branch now: the dashboard's "in progress". */
    async countInside(branchId: number, sinceDate: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(queues)
        .where(and(eq(queues.branchId, branchId), inside(sinceDate)));
      return row?.n ?? 0;
    },

    /**
     * Every queue of these types issued on a plant day but the voided ones, oldest first; with
     * `insideSince` (the day is today), also the trucks of earlier days still inside.
     */
    queuesOfDay(
      branchId: number,
      branchQueueTypeIds: number[],
      queueDate: string,
      insideSince?: string,
    ): Promise<QueueView[]> {
      const ofDay = and(eq(queues.queueDate, queueDate), notVoided);
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, branchId),
            inArray(queues.branchQueueTypeId, branchQueueTypeIds),
            insideSince === undefined
              ? ofDay
              : or(ofDay, and(lt(queues.queueDate, queueDate), inside(insideSince))),
          ),
        )
        .orderBy(asc(queues.created));
    },

    /**
     * The lab's list: samples received in [start, end), and samples of trucks inside (issued
     * since `sinceDate`) still waiting for their result whenever they came; newest first. A
     * queue number narrows the list.
     */
    labSamples(
      branchId: number,
      [start, end]: [Date, Date],
      sinceDate: string,
      queueNumber: string | undefined,
      uuids?: readonly string[],
    ): Promise<QueueView[]> {
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, branchId),
            notVoided,
            or(
              and(gte(queues.labStart, start), lt(queues.labStart, end)),
              and(isNotNull(queues.labStart), isNull(queues.labFinish), inside(sinceDate)),
            ),
            queueNumber ? eq(queues.queueNumber, queueNumber) : undefined,
            onlyTickets(uuids),
          ),
        )
        .orderBy(desc(queues.labStart));
    },

    /** Trucks that left the plant in [start, end), newest first. */
    exitsBetween(
      branchId: number,
      [start, end]: [Date, Date],
      uuids?: readonly string[],
    ): Promise<QueueView[]> {
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, branchId),
            gte(queues.exitAt, start),
            lt(queues.exitAt, end),
            onlyTickets(uuids),
          ),
        )
        .orderBy(desc(queues.exitAt));
    },

    /**
     * The weighbridge's list: trucks weighed in or out in [start, end), and trucks inside (issued
     * since `sinceDate`) weighed in and not yet out whenever they came; by weigh-in, newest first.
     */
    weighings(
      branchId: number,
      [start, end]: [Date, Date],
      sinceDate: string,
      uuids?: readonly string[],
    ): Promise<QueueView[]> {
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, branchId),
            notVoided,
            or(
              and(gte(queues.weighInAt, start), lt(queues.weighInAt, end)),
              and(gte(queues.weighOutAt, start), lt(queues.weighOutAt, end)),
              and(isNotNull(queues.weighInAt), isNull(queues.weighOutAt), inside(sinceDate)),
            ),
            onlyTickets(uuids),
          ),
        )
        .orderBy(desc(queues.weighInAt));
    },

    /** The trucks inside (issued since `sinceDate`) that hold a number, oldest first. */
    insideByNumber(branchId: number, queueNumber: string, sinceDate: string): Promise<TruckFound[]> {
      return insideByNumberBuilt.execute({ branchId, queueNumber, sinceDate });
    },

    /** A ticket by its uuid, if it was issued on `oldestDate` or later. */
    async findTicketSince(uuid: string, oldestDate: string): Promise<QueueView | null> {
      const [row] = await ticketSinceBuilt.execute({ uuid, oldestDate });
      return row ?? null;
    },

    /**
     * Trucks of the ticket's type and day ahead of it in the line's order (lineOrder), still
     * inside and in one of `states`. `executor`: a transaction (issuing keeps the count with
     * the ticket it writes).
     */
    async countAhead(
      ticket: Pick<QueueView, 'id' | 'branchQueueTypeId' | 'queueDate' | 'lineAt' | 'created'>,
      states: QueueState[],
      executor: Executor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(queues)
        .where(
          and(
            eq(queues.branchQueueTypeId, ticket.branchQueueTypeId),
            eq(queues.queueDate, ticket.queueDate),
            sql`(${queues.lineAt}, ${queues.created}, ${queues.id}) < (${ticket.lineAt.toISOString()}::timestamptz, ${ticket.created.toISOString()}::timestamptz, ${ticket.id})`,
            isNull(queues.exitAt),
            inArray(queues.state, states),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Calls and rechecks of these queue types made since `since`, of tickets issued on
     * `sinceDate` or later, newest first.
     */
    callsSince(branchId: number, branchQueueTypeIds: number[], sinceDate: string, since: Date) {
      return db
        .select({
          id: queueTransitions.id,
          queue_id: queues.id,
          queue_number: queues.queueNumber,
          queue_type_name: queueTypes.name,
          station_id: stations.id,
          station_name: stations.name,
          action: queueTransitions.action,
          called: queueTransitions.created,
          licence: queues.truckLicense,
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .innerJoin(stations, eq(stations.id, queueTransitions.stationId))
        .where(
          and(
            eq(queues.branchId, branchId),
            gte(queues.queueDate, sinceDate),
            inArray(queues.branchQueueTypeId, branchQueueTypeIds),
            notVoided,
            inArray(queueTransitions.action, ['call', 'recheck']),
            gte(queueTransitions.created, since),
          ),
        )
        .orderBy(desc(queueTransitions.id));
    },

    /**
     * The branch's distinct licences of tickets issued since `since` (voided ones aside) whose
     * plate key (plateSearchKey: however the plate was typed) starts with, or holds, `key`,
     * the most recently issued first. An empty key matches every licence.
     */
    async recentLicences(
      branchId: number,
      since: Date,
      key: string,
      match: 'prefix' | 'contains',
      limit: number,
    ): Promise<string[]> {
      const position = sql`strpos(${queues.plateKey}, ${key})`;
      const rows = await db
        .select({ licence: queues.truckLicense })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            gte(queues.created, since),
            notVoided,
            key === '' ? undefined : match === 'prefix' ? sql`${position} = 1` : sql`${position} > 0`,
          ),
        )
        .groupBy(queues.truckLicense)
        .orderBy(desc(max(queues.created)), desc(max(queues.id)))
        .limit(limit);
      return rows.map((row) => row.licence);
    },
  };
}

export type QueueReadsRepository = ReturnType<typeof createQueueReadsRepository>;
