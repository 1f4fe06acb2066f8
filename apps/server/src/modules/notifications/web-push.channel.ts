import { ECDH } from 'node:crypto';
import https, { type Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Clock } from '../../lib/clock.ts';
import type { ChannelSender, OutgoingMessage, SendOutcome, SubscriptionAddress } from './channels.ts';
import { checkPushEndpoint, type PushTarget } from './push-endpoints.ts';
import type { Vapid } from './vapid.ts';

/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, signed per RFC 8292) with the `web-push`
 * package: one POST to the browser's push service per message. The service's answer decides
 * what the notifier does next: 201 sent; 404/410 the subscription is dead (it ends); 429 and
 * 5xx or no answer: tried again (after Retry-After when given); other refusals are kept with a
 * readable reason and tried again on the notifier's schedule.
 */

/** A message older than this is of no use to a driver (he was called long ago): the service drops it. */
export const WEB_PUSH_TTL_SECONDS = 2 * 60 * 60;
/** How long one POST may take, from the first byte sent to the last read, before it counts as not answered. */
export const WEB_PUSH_TIMEOUT_MS = 10_000;
/** A Retry-After further away than this is taken as this. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** What the service worker (apps/web/public/push-sw.js) reads from a push. */
export interface WebPushPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per ticket: a newer one replaces the older on the phone. */
  tag: string;
}

export interface WebPushSenderOptions {
  vapid: Vapid;
  timeoutMs?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** PUSH_SERVICE_HOSTS: the only hosts sent to (push-endpoints.ts), checked before every send. */
  allowedHosts: readonly string[];
  /** The TLS agent for push services (tests: one that trusts the fake push service). */
  agent?: Agent;
  /** The app's clock: a Retry-After date is read against it. */
  clock: Clock;
}

export const webPushTag = (queueNumber: string) => `queue-${queueNumber}`;

/**
 * Retry-After (RFC 9110: seconds, or an HTTP date) in ms from `now` (the app's clock, ms since
 * the epoch); undefined when absent or unreadable.
 */
export function retryAfterMs(header: unknown, now: number): number | undefined {
  const value: unknown = Array.isArray(header) ? (header as unknown[])[0] : header;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The push service's own words, short and on one line, for the admins' list of failures. */
function said(body: unknown): string {
  const text = typeof body === 'string' ? body.replace(/\s+/g, ' ').trim() : '';
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return clean ? `: ${clean}` : '';
}

function refusal(status: number, headers: Record<string, unknown>, body: unknown, now: number): SendOutcome {
  const theirs = said(body);
  if (status === 404 || status === 410) {
    return {
      ok: false,
      gone: true,
      error: `the browser's subscription has expired or was withdrawn (push service answered ${status})${theirs}`,
    };
  }
  if (status === 429 || status >= 500) {
    const after = retryAfterMs(headers['retry-after'], now);
    const what = status === 429 ? 'too many messages, asked to wait' : 'push service unavailable';
    return {
      ok: false,
      gone: false,
      error: `${what} (${status})${theirs}`,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
  const why: Record<number, string> = {
    400: 'the push service found the request malformed',
    401: "the push service refused the server's VAPID signature",
    403: "the push service refused the server's VAPID key (the browser subscribed with another key)",
    413: 'the message is larger than the push service accepts',
  };
  return {
    ok: false,
    gone: false,
    error: `${why[status] ?? 'the push service refused the message'} (${status})${theirs}`,
  };
}

/** A network failure as an admin reads it. */
function unreached(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `push service not reached${typeof code === 'string' ? ` (${code})` : ''}: ${message}`.slice(0, 300);
}

/**
 * A browser's keys as RFC 8291 needs them: p256dh a point of P-256 (65 bytes uncompressed), auth
 * 16 bytes. The request's schema checks their length; only this tells a point from noise.
 */
export function isPushKeyPair(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** What a push service answered. */
interface PushAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The longest answer body read (a push service's refusal is a line or two). */
const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * One POST to the checked target: its host, port and path, never the endpoint's string again
 * (the `web-push` package would read that with the legacy `url.parse`; push-endpoints.ts). Ends
 * at `timeoutMs` whatever the service does: the connection is closed, nothing is left waiting.
 */
function post(
  target: PushTarget,
  details: { method: string; headers: Record<string, unknown>; body: Buffer | null },
  agent: Agent | undefined,
  timeoutMs: number,
): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        ...(agent ? { agent } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
          });
        });
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        // Cut off mid-answer (the timeout, or the service hung up): not an answer.
        response.on('close', () => {
          clearTimeout(timer);
          if (!response.complete) reject(new Error('the answer was cut off'));
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    timer.unref();
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(details.body ?? undefined);
  });
}

export function createWebPushSender(options: WebPushSenderOptions): ChannelSender {
  const timeoutMs = options.timeoutMs ?? WEB_PUSH_TIMEOUT_MS;

  return {
    async send(to: SubscriptionAddress, message: OutgoingMessage): Promise<SendOutcome> {
      const { endpoint, p256dh, auth } = to;
      if (!endpoint || !p256dh || !auth) {
        return { ok: false, gone: true, error: 'not a Web Push subscription (no endpoint or keys)' };
      }
      // Checked again before every send: a row stored before the check (or PUSH_SERVICE_HOSTS
      // changed since) is never dialled; the subscription ends.
      const checked = checkPushEndpoint(endpoint, options.allowedHosts);
      if (!checked.ok) {
        return {
          ok: false,
          gone: true,
          error:
            checked.problem === 'not_canonical'
              ? 'the push endpoint is not a plain https address (not sent; the subscription ends)'
              : 'the push endpoint is not a push service of PUSH_SERVICE_HOSTS (not sent; the subscription ends)',
        };
      }
      // Keys nothing can be encrypted for: the subscription is of no use.
      if (!isPushKeyPair(p256dh, auth)) {
        return { ok: false, gone: true, error: "the browser's subscription keys are not valid" };
      }
      const vapid = await options.vapid.keys();
      const payload: WebPushPayload = {
        title: message.title,
        body: message.body,
        url: message.url,
        tag: webPushTag(message.queueNumber),
      };

      let answer: PushAnswer;
      try {
        // Encrypted and signed by the package (the audience is the checked origin: both readers
        // agree on it); sent by `post` to the checked target.
        const details = webPush.generateRequestDetails(
          { endpoint, keys: { p256dh, auth } },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: WEB_PUSH_TTL_SECONDS,
            urgency: message.moment === 'called' ? 'high' : 'normal',
            contentEncoding: 'aes128gcm',
          },
        );
        answer = await post(checked.target, details, options.agent, timeoutMs);
      } catch (error) {
        const text = unreached(error);
        options.log.warn({ subscription: to.id, error: text }, 'web push not reached');
        return { ok: false, gone: false, error: text };
      }
      if (answer.status >= 200 && answer.status < 300) return { ok: true };
      const outcome = refusal(answer.status, answer.headers, answer.body, options.clock.now().getTime());
      if (!outcome.ok && !outcome.gone) {
        options.log.warn(
          { subscription: to.id, status: answer.status, error: outcome.error },
          'web push refused',
        );
      }
      return outcome;
    },
  };
}
