import type { NotifyChannel, NotifyMoment } from '@truck-queue/shared/notifications/moments';

/**
 * How a message leaves the server: one sender per channel (web-push.channel.ts, line.channel.ts).
 * The notifier (notifier.ts) hands each due delivery to its channel's sender and records what
 * came of it; a sender never throws for a refusal it understood.
 */

/** The address of one subscription, as its channel needs it. */
export interface SubscriptionAddress {
  id: number;
  branchId: number;
  channel: NotifyChannel;
  /** Web Push (RFC 8030/8291). */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** LINE. */
  lineUserId: string | null;
  language: string;
}

export interface OutgoingMessage {
  /** The outbox row: the same on every retry (an idempotency key for a service that takes one). */
  deliveryId: number;
  moment: NotifyMoment;
  title: string;
  body: string;
  /** The driver's page. */
  url: string;
  /** The ticket's number, for a tag that replaces an older notification of the same ticket. */
  queueNumber: string;
}

export type SendOutcome =
  | { ok: true }
  /**
   * Not delivered. `gone`: the address is dead for good (Web Push 404/410, a LINE user who
   * blocked the account): the subscription ends. Otherwise it is tried again later, after
   * `retryAfterMs` when the service said so (429, 503 with Retry-After).
   */
  | { ok: false; gone: boolean; error: string; retryAfterMs?: number };

export interface ChannelSender {
  send(to: SubscriptionAddress, message: OutgoingMessage): Promise<SendOutcome>;
}

export type ChannelSenders = Partial<Record<NotifyChannel, ChannelSender>>;
