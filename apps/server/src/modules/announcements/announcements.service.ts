import {
  ANNOUNCE_REPORT_MS,
  type CallDisplayState,
  type CallingDisplay,
  type CallProof,
  type DisplayLive,
} from '@truck-queue/shared/contracts/announcement.contract';
import {
  AnnouncementReportSchema,
  type AnnouncementOutcome,
  type DeviceCall,
  type DisplaySound,
  type DisplaySpeech,
} from '@truck-queue/shared/contracts/socket-events';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext, DeviceContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import { createRateLimiter, RATE_LIMITS, retryAfterSeconds } from '../../lib/rate-limit.ts';
import type { CallingScope } from '../queue/calling-scope.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';

/** What a connected display last said of its sound (null fields until it says). */
export interface DisplayConnection {
  sound: DisplaySound | null;
  voice: DisplaySpeech | null;
}

/**
 * The displays' live connections (the realtime server, on every instance): the connected ones
 * among these, with what they said of their sound. Missing from the map means offline.
 */
export type DisplayConnections = (deviceIds: readonly number[]) => Promise<Map<number, DisplayConnection>>;

/** A display's own time of an outcome is kept within this much before the report (and never after it). */
export const PLAYED_AT_WINDOW_MS = 5 * 60_000;
/** A display's last contact is written at most once in this while it only reports. */
export const LAST_SEEN_GAP_MS = 60_000;
/**
 * How long a proof may serve at most, whatever happened. Every change the page shows drops it
 * at once (`announcementsChanged`, `branchCardsChanged`); this bounds what another instance
 * serves when the drop reaches it after the page asked.
 */
export const PROOF_MAX_AGE_MS = 5_000;

type Proof = { calls: CallProof[]; displays: CallingDisplay[] };

/**
 * A display's part in an announcement it has not reported (announcement.contract.ts): not sent
 * when it was registered after the announcement, offline, missed once its report is overdue
 * (it was offline then, or was given the queue type since: it will never announce it), else pending.
 */
function unreported(
  sent: Date,
  verified: Date | null,
  online: boolean,
  now: number,
): Exclude<CallDisplayState, AnnouncementOutcome> {
  if (verified !== null && verified > sent) return 'not_sent';
  if (!online) return 'offline';
  return now - sent.getTime() >= ANNOUNCE_REPORT_MS ? 'missed' : 'pending';
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Proof that a call was heard (issue 17, item 3): each display's report of each announcement,
 * the displays' status (online, last seen, sound, last announcement), and an officer's
 * re-announcement, which the displays showing its queue type announce after what they say.
 */
export function createAnnouncementsService(deps: {
  db: Db;
  events: EventHub;
  clock: Clock;
  days: PlantDays;
  scope: CallingScope;
  connections: DisplayConnections;
}) {
  const { db, events, clock, days, scope, connections } = deps;
  const repo = createAnnouncementsRepository(db);
  const reannounces = createRateLimiter(RATE_LIMITS.reannounce, { clock });
  /**
   * Proofs by the queue types and queues asked: after a call the branch's officers refetch at
   * once, and those who call the same queue types ask the same proof. One read serves them all.
   */
  const proofs = createBranchMemo<Proof>({ clock, maxAgeMs: PROOF_MAX_AGE_MS, maxKeys: 32 });
  const changed = (branchId: number) => events.publish('announcementsChanged', { branchId });
  // Local and remote alike: another instance's report, call or display.
  events.subscribe('announcementsChanged', ({ branchId }) => proofs.drop(branchId));
  events.subscribe('branchCardsChanged', ({ branchId }) => proofs.drop(branchId));
  // deviceChanged is heard on this instance only: told on to the others as announcementsChanged.
  events.subscribe('deviceChanged', ({ branchId, kind }, origin) => {
    if (kind === 'display' && !origin.remote) changed(branchId);
  });

  /** Each display's status now; offline ones keep their last seen and last announcement. */
  async function live(deviceIds: number[]): Promise<Map<number, DisplayLive>> {
    const [connected, seen, reports] = await Promise.all([
      connections(deviceIds),
      repo.lastSeen(deviceIds),
      repo.lastReports(deviceIds),
    ]);
    const lastOf = new Map(reports.map((r) => [r.deviceId, r]));
    return new Map(
      deviceIds.map((id) => {
        const connection = connected.get(id);
        const last = lastOf.get(id);
        return [
          id,
          {
            online: connection !== undefined,
            last_seen: iso(seen.get(id) ?? null),
            sound: connection?.sound ?? null,
            voice: connection?.voice ?? null,
            last_announcement: last
              ? {
                  queue_number: last.queueNumber,
                  outcome: last.outcome,
                  reason: last.reason,
                  played_at: last.playedAt.toISOString(),
                }
              : null,
          },
        ];
      }),
    );
  }

  /** The displays of these queue types with their status, and the latest calls of these queues. */
  async function readProof(branchId: number, typeIds: number[], queueIds: number[]): Promise<Proof> {
    const displays = await repo.displaysShowing(branchId, typeIds);
    const status = await live(displays.map((d) => d.id));
    const calls =
      queueIds.length === 0 || typeIds.length === 0
        ? []
        : await repo.latestCalls(branchId, queueIds, typeIds);
    const callIds = calls.map((c) => c.callId);
    const [attempts, reports] = await Promise.all([repo.latestAttempts(callIds), repo.reportsOf(callIds)]);
    const now = clock.now().getTime();
    return {
      calls: calls.map((call) => {
        const again = attempts.get(call.callId);
        const attempt = again?.attempt ?? 0;
        // When the displays were sent the announcement they report on: the call, or its latest re-announcement.
        const sent = again?.created ?? call.created;
        return {
          queue_id: call.queueId,
          call_id: call.callId,
          attempt,
          displays: displays
            .filter((d) => d.queueTypeIds.includes(call.branchQueueTypeId))
            .map((d) => {
              const report = reports.find(
                (r) => r.callId === call.callId && r.deviceId === d.id && r.attempt === attempt,
              );
              const state = report
                ? report.outcome
                : unreported(sent, d.verifiedDate, status.get(d.id)?.online ?? false, now);
              return {
                device_uuid: d.uuid,
                state,
                reason: report?.reason ?? null,
                at: iso(report?.playedAt ?? null),
              };
            }),
        };
      }),
      displays: displays.map((d) => ({
        uuid: d.uuid,
        name: d.name,
        queue_type_ids: d.queueTypeIds,
        ...status.get(d.id)!,
      })),
    };
  }

  return {
    live,

    /** The display connected or went away: its last seen is now. */
    async seen(device: DeviceContext): Promise<void> {
      try {
        await repo.stampSeen(device.deviceId, clock.now(), 0);
      } finally {
        // Online or offline changed, whether or not the stamp was written.
        changed(device.branchId);
      }
    },

    /** A connected display said its sound or speech changed. */
    statusChanged: (device: DeviceContext) => changed(device.branchId),

    /**
     * A display's `announced` report: kept (the latest per call, display and attempt) when it is
     * well formed and of an announcement this display was sent; anything else changes nothing.
     * Returns the call it was of, or null when refused.
     */
    async report(device: DeviceContext, raw: unknown): Promise<{ callId: number } | null> {
      const parsed = AnnouncementReportSchema.safeParse(raw);
      if (!parsed.success || device.kind !== 'display') return null;
      const { call_id: callId, attempt, outcome, reason, at } = parsed.data;
      if (!(await repo.wasSent(device.deviceId, callId, attempt))) return null;
      const now = clock.now();
      const said = Date.parse(at);
      const playedAt = new Date(Math.min(now.getTime(), Math.max(now.getTime() - PLAYED_AT_WINDOW_MS, said)));
      await repo.saveReport({
        transitionId: callId,
        deviceId: device.deviceId,
        attempt,
        outcome,
        reason,
        playedAt,
        reportedAt: now,
      });
      await repo.stampSeen(device.deviceId, now, LAST_SEEN_GAP_MS);
      changed(device.branchId);
      return { callId };
    },

    /**
     * `calling/announcements`: for the officer's called queues among these, each display's part
     * in the latest call; and the displays of the officer's queue types with their status.
     */
    async proof(auth: AuthContext, queueIds: number[]): Promise<Proof> {
      const typeIds = (await scope.queueTypes(auth)).map((t) => t.id).sort((x, y) => x - y);
      const ids = [...new Set(queueIds)].sort((x, y) => x - y);
      return proofs.get(auth.branchId, `${typeIds.join(',')}|${ids.join(',')}`, () =>
        readProof(auth.branchId, typeIds, ids),
      );
    },

    /**
     * `calling/reannounce`: a call of the officer's branch and queue types, of this plant day, is
     * announced again by the displays showing its queue type. Recorded (who and when) as the
     * attempt the displays report.
     */
    async reannounce(auth: AuthContext, callId: number): Promise<{ attempt: number; displays: number }> {
      const call = await repo.findCall(auth.branchId, callId);
      if (!call) throw notFound('The call');
      if (!(await scope.queueTypes(auth)).some((t) => t.id === call.branchQueueTypeId)) {
        throw forbidden(
          'You do not call this queue type (ask an admin to assign it in the calling controller).',
        );
      }
      const calendar = await days.calendar(auth.branchId);
      const [dayStart] = calendar.range(calendar.today);
      if (call.created < dayStart) {
        throw conflict(
          'This call is of an earlier plant day: call the truck again instead.',
          'CALL_EXPIRED',
          call.queueNumber,
        );
      }
      const wait = reannounces.take(`${auth.officerId}:${callId}`);
      if (wait > 0) {
        throw new AppError(
          'RATE_LIMITED',
          'This call was just announced again: wait a few seconds.',
          undefined,
          {
            retryAfterSeconds: retryAfterSeconds(wait),
          },
        );
      }
      const attempt = await repo.insertReannouncement(callId, auth.officerId, clock.now());
      changed(auth.branchId);
      const displays = (await repo.displaysShowing(auth.branchId, [call.branchQueueTypeId])).length;
      const announced: DeviceCall = {
        id: call.id,
        queue_id: call.queueId,
        queue_number: call.queueNumber,
        queue_type_name: call.queueTypeName,
        station_id: call.stationId,
        station_name: call.stationName,
        action: call.action,
        called_at: call.created.toISOString(),
        attempt,
      };
      events.publish('callReannounced', {
        branchId: auth.branchId,
        branchQueueTypeId: call.branchQueueTypeId,
        queueId: call.queueId,
        call: announced,
      });
      return { attempt, displays };
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
