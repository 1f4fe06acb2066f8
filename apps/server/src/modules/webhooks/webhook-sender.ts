import { createHmac } from 'node:crypto';
import https, { type Agent } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_HEADERS, type WebhookFailure } from '@truck-queue/shared/integrations/webhooks';
import type { Clock } from '../../lib/clock.ts';
import { retryAfterMs } from '../notifications/web-push.channel.ts';
import { checkWebhookUrl, guardedLookup } from './webhook-address.ts';

/**
 * How long one POST may take in all, from the lookup to the answer's last byte read, before it
 * counts as not answered (a receiver that drips its answer is cut at this, not at each pause).
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of an endpoint's answer for the log. */
const SAID_MAX = 300;

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`: what a receiver recomputes to trust a POST. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookPost {
  url: string;
  secret: string;
  type: string;
  eventId: number;
  deliveryId: number;
  body: string;
}

export type WebhookOutcome =
  | { ok: true; status: number; ms: number }
  | {
      ok: false;
      status: number | null;
      failure: WebhookFailure;
      error: string;
      ms: number;
      retryAfterMs?: number | undefined;
    };

/** The kind of a failed connection, from Node's error code. */
function failureOf(error: NodeJS.ErrnoException): WebhookFailure {
  const code = error.code ?? '';
  if (code === 'EPRIVATEADDRESS') return 'private';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ETIMEDOUT' || code === 'EDEADLINE') return 'timeout';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
    return 'tls';
  return 'refused';
}

/** The endpoint's own words, on one line and short, for the admin's log. */
function said(text: string): string {
  const clean = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, SAID_MAX);
  return clean ? `: ${clean}` : '';
}

/**
 * POSTs webhooks: signs each with its endpoint's secret and the app's clock, checks the address
 * again (an endpoint saved before a rule changed, a name that now resolves inside), never follows
 * a redirect (it could point inside), and says what went wrong in words an admin can act on.
 */
export function createWebhookSender(deps: {
  clock: Clock;
  privateHosts: readonly string[];
  /** Tests: a TLS agent that trusts their receiver. */
  agent?: Agent | undefined;
  timeoutMs?: number | undefined;
}) {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    post(post: WebhookPost): Promise<WebhookOutcome> {
      const started = deps.clock.monotonicMs();
      const ms = () => Math.round(deps.clock.monotonicMs() - started);
      const check = checkWebhookUrl(post.url, deps.privateHosts);
      if (!check.ok) {
        const error =
          check.problem === 'private'
            ? 'the address is on a private network: not sent'
            : 'the address is not a plain https address: not sent';
        return Promise.resolve({ ok: false, status: null, failure: 'private', error, ms: 0 });
      }
      const { target } = check;
      const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
      return new Promise<WebhookOutcome>((resolve) => {
        const request = https.request(
          {
            host: target.hostname,
            port: target.port,
            path: target.path,
            method: 'POST',
            agent: deps.agent,
            lookup: guardedLookup(target, deps.privateHosts),
            ...(isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
            timeout: timeoutMs,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(post.body),
              'user-agent': 'TruckQueue-Webhooks/1',
              [WEBHOOK_HEADERS.event]: post.type,
              [WEBHOOK_HEADERS.eventId]: String(post.eventId),
              [WEBHOOK_HEADERS.delivery]: String(post.deliveryId),
              [WEBHOOK_HEADERS.timestamp]: String(timestamp),
              [WEBHOOK_HEADERS.signature]: webhookSignature(post.secret, timestamp, post.body),
            },
          },
          (response) => {
            const status = response.statusCode ?? 0;
            let text = '';
            const finish = () => {
              if (status >= 200 && status < 300) return resolve({ ok: true, status, ms: ms() });
              const redirect = status >= 300 && status < 400;
              const error = redirect
                ? `the endpoint answered ${status} (a redirect, not followed)`
                : `the endpoint answered ${status}${said(text)}`;
              resolve({
                ok: false,
                status,
                failure: redirect ? 'redirect' : 'http',
                error,
                ms: ms(),
                retryAfterMs:
                  status === 429 || status === 503
                    ? retryAfterMs(response.headers['retry-after'], deps.clock.now().getTime())
                    : undefined,
              });
            };
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
              // Enough for the log: the rest of a long answer is not read.
              if (text.length >= SAID_MAX) {
                response.destroy();
                finish();
              }
            });
            response.on('error', finish);
            response.on('end', finish);
          },
        );
        // One deadline for the whole POST; the socket's own timeout is only its longest pause.
        const deadline = setTimeout(
          () =>
            request.destroy(
              Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'EDEADLINE' }),
            ),
          timeoutMs,
        );
        request.on('close', () => clearTimeout(deadline));
        request.on('timeout', () =>
          request.destroy(
            Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'EDEADLINE' }),
          ),
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(deadline);
          const why = error.code === 'EPRIVATEADDRESS' ? error.message : `not delivered: ${error.message}`;
          resolve({
            ok: false,
            status: null,
            failure: failureOf(error),
            error: why.slice(0, SAID_MAX),
            ms: ms(),
          });
        });
        request.end(post.body);
      });
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
