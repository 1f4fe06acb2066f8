/**
 * Webhooks (issue 42): an admin subscribes another system's https address to the plant's events.
 * Each event is POSTed as JSON, signed with the endpoint's secret (HMAC-SHA256 over
 * `<timestamp>.<body>`), at least once, in order per ticket (or booking, or alert), retried with
 * back-off (WEBHOOK_RETRY_DELAYS_MS), and kept in a delivery log the admin reads and replays from.
 */

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'ticket.issued',
  'ticket.called',
  'ticket.lab_result',
  'ticket.weighed',
  'ticket.slip',
  'ticket.exited',
  'booking.changed',
  'alert.raised',
  /** An ERP goods receipt made, corrected or cancelled (its version says which). */
  'goods_receipt',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The office's test send: never subscribed to, sent only when the admin asks. */
export const WEBHOOK_PING = 'ping';

/**
 * Which event each audit action of a ticket (queue_transitions.action) is; actions not named
 * (a reclass, a transfer, a no-show) send nothing.
 */
export const WEBHOOK_EVENT_OF_ACTION: Readonly<Record<string, WebhookEvent>> = {
  issue: 'ticket.issued',
  call: 'ticket.called',
  complete: 'ticket.lab_result',
  lab_correct: 'ticket.lab_result',
  recheck: 'ticket.lab_result',
  reject: 'ticket.lab_result',
  weigh_in: 'ticket.weighed',
  weigh_out: 'ticket.weighed',
  weigh_out_early: 'ticket.weighed',
  weigh_out_stored_tare: 'ticket.weighed',
  exit: 'ticket.exited',
  exit_unfinished: 'ticket.exited',
};

/** The headers of every POST: the event, the delivery, the timestamp and the signature. */
export const WEBHOOK_HEADERS = {
  event: 'x-truckqueue-event',
  /** The event's id: the same on every retry and replay (a receiver drops what it has seen). */
  eventId: 'x-truckqueue-event-id',
  delivery: 'x-truckqueue-delivery',
  /** Unix seconds the POST was signed at: a receiver refuses one older than a few minutes. */
  timestamp: 'x-truckqueue-timestamp',
  /** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
  signature: 'x-truckqueue-signature',
} as const;

/** After each failed attempt, the wait before the next: 1 min to 12 h, some 22 hours in all; then it fails. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
] as const;

/** The longest an endpoint's name and address may be. */
export const WEBHOOK_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 1000;

/** Where a delivery stands: waiting (or being retried), delivered, or given up after the last retry. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why a POST did not deliver, for the office to say in its language (the endpoint's own words
 * are kept beside it): no answer in time, the connection refused or cut, the name not found, a
 * private address, the certificate refused, an HTTP status other than 2xx (a redirect among
 * them), the endpoint paused.
 */
export const WEBHOOK_FAILURES = [
  'timeout',
  'refused',
  'dns',
  'private',
  'tls',
  'http',
  'redirect',
  'paused',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];
