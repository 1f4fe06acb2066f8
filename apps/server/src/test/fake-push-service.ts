import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { selfSignedCertificate } from './self-signed-certificate.ts';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RequestOptions } from 'node:https';
import type { Duplex } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A Web Push service on 127.0.0.1 for tests: what a browser's push service (FCM, Mozilla's) is
 * to the server. It hands out subscriptions as a browser would (`{endpoint, keys:{p256dh, auth}}`,
 * with a P-256 key pair and an auth secret of its own), accepts RFC 8030 POSTs to them over
 * HTTPS (the `web-push` package speaks nothing else; the certificate is made here and trusted
 * through `agent`), checks the VAPID signature (RFC 8292) and decrypts the body the way the
 * browser would (RFC 8291 keys, RFC 8188 aes128gcm records), written here from the RFCs so a
 * mistake in the sender's library cannot hide behind the same library.
 *
 * It answers 201 unless told otherwise: `respond()` queues answers (410, 429 with Retry-After,
 * 500, or none at all); `expire()` makes one subscription answer 410 for good.
 */

/**
 * Issue 37: endpoints the allow-list's WHATWG `URL` reads as a host of notify.windows.com while
 * Node's legacy `url.parse` (the web-push package's) reads 127.0.0.1, port 443.
 */
export const PARSER_TRICK_ENDPOINTS = [
  ';',
  '%3B',
  '{',
  '}',
  '\\',
  '"',
  "'",
  '`',
  '%7B',
  '%22',
  '%27',
  '%21',
  '%2D',
  '%30',
].map((c) => `https://127.0.0.1${c}.notify.windows.com/x`);

/**
 * A TLS agent that trusts the fake push service and writes down every host:port a request asks
 * it to connect to (what the server actually dials), connecting only to the fake: any other
 * dial is written down and refused.
 */
export class DialRecorder extends Agent {
  readonly dials: string[] = [];
  constructor(private readonly fake: { host: string; certificate: string }) {
    super({ ca: fake.certificate, keepAlive: false });
  }
  override createConnection(
    options: RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const dial = `${options.host ?? ''}:${String(options.port ?? '')}`;
    this.dials.push(dial);
    if (dial !== this.fake.host) {
      callback?.(
        Object.assign(new Error(`the test refused a dial to ${dial}`), { code: 'ECONNREFUSED' }),
        undefined as unknown as Duplex,
      );
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body as text, and parsed when it is JSON. */
  text: string;
  json: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key that signed it (base64url) and the JWT's subject. */
  vapidKey: string;
  subject: string;
  /** What the fake answered. */
  status: number;
}

export interface RejectedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export type FakeAnswer =
  | { status: number; retryAfter?: string; body?: string }
  /** Never answers (the connection stays open until the client gives up or the fake closes). */
  | { hang: true };

export interface FakePushService {
  /** https://127.0.0.1:port */
  origin: string;
  /** host:port, for PUSH_SERVICE_HOSTS. */
  host: string;
  /** The fake's certificate (PEM), and a TLS agent that trusts it. */
  certificate: string;
  agent: Agent;
  /** A new browser subscription. */
  subscribe(): FakeSubscription;
  /** Makes one subscription answer 410 Gone from now on (the browser unsubscribed). */
  expire(subscription: FakeSubscription): void;
  /** The next POSTs get these answers, in order (then 201 again). */
  respond(...answers: FakeAnswer[]): void;
  /** Delivered (decrypted) messages, oldest first; `of()` those of one subscription. */
  received: ReceivedPush[];
  of(subscription: FakeSubscription): unknown[];
  /** POSTs refused for a bad signature, a bad body, an unknown endpoint. */
  rejected: RejectedPush[];
  /** POSTs seen, whatever came of them. */
  requests: number;
  /** POSTs held unanswered now (`{hang: true}`) whose client has not given up. */
  readonly hanging: number;
  /** Resolves once `count` POSTs are held unanswered at once (or rejects after `timeoutMs`). */
  waitForHanging(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves once `count` messages have been received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  expired: boolean;
}

// ---- RFC 8292: the VAPID JWT ----

function vapidKeyObject(k: string): KeyObject {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; returns the key and subject, or throws why not. */
function checkVapid(header: string | undefined, origin: string): { key: string; subject: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new Error('no "Authorization: vapid" header');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) params.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const jwt = params.get('t');
  const k = params.get('k');
  if (!jwt || !k) throw new Error('vapid header without t= and k=');
  const pieces = jwt.split('.');
  if (pieces.length !== 3) throw new Error('t is not a JWT');
  const [head, claims, signature] = pieces as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}, not ES256`);
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: vapidKeyObject(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify with k');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== origin) throw new Error(`JWT aud ${body.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof body.exp !== 'number' || body.exp <= now) throw new Error('JWT expired or without exp');
  if (body.exp > now + 24 * 3600 + 60) throw new Error('JWT exp more than 24 hours ahead');
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) {
    throw new Error(`JWT sub ${body.sub}: not mailto: or https:`);
  }
  return { key: k, subject: body.sub };
}

// ---- RFC 8291 + RFC 8188: what the browser does with the body ----

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/** Decrypts an aes128gcm body for a browser; throws when it is not one. */
function decryptForBrowser(browser: Browser, body: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (rs < 18) throw new Error(`record size ${rs} under 18`);
  const keyid = body.subarray(21, 21 + idlen);
  // RFC 8291 §4: the key id is the application server's ephemeral public key.
  if (keyid.length !== 65 || keyid[0] !== 4) throw new Error('keyid is not a P-256 public key');
  const ecdhSecret = browser.ecdh.computeSecret(keyid);
  // §3.3-3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32)
  const keyInfo = Buffer.concat([info('WebPush: info'), browser.publicKey, keyid]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  // RFC 8188 §2.2-2.3
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));

  const records = body.subarray(21 + idlen);
  if (records.length === 0) throw new Error('no records');
  const out: Buffer[] = [];
  for (let seqNo = 0, at = 0; at < records.length; seqNo += 1, at += rs) {
    const record = records.subarray(at, Math.min(at + rs, records.length));
    const last = at + rs >= records.length;
    if (record.length < 17) throw new Error(`record ${seqNo} too short`);
    const iv = Buffer.from(nonce);
    // The sequence number, XORed into the nonce's low bits (records here are few: 32 bits do).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seqNo) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (end < 0) throw new Error(`record ${seqNo} has no delimiter`);
    if (plain[end] !== (last ? 2 : 1)) throw new Error(`record ${seqNo} has delimiter ${plain[end]}`);
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const answers: FakeAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hangWaiters: Array<{ count: number; resolve: () => void }> = [];
  let origin = '';

  const service: FakePushService = {
    origin: '',
    host: '',
    certificate: cert,
    agent: new Agent({ ca: cert, keepAlive: false }),
    received: [],
    rejected: [],
    requests: 0,
    get hanging() {
      return hanging.size;
    },
    waitForHanging(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        if (hanging.size >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`fake push service: ${hanging.size} of ${count} requests held`)),
          timeoutMs,
        );
        hangWaiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(12).toString('base64url');
      const browser: Browser = {
        ecdh,
        publicKey: ecdh.getPublicKey(),
        auth: randomBytes(16),
        expired: false,
      };
      browsers.set(id, browser);
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: browser.publicKey.toString('base64url'), auth: browser.auth.toString('base64url') },
      };
    },
    expire(subscription) {
      const browser = browsers.get(subscription.endpoint.split('/').pop() ?? '');
      if (browser) browser.expired = true;
    },
    respond(...next) {
      answers.push(...next);
    },
    of(subscription) {
      return service.received.filter((r) => r.endpoint === subscription.endpoint).map((r) => r.json);
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        if (service.received.length >= count) return resolve(service.received);
        const timer = setTimeout(
          () => reject(new Error(`fake push service: ${service.received.length} of ${count} messages`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(service.received);
          },
        });
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      service.agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function refuse(response: ServerResponse, endpoint: string, status: number, reason: string) {
    service.rejected.push({ endpoint, status, reason });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    service.requests += 1;
    const endpoint = `${origin}${request.url ?? ''}`;
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
    const browser = id ? browsers.get(id) : undefined;
    if (request.method !== 'POST' || !browser) return refuse(response, endpoint, 404, 'no such subscription');
    if (browser.expired)
      return refuse(response, endpoint, 410, 'push subscription has unsubscribed or expired.');

    const answer = answers.shift();
    if (answer && 'hang' in answer) {
      hanging.add(response);
      // The client gave up (its timeout): no longer held.
      response.on('close', () => hanging.delete(response));
      for (const waiter of [...hangWaiters]) {
        if (hanging.size >= waiter.count) {
          hangWaiters.splice(hangWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      return;
    }

    let vapid: { key: string; subject: string };
    try {
      vapid = checkVapid(request.headers.authorization, origin);
    } catch (error) {
      return refuse(response, endpoint, 403, `VAPID: ${(error as Error).message}`);
    }
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
      return refuse(response, endpoint, 400, 'TTL header missing or not a whole number');
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return refuse(response, endpoint, 400, `Content-Encoding ${request.headers['content-encoding']}`);
    }
    let plain: Buffer;
    try {
      plain = decryptForBrowser(browser, body);
    } catch (error) {
      return refuse(response, endpoint, 400, `cannot decrypt: ${(error as Error).message}`);
    }
    const status = answer?.status ?? 201;
    const text = plain.toString('utf8');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // kept as text
    }
    if (status >= 200 && status < 300) {
      service.received.push({
        endpoint,
        text,
        json,
        ttl,
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
        vapidKey: vapid.key,
        subject: vapid.subject,
        status,
      });
      for (const waiter of [...waiters]) {
        if (service.received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    }
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    if (answer?.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
    if (status === 201) headers.location = `${origin}/message/${randomBytes(6).toString('hex')}`;
    response.writeHead(status, headers).end(answer?.body ?? '');
  }

  const server: Server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  service.origin = origin;
  service.host = `127.0.0.1:${port}`;
  return service;
}
