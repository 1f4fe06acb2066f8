import type { Reason, YardSettingsWire } from '@truck-queue/shared/contracts/yard.contract';
import { ISSUED_STATE, isQueueState } from '@truck-queue/shared/queue/queue-machine';
import {
  DEFAULT_YARD_SETTINGS,
  isBranchLanguage,
  NO_SHOW_POLICIES,
  REASON_KINDS,
  type ReasonKind,
  type YardSettings,
} from '@truck-queue/shared/queue/yard-rules';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Executor, QueueRepository } from '../queue/queue.repository.ts';
import type { YardRepository } from './yard.repository.ts';

/** What no event announced (a restore, a hand edit in the database) holds at most this long. */
const SETTINGS_MAX_AGE_MS = 60_000;

const kindOf = (kind: string): ReasonKind =>
  (REASON_KINDS as readonly string[]).includes(kind) ? (kind as ReasonKind) : 'void';
type ReasonRow = { id: number; kind: string; name: string; active: boolean; sort: number };
const toReason = (r: ReasonRow, queueTypes: ReadonlyMap<number, number[]>): Reason => ({
  ...r,
  kind: kindOf(r.kind),
  queue_type_ids: queueTypes.get(r.id) ?? [],
});
const toWire = (s: YardSettings): YardSettingsWire => ({
  no_show_after_recalls: s.noShowAfterRecalls,
  no_show_policy: s.noShowPolicy,
  day_start_minutes: s.dayStartMinutes,
  calendar: s.calendar,
  calendar_all_languages: s.calendarAllLanguages,
  language: s.language,
  remember_default: s.rememberDefault,
  mask_plates: s.maskPlates,
  prefer_browser_voice: s.preferBrowserVoice,
  season_start: s.seasonStart,
  season_finish: s.seasonFinish,
  province: s.province,
});

/** The yard's rules (reason lists, no-show rule, day start, calendar) and a ticket's history. */
export function createYardService(deps: {
  repo: YardRepository;
  queues: QueueRepository;
  db: Executor;
  events: EventHub;
  clock: Clock;
}) {
  const { repo, queues, db } = deps;
  /**
   * Every change and every calendar reads the branch's rules (the day start above all): held in
   * memory, dropped when an admin saves them (`referenceChanged`, on every instance).
   */
  const held = createBranchMemo<YardSettings>({
    clock: deps.clock,
    maxAgeMs: SETTINGS_MAX_AGE_MS,
    maxKeys: 1,
  });
  deps.events.subscribe('referenceChanged', ({ branchId }) => held.drop(branchId));

  function settings(branchId: number): Promise<YardSettings> {
    return held.get(branchId, 'settings', () => readSettings(branchId));
  }

  async function readSettings(branchId: number): Promise<YardSettings> {
    const row = await repo.settings(branchId);
    if (!row) return DEFAULT_YARD_SETTINGS;
    const policy = NO_SHOW_POLICIES.find((p) => p === row.noShowPolicy) ?? DEFAULT_YARD_SETTINGS.noShowPolicy;
    return {
      noShowAfterRecalls: row.noShowAfterRecalls,
      noShowPolicy: policy,
      dayStartMinutes: row.dayStartMinutes,
      calendar: row.calendar,
      calendarAllLanguages: row.calendarAllLanguages,
      language: isBranchLanguage(row.language) ? row.language : DEFAULT_YARD_SETTINGS.language,
      rememberDefault: row.rememberDefault,
      maskPlates: row.maskPlates,
      preferBrowserVoice: row.preferBrowserVoice,
      seasonStart: row.seasonStart,
      seasonFinish: row.seasonFinish,
      province: row.province,
    };
  }

  return {
    settings,
    queueTypes: (branchId: number) => repo.queueTypes(branchId),

    /** What the calling page's dialogs offer: active reasons, the no-show rule, the queue types. */
    async rules(auth: AuthContext) {
      const [reasons, narrowed, rule, types] = await Promise.all([
        repo.reasons(auth.branchId),
        repo.reasonQueueTypes(auth.branchId),
        settings(auth.branchId),
        repo.queueTypes(auth.branchId),
      ]);
      return {
        reasons: reasons.filter((r) => r.active).map((r) => toReason(r, narrowed)),
        settings: toWire(rule),
        queue_types: types,
      };
    },

    async adminView(auth: AuthContext) {
      const [reasons, narrowed, rule] = await Promise.all([
        repo.reasons(auth.branchId),
        repo.reasonQueueTypes(auth.branchId),
        settings(auth.branchId),
      ]);
      return { reasons: reasons.map((r) => toReason(r, narrowed)), settings: toWire(rule) };
    },

    /**
     * Adds or edits a reason; `queue_type_ids` narrows it to those queue types of the branch
     * (empty: every one; left out: a new one applies to all, an edited one keeps its own).
     */
    async saveReason(
      auth: AuthContext,
      input: {
        id?: number | undefined;
        kind: ReasonKind;
        name: string;
        active: boolean;
        sort: number;
        queue_type_ids?: number[] | undefined;
      },
    ): Promise<Reason> {
      const values = { kind: input.kind, name: input.name, active: input.active, sort: input.sort };
      if (input.queue_type_ids) await repo.assertBranchQueueTypes(auth.branchId, input.queue_type_ids);
      try {
        const row = await repo.saveReason(auth.branchId, input.id, values, input.queue_type_ids);
        if (!row) throw notFound('The reason');
        return toReason(row, await repo.reasonQueueTypes(auth.branchId));
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`The ${input.kind} list already has "${input.name}".`, 'NAME_TAKEN');
        throw error;
      }
    },

    async saveSettings(
      auth: AuthContext,
      input: Pick<YardSettingsWire, 'no_show_after_recalls' | 'no_show_policy'> &
        Partial<Omit<YardSettingsWire, 'no_show_after_recalls' | 'no_show_policy'>>,
    ): Promise<YardSettingsWire> {
      const before = await settings(auth.branchId);
      const next: YardSettings = {
        noShowAfterRecalls: input.no_show_after_recalls,
        noShowPolicy: input.no_show_policy,
        dayStartMinutes: input.day_start_minutes ?? before.dayStartMinutes,
        calendar: input.calendar ?? before.calendar,
        calendarAllLanguages: input.calendar_all_languages ?? before.calendarAllLanguages,
        language: input.language ?? before.language,
        rememberDefault: input.remember_default ?? before.rememberDefault,
        maskPlates: input.mask_plates ?? before.maskPlates,
        preferBrowserVoice: input.prefer_browser_voice ?? before.preferBrowserVoice,
        seasonStart: input.season_start ?? before.seasonStart,
        seasonFinish: input.season_finish ?? before.seasonFinish,
        province: input.province === undefined ? before.province : input.province,
      };
      await repo.saveSettings(auth.branchId, next);
      // What every instance holds of them goes.
      deps.events.publish('referenceChanged', { branchId: auth.branchId });
      // Every screen of the branch (officers' pages, its displays and kiosks, drivers' pages)
      // writes dates in its calendar, counts days from its day start and masks plates or not:
      // they learn it now. Displays also learn which voice the branch prefers, kiosks the plant's
      // province (its provinces listed first).
      if (
        next.calendar !== before.calendar ||
        next.calendarAllLanguages !== before.calendarAllLanguages ||
        next.language !== before.language ||
        next.dayStartMinutes !== before.dayStartMinutes ||
        next.maskPlates !== before.maskPlates ||
        next.preferBrowserVoice !== before.preferBrowserVoice ||
        next.seasonStart !== before.seasonStart ||
        next.seasonFinish !== before.seasonFinish ||
        next.province !== before.province
      )
        deps.events.publish('branchChanged', { branchId: auth.branchId });
      return toWire(next);
    },

    /** A ticket's every transition, by its uuid, in the officer's branch. */
    async history(auth: AuthContext, uuid: string) {
      const queue = await queues.findByUuid(db, auth.branchId, uuid);
      if (!queue) throw notFound('The queue');
      const rows = await queues.history(db, auth.branchId, queue.id);
      const state = (s: string | null) => (s !== null && isQueueState(s) ? s : null);
      return {
        queue: {
          uuid: queue.uuid,
          queue_number: queue.queueNumber,
          previous_number: queue.previousNumber,
          truck_license: queue.truckLicense,
          queue_type_name: queue.queueTypeName,
          queue_state: state(queue.state) ?? ISSUED_STATE,
        },
        history: rows.map((r) => ({
          at: r.at.toISOString(),
          action: r.action,
          from_state: state(r.fromState),
          to_state: state(r.toState) ?? ISSUED_STATE,
          station_name: r.stationName,
          officer_name: r.officerName,
          device_name: r.deviceName,
          reason_name: r.reasonName,
          note: r.note,
          from_number: r.fromNumber,
          to_number: r.toNumber,
          lab: r.lab,
        })),
      };
    },
  };
}

export type YardService = ReturnType<typeof createYardService>;
