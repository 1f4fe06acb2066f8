import type { NotifyChoice, NotifyOptions } from '@truck-queue/shared/contracts/notification.contract';
import type { Language } from '../lib/languages.ts';
import { config } from '../lib/config.ts';
import { HEADER_API_KEY } from './api.ts';

/**
 * The driver's "notify me" calls (notification.contract.ts), written out by hand like api.ts:
 * importing the contract's schemas would pull zod into this page's bundle.
 */
export const NOTIFY_OPTIONS_URL = '/api/process/user/notifyOptions';
export const SUBSCRIBE_PUSH_URL = '/api/process/user/subscribePush';
export const UNSUBSCRIBE_PUSH_URL = '/api/process/user/unsubscribePush';

/** The browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime?: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isChoice(value: unknown): value is NotifyChoice {
  return (
    isRecord(value) &&
    (value.ahead === null || typeof value.ahead === 'number') &&
    typeof value.called === 'boolean' &&
    typeof value.lab === 'boolean'
  );
}

/** A light check of the answer's shape, enough that the card never reads undefined fields. */
export function isNotifyOptions(value: unknown): value is NotifyOptions {
  if (!isRecord(value)) return false;
  const v = value;
  return (
    typeof v.privacy_notice === 'string' &&
    typeof v.retention_days === 'number' &&
    (v.web_push === null || (isRecord(v.web_push) && typeof v.web_push.public_key === 'string')) &&
    (v.line === null ||
      (isRecord(v.line) && typeof v.line.chat_url === 'string' && typeof v.line.code === 'string')) &&
    (v.subscription === null || isChoice(v.subscription)) &&
    typeof v.line_linked === 'boolean' &&
    typeof v.ended === 'boolean'
  );
}

/**
 * The server's answer: the options as they now stand, or why not: the server's reason or code
 * (`PUSH_SERVICE_NOT_ALLOWED`, `ALREADY_LEFT`, `TOO_MANY_FOLLOWERS`, `VALIDATION_FAILED`...) or 'network' when it was not reached or
 * answered something unusable.
 */
export type NotifyAnswer = { ok: true; options: NotifyOptions } | { ok: false; code: string };

async function post(url: string, body: unknown): Promise<NotifyAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER_API_KEY]: config.apiKey },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, code: 'network' };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(answer) && isNotifyOptions(answer.options)) {
    return { ok: true, options: answer.options };
  }
  if (!response.ok && isRecord(answer)) {
    // A conflict names its reason (ALREADY_LEFT, PUSH_SERVICE_NOT_ALLOWED...) beside CONFLICT.
    if (typeof answer.reason === 'string') return { ok: false, code: answer.reason };
    if (typeof answer.code === 'string') return { ok: false, code: answer.code };
  }
  return { ok: false, code: 'network' };
}

export function fetchNotifyOptions(uuid: string, endpoint: string | null): Promise<NotifyAnswer> {
  return post(NOTIFY_OPTIONS_URL, { queue_number_id: uuid, ...(endpoint ? { endpoint } : {}) });
}

export function subscribePush(
  uuid: string,
  subscription: PushSubscriptionJson,
  choice: NotifyChoice,
  language: Language,
): Promise<NotifyAnswer> {
  const { endpoint, keys, expirationTime } = subscription;
  return post(SUBSCRIBE_PUSH_URL, {
    queue_number_id: uuid,
    subscription: {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      expirationTime: expirationTime ?? null,
    },
    choice,
    language,
    consent: true,
  });
}

export function unsubscribePush(uuid: string, endpoint: string): Promise<NotifyAnswer> {
  return post(UNSUBSCRIBE_PUSH_URL, { queue_number_id: uuid, endpoint });
}
