import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AlertKind } from '@truck-queue/shared/alerts/alert-rules';
import { CALLED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import {
  alertDeliveries,
  alertRules,
  alertSubscriptions,
  alerts,
  branchQueueTypes,
  devices,
  flowStates,
  officerAlertSettings,
  officers,
  queues,
  queueTypes,
  stations,
  stationStates,
} from '../../db/schema.ts';

const officerName = sql<string>`trim(concat_ws(' ', ${officers.name}, ${officers.lastname}))`;

export type RuleRecord = Awaited<ReturnType<AlertsRepository['rules']>>[number];
export type AlertRecord = Awaited<ReturnType<AlertsRepository['openAlerts']>>[number];

/** A subject past its rule's threshold, as the evaluator found it. */
export interface Finding {
  subject: string;
  queueId?: number;
  stationId?: number;
  deviceId?: number;
  health?: string;
  /** cap_near: the line, the capped class and its share of the day (percent). */
  branchQueueTypeId?: number;
  classKey?: string;
  sharePercent?: number;
  since: Date;
}

/** Alerts written per insert: a rule's first look may match a whole night's yard. */
const RAISE_CHUNK = 500;

export function createAlertsRepository(db: Db) {
  /** The line an alert is about: a cap's, or its truck's. */
  const lineOfAlert = sql<number | null>`coalesce(${alerts.branchQueueTypeId}, ${queues.branchQueueTypeId})`;
  const alertColumns = {
    id: alerts.id,
    branchId: alerts.branchId,
    ruleId: alerts.ruleId,
    kind: alertRules.kind,
    urgent: alertRules.urgent,
    thresholdMinutes: alertRules.thresholdMinutes,
    thresholdPercent: alertRules.thresholdPercent,
    repeatMinutes: alertRules.repeatMinutes,
    ruleQueueTypeId: alertRules.branchQueueTypeId,
    subject: alerts.subject,
    queueId: alerts.queueId,
    queueUuid: queues.uuid,
    queueNumber: queues.queueNumber,
    truckLicense: queues.truckLicense,
    queueTypeId: lineOfAlert,
    queueTypeName: queueTypes.name,
    /** The idle station, or the station a truck was called to. */
    stationId: sql<number | null>`coalesce(${alerts.stationId}, ${queues.stationId})`,
    stationName: stations.name,
    deviceId: alerts.deviceId,
    deviceName: devices.name,
    health: alerts.health,
    classKey: alerts.classKey,
    sharePercent: alerts.sharePercent,
    /** cap_near: the class's name and its cap in the line's rule (the key when the rule lost it). */
    className: sql<
      string | null
    >`(select coalesce(max(c->>'name'), ${alerts.classKey}) from jsonb_array_elements(coalesce(${branchQueueTypes.orderRule}->'classes', '[]'::jsonb)) c where ${alerts.classKey} is not null and c->>'key' = ${alerts.classKey})`,
    maxPercent: sql<
      number | null
    >`(select max((c->>'max_percent')::int) from jsonb_array_elements(coalesce(${branchQueueTypes.orderRule}->'caps', '[]'::jsonb)) c where ${alerts.classKey} is not null and c->>'class_key' = ${alerts.classKey})`,
    since: alerts.since,
    raisedAt: alerts.raisedAt,
    notifiedAt: alerts.notifiedAt,
    rounds: alerts.rounds,
    resolvedAt: alerts.resolvedAt,
    acknowledgedAt: alerts.acknowledgedAt,
    acknowledgedBy: sql<
      string | null
    >`(select nullif(trim(concat_ws(' ', o.name, o.lastname)), '') from officers o where o.id = ${alerts.acknowledgedBy})`,
  };
  const selectAlerts = () =>
    db
      .select(alertColumns)
      .from(alerts)
      .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
      .leftJoin(queues, eq(queues.id, alerts.queueId))
      .leftJoin(branchQueueTypes, eq(branchQueueTypes.id, lineOfAlert))
      .leftJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .leftJoin(stations, eq(stations.id, sql`coalesce(${alerts.stationId}, ${queues.stationId})`))
      .leftJoin(devices, eq(devices.id, alerts.deviceId));

  const repo = {
    /** The rules of a branch (all branches: null), with their queue type's name and engine. */
    async rules(branchId: number | null, onlyActive = false) {
      return db
        .select({
          id: alertRules.id,
          branchId: alertRules.branchId,
          kind: alertRules.kind,
          branchQueueTypeId: alertRules.branchQueueTypeId,
          queueTypeName: queueTypes.name,
          thresholdMinutes: alertRules.thresholdMinutes,
          thresholdPercent: alertRules.thresholdPercent,
          repeatMinutes: alertRules.repeatMinutes,
          urgent: alertRules.urgent,
          active: alertRules.active,
        })
        .from(alertRules)
        .leftJoin(branchQueueTypes, eq(branchQueueTypes.id, alertRules.branchQueueTypeId))
        .leftJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(
            branchId === null ? undefined : eq(alertRules.branchId, branchId),
            onlyActive ? eq(alertRules.active, true) : undefined,
          ),
        )
        .orderBy(asc(alertRules.id));
    },

    async insertRule(values: typeof alertRules.$inferInsert) {
      const [row] = await db.insert(alertRules).values(values).returning({ id: alertRules.id });
      return row!.id;
    },

    async updateRule(id: number, branchId: number, values: Partial<typeof alertRules.$inferInsert>) {
      const rows = await db
        .update(alertRules)
        .set(values)
        .where(and(eq(alertRules.id, id), eq(alertRules.branchId, branchId)))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    /** Whether the queue type is one of the branch's. */
    async branchHasQueueType(branchId: number, branchQueueTypeId: number) {
      const [row] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(and(eq(branchQueueTypes.id, branchQueueTypeId), eq(branchQueueTypes.branchId, branchId)));
      return !!row;
    },

    /** The rules' subscribers, with whether each has a LINE chat linked. */
    async subscribers(ruleIds: readonly number[]) {
      if (ruleIds.length === 0) return [];
      return db
        .select({
          ruleId: alertSubscriptions.ruleId,
          officerId: alertSubscriptions.officerId,
          name: officerName,
          active: officers.active,
          roles: officers.roles,
          lineUserId: officerAlertSettings.lineUserId,
          quietStart: officerAlertSettings.quietStart,
          quietEnd: officerAlertSettings.quietEnd,
        })
        .from(alertSubscriptions)
        .innerJoin(officers, eq(officers.id, alertSubscriptions.officerId))
        .leftJoin(officerAlertSettings, eq(officerAlertSettings.officerId, alertSubscriptions.officerId))
        .where(inArray(alertSubscriptions.ruleId, [...ruleIds]))
        .orderBy(asc(officers.name));
    },

    /** An officer's queue types and stations (the calling controller's): the alerts that concern them. */
    async officerScope(officerId: number) {
      const [types, places] = await Promise.all([
        db.execute<{ id: number }>(
          sql`select branch_queue_type_id as id from officer_queue_types where officer_id = ${officerId}`,
        ),
        db.execute<{ id: number }>(
          sql`select station_id as id from officer_stations where officer_id = ${officerId}`,
        ),
      ]);
      return {
        queueTypeIds: new Set(types.rows.map((r) => Number(r.id))),
        stationIds: new Set(places.rows.map((r) => Number(r.id))),
      };
    },

    async settings(officerId: number) {
      const [row] = await db
        .select()
        .from(officerAlertSettings)
        .where(eq(officerAlertSettings.officerId, officerId));
      return row ?? null;
    },

    async saveSettings(officerId: number, values: Partial<typeof officerAlertSettings.$inferInsert>) {
      await db
        .insert(officerAlertSettings)
        .values({ officerId, ...values })
        .onConflictDoUpdate({ target: officerAlertSettings.officerId, set: values });
    },

    /** Replaces the officer's subscriptions among `ruleIds` (the rules they may choose) by `chosen`. */
    async setSubscriptions(officerId: number, ruleIds: readonly number[], chosen: readonly number[]) {
      await db.transaction(async (tx) => {
        if (ruleIds.length > 0)
          await tx
            .delete(alertSubscriptions)
            .where(
              and(
                eq(alertSubscriptions.officerId, officerId),
                inArray(alertSubscriptions.ruleId, [...ruleIds]),
              ),
            );
        if (chosen.length > 0)
          await tx.insert(alertSubscriptions).values(chosen.map((ruleId) => ({ ruleId, officerId })));
      });
    },

    /** The officer whose live link code this is (its hash), and forgets the code. */
    async linkByCode(codeHash: string, lineUserId: string, now: Date) {
      const rows = await db
        .update(officerAlertSettings)
        .set({ lineUserId, lineLinkedAt: now, linkCodeHash: null, linkCodeExpires: null, updated: now })
        .where(
          and(
            eq(officerAlertSettings.linkCodeHash, codeHash),
            gte(officerAlertSettings.linkCodeExpires, now),
          ),
        )
        .returning({ officerId: officerAlertSettings.officerId });
      return rows[0]?.officerId ?? null;
    },

    /** The officer's chat and link code are forgotten (nothing to forget: nothing written). */
    async forgetChat(officerId: number, now: Date) {
      await db
        .update(officerAlertSettings)
        .set({
          lineUserId: null,
          lineLinkedAt: null,
          linkCodeHash: null,
          linkCodeExpires: null,
          updated: now,
        })
        .where(eq(officerAlertSettings.officerId, officerId));
    },

    /** A chat that blocked the account: no officer gets alerts there any more. */
    async unlinkChat(lineUserId: string, now: Date) {
      await db
        .update(officerAlertSettings)
        .set({ lineUserId: null, lineLinkedAt: null, updated: now })
        .where(eq(officerAlertSettings.lineUserId, lineUserId));
    },

    // ---- the evaluator's reads ----

    /**
     * The branch's open trucks (not out, not voided) with their stages' starts: one read a look,
     * which every truck rule of the branch then picks from (trucksAt).
     */
    async openTrucks(branchId: number): Promise<OpenTruck[]> {
      return db
        .select({
          id: queues.id,
          state: queues.state,
          flowEngineId: queueTypes.flowEngineId,
          branchQueueTypeId: queues.branchQueueTypeId,
          queueDate: queues.queueDate,
          orderClass: queues.orderClass,
          productId: queues.productId,
          lineAt: queues.lineAt,
          labStart: queues.labStart,
          calledAt: queues.calledAt,
          lastCalledAt: queues.lastCalledAt,
          created: queues.created,
        })
        .from(queues)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(queues.branchId, branchId), isNull(queues.exitAt), isNull(queues.voidedAt)));
    },

    /** The branch's stations that take calls, with the flows whose calls they take. */
    async callStations(branchId: number) {
      const rows = await db
        .select({ id: stations.id, flowEngineId: flowStates.flowEngineId })
        .from(stations)
        .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
        .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
        .where(
          and(
            eq(stations.branchId, branchId),
            eq(stations.active, true),
            eq(stations.weighbridge, false),
            eq(flowStates.state, CALLED_STATE),
          ),
        );
      const byStation = new Map<number, Set<number>>();
      for (const r of rows) {
        const flows = byStation.get(r.id) ?? new Set<number>();
        flows.add(r.flowEngineId);
        byStation.set(r.id, flows);
      }
      return byStation;
    },

    /** Each station's latest call among the trucks issued since `since`, and whether a truck is at it now. */
    async stationCalls(branchId: number, sinceDay: string, atStationStates: readonly string[]) {
      const rows = await db
        .select({
          stationId: queues.stationId,
          lastCall: sql<Date | string | null>`max(${queues.lastCalledAt})`,
          busy: sql<boolean>`bool_or(${queues.exitAt} is null and ${inArray(queues.state, [...atStationStates])})`,
        })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            gte(queues.queueDate, sinceDay),
            sql`${queues.stationId} is not null`,
          ),
        )
        .groupBy(queues.stationId);
      return new Map(
        rows.map((r) => [
          r.stationId!,
          { lastCall: r.lastCall === null ? null : new Date(r.lastCall), busy: r.busy === true },
        ]),
      );
    },

    /** The branch's registered, active devices. */
    async devices(branchId: number) {
      return db
        .select({
          id: devices.id,
          kind: devices.kind,
          lastSeenAt: devices.lastSeenAt,
          verifiedDate: devices.verifiedDate,
          printTarget: devices.printTarget,
          printerHealth: devices.printerHealth,
          printerHealthAt: devices.printerHealthAt,
        })
        .from(devices)
        .where(
          and(
            eq(devices.branchId, branchId),
            eq(devices.active, true),
            sql`${devices.secretHash} is not null`,
          ),
        );
    },

    // ---- alerts ----

    /** Open alerts of a branch (every branch: null), the latest `limit`. */
    async openAlerts(branchId: number | null, limit: number) {
      return selectAlerts()
        .where(and(isNull(alerts.resolvedAt), branchId === null ? undefined : eq(alerts.branchId, branchId)))
        .orderBy(desc(alerts.raisedAt), desc(alerts.id))
        .limit(limit);
    },

    async alert(id: number, branchId: number) {
      const [row] = await selectAlerts().where(and(eq(alerts.id, id), eq(alerts.branchId, branchId)));
      return row ?? null;
    },

    /** Every alert raised in [from, to) of a branch, with what its count and whom it concerns need. */
    async historyFacts(branchId: number, from: Date, to: Date) {
      return db
        .select({
          kind: alertRules.kind,
          queueTypeId: lineOfAlert,
          stationId: alertColumns.stationId,
          raisedAt: alerts.raisedAt,
          acknowledgedAt: alerts.acknowledgedAt,
          resolvedAt: alerts.resolvedAt,
        })
        .from(alerts)
        .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
        .leftJoin(queues, eq(queues.id, alerts.queueId))
        .where(and(eq(alerts.branchId, branchId), gte(alerts.raisedAt, from), lt(alerts.raisedAt, to)));
    },

    /** Alerts raised in [from, to) of a branch, newest first. */
    async history(branchId: number, from: Date, to: Date, limit: number) {
      return selectAlerts()
        .where(and(eq(alerts.branchId, branchId), gte(alerts.raisedAt, from), lt(alerts.raisedAt, to)))
        .orderBy(desc(alerts.raisedAt), desc(alerts.id))
        .limit(limit);
    },

    /**
     * Raises a rule's findings at once; returns the ids of those raised here (one open already,
     * raised by another instance or an earlier look, is left as it is).
     */
    async raise(branchId: number, ruleId: number, found: readonly Finding[], now: Date) {
      const ids: number[] = [];
      for (let i = 0; i < found.length; i += RAISE_CHUNK) {
        const rows = await db
          .insert(alerts)
          .values(
            found.slice(i, i + RAISE_CHUNK).map((f) => ({
              branchId,
              ruleId,
              subject: f.subject,
              queueId: f.queueId ?? null,
              stationId: f.stationId ?? null,
              deviceId: f.deviceId ?? null,
              health: f.health ?? null,
              branchQueueTypeId: f.branchQueueTypeId ?? null,
              classKey: f.classKey ?? null,
              sharePercent: f.sharePercent ?? null,
              since: f.since,
              raisedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: alerts.id });
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    async alertsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return selectAlerts().where(inArray(alerts.id, [...ids]));
    },

    async resolve(ids: readonly number[], now: Date) {
      if (ids.length === 0) return;
      await db
        .update(alerts)
        .set({ resolvedAt: now })
        .where(and(inArray(alerts.id, [...ids]), isNull(alerts.resolvedAt)));
      await repo.dropPending(ids);
    },

    /**
     * Takes the LINE round `round` of these alerts, once: returns those whose round this
     * instance took (the update that wins sends it).
     */
    async takeRound(ids: readonly number[], round: number, now: Date) {
      if (ids.length === 0) return [];
      const rows = await db
        .update(alerts)
        .set({ rounds: round, notifiedAt: now })
        .where(and(inArray(alerts.id, [...ids]), eq(alerts.rounds, round - 1)))
        .returning({ id: alerts.id });
      return rows.map((r) => r.id);
    },

    async acknowledge(id: number, branchId: number, officerId: number, now: Date) {
      const rows = await db
        .update(alerts)
        .set({ acknowledgedAt: now, acknowledgedBy: officerId })
        .where(and(eq(alerts.id, id), eq(alerts.branchId, branchId), isNull(alerts.acknowledgedAt)))
        .returning({ id: alerts.id });
      if (rows.length > 0) await repo.dropPending([id]);
      return rows.length > 0;
    },

    /**
     * Messages of these alerts not sent yet are not sent (acknowledged or ended first); a digest
     * naming them goes still while one alert it names is open and unacknowledged.
     */
    async dropPending(alertIds: readonly number[]) {
      const ids = sql`array[${sql.join(
        alertIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`;
      await db
        .update(alertDeliveries)
        .set({ status: 'dropped' })
        .where(
          and(
            eq(alertDeliveries.status, 'pending'),
            or(inArray(alertDeliveries.alertId, [...alertIds]), sql`${alertDeliveries.covers} && ${ids}`),
            sql`not exists (select 1 from ${alerts} where ${alerts.id} = any(coalesce(${alertDeliveries.covers}, array[${alertDeliveries.alertId}])) and ${alerts.acknowledgedAt} is null and ${alerts.resolvedAt} is null)`,
          ),
        );
    },

    // ---- LINE deliveries ----

    async queueDeliveries(rows: (typeof alertDeliveries.$inferInsert)[]) {
      if (rows.length === 0) return;
      await db.insert(alertDeliveries).values(rows).onConflictDoNothing();
    },

    /** What became of an alert's messages (tests and the history's detail). */
    async deliveriesOf(alertId: number) {
      return db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, alertId))
        .orderBy(asc(alertDeliveries.id));
    },
  };
  return repo;
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
export type { AlertKind };

/** An open truck as the evaluator reads it (openTrucks). */
export interface OpenTruck {
  id: number;
  state: string;
  flowEngineId: number;
  branchQueueTypeId: number;
  queueDate: string;
  orderClass: string | null;
  productId: number | null;
  lineAt: Date;
  labStart: Date | null;
  calledAt: Date | null;
  lastCalledAt: Date | null;
  created: Date;
}

/**
 * The open trucks a rule looks at: of its line (or every line: null), in its flow's states (or
 * every state: null), each with the start of the stage it waits in (`since`).
 */
export function trucksAt(
  open: readonly OpenTruck[],
  branchQueueTypeId: number | null,
  statesOf: (flowEngineId: number) => readonly string[] | null,
  since: 'line' | 'lab' | 'call' | 'issue',
) {
  return open.flatMap((r) => {
    if (branchQueueTypeId !== null && r.branchQueueTypeId !== branchQueueTypeId) return [];
    const states = statesOf(r.flowEngineId);
    if (states !== null && !states.includes(r.state)) return [];
    const start =
      since === 'line'
        ? r.lineAt
        : since === 'lab'
          ? (r.labStart ?? r.lineAt)
          : since === 'call'
            ? (r.lastCalledAt ?? r.calledAt ?? r.lineAt)
            : r.created;
    return [
      {
        id: r.id,
        state: r.state,
        flowEngineId: r.flowEngineId,
        branchQueueTypeId: r.branchQueueTypeId,
        queueDate: r.queueDate,
        orderClass: r.orderClass,
        productId: r.productId,
        since: start,
      },
    ];
  });
}
