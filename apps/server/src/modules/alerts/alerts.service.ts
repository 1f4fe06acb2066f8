import { performance } from 'node:perf_hooks';
import {
  alertKindTakesQueueType,
  alertSubjectOf,
  callableStates,
  inQuietHours,
  minutesOfTime,
  PRINTER_ALERT_HEALTHS,
  thaiAlertDigest,
  thaiAlertText,
  ALERT_DIGEST_FROM,
  ALERT_KINDS,
  alertKindTakesPercent,
  timeOfMinutes,
  truckAlertStates,
  type AlertKind,
} from '@truck-queue/shared/alerts/alert-rules';
import type {
  AlertRow,
  AlertRule,
  AlertSummary,
  MyAlertSettings,
} from '@truck-queue/shared/contracts/alert.contract';
import {
  QUEUE_STATES,
  isEndedState,
  STATION_STATES,
  waitingStates,
} from '@truck-queue/shared/queue/queue-machine';
import { can } from '@truck-queue/shared/roles';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { addDays, siteDate, siteInstant, siteWallClock } from '../../lib/site-time.ts';
import type { LiveConnections } from '../module-host.ts';
import type { SendOutcome } from '../notifications/channels.ts';
import { hashLinkCode, linkCodeIn, newLinkCode } from '../notifications/link-codes.ts';
import { createLineOutbox } from '../notifications/line-outbox.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import { createLineOrderRepository } from '../queue/line-order.repository.ts';
import { capSteps, capUseOf, classOf, dayCallsOf } from '../queue/line-order.ts';
import { alertDeliveries } from '../../db/schema.ts';
import {
  createAlertsRepository,
  type AlertRecord,
  trucksAt,
  type Finding,
  type RuleRecord,
} from './alerts.repository.ts';
import type { Db } from '../../db/database.ts';

/** What one look at the rules did (the simulator counts it; tests read it). */
export interface Look {
  raised: number;
  resolved: number;
  rounds: number;
}

/** LINE repeats an alert no one acknowledges at most this many times in all. */
const MAX_ROUNDS = 48;
/** How long a link code may be sent to the plant's LINE account. */
const LINK_CODE_MS = 15 * 60_000;
/** How long a claimed message is this instance's before another may try it. */
/** The most open alerts the bell lists, and the most the history lists at once. */
const OPEN_LIMIT = 200;
const HISTORY_LIMIT = 500;
/** A station's latest call is looked for among the trucks of these last days (a threshold is at most a day). */
const STATION_LOOKBACK_DAYS = 3;

/** The plant's LINE account as the alerts use it (notifications/line.ts); null without one. */
export interface AlertLine {
  pushText(lineUserId: string, text: string, retryKey: string): Promise<SendOutcome>;
  chatWith(text: string): Promise<string | null>;
}

/** The code's text in the chat: the webhook finds the code in it (an officer's, not a ticket's). */
const LINK_PREFIX = 'ALERT';
export const linkTextOf = (code: string) => `รับการแจ้งเตือน ${LINK_PREFIX}-${code}`;
const hashCode = (code: string) => hashLinkCode('alert', code);

/** The code in an officer's message ("ALERT-K7P2-QX9A", any case, spaces or full-width), or null. */
export const alertCodeIn = (text: string): string | null => linkCodeIn(LINK_PREFIX, text);

/** What the officer reads in the chat when the code links it, or not (Thai, the chat's language). */
export const ALERT_LINE_TEXT = {
  linked: 'เชื่อมต่อแล้ว คุณจะได้รับการแจ้งเตือนของโรงงานทาง LINE นี้ตามที่เลือกไว้ในหน้า "การแจ้งเตือน"',
  unknown: 'รหัสนี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณากด "เชื่อม LINE" ในหน้าการแจ้งเตือนอีกครั้ง',
};

/**
 * The manager's alerts (issue 41): the evaluator finds each active rule's subjects past their
 * threshold, raises one alert per rule and subject (any instance; the open-alert key keeps it
 * one), ends those no longer true, and sends each by LINE to its subscribers (a round now, and
 * again every `repeat` minutes while no one acknowledges it; not in a person's quiet hours unless
 * the rule is urgent). Every change tells the branch's screens (`alertsChanged`).
 */
export function createAlertsService(deps: {
  db: Db;
  background: Db;
  clock: Clock;
  events: Pick<EventHub, 'publish'>;
  live: Pick<LiveConnections, 'displayConnections' | 'connectedKiosks' | 'scaleWeights'>;
  line: AlertLine | null;
  /** Each branch's plant day (cap_near counts today's calls, as the dashboard's cap use does). */
  days: Pick<PlantDays, 'calendar'>;
  siteTimeZone: string;
  /** ALERT_TIME_SCALE: rule minutes per minute of the clock (1 in a plant; the simulator's acceleration). */
  timeScale?: number;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) {
  const { clock, events, live, line, siteTimeZone, log } = deps;
  // The officers' calls on their lane, the evaluator's reads and sends on the background one.
  const repo = createAlertsRepository(deps.db);
  const jobs = createAlertsRepository(deps.background);
  const lineOrder = createLineOrderRepository(deps.background);
  /** Devices seen offline by this instance, since when (kiosks and scales keep no last sight). */
  const offlineSince = new Map<number, Date>();

  const scale = deps.timeScale ?? 1;
  /** Whole minutes of the rules' time from `since` to `now`. */
  const minutesSince = (since: Date, now: Date) =>
    Math.floor(((now.getTime() - since.getTime()) * scale) / 60_000);

  // ---- who an alert concerns ----

  type Scope = { all: boolean; lab: boolean; queueTypeIds: Set<number>; stationIds: Set<number> };
  async function scopeOf(auth: Pick<AuthContext, 'roles' | 'officerId'>): Promise<Scope> {
    // Managers (whoever reads the reports) see every alert of the branch.
    if (can(auth.roles, 'report'))
      return { all: true, lab: true, queueTypeIds: new Set(), stationIds: new Set() };
    const { queueTypeIds, stationIds } = await repo.officerScope(auth.officerId);
    return { all: false, lab: can(auth.roles, 'lab'), queueTypeIds, stationIds };
  }
  function ruleConcerns(scope: Scope, rule: Pick<RuleRecord, 'kind' | 'branchQueueTypeId'>): boolean {
    if (scope.all) return true;
    if (rule.kind === 'in_lab') return scope.lab;
    if (alertSubjectOf(rule.kind) === 'device') return false;
    return (
      scope.queueTypeIds.size > 0 &&
      (rule.branchQueueTypeId === null || scope.queueTypeIds.has(rule.branchQueueTypeId))
    );
  }
  function alertConcerns(scope: Scope, a: Pick<AlertRecord, 'kind' | 'stationId' | 'queueTypeId'>): boolean {
    if (scope.all) return true;
    if (a.kind === 'in_lab') return scope.lab;
    if (a.kind === 'station_idle') return a.stationId !== null && scope.stationIds.has(a.stationId);
    if (a.kind === 'at_station' && a.stationId !== null && scope.stationIds.has(a.stationId)) return true;
    return a.queueTypeId !== null && scope.queueTypeIds.has(a.queueTypeId);
  }

  function summaryOf(
    facts: readonly {
      kind: AlertKind;
      raisedAt: Date;
      acknowledgedAt: Date | null;
      resolvedAt: Date | null;
    }[],
  ): AlertSummary {
    const byKind = new Map<AlertKind, number>();
    for (const a of facts) byKind.set(a.kind, (byKind.get(a.kind) ?? 0) + 1);
    const reacts = facts
      .filter((a) => a.acknowledgedAt !== null)
      .map((a) => minutesSince(a.raisedAt, a.acknowledgedAt!))
      .sort((x, y) => x - y);
    return {
      raised: facts.length,
      acknowledged: reacts.length,
      ended: facts.filter((a) => a.resolvedAt !== null).length,
      by_kind: ALERT_KINDS.filter((k) => byKind.has(k)).map((kind) => ({ kind, count: byKind.get(kind)! })),
      median_acknowledge_minutes: reacts.length ? reacts[Math.floor(reacts.length / 2)]! : null,
    };
  }

  function rowOf(a: AlertRecord): AlertRow {
    return {
      id: a.id,
      rule_id: a.ruleId,
      kind: a.kind,
      urgent: a.urgent,
      threshold_minutes: a.thresholdMinutes,
      threshold_percent: a.thresholdPercent,
      queue_uuid: a.queueUuid,
      queue_number: a.queueNumber,
      truck_license: a.truckLicense,
      queue_type_name: a.queueTypeName,
      station_name: a.stationName,
      device_name: a.deviceName,
      health: a.health,
      class_name: a.className,
      share_percent: a.sharePercent,
      max_percent: a.maxPercent,
      since: a.since.toISOString(),
      raised_at: a.raisedAt.toISOString(),
      resolved_at: a.resolvedAt?.toISOString() ?? null,
      acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
      acknowledged_by: a.acknowledgedBy,
      rounds: a.rounds,
    };
  }

  function ruleOf(r: RuleRecord) {
    return {
      id: r.id,
      kind: r.kind,
      branch_queue_type_id: r.branchQueueTypeId,
      queue_type_name: r.queueTypeName,
      threshold_minutes: r.thresholdMinutes,
      threshold_percent: r.thresholdPercent,
      repeat_minutes: r.repeatMinutes,
      urgent: r.urgent,
      active: r.active,
    };
  }

  // ---- the evaluator ----

  /**
   * What one look reads, shared by its rules: each branch's open trucks, call stations, recent
   * station calls and devices read once a look, not once a rule (at a harvest's peak a rule read
   * some 450 open trucks, and five rules read them five times a look).
   */
  function lookReads(now: Date) {
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      let promise = memo.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = read();
        memo.set(key, promise);
      }
      return promise;
    };
    return {
      trucks: async (
        branchId: number,
        branchQueueTypeId: number | null,
        statesOf: (flowEngineId: number) => readonly string[] | null,
        since: 'line' | 'lab' | 'call' | 'issue',
      ) =>
        trucksAt(
          await once(`trucks:${branchId}`, () => jobs.openTrucks(branchId)),
          branchQueueTypeId,
          statesOf,
          since,
        ),
      callStations: (branchId: number) => once(`stations:${branchId}`, () => jobs.callStations(branchId)),
      stationCalls: (branchId: number) =>
        once(`calls:${branchId}`, () =>
          jobs.stationCalls(
            branchId,
            addDays(siteDate(now, siteTimeZone), -STATION_LOOKBACK_DAYS),
            STATION_STATES,
          ),
        ),
      devices: (branchId: number) => once(`devices:${branchId}`, () => jobs.devices(branchId)),
    };
  }
  type LookReads = ReturnType<typeof lookReads>;

  /**
   * cap_near: each capped class of the rule's lines (its queue type, or every one whose rule has
   * caps) whose share of today's first calls has reached the rule's percent of its cap, while a
   * truck of the class waits in that line. Since the call that took the share there.
   */
  async function capsNear(
    rule: RuleRecord,
    percentOfCap: number,
    now: Date,
    reads: LookReads,
  ): Promise<Finding[]> {
    const lines = (await lineOrder.ruledLines(rule.branchId)).filter(
      (l) => l.rule.caps.length > 0 && (rule.branchQueueTypeId === null || l.id === rule.branchQueueTypeId),
    );
    if (lines.length === 0) return [];
    const { today } = await deps.days.calendar(rule.branchId);
    const [calls, waiting] = await Promise.all([
      lineOrder.calls(
        rule.branchId,
        lines.map((l) => l.id),
        [today],
      ),
      reads.trucks(rule.branchId, rule.branchQueueTypeId, waitingStates, 'line'),
    ]);
    const found: Finding[] = [];
    for (const use of capUseOf(lines, today, calls, new Map())) {
      const line = lines.find((l) => l.id === use.queue_type_id)!;
      const near = (share: number) => share >= (use.max_percent * percentOfCap) / 100;
      if (!near(use.share_percent)) continue;
      const classWaits = waiting.some(
        (t) =>
          t.branchQueueTypeId === line.id && t.queueDate === today && classOf(line.rule, t) === use.class_key,
      );
      if (!classWaits) continue;
      // The call that took the share to the threshold: the first of the latest run of calls at it.
      const cap = line.rule.caps.find((c) => c.class_key === use.class_key)!;
      const steps = capSteps(line.rule, cap, dayCallsOf(calls, line.id, today));
      let from = steps.length;
      while (from > 0 && near(steps[from - 1]!.share_percent)) from -= 1;
      found.push({
        subject: `cap:${line.id}:${use.class_key}`,
        branchQueueTypeId: line.id,
        classKey: use.class_key,
        sharePercent: use.share_percent,
        since: steps[from]?.calledAt ?? now,
      });
    }
    return found;
  }

  async function findings(rule: RuleRecord, now: Date, reads: LookReads): Promise<Finding[]> {
    const kind = rule.kind;
    if (alertKindTakesPercent(kind)) return capsNear(rule, rule.thresholdPercent ?? 100, now, reads);
    const due = (since: Date) => minutesSince(since, now) >= (rule.thresholdMinutes ?? 0);
    if (kind === 'waiting_call' || kind === 'in_lab' || kind === 'at_station' || kind === 'inside_plant') {
      const statesOf =
        kind === 'inside_plant'
          ? () => QUEUE_STATES.filter((s) => !isEndedState(s))
          : (flow: number) => truckAlertStates(kind, flow);
      const since = (
        { waiting_call: 'line', in_lab: 'lab', at_station: 'call', inside_plant: 'issue' } as const
      )[kind];
      const trucks = await reads.trucks(rule.branchId, rule.branchQueueTypeId, statesOf, since);
      return trucks
        .filter((t) => due(t.since))
        .map((t) => ({ subject: `queue:${t.id}`, queueId: t.id, since: t.since }));
    }
    if (kind === 'station_idle') {
      const [stations, waiting] = await Promise.all([
        reads.callStations(rule.branchId),
        reads.trucks(rule.branchId, rule.branchQueueTypeId, callableStates, 'line'),
      ]);
      if (stations.size === 0 || waiting.length === 0) return [];
      const calls = await reads.stationCalls(rule.branchId);
      const found: Finding[] = [];
      for (const [stationId, flows] of stations) {
        const mine = waiting.filter((t) => flows.has(t.flowEngineId));
        if (mine.length === 0) continue;
        const call = calls.get(stationId);
        if (call?.busy) continue;
        // Idle while trucks waited: since the later of its last call and the oldest wait it could serve.
        const oldest = new Date(Math.min(...mine.map((t) => t.since.getTime())));
        const since = call?.lastCall && call.lastCall > oldest ? call.lastCall : oldest;
        if (due(since)) found.push({ subject: `station:${stationId}`, stationId, since });
      }
      return found;
    }
    const all = await reads.devices(rule.branchId);
    if (kind === 'printer_paper') {
      return all
        .filter(
          (d) =>
            d.kind === 'printer' &&
            d.printTarget !== 'browser' &&
            d.printerHealth !== null &&
            PRINTER_ALERT_HEALTHS.includes(d.printerHealth) &&
            d.printerHealthAt !== null &&
            due(d.printerHealthAt),
        )
        .map((d) => ({
          subject: `device:${d.id}`,
          deviceId: d.id,
          health: d.printerHealth!,
          since: d.printerHealthAt!,
        }));
    }
    // device_offline: displays by their sockets, kiosks by their screens', scales by their bridges'.
    const ids = (kind: string) => all.filter((d) => d.kind === kind).map((d) => d.id);
    const [displays, kiosks, scales] = await Promise.all([
      live.displayConnections(ids('display')),
      live.connectedKiosks(ids('printer')),
      live.scaleWeights(ids('scale')),
    ]);
    const online = (id: number, kind: string) =>
      kind === 'display'
        ? displays.has(id)
        : kind === 'printer'
          ? kiosks.has(id)
          : (scales.get(id)?.state ?? 'offline') !== 'offline';
    const found: Finding[] = [];
    for (const d of all) {
      // A plate camera or tag reader keeps no connection: it posts when a truck passes.
      if (d.kind === 'reader') continue;
      if (online(d.id, d.kind)) {
        offlineSince.delete(d.id);
        continue;
      }
      if (!offlineSince.has(d.id)) offlineSince.set(d.id, now);
      const seen =
        d.lastSeenAt && d.lastSeenAt < offlineSince.get(d.id)! ? d.lastSeenAt : offlineSince.get(d.id)!;
      if (due(seen)) found.push({ subject: `device:${d.id}`, deviceId: d.id, since: seen });
    }
    return found;
  }

  const factsOf = (a: AlertRecord, now: Date) => ({
    kind: a.kind,
    minutes: minutesSince(a.since, now),
    queueNumber: a.queueNumber,
    truckLicense: a.truckLicense,
    queueTypeName: a.queueTypeName,
    stationName: a.stationName,
    deviceName: a.deviceName,
    health: a.health,
    className: a.className,
    sharePercent: a.sharePercent,
    maxPercent: a.maxPercent,
  });

  /**
   * Writes the LINE rounds due in a look to each alert's subscribers: the rounds this instance
   * takes (another instance's look may have taken one). A subscriber due more than a few alerts of
   * one rule gets one message naming them (thaiAlertDigest). Returns the rounds taken.
   */
  async function sendRounds(due: readonly { alert: AlertRecord; round: number }[], now: Date) {
    if (!line || due.length === 0) return 0;
    const taken: { alert: AlertRecord; round: number }[] = [];
    for (const round of new Set(due.map((d) => d.round))) {
      const ofRound = due.filter((d) => d.round === round);
      const ids = new Set(
        await jobs.takeRound(
          ofRound.map((d) => d.alert.id),
          round,
          now,
        ),
      );
      taken.push(...ofRound.filter((d) => ids.has(d.alert.id)));
    }
    const wall = siteWallClock(now, siteTimeZone);
    const minuteOfDay = wall.getUTCHours() * 60 + wall.getUTCMinutes();
    for (const ruleId of new Set(taken.map((d) => d.alert.ruleId))) {
      const ofRule = taken.filter((d) => d.alert.ruleId === ruleId);
      const { urgent, kind, thresholdMinutes, thresholdPercent } = ofRule[0]!.alert;
      const reachable = (await jobs.subscribers([ruleId])).filter(
        (s) =>
          s.active &&
          s.lineUserId !== null &&
          (urgent || !inQuietHours(minuteOfDay, s.quietStart, s.quietEnd)),
      );
      // Roles and assignments change after one subscribes: an alert must still concern them now
      // (a caller moved off this line no longer hears of its trucks).
      const scopes = await Promise.all(reachable.map((s) => scopeOf(s)));
      const mark = urgent ? '🚨 ' : '⚠️ ';
      const rows = reachable.flatMap((s, i) => {
        // The longest past the threshold first.
        const theirs = ofRule
          .filter((d) => alertConcerns(scopes[i]!, d.alert))
          .sort((x, y) => x.alert.since.getTime() - y.alert.since.getTime() || x.alert.id - y.alert.id);
        const row = (
          d: { alert: AlertRecord; round: number },
          text: string,
          covers: number[] | null = null,
        ) => ({
          alertId: d.alert.id,
          officerId: s.officerId,
          round: d.round,
          lineUserId: s.lineUserId!,
          text: `${mark}${text}${d.round > 1 ? ` (แจ้งครั้งที่ ${d.round})` : ''}`,
          covers,
          nextAttemptAt: now,
          created: now,
        });
        if (theirs.length < ALERT_DIGEST_FROM)
          return theirs.map((d) => row(d, thaiAlertText(factsOf(d.alert, now))));
        const facts = theirs.map((d) => factsOf(d.alert, now));
        const latest = theirs.reduce((x, y) => (y.round > x.round ? y : x));
        // A rule of every line names a line only when they all are of one.
        const types = new Set(facts.map((f) => f.queueTypeName));
        const typeName = types.size === 1 ? (facts[0]!.queueTypeName ?? null) : null;
        return [
          row(
            latest,
            thaiAlertDigest(kind, thresholdPercent ?? thresholdMinutes ?? 0, facts, typeName),
            theirs.map((d) => d.alert.id),
          ),
        ];
      });
      await jobs.queueDeliveries(rows);
    }
    return taken.length;
  }

  /**
   * One look at the active rules (of one branch, or every branch): raises, ends and repeats
   * alerts, then sends what is due. Looks on this instance follow one another, never overlap.
   */
  let looking: Promise<unknown> = Promise.resolve();
  /** What the looks have cost this instance (GET /metrics: truckqueue_alert_look_*). */
  const looks = { count: 0, seconds: 0, longestSeconds: 0 };
  function evaluate(branchId: number | null = null): Promise<Look> {
    const look = looking.then(async () => {
      const started = performance.now();
      try {
        return await lookAt(branchId);
      } finally {
        const seconds = (performance.now() - started) / 1000;
        looks.count += 1;
        looks.seconds += seconds;
        looks.longestSeconds = Math.max(looks.longestSeconds, seconds);
      }
    });
    looking = look.catch(() => undefined);
    return look;
  }

  async function lookAt(branchId: number | null): Promise<Look> {
    const now = clock.now();
    const rules = await jobs.rules(branchId);
    const active = rules.filter((r) => r.active);
    const open = await jobs.openAlerts(branchId, Number.MAX_SAFE_INTEGER);
    const changed = new Set<number>();
    let raised = 0;
    const stillTrue = new Set<number>();
    const dueRounds: { alert: AlertRecord; round: number }[] = [];
    const reads = lookReads(now);
    for (const rule of active) {
      let found: Finding[];
      try {
        found = await findings(rule, now, reads);
      } catch (error) {
        log.error({ err: error, ruleId: rule.id }, 'an alert rule could not be evaluated');
        // Leave its open alerts as they are: an error must not end them.
        for (const a of open) if (a.ruleId === rule.id) stillTrue.add(a.id);
        continue;
      }
      const openOfRule = new Map(open.filter((a) => a.ruleId === rule.id).map((a) => [a.subject, a]));
      const fresh: Finding[] = [];
      for (const f of found) {
        const existing = openOfRule.get(f.subject);
        if (existing) stillTrue.add(existing.id);
        else fresh.push(f);
      }
      const ids = await jobs.raise(rule.branchId, rule.id, fresh, now);
      if (ids.length === 0) continue;
      raised += ids.length;
      changed.add(rule.branchId);
      for (const record of await jobs.alertsByIds(ids)) {
        stillTrue.add(record.id);
        dueRounds.push({ alert: record, round: 1 });
      }
    }
    // Ended: no longer past the threshold, or its rule turned off.
    const ended = open.filter((a) => !stillTrue.has(a.id));
    await jobs.resolve(
      ended.map((a) => a.id),
      now,
    );
    for (const a of ended) changed.add(a.branchId);
    // Repeats of what no one acknowledged.
    for (const a of open) {
      if (!stillTrue.has(a.id) || a.acknowledgedAt || a.repeatMinutes === 0 || a.rounds >= MAX_ROUNDS)
        continue;
      const last = a.notifiedAt ?? a.raisedAt;
      if (minutesSince(last, now) < a.repeatMinutes) continue;
      dueRounds.push({ alert: a, round: a.rounds + 1 });
    }
    const rounds = await sendRounds(dueRounds, now);
    for (const branchId of changed) events.publish('alertsChanged', { branchId });
    await sendDue();
    return { raised, resolved: ended.length, rounds };
  }

  /** The officers' LINE messages (alert_deliveries), sent with the drivers' retries. */
  const outbox = createLineOutbox(deps.background, alertDeliveries, {
    clock,
    line,
    log,
    retryPrefix: 'alert',
    failedMessage: 'an alert could not be sent by LINE',
  });
  const sendDue = () => outbox.sendDue();

  // ---- officers' calls ----

  async function settingsOf(auth: AuthContext): Promise<MyAlertSettings> {
    const [settings, rules, scope] = await Promise.all([
      repo.settings(auth.officerId),
      repo.rules(auth.branchId, true),
      scopeOf(auth),
    ]);
    const mine = rules.filter((r) => ruleConcerns(scope, r));
    const subscribed = new Set(
      (await repo.subscribers(mine.map((r) => r.id)))
        .filter((s) => s.officerId === auth.officerId)
        .map((s) => s.ruleId),
    );
    return {
      line_configured: line !== null,
      line_linked: !!settings?.lineUserId,
      quiet_start: settings?.quietStart == null ? null : timeOfMinutes(settings.quietStart),
      quiet_end: settings?.quietEnd == null ? null : timeOfMinutes(settings.quietEnd),
      rules: mine.map((r) => ({ ...ruleOf(r), subscribed: subscribed.has(r.id) })),
    };
  }

  return {
    evaluate,
    sendDue,
    /** The looks taken so far and their time, in seconds (a copy). */
    looks: () => ({ ...looks }),

    async rules(auth: AuthContext): Promise<AlertRule[]> {
      const rules = await repo.rules(auth.branchId);
      const subscribers = await repo.subscribers(rules.map((r) => r.id));
      return rules.map((r) => ({
        ...ruleOf(r),
        subscribers: subscribers
          .filter((s) => s.ruleId === r.id && s.active)
          .map((s) => ({ officer_id: s.officerId, name: s.name, line_linked: s.lineUserId !== null })),
      }));
    },

    async saveRule(
      auth: AuthContext,
      input: {
        id?: number | undefined;
        kind: AlertKind;
        branch_queue_type_id: number | null;
        threshold_minutes: number | null;
        threshold_percent: number | null;
        repeat_minutes: number;
        urgent: boolean;
        active: boolean;
      },
    ): Promise<AlertRule> {
      const typeId = alertKindTakesQueueType(input.kind) ? input.branch_queue_type_id : null;
      if (typeId !== null && !(await repo.branchHasQueueType(auth.branchId, typeId)))
        throw notFound('The queue type');
      const values = {
        kind: input.kind,
        branchQueueTypeId: typeId,
        thresholdMinutes: input.threshold_minutes,
        thresholdPercent: input.threshold_percent,
        repeatMinutes: input.repeat_minutes,
        urgent: input.urgent,
        active: input.active,
        updated: clock.now(),
      };
      let id = input.id;
      if (id === undefined)
        id = await repo.insertRule({ ...values, branchId: auth.branchId, created: clock.now() });
      else if (!(await repo.updateRule(id, auth.branchId, values))) throw notFound('The alert rule');
      // What the rule finds (or, turned off, ends) shows at once, not at the next half minute.
      await evaluate(auth.branchId);
      const saved = (await this.rules(auth)).find((r) => r.id === id);
      if (!saved) throw notFound('The alert rule');
      return saved;
    },

    async open(auth: AuthContext): Promise<{ alerts: AlertRow[]; unacknowledged: number }> {
      const [scope, open] = await Promise.all([scopeOf(auth), repo.openAlerts(auth.branchId, 1_000)]);
      const mine = open.filter((a) => alertConcerns(scope, a));
      return {
        alerts: mine.slice(0, OPEN_LIMIT).map(rowOf),
        unacknowledged: mine.filter((a) => a.acknowledgedAt === null).length,
      };
    },

    async history(auth: AuthContext, startDay: string, finishDay: string) {
      const from = siteInstant(startDay, 0, siteTimeZone);
      const to = siteInstant(addDays(finishDay, 1), 0, siteTimeZone);
      const [scope, rows, facts] = await Promise.all([
        scopeOf(auth),
        repo.history(auth.branchId, from, to, HISTORY_LIMIT + 1),
        repo.historyFacts(auth.branchId, from, to),
      ]);
      const mine = rows.filter((a) => alertConcerns(scope, a));
      return {
        alerts: mine.slice(0, HISTORY_LIMIT).map(rowOf),
        truncated: rows.length > HISTORY_LIMIT,
        summary: summaryOf(facts.filter((a) => alertConcerns(scope, a))),
      };
    },

    async acknowledge(auth: AuthContext, id: number): Promise<AlertRow> {
      const [scope, found] = await Promise.all([scopeOf(auth), repo.alert(id, auth.branchId)]);
      if (!found || !alertConcerns(scope, found)) throw notFound('The alert');
      if (found.acknowledgedAt) throw conflict('This alert was already acknowledged.', 'ALERT_ACKNOWLEDGED');
      if (!(await repo.acknowledge(id, auth.branchId, auth.officerId, clock.now())))
        throw conflict('This alert was already acknowledged.', 'ALERT_ACKNOWLEDGED');
      events.publish('alertsChanged', { branchId: auth.branchId });
      return rowOf((await repo.alert(id, auth.branchId))!);
    },

    mySettings: settingsOf,

    async saveMySettings(
      auth: AuthContext,
      input: { quiet_start: string | null; quiet_end: string | null; subscribed_rule_ids: number[] },
    ): Promise<MyAlertSettings> {
      const current = await settingsOf(auth);
      const mayChoose = current.rules.map((r) => r.id);
      const unknown = input.subscribed_rule_ids.filter((id) => !mayChoose.includes(id));
      if (unknown.length > 0)
        throw new AppError('VALIDATION_FAILED', 'Some of the rules are not ones you may subscribe to.', [
          { path: 'subscribed_rule_ids', message: `not yours: ${unknown.join(', ')}` },
        ]);
      const quietStart = input.quiet_start === null ? null : minutesOfTime(input.quiet_start);
      const quietEnd = input.quiet_end === null ? null : minutesOfTime(input.quiet_end);
      await repo.saveSettings(auth.officerId, { quietStart, quietEnd, updated: clock.now() });
      await repo.setSubscriptions(auth.officerId, mayChoose, [...new Set(input.subscribed_rule_ids)]);
      return settingsOf(auth);
    },

    async linkLine(auth: AuthContext) {
      if (!line)
        throw conflict("The plant's LINE account is not set up on this server.", 'LINE_NOT_CONFIGURED');
      const code = newLinkCode();
      const expires = new Date(clock.now().getTime() + LINK_CODE_MS);
      await repo.saveSettings(auth.officerId, {
        linkCodeHash: hashCode(code),
        linkCodeExpires: expires,
        updated: clock.now(),
      });
      const text = linkTextOf(code);
      return {
        code: `${LINK_PREFIX}-${code}`,
        chat_url: await line.chatWith(text),
        expires_at: expires.toISOString(),
      };
    },

    async unlinkLine(auth: AuthContext): Promise<MyAlertSettings> {
      await repo.forgetChat(auth.officerId, clock.now());
      return settingsOf(auth);
    },

    /** The officers' side of the LINE chat (line.ts StaffChat). */
    staffChat: {
      async read(userId: string, text: string): Promise<string | null> {
        const code = alertCodeIn(text);
        if (code === null) return null;
        const officerId = await repo.linkByCode(hashCode(code), userId, clock.now());
        return officerId === null ? ALERT_LINE_TEXT.unknown : ALERT_LINE_TEXT.linked;
      },
      async gone(userId: string): Promise<void> {
        await repo.unlinkChat(userId, clock.now());
      },
    },

    /** What became of an alert's LINE messages (tests). */
    deliveriesOf: (alertId: number) => repo.deliveriesOf(alertId),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
