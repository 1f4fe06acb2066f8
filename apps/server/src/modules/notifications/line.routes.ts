import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Line, LineEvent } from './line.ts';

/** Where the LINE Developers console sends the account's events (the channel's webhook URL). */
export const LINE_WEBHOOK_PATH = '/api/line/webhook';
/** LINE sends a few events per call; anything bigger is not LINE's. */
export const LINE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The webhook's body; each event is read on its own (a kind LINE adds later is skipped, not refused). */
const WebhookSchema = z.object({
  destination: z.string().max(100),
  events: z.array(z.unknown()).max(200),
});

const EventSchema = z.object({
  type: z.string().max(40),
  webhookEventId: z.string().max(100).optional(),
  deliveryContext: z.object({ isRedelivery: z.boolean().optional() }).optional(),
  replyToken: z.string().max(200).optional(),
  source: z.object({ type: z.string().max(20), userId: z.string().max(100).optional() }).optional(),
  message: z.object({ type: z.string().max(40), text: z.string().max(10_000).optional() }).optional(),
});

/** A base64 HMAC-SHA256 (32 bytes: 43 symbols and one `=`). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** Whether `signature` is the channel secret's HMAC-SHA256 of exactly these bytes (timing-safe). */
export function validLineSignature(body: Buffer, secret: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const refused = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * POST /api/line/webhook, only when LINE is configured (otherwise the path does not exist).
 * Its own plugin: the body is kept as the bytes LINE signed (the app's JSON parser would hand
 * over a string or an object), at most 256 KB, and read only after the signature matched.
 * Refused, changing nothing: no or a wrong signature (401 UNAUTHENTICATED), a type other than
 * JSON, unreadable JSON or a body not LINE's shape (400 VALIDATION_FAILED), over 256 KB (413).
 * The events are handled before the answer, the chat's replies after it.
 */
export function registerLineWebhook(app: FastifyInstance, line: Line): void {
  const secret = line.channelSecret;
  if (!line.configured || !secret) return;
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: LINE_WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      LINE_WEBHOOK_PATH,
      { bodyLimit: LINE_WEBHOOK_BODY_LIMIT, schema: { hide: true } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!validLineSignature(raw, secret, request.headers['x-line-signature']))
          throw new AppError('UNAUTHENTICATED', 'The LINE signature (x-line-signature) is missing or wrong.');
        if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
          throw refused('A LINE webhook call is application/json.');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw refused('The body is not JSON.');
        }
        const body = WebhookSchema.safeParse(json);
        if (!body.success) throw refused('The body is not a LINE webhook call.');
        const events: LineEvent[] = [];
        for (const item of body.data.events) {
          const event = EventSchema.safeParse(item);
          if (event.success) events.push(event.data);
          else
            request.log.warn(
              { issues: event.error.issues.length },
              'a LINE event of an unknown shape was skipped',
            );
        }
        await line.handleEvents(events);
        return reply.send({ status: 1 });
      },
    );
    done();
  });
}
