import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnnouncementOutcome } from '@truck-queue/shared/contracts/socket-events';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  callAnnouncements,
  callReannouncements,
  deviceQueueTypes,
  devices,
  queueTransitions,
  queueTypes,
  queues,
  stations,
} from '../../db/schema.ts';

/** The actions a display announces: a call, and a recheck (a call back to a station). */
const ANNOUNCED = ['call', 'recheck'];

/** The proof that calls were heard: displays' reports, officers' re-announcements, last seen. */
export function createAnnouncementsRepository(db: Db) {
  return {
    /**
     * Whether this display was sent this announcement: the transition is a call or recheck of a
     * queue of the display's branch and of a queue type it shows, and the attempt is the call (0)
     * or one of its re-announcements.
     */
    async wasSent(deviceId: number, transitionId: number, attempt: number): Promise<boolean> {
      const rows = await db
        .select({ id: queueTransitions.id })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .innerJoin(devices, and(eq(devices.id, deviceId), eq(devices.branchId, queues.branchId)))
        .innerJoin(
          deviceQueueTypes,
          and(
            eq(deviceQueueTypes.deviceId, devices.id),
            eq(deviceQueueTypes.branchQueueTypeId, queues.branchQueueTypeId),
          ),
        )
        .where(and(eq(queueTransitions.id, transitionId), inArray(queueTransitions.action, ANNOUNCED)))
        .limit(1);
      if (rows.length === 0) return false;
      if (attempt === 0) return true;
      const again = await db
        .select({ id: callReannouncements.id })
        .from(callReannouncements)
        .where(and(eq(callReannouncements.id, attempt), eq(callReannouncements.transitionId, transitionId)));
      return again.length > 0;
    },

    /** One display's report of one announcement; a later report of the same replaces it. */
    async saveReport(row: {
      transitionId: number;
      deviceId: number;
      attempt: number;
      outcome: AnnouncementOutcome;
      reason: string | null;
      playedAt: Date;
      reportedAt: Date;
    }): Promise<void> {
      await db
        .insert(callAnnouncements)
        .values(row)
        .onConflictDoUpdate({
          target: [callAnnouncements.transitionId, callAnnouncements.deviceId, callAnnouncements.attempt],
          set: {
            outcome: row.outcome,
            reason: row.reason,
            playedAt: row.playedAt,
            reportedAt: row.reportedAt,
          },
        });
    },

    /** Stamps the display's last contact, unless it was stamped less than `gapMs` before. */
    async stampSeen(deviceId: number, at: Date, gapMs: number): Promise<void> {
      await db
        .update(devices)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(devices.id, deviceId),
            or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, new Date(at.getTime() - gapMs))),
          ),
        );
    },

    /** Each of these queues' latest call or recheck, among the branch's queues of these queue types. */
    latestCalls(branchId: number, queueIds: number[], branchQueueTypeIds: number[]) {
      return db
        .selectDistinctOn([queueTransitions.queueId], {
          queueId: queueTransitions.queueId,
          callId: queueTransitions.id,
          branchQueueTypeId: queues.branchQueueTypeId,
          created: queueTransitions.created,
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .where(
          and(
            inArray(queueTransitions.queueId, queueIds),
            eq(queues.branchId, branchId),
            inArray(queues.branchQueueTypeId, branchQueueTypeIds),
            inArray(queueTransitions.action, ANNOUNCED),
          ),
        )
        .orderBy(queueTransitions.queueId, desc(queueTransitions.id));
    },

    /** Each call's latest re-announcement and when it was made (calls never re-announced are missing). */
    async latestAttempts(callIds: number[]): Promise<Map<number, { attempt: number; created: Date }>> {
      if (callIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([callReannouncements.transitionId], {
          callId: callReannouncements.transitionId,
          attempt: callReannouncements.id,
          created: callReannouncements.created,
        })
        .from(callReannouncements)
        .where(inArray(callReannouncements.transitionId, callIds))
        .orderBy(callReannouncements.transitionId, desc(callReannouncements.id));
      return new Map(rows.map((r) => [r.callId, { attempt: r.attempt, created: r.created }]));
    },

    reportsOf(callIds: number[]) {
      if (callIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          callId: callAnnouncements.transitionId,
          deviceId: callAnnouncements.deviceId,
          attempt: callAnnouncements.attempt,
          outcome: callAnnouncements.outcome,
          reason: callAnnouncements.reason,
          playedAt: callAnnouncements.playedAt,
        })
        .from(callAnnouncements)
        .where(inArray(callAnnouncements.transitionId, callIds));
    },

    /** The branch's registered (verified) displays that show any of these queue types, by name. */
    async displaysShowing(branchId: number, branchQueueTypeIds: number[]) {
      if (branchQueueTypeIds.length === 0) return [];
      const rows = await db
        .select({
          id: devices.id,
          uuid: devices.uuid,
          name: devices.name,
          lastSeenAt: devices.lastSeenAt,
          verifiedDate: devices.verifiedDate,
          queueTypeId: deviceQueueTypes.branchQueueTypeId,
        })
        .from(devices)
        .innerJoin(deviceQueueTypes, eq(deviceQueueTypes.deviceId, devices.id))
        .where(
          and(
            eq(devices.branchId, branchId),
            eq(devices.kind, 'display'),
            eq(devices.active, true),
            isNotNull(devices.verifiedDate),
            isNotNull(devices.deviceId),
            inArray(deviceQueueTypes.branchQueueTypeId, branchQueueTypeIds),
          ),
        )
        .orderBy(devices.name, devices.id);
      const byId = new Map<
        number,
        {
          id: number;
          uuid: string;
          name: string;
          lastSeenAt: Date | null;
          verifiedDate: Date | null;
          queueTypeIds: number[];
        }
      >();
      for (const { queueTypeId, ...row } of rows) {
        const known = byId.get(row.id) ?? { ...row, queueTypeIds: [] };
        known.queueTypeIds.push(queueTypeId);
        byId.set(row.id, known);
      }
      return [...byId.values()];
    },

    /** When these displays were last seen. */
    async lastSeen(deviceIds: number[]): Promise<Map<number, Date | null>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db
        .select({ id: devices.id, lastSeenAt: devices.lastSeenAt })
        .from(devices)
        .where(inArray(devices.id, deviceIds));
      return new Map(rows.map((r) => [r.id, r.lastSeenAt]));
    },

    /** Each display's latest report, with the number it was of. */
    lastReports(deviceIds: number[]) {
      if (deviceIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([callAnnouncements.deviceId], {
          deviceId: callAnnouncements.deviceId,
          queueNumber: queues.queueNumber,
          outcome: callAnnouncements.outcome,
          reason: callAnnouncements.reason,
          playedAt: callAnnouncements.playedAt,
        })
        .from(callAnnouncements)
        .innerJoin(queueTransitions, eq(queueTransitions.id, callAnnouncements.transitionId))
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .where(inArray(callAnnouncements.deviceId, deviceIds))
        .orderBy(callAnnouncements.deviceId, desc(callAnnouncements.reportedAt), desc(callAnnouncements.id));
    },

    /** A call or recheck of the branch, as displays announce it. */
    async findCall(branchId: number, callId: number) {
      const rows = await db
        .select({
          id: queueTransitions.id,
          queueId: queues.id,
          branchQueueTypeId: queues.branchQueueTypeId,
          queueNumber: queues.queueNumber,
          queueTypeName: queueTypes.name,
          stationId: stations.id,
          stationName: stations.name,
          action: queueTransitions.action,
          created: queueTransitions.created,
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .innerJoin(stations, eq(stations.id, queueTransitions.stationId))
        .where(
          and(
            eq(queueTransitions.id, callId),
            eq(queues.branchId, branchId),
            inArray(queueTransitions.action, ANNOUNCED),
            sql`${queues.voidedAt} is null`,
          ),
        );
      return rows[0] ?? null;
    },

    /** A re-announcement: its id is the attempt the displays announce and report. */
    async insertReannouncement(callId: number, officerId: number, at: Date): Promise<number> {
      const [row] = await db
        .insert(callReannouncements)
        .values({ transitionId: callId, officerId, created: at })
        .returning({ id: callReannouncements.id });
      return row!.id;
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
