import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_FAILURES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
} from '../integrations/webhooks.ts';
import { defineContract, IdSchema, noHidden, OkSchema, text } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';

/**
 * Webhooks (issue 42): the admins' endpoints (made, changed, paused, removed, their secret
 * rotated), each endpoint's delivery log, a replay of one delivery or of everything since a
 * moment, and a test send.
 */

export const WebhookEndpointSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created: InstantSchema,
  created_by: z.string(),
  /** Deliveries waiting (or being retried), and given up. */
  pending: z.number(),
  failed: z.number(),
  last_sent_at: MaybeInstantSchema,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .refine((e) => new Set(e).size === e.length, 'each event once');

/** An https address: the server checks it further (readable alike, not on a private network). */
const UrlSchema = noHidden(z.string().trim().min(1).max(WEBHOOK_URL_MAX));

export const listWebhooks = defineContract({
  path: 'admin/webhooks',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ endpoints: z.array(WebhookEndpointSchema) }),
});

/** A new endpoint of the officer's branch; the answer holds its signing secret, shown this once. */
export const createWebhook = defineContract({
  path: 'admin/createWebhook',
  access: 'admin',
  body: z.strictObject({ name: text(WEBHOOK_NAME_MAX), url: UrlSchema, events: EventsSchema }),
  response: OkSchema.extend({ endpoint: WebhookEndpointSchema, secret: z.string() }),
});

/** Changes an endpoint: its name, address, events, or pauses and resumes it. */
export const updateWebhook = defineContract({
  path: 'admin/updateWebhook',
  access: 'admin',
  body: z.strictObject({
    id: IdSchema,
    name: text(WEBHOOK_NAME_MAX),
    url: UrlSchema,
    events: EventsSchema,
    active: z.boolean(),
  }),
  response: OkSchema.extend({ endpoint: WebhookEndpointSchema }),
});

/** A new signing secret, shown this once; the old one signs nothing more. */
export const rotateWebhookSecret = defineContract({
  path: 'admin/rotateWebhookSecret',
  access: 'admin',
  body: z.strictObject({ id: IdSchema }),
  response: OkSchema.extend({ secret: z.string() }),
});

/** Removes an endpoint and its delivery log. */
export const deleteWebhook = defineContract({
  path: 'admin/deleteWebhook',
  access: 'admin',
  body: z.strictObject({ id: IdSchema }),
  response: OkSchema,
});

export const WebhookDeliverySchema = z.object({
  id: z.number(),
  event_id: z.number(),
  type: z.string(),
  /** 'ticket:<uuid>', 'booking:<id>', 'alert:<id>': deliveries of one subject go in order. */
  subject: z.string(),
  occurred_at: InstantSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Pending behind an earlier event of the same subject that has not gone. */
  waiting: z.boolean(),
  attempts: z.number(),
  next_attempt_at: MaybeInstantSchema,
  last_attempt_at: MaybeInstantSchema,
  last_status: z.number().nullable(),
  last_error: z.string().nullable(),
  /** What kind of failure the last attempt was (the office says it in its language). */
  last_failure: z.enum(WEBHOOK_FAILURES).nullable(),
  last_ms: z.number().nullable(),
  sent_at: MaybeInstantSchema,
  /** The body as sent (its `data`). */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** An endpoint's deliveries, newest first, a page at a time. */
export const webhookDeliveries = defineContract({
  path: 'admin/webhookDeliveries',
  access: 'admin',
  body: z.strictObject({
    id: IdSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    /** Deliveries before this one (the previous page's last); absent: the newest. */
    before_id: z.int().positive().optional(),
  }),
  response: OkSchema.extend({ deliveries: z.array(WebhookDeliverySchema), more: z.boolean() }),
});

/** Sends again one delivery, or every delivery of the endpoint since a moment (after it was down). */
export const replayWebhook = defineContract({
  path: 'admin/replayWebhook',
  access: 'admin',
  body: z.union([
    z.strictObject({ id: IdSchema, delivery_id: z.int().positive() }),
    z.strictObject({ id: IdSchema, since: z.iso.datetime({ offset: true }) }),
  ]),
  response: OkSchema.extend({ replayed: z.number() }),
});

/** Sends a `ping` now and says what the endpoint answered (kept in the log too). */
export const testWebhook = defineContract({
  path: 'admin/testWebhook',
  access: 'admin',
  body: z.strictObject({ id: IdSchema }),
  response: OkSchema.extend({
    delivered: z.boolean(),
    /** The endpoint's HTTP status; null: it did not answer. */
    http_status: z.number().nullable(),
    failure: z.enum(WEBHOOK_FAILURES).nullable(),
    error: z.string().nullable(),
    ms: z.number(),
  }),
});
