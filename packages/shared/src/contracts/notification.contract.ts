import { z } from 'zod';
import {
  NOTIFY_AHEAD_MAX,
  NOTIFY_CHANNELS,
  NOTIFY_LANGUAGES,
  NOTIFY_MOMENTS,
} from '../notifications/moments.ts';
import { defineContract, noFormula, noHidden, OkSchema } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';

/**
 * A driver follows his ticket without keeping its page open (issue 21): Web Push from his
 * page, or the plant's LINE Official Account. He opts in on his own phone, after the plant's
 * privacy notice; what he asked for dies with the ticket's exit, and the contact data is
 * erased after the branch's retention period.
 */

/** When he wants to hear: N trucks ahead (null: not then), when called, when the lab's result is out. */
export const NotifyChoiceSchema = z.strictObject({
  ahead: z.int().min(1).max(NOTIFY_AHEAD_MAX).nullable(),
  called: z.boolean(),
  lab: z.boolean(),
});
export type NotifyChoice = z.infer<typeof NotifyChoiceSchema>;

/** The browser's PushSubscription as `toJSON()` gives it (RFC 8030 endpoint over https, RFC 8291 keys). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.strictObject({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
  }),
  expirationTime: z.number().nullable().optional(),
});

/** What the driver's page offers: the privacy notice, and each channel the branch has. */
export const NotifyOptionsSchema = z.object({
  /** The plant's privacy notice (an admin's text), shown before any subscription; '' if none written. */
  privacy_notice: z.string(),
  /** Days the plant keeps contact data (subscriptions, LINE ids) after the ticket. */
  retention_days: z.number(),
  /** Web Push: the server's VAPID public key (base64url); null when the ticket can no longer be followed. */
  web_push: z.object({ public_key: z.string() }).nullable(),
  /** LINE: the chat link (opens the plant's account with the ticket's code typed); null without an account. */
  line: z.object({ chat_url: z.string(), code: z.string() }).nullable(),
  /** This browser's subscription to this ticket (by its endpoint), if it has one. */
  subscription: NotifyChoiceSchema.nullable(),
  /** A LINE chat follows this ticket. */
  line_linked: z.boolean(),
  /** The ticket left (or was cancelled): nothing can be subscribed any more. */
  ended: z.boolean(),
});
export type NotifyOptions = z.infer<typeof NotifyOptionsSchema>;

export const notifyOptions = defineContract({
  path: 'process/user/notifyOptions',
  access: 'public',
  body: z.strictObject({
    queue_number_id: z.uuid(),
    /** This browser's push endpoint, to tell whether it already follows the ticket. */
    endpoint: z.url().max(2048).optional(),
  }),
  response: OkSchema.extend({ options: NotifyOptionsSchema }),
});

/**
 * Subscribes this browser to the ticket, or changes what it asked for. `consent` must be true:
 * the driver ticked that he read the privacy notice. The endpoint must be a known push service's
 * (PUSH_NOT_ALLOWED otherwise); a ticket that left is ENDED; at most a few browsers per ticket.
 */
export const subscribePush = defineContract({
  path: 'process/user/subscribePush',
  access: 'public',
  body: z.strictObject({
    queue_number_id: z.uuid(),
    subscription: PushSubscriptionSchema,
    choice: NotifyChoiceSchema,
    language: z.enum(NOTIFY_LANGUAGES),
    consent: z.literal(true),
  }),
  response: OkSchema.extend({ options: NotifyOptionsSchema }),
});

/** Stops this browser's notifications for the ticket (nothing happens if it had none). */
export const unsubscribePush = defineContract({
  path: 'process/user/unsubscribePush',
  access: 'public',
  body: z.strictObject({ queue_number_id: z.uuid(), endpoint: z.url().max(2048) }),
  response: OkSchema.extend({ options: NotifyOptionsSchema }),
});

/** The branch's privacy notice and how long it keeps what identifies drivers. */
export const NotifySettingsSchema = z.strictObject({
  privacy_notice: noFormula(noHidden(z.string().trim().max(4000), true)),
  /** Subscriptions, LINE ids and what was sent to them: erased this many days after they were made. */
  contact_retention_days: z.int().min(1).max(3650),
  /** Licence plates of trucks that left: anonymised this many days after the ticket. */
  plate_retention_days: z.int().min(1).max(3650),
});
export type NotifySettings = z.infer<typeof NotifySettingsSchema>;

export const NotifyFailureSchema = z.object({
  id: z.number(),
  channel: z.enum(NOTIFY_CHANNELS),
  moment: z.enum(NOTIFY_MOMENTS),
  queue_number: z.string(),
  attempts: z.number(),
  error: z.string(),
  created: InstantSchema,
  /** The next try; null once given up. */
  next_attempt_at: MaybeInstantSchema,
});

/** The admins' page: settings, the messages of this month and the last, and recent failures. */
export const notificationsOverview = defineContract({
  path: 'admin/notifications',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({
    settings: NotifySettingsSchema,
    /** LINE_CHANNEL_SECRET and LINE_CHANNEL_ACCESS_TOKEN are set. */
    line_configured: z.boolean(),
    /** Per month (YYYY-MM on the site's clock, newest first) and channel: sent and given up. */
    months: z.array(
      z.object({ month: z.string(), channel: z.enum(NOTIFY_CHANNELS), sent: z.number(), failed: z.number() }),
    ),
    /** Subscriptions following a ticket now, per channel. */
    following: z.object({ web_push: z.number(), line: z.number() }),
    failures: z.array(NotifyFailureSchema),
  }),
});

export const saveNotifySettings = defineContract({
  path: 'admin/saveNotifySettings',
  access: 'admin',
  body: NotifySettingsSchema,
  response: OkSchema.extend({ settings: NotifySettingsSchema }),
});
