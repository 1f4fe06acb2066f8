import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_OF_ACTION, type WebhookEvent } from '@truck-queue/shared/integrations/webhooks';
import type { Db } from '../../db/database.ts';
import { goodsReceiptWire } from '../goods-receipts/goods-receipts.service.ts';
import {
  alertRules,
  alerts,
  bookings,
  branchQueueTypes,
  goodsReceipts,
  printJobs,
  products,
  queues,
  queueTransitions,
  queueTypes,
  stations,
  suppliers,
} from '../../db/schema.ts';

/**
 * What the webhooks send, read from where the product already writes it down in the same
 * transaction as the change: a ticket's audit rows, a slip's print job, a booking's row, an alert.
 * Nothing on the officers' path writes anything for the webhooks; the feed (webhook-feed.ts)
 * reads these after the fact, so an event exists exactly when its change was committed.
 */

type Executor = Pick<Db, 'select'>;

/** One event as read from its source. */
export interface SourcedEvent {
  branchId: number;
  type: WebhookEvent;
  /** Names the row it came from, once for all time ('t:<transition id>', 'p:<print job>', …). */
  source: string;
  /** What its deliveries are ordered by: the ticket ('ticket:<uuid>'), booking or alert. */
  subject: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** A source read by id: rows after `afterId` (ids as the database gave them), at most `limit`. */
export interface IdSource {
  name: string;
  /** The events it makes: a source no endpoint wants is not read. */
  types: readonly WebhookEvent[];
  read(
    executor: Executor,
    afterId: number,
    limit: number,
    /** Only these branches' rows (those with an endpoint). */
    branchIds: readonly number[],
  ): Promise<{ lastId: number; lastAt: Date | null; count: number; events: SourcedEvent[] }>;
  /** The highest id now: where a new feed starts (nothing from before its first endpoint). */
  maxId(executor: Executor): Promise<number>;
}

const kg = (value: string | null) => (value === null ? null : Number(value));

/** The ticket as an event shows it: enough to find it in the receiver's own records. */
const ticketColumns = {
  id: queues.id,
  uuid: queues.uuid,
  queueNumber: queues.queueNumber,
  licence: queues.truckLicense,
  queueType: queueTypes.name,
  product: products.name,
  supplierCode: suppliers.code,
  supplier: suppliers.name,
  weighInKg: queues.weighInKg,
  weighOutKg: queues.weighOutKg,
  bookingId: queues.bookingId,
};

function ticketOf(row: {
  id: number;
  uuid: string;
  queueNumber: string;
  licence: string;
  queueType: string;
  product: string | null;
  supplierCode: string | null;
  supplier: string | null;
  weighInKg: string | null;
  weighOutKg: string | null;
  bookingId: number | null;
}) {
  const weighIn = kg(row.weighInKg);
  const weighOut = kg(row.weighOutKg);
  return {
    id: row.id,
    uuid: row.uuid,
    queue_number: row.queueNumber,
    licence: row.licence,
    queue_type: row.queueType,
    product: row.product,
    supplier: row.supplierCode === null ? null : { code: row.supplierCode, name: row.supplier },
    booking_id: row.bookingId,
    weigh_in_kg: weighIn,
    weigh_out_kg: weighOut,
    net_kg: weighIn !== null && weighOut !== null ? Math.abs(weighIn - weighOut) : null,
  };
}

/** A ticket's changes: issued, called, the lab's result, weighed, exited (queue_transitions). */
export const transitionSource: IdSource = {
  name: 'transitions',
  types: [...new Set(Object.values(WEBHOOK_EVENT_OF_ACTION))],
  async maxId(executor) {
    const [row] = await executor
      .select({ id: sql<string | null>`max(${queueTransitions.id})` })
      .from(queueTransitions);
    return Number(row?.id ?? 0);
  },
  async read(executor, afterId, limit, branchIds) {
    const rows = await executor
      .select({
        transitionId: queueTransitions.id,
        action: queueTransitions.action,
        toState: queueTransitions.toState,
        at: queueTransitions.created,
        lab: queueTransitions.lab,
        note: queueTransitions.note,
        station: stations.name,
        branchId: queues.branchId,
        ...ticketColumns,
      })
      .from(queueTransitions)
      .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
      .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .leftJoin(products, eq(products.id, queues.productId))
      .leftJoin(suppliers, eq(suppliers.id, queues.supplierId))
      .leftJoin(stations, eq(stations.id, queueTransitions.stationId))
      .where(and(gt(queueTransitions.id, afterId), inArray(queues.branchId, [...branchIds])))
      .orderBy(asc(queueTransitions.id))
      .limit(limit);
    const events: SourcedEvent[] = [];
    for (const row of rows) {
      const type = WEBHOOK_EVENT_OF_ACTION[row.action];
      if (!type) continue;
      events.push({
        branchId: row.branchId,
        type,
        source: `t:${row.transitionId}`,
        subject: `ticket:${row.uuid}`,
        occurredAt: row.at,
        data: {
          action: row.action,
          state: row.toState,
          station: row.station,
          ...(row.lab ? { lab: row.lab } : {}),
          ...(row.note ? { note: row.note } : {}),
          ticket: ticketOf(row),
        },
      });
    }
    return {
      lastId: rows.at(-1)?.transitionId ?? afterId,
      lastAt: rows.at(-1)?.at ?? null,
      count: rows.length,
      events,
    };
  },
};

/** A ticket's slip printed (on paper or from the browser): print_jobs of kind 'slip'. */
export const slipSource: IdSource = {
  name: 'slips',
  types: ['ticket.slip'],
  async maxId(executor) {
    const [row] = await executor.select({ id: sql<string | null>`max(${printJobs.id})` }).from(printJobs);
    return Number(row?.id ?? 0);
  },
  async read(executor, afterId, limit, branchIds) {
    const rows = await executor
      .select({
        jobId: printJobs.id,
        kind: printJobs.kind,
        target: printJobs.target,
        at: printJobs.created,
        branchId: printJobs.branchId,
        ...ticketColumns,
      })
      .from(printJobs)
      .leftJoin(queues, eq(queues.id, printJobs.queueId))
      .leftJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
      .leftJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .leftJoin(products, eq(products.id, queues.productId))
      .leftJoin(suppliers, eq(suppliers.id, queues.supplierId))
      .where(and(gt(printJobs.id, afterId), inArray(printJobs.branchId, [...branchIds])))
      .orderBy(asc(printJobs.id))
      .limit(limit);
    const events: SourcedEvent[] = [];
    for (const row of rows) {
      if (row.kind !== 'slip' || row.id === null || row.uuid === null) continue;
      events.push({
        branchId: row.branchId,
        type: 'ticket.slip',
        source: `p:${row.jobId}`,
        subject: `ticket:${row.uuid}`,
        occurredAt: row.at,
        data: {
          printed_on: row.target,
          ticket: ticketOf({
            ...row,
            id: row.id,
            uuid: row.uuid,
            queueNumber: row.queueNumber ?? '',
            licence: row.licence ?? '',
            queueType: row.queueType ?? '',
          }),
        },
      });
    }
    return {
      lastId: rows.at(-1)?.jobId ?? afterId,
      lastAt: rows.at(-1)?.at ?? null,
      count: rows.length,
      events,
    };
  },
};

/** An alert raised (the manager's control room, issue 41). */
export const alertSource: IdSource = {
  name: 'alerts',
  types: ['alert.raised'],
  async maxId(executor) {
    const [row] = await executor.select({ id: sql<string | null>`max(${alerts.id})` }).from(alerts);
    return Number(row?.id ?? 0);
  },
  async read(executor, afterId, limit, branchIds) {
    const rows = await executor
      .select({
        id: alerts.id,
        branchId: alerts.branchId,
        kind: alertRules.kind,
        subject: alerts.subject,
        since: alerts.since,
        raisedAt: alerts.raisedAt,
        queueNumber: queues.queueNumber,
        station: stations.name,
        deviceId: alerts.deviceId,
        sharePercent: alerts.sharePercent,
      })
      .from(alerts)
      .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
      .leftJoin(queues, eq(queues.id, alerts.queueId))
      .leftJoin(stations, eq(stations.id, alerts.stationId))
      .where(and(gt(alerts.id, afterId), inArray(alerts.branchId, [...branchIds])))
      .orderBy(asc(alerts.id))
      .limit(limit);
    return {
      lastId: rows.at(-1)?.id ?? afterId,
      lastAt: rows.at(-1)?.raisedAt ?? null,
      count: rows.length,
      events: rows.map((row) => ({
        branchId: row.branchId,
        type: 'alert.raised' as const,
        source: `a:${row.id}`,
        subject: `alert:${row.id}`,
        occurredAt: row.raisedAt,
        data: {
          alert: {
            id: row.id,
            kind: row.kind,
            about: row.subject,
            since: row.since.toISOString(),
            queue_number: row.queueNumber,
            station: row.station,
            device_id: row.deviceId,
            share_percent: row.sharePercent,
          },
        },
      })),
    };
  },
};

/**
 * A booking made, checked in or cancelled, read by the time of its latest change (a booking's
 * row changes in place): the feed reads a window of time, and each change is one source.
 */
export async function bookingChanges(
  executor: Executor,
  since: Date,
  branchIds: readonly number[],
): Promise<SourcedEvent[]> {
  if (branchIds.length === 0) return [];
  const changed = sql`greatest(${bookings.created}, ${bookings.checkedInAt}, ${bookings.cancelledAt})`;
  const rows = await executor
    .select({
      id: bookings.id,
      branchId: bookings.branchId,
      code: bookings.code,
      status: bookings.status,
      day: bookings.day,
      windowStart: bookings.windowStart,
      windowEnd: bookings.windowEnd,
      licence: bookings.licence,
      created: bookings.created,
      checkedInAt: bookings.checkedInAt,
      cancelledAt: bookings.cancelledAt,
      supplierCode: suppliers.code,
      supplier: suppliers.name,
      product: products.name,
      reissueOf: bookings.reissueOf,
    })
    .from(bookings)
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(and(sql`${changed} > ${since}`, inArray(bookings.branchId, [...branchIds])));
  const events: SourcedEvent[] = [];
  for (const row of rows) {
    const changes: [string, Date | null][] = [
      ['booked', row.created],
      ['checked_in', row.checkedInAt],
      ['cancelled', row.cancelledAt],
    ];
    for (const [change, at] of changes) {
      if (at === null || at <= since) continue;
      events.push({
        branchId: row.branchId,
        type: 'booking.changed',
        source: `b:${row.id}:${change}`,
        subject: `booking:${row.id}`,
        occurredAt: at,
        data: {
          change,
          booking: {
            id: row.id,
            code: row.code,
            status: row.status,
            day: row.day,
            window: `${row.windowStart}-${row.windowEnd}`,
            licence: row.licence,
            supplier: { code: row.supplierCode, name: row.supplier },
            product: row.product,
            reissue_of: row.reissueOf,
          },
        },
      });
    }
  }
  return events;
}

/**
 * An ERP goods receipt (modules/goods-receipts): made when a weighed truck is finished, and a new
 * version on a correction or a void. In its ticket's order: after the weigh-out it comes from.
 */
export const receiptSource: IdSource = {
  name: 'goods_receipts',
  types: ['goods_receipt'],
  async maxId(executor) {
    const [row] = await executor
      .select({ id: sql<string | null>`max(${goodsReceipts.id})` })
      .from(goodsReceipts);
    return Number(row?.id ?? 0);
  },
  async read(executor, afterId, limit, branchIds) {
    const rows = await executor
      .select({
        id: goodsReceipts.id,
        branchId: goodsReceipts.branchId,
        created: goodsReceipts.created,
        payload: goodsReceipts.payload,
      })
      .from(goodsReceipts)
      .where(and(gt(goodsReceipts.id, afterId), inArray(goodsReceipts.branchId, [...branchIds])))
      .orderBy(asc(goodsReceipts.id))
      .limit(limit);
    return {
      lastId: rows.at(-1)?.id ?? afterId,
      lastAt: rows.at(-1)?.created ?? null,
      count: rows.length,
      events: rows.map((row) => ({
        branchId: row.branchId,
        type: 'goods_receipt' as const,
        source: `r:${row.id}`,
        subject: `ticket:${row.payload.ticket.uuid}`,
        occurredAt: row.created,
        data: { receipt: goodsReceiptWire(row) },
      })),
    };
  },
};

export const ID_SOURCES: readonly IdSource[] = [transitionSource, slipSource, alertSource, receiptSource];
