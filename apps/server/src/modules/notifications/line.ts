import { createHash } from 'node:crypto';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { NOTIFY_AHEAD_DEFAULT } from '@truck-queue/shared/notifications/moments';
import { ENDED_STATES, FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { encodeTicketCode, readTicketCode, TICKET_CODE_PREFIX } from '@truck-queue/shared/scan/ticket-code';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { isDatabaseUnavailable } from '../../lib/pg-errors.ts';
import { oldestPublicDay } from '../queue/public-queue.service.ts';
import type { ChannelSender, SendOutcome } from './channels.ts';
import { createLineRepository } from './line.repository.ts';

/**
 * The plant's LINE Official Account (issue 21): the chat link a ticket offers, the sender the
 * notifier pushes through (Messaging API, official SDK), and what the webhook does with the
 * events LINE sends (line.routes.ts checks their signature). Everything a driver reads here is
 * Thai, the language of the plant's chat.
 */

/** A LINE user id as the webhook gives it (developers.line.biz: U[0-9a-f]{32}). */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;
/** One chat follows at most this many tickets at once, and one ticket at most this many chats. */
export const MAX_TICKETS_PER_CHAT = 3;
export const MAX_CHATS_PER_TICKET = 5;
/** LINE gets this long to answer a push or a reply; the notifier tries again later. */
const LINE_TIMEOUT_MS = 15_000;
/** The bot's basic id is asked again at most this often after LINE failed to give it. */
const BASIC_ID_RETRY_MS = 60_000;
/** A webhook event id seen this recently is a replay: skipped on this instance. */
const SEEN_EVENT_MS = 60 * 60_000;
const SEEN_EVENT_MAX = 10_000;

/** Messages that end the chat's subscriptions (compared trimmed, lower case, without punctuation). */
const STOP_WORDS = new Set(['หยุด', 'หยุดแจ้งเตือน', 'เลิกติดตาม', 'ยกเลิก', 'stop', 'unsubscribe']);

/**
 * A ticket's LINE key: 8 symbols of a hash of its uuid (the driver's page's own secret), so only
 * who holds the ticket (its QR, or its page) can follow it; ticket codes alone are counted ids
 * anyone could guess. Crockford's base32, four symbols, a dash, four symbols (K7P2-QX9A).
 */
export function lineKeyOf(uuid: string): string {
  const bytes = createHash('sha256').update(`truck-queue:line-key:${uuid.toLowerCase()}`).digest();
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let key = '';
  for (let i = 7; i >= 0; i -= 1) key += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${key.slice(0, 4)}-${key.slice(4)}`;
}
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The keys written in a message (what the chat link typed, or typed by hand from the page). */
export function keysIn(text: string): string[] {
  const upper = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[‐‑‒–—−]/g, '-');
  return [...upper.matchAll(/(?<![0-9A-Z])([0-9A-Z]{4})\s*-\s*([0-9A-Z]{4})(?![0-9A-Z])/g)].map((m) =>
    `${m[1]}-${m[2]}`.replace(/O/g, '0').replace(/[IL]/g, '1'),
  );
}

/** The text the chat link types for the driver; the webhook reads the code and its key back from it. */
export const chatText = (ticketCode: string, key: string) => `ติดตามคิว ${ticketCode} รหัส ${key}`;

/** The chat with the account, the text typed (developers.line.biz: "line.me/R/oaMessage"). */
export const chatUrlOf = (basicId: string, text: string) =>
  `https://line.me/R/oaMessage/${encodeURIComponent(basicId).replace('%40', '@')}/?${encodeURIComponent(text)}`;

/** What the driver reads in the chat (Thai). */
export const LINE_TEXT = {
  greeting:
    'สวัสดี สแกนคิวอาร์โค้ด "ติดตามคิวทาง LINE" บนบัตรคิว หรือกดปุ่ม "ติดตามทาง LINE" ในหน้าคิวของคุณ แล้วกดส่งข้อความที่พิมพ์ไว้ให้ เพื่อรับแจ้งเตือนเมื่อใกล้ถึงคิวและเมื่อเรียกคิวของคุณ',
  help: 'สแกนคิวอาร์โค้ด "ติดตามคิวทาง LINE" บนบัตรคิว หรือกดปุ่ม "ติดตามทาง LINE" ในหน้าคิว แล้วกดส่งข้อความที่พิมพ์ไว้ให้ เพื่อรับแจ้งเตือน หรือพิมพ์ "หยุด" เพื่อเลิกรับแจ้งเตือน',
  keyNeeded:
    'ต้องมีรหัสติดตามของบัตรคิวด้วย กรุณาสแกนคิวอาร์โค้ด "ติดตามคิวทาง LINE" บนบัตรคิว หรือกดปุ่ม "ติดตามทาง LINE" ในหน้าคิว แล้วกดส่งข้อความที่พิมพ์ไว้ให้',
  linked: (number: string, ahead: number, lab: boolean) =>
    `ติดตามคิว ${number} แล้ว จะแจ้งเตือนเมื่อเหลืออีก ${ahead} คันจะถึงคิว และเมื่อเรียกคิวของคุณ${lab ? ' และเมื่อผลแล็บออก' : ''}`,
  already: (number: string) => `คุณติดตามคิว ${number} อยู่แล้ว`,
  privacy: (days: number) =>
    `ข้อมูลส่วนบุคคล: เราเก็บรหัสผู้ใช้ LINE ของคุณไว้เพื่อแจ้งเตือนคิวนี้เท่านั้น และลบภายใน ${days} วัน พิมพ์ "หยุด" เพื่อเลิกรับแจ้งเตือนได้ทุกเมื่อ`,
  unknown: 'ไม่พบคิวตามรหัสนี้ กรุณาสแกนคิวอาร์โค้ด "ติดตามคิวทาง LINE" บนบัตรคิวอีกครั้ง แล้วกดส่งข้อความที่พิมพ์ไว้ให้',
  left: (number: string) => `คิวนี้ (${number}) ออกจากโรงงานแล้ว จึงไม่มีการแจ้งเตือนอีก`,
  cancelled: (number: string) => `คิว ${number} ถูกยกเลิกแล้ว จึงติดตามไม่ได้`,
  tooManyTickets: `ติดตามได้ครั้งละไม่เกิน ${MAX_TICKETS_PER_CHAT} คิว พิมพ์ "หยุด" เพื่อเลิกติดตามคิวเดิมก่อน`,
  ticketFull: 'คิวนี้มีผู้ติดตามทาง LINE ครบแล้ว',
  stopped: (numbers: string[]) => `หยุดแจ้งเตือนคิว ${numbers.join(', ')} แล้ว`,
  nothingToStop: 'ตอนนี้คุณไม่ได้ติดตามคิวใดอยู่',
};

/** The longest privacy notice quoted in a reply (a LINE text holds 5,000 characters). */
const NOTICE_MAX = 1_500;

export type CodeReading = { ok: true; id: number; code: string } | { ok: false; problem: 'none' | 'check' };

/**
 * Finds a ticket code in what the driver wrote: the chat link's "ติดตามคิว T-016JD", the code
 * alone, in lower case, with spaces ("t - 016 jd"), full-width characters, or Thai around it.
 * `check`: something shaped like a code whose check symbol is wrong (a typo).
 */
export function findTicketCode(text: string): CodeReading {
  const upper = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[‐‑‒–—−]/g, '-');
  const prefix = TICKET_CODE_PREFIX[0]!;
  let misread = false;
  for (const match of upper.matchAll(new RegExp(`(?<![A-Z0-9])${prefix}\\s*-?\\s*`, 'g'))) {
    const rest = upper.slice(match.index + match[0].length);
    const groups = /^[0-9A-Z*~$=-]+(?:\s+[0-9A-Z*~$=-]+){0,3}/.exec(rest)?.[0].split(/\s+/) ?? [];
    for (let n = 1; n <= groups.length; n += 1) {
      const reading = readTicketCode(`${TICKET_CODE_PREFIX}${groups.slice(0, n).join('')}`);
      if (reading.ok) return reading;
      if (reading.problem === 'check') misread = true;
    }
  }
  return { ok: false, problem: misread ? 'check' : 'none' };
}

const isStopWord = (text: string) =>
  STOP_WORDS.has(
    text
      .normalize('NFKC')
      .trim()
      .toLowerCase()
      .replace(/[\s.!?"'“”]+/g, ''),
  );

/** A UUID made of the delivery (LINE's X-Line-Retry-Key wants one): the same on every retry. */
export function retryKeyOf(deliveryId: number, lineUserId: string): string {
  const hex = createHash('sha256').update(`truck-queue:line:${deliveryId}:${lineUserId}`).digest('hex');
  // Version 8 (custom), RFC 9562 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** LINE's error body: `{message, details: [{message, property}]}`. */
function refusalOf(error: HTTPFetchError): { message: string; details: string } {
  try {
    const body = JSON.parse(error.body) as {
      message?: unknown;
      details?: { message?: unknown; property?: unknown }[];
    };
    const details = Array.isArray(body.details)
      ? body.details.map((d) => `${stringOf(d?.property)} ${stringOf(d?.message)}`.trim()).join('; ')
      : '';
    return {
      message: typeof body.message === 'string' ? body.message.slice(0, 300) : '',
      details: details.slice(0, 300),
    };
  } catch {
    return { message: error.body.slice(0, 300), details: '' };
  }
}

/** Retry-After (seconds, or an HTTP date read against `now`, the app's clock in ms) in ms. */
function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 86_400) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(at - now, 86_400_000));
}

/**
 * What a push's failure means (developers.line.biz, Messaging API reference, status codes and
 * error messages): 409 with our retry key: an earlier try was accepted, so it is sent; 400
 * "Failed to send messages" or an invalid `to`: the user cannot be reached (gone); 429: the
 * rate limit, or the month's messages used up (the admins' page must say so); 5xx and network
 * failures: try again. `now`: the app's clock (ms), which a Retry-After date is read against.
 */
export function outcomeOfPushError(error: unknown, now: number): SendOutcome {
  if (error instanceof HTTPFetchError) {
    const { message, details } = refusalOf(error);
    const said = [message, details].filter(Boolean).join(': ');
    const wait = retryAfterMs(error.headers, now);
    const retry = (text: string): SendOutcome => ({
      ok: false,
      gone: false,
      error: text,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    });
    if (error.status === 409) return { ok: true };
    if (error.status === 429) {
      if (/monthly limit|target limit|free message/i.test(message))
        return retry(`LINE monthly message limit reached (429): ${said}`);
      return retry(`LINE rate limit (429): ${said || 'too many requests'}`);
    }
    if (
      error.status === 400 &&
      (/failed to send messages/i.test(message) || /\bto\b/.test(details) || /'to'/.test(message))
    )
      return { ok: false, gone: true, error: `LINE cannot reach this user (400): ${said}` };
    if (error.status === 401)
      return retry(`LINE refused the channel access token (401): check LINE_CHANNEL_ACCESS_TOKEN`);
    if (error.status >= 500) return retry(`LINE answered ${error.status}${said ? `: ${said}` : ''}`);
    return retry(`LINE refused the message (${error.status})${said ? `: ${said}` : ''}`);
  }
  const cause =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return { ok: false, gone: false, error: `LINE could not be reached: ${cause}` };
}

/** Rejects after `ms` (the SDK's fetch has no timeout of its own). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One event of the webhook's body, as far as it is used (every field checked before use). */
export interface LineEvent {
  type: string;
  webhookEventId?: string;
  deliveryContext?: { isRedelivery?: boolean };
  replyToken?: string;
  source?: { type?: string; userId?: string };
  message?: { type?: string; text?: string };
}

/**
 * An officer's side of the chat (the managers' alerts): `read` answers a message that is the
 * officer's (a link code), or null to leave it to the drivers' handling; `gone` forgets a chat that
 * blocked the account.
 */
export interface StaffChat {
  read(userId: string, text: string): Promise<string | null>;
  gone(userId: string): Promise<void>;
}

export function createLine(deps: {
  config: Pick<Config, 'line' | 'siteTimeZone'>;
  db: Db;
  clock: Clock;
  log: Log;
  /** A chat was linked to this ticket: the "N ahead" it asks for may be true already (the notifier). */
  onLinked?: (queueId: number, branchId: number) => Promise<void> | void;
}) {
  const settings = deps.config.line;
  const { clock, log } = deps;
  const repo = createLineRepository(deps.db);
  const client = settings
    ? new messagingApi.MessagingApiClient({
        channelAccessToken: settings.channelAccessToken,
        baseURL: settings.apiBase,
      })
    : null;
  let onLinked = deps.onLinked;
  const staffChats: StaffChat[] = [];

  // The account's @id: from LINE_BOT_BASIC_ID, else asked of the bot info once (a failure is
  // asked again a minute later on the app's clock, never on every page view).
  let basicId: string | null = settings?.basicId ?? null;
  let asking: Promise<string | null> | null = null;
  let failedAt = -Infinity;
  function readBasicId(): Promise<string | null> {
    if (basicId || !client) return Promise.resolve(basicId);
    if (asking) return asking;
    if (clock.monotonicMs() - failedAt < BASIC_ID_RETRY_MS) return Promise.resolve(null);
    asking = withTimeout(client.getBotInfo(), LINE_TIMEOUT_MS)
      .then((info) => {
        if (typeof info.basicId !== 'string' || !/^@[A-Za-z0-9._-]{1,40}$/.test(info.basicId))
          throw new Error(`the bot info's basicId is not one: ${String(info.basicId).slice(0, 60)}`);
        basicId = info.basicId;
        return basicId;
      })
      .catch((error: unknown) => {
        failedAt = clock.monotonicMs();
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'could not read the LINE account basic id (set LINE_BOT_BASIC_ID to skip asking)',
        );
        return null;
      })
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  /** Pushes a text to a chat (the drivers' notifier and the managers' alerts); never throws. */
  async function pushText(lineUserId: string, text: string, retryKey: string): Promise<SendOutcome> {
    if (!client) return { ok: false, gone: false, error: 'LINE is not configured on this server' };
    if (!LINE_USER_ID.test(lineUserId)) return { ok: false, gone: true, error: 'not a LINE user id' };
    try {
      await withTimeout(
        client.pushMessage(
          { to: lineUserId, messages: [{ type: 'text', text: text.slice(0, 5000) }] },
          retryKey,
        ),
        LINE_TIMEOUT_MS,
      );
      return { ok: true };
    } catch (error) {
      return outcomeOfPushError(error, clock.now().getTime());
    }
  }

  const sender: ChannelSender = {
    async send(to, message) {
      if (!client) return { ok: false, gone: false, error: 'LINE is not configured on this server' };
      if (!to.lineUserId || !LINE_USER_ID.test(to.lineUserId))
        return { ok: false, gone: true, error: 'the subscription has no LINE user id' };
      // The page's address only when it is one a phone can open (PUBLIC_URL set).
      const link = /^https?:\/\//.test(message.url) ? message.url : null;
      const text = [message.title, message.body, link].filter(Boolean).join('\n');
      return pushText(to.lineUserId, text, retryKeyOf(message.deliveryId, to.lineUserId));
    },
  };

  /**
   * Answers an event in the chat, after the webhook's answer (LINE waits for no reply); a
   * failure is logged (the driver can write again).
   */
  const replying = new Set<Promise<void>>();
  function reply(event: LineEvent, text: string): void {
    const work = sendReply(event, text).finally(() => replying.delete(work));
    replying.add(work);
  }
  async function sendReply(event: LineEvent, text: string): Promise<void> {
    if (!client || !event.replyToken) return;
    try {
      await withTimeout(
        client.replyMessage({
          replyToken: event.replyToken,
          messages: [{ type: 'text', text: text.slice(0, 5000) }],
        }),
        LINE_TIMEOUT_MS,
      );
    } catch (error) {
      const outcome = outcomeOfPushError(error, clock.now().getTime());
      log.warn(
        { webhookEventId: event.webhookEventId, error: outcome.ok ? 'retry key' : outcome.error },
        'could not reply in LINE',
      );
    }
  }

  // Replays on this instance: LINE redelivers an event it thinks unanswered, and may send one
  // twice. Across instances and restarts the database decides (a link is made once, a stop ends
  // only live rows, and a redelivered event that changed nothing is not answered).
  const seen = new Map<string, number>();
  function firstTime(eventId: string | undefined): boolean {
    if (!eventId) return true;
    const now = clock.now().getTime();
    for (const [id, at] of seen) {
      if (now - at < SEEN_EVENT_MS && seen.size < SEEN_EVENT_MAX) break;
      seen.delete(id);
    }
    if (seen.has(eventId)) return false;
    seen.set(eventId, now);
    return true;
  }

  async function linkCode(
    event: LineEvent,
    userId: string,
    id: number,
    keys: string[],
  ): Promise<string | null> {
    const redelivery = event.deliveryContext?.isRedelivery === true;
    if (keys.length === 0) return LINE_TEXT.keyNeeded;
    const oldest = oldestPublicDay(clock.now(), deps.config.siteTimeZone);
    const ticket = await repo.ticketSince(id, oldest);
    // A wrong key reads as an unknown ticket: nothing tells a guess which tickets exist.
    if (!ticket || !keys.includes(lineKeyOf(ticket.uuid))) return LINE_TEXT.unknown;
    if (ticket.exitAt) return LINE_TEXT.left(ticket.queueNumber);
    if ((ENDED_STATES as readonly string[]).includes(ticket.state))
      return LINE_TEXT.cancelled(ticket.queueNumber);
    const privacy = async () => {
      const { notice, days } = await repo.privacy(ticket.branchId);
      const quoted = notice.trim() === '' ? '' : `\n\n${notice.trim().slice(0, NOTICE_MAX)}`;
      return `\n\n${LINE_TEXT.privacy(days)}${quoted}`;
    };
    const lab = ticket.flowEngineId === FLOW_ENGINE.lab;
    const linked = await repo.link(
      {
        queueId: ticket.id,
        branchId: ticket.branchId,
        lineUserId: userId,
        notifyAhead: NOTIFY_AHEAD_DEFAULT,
        notifyLab: lab,
        at: clock.now(),
      },
      { maxTicketsPerChat: MAX_TICKETS_PER_CHAT, maxChatsPerTicket: MAX_CHATS_PER_TICKET },
    );
    if (linked === 'chat-full') return LINE_TEXT.tooManyTickets;
    if (linked === 'ticket-full') return LINE_TEXT.ticketFull;
    // Followed already (or linked by a twin of this event a moment ago: that one answers).
    if (linked === 'already')
      return redelivery ? null : LINE_TEXT.already(ticket.queueNumber) + (await privacy());
    log.info({ queueId: ticket.id, branchId: ticket.branchId }, 'a LINE chat follows a ticket');
    try {
      await onLinked?.(ticket.id, ticket.branchId);
    } catch (error) {
      log.error({ err: error, queueId: ticket.id }, 'could not write the moments of a new LINE link');
    }
    return LINE_TEXT.linked(ticket.queueNumber, NOTIFY_AHEAD_DEFAULT, lab) + (await privacy());
  }

  async function stop(
    event: LineEvent,
    userId: string,
    reason: 'unsubscribed' | 'gone',
  ): Promise<string | null> {
    const mine = await repo.liveOfUser(userId);
    await repo.end(
      mine.map((s) => s.id),
      reason,
      clock.now(),
    );
    if (mine.length > 0) return LINE_TEXT.stopped([...new Set(mine.map((s) => s.queueNumber))]);
    return event.deliveryContext?.isRedelivery === true ? null : LINE_TEXT.nothingToStop;
  }

  /** One event: what it changes, and the reply (null: none). */
  async function handle(event: LineEvent): Promise<void> {
    const userId = event.source?.type === 'user' ? event.source.userId : undefined;
    if (!userId || !LINE_USER_ID.test(userId)) return;
    if (!firstTime(event.webhookEventId)) return;
    let answer: string | null = null;
    if (event.type === 'follow') {
      answer = event.deliveryContext?.isRedelivery === true ? null : LINE_TEXT.greeting;
    } else if (event.type === 'unfollow') {
      // He blocked the account: nothing can reach him any more (and there is no reply token).
      await stop(event, userId, 'gone');
      for (const chat of staffChats) await chat.gone(userId);
    } else if (event.type === 'message') {
      const text = event.message?.type === 'text' ? (event.message.text ?? '') : '';
      let staff: string | null = null;
      for (const chat of staffChats) {
        staff = await chat.read(userId, text);
        if (staff !== null) break;
      }
      if (staff !== null) {
        answer = event.deliveryContext?.isRedelivery === true ? null : staff;
      } else if (isStopWord(text)) {
        answer = await stop(event, userId, 'unsubscribed');
      } else {
        const found = findTicketCode(text);
        if (found.ok) answer = await linkCode(event, userId, found.id, keysIn(text));
        else answer = found.problem === 'check' ? LINE_TEXT.unknown : LINE_TEXT.help;
      }
    }
    if (answer) reply(event, answer);
  }

  async function chatUrl(ticket: { id: number; uuid: string }): Promise<string | null> {
    const id = await readBasicId();
    return id ? chatUrlOf(id, chatText(encodeTicketCode(ticket.id), lineKeyOf(ticket.uuid))) : null;
  }

  return {
    configured: client !== null,
    /** The chat link of a ticket (its code and key typed); null without LINE or while its basic id is unknown. */
    chatUrl,
    sender,
    /** The channel secret the webhook's signatures are made with; null without LINE. */
    channelSecret: settings?.channelSecret ?? null,
    /**
     * Handles the webhook's events in order. A failed event is logged and forgotten, so that
     * LINE's redelivery of it is handled; a database that does not answer stops the rest and is
     * thrown (503: LINE may redeliver).
     */
    async handleEvents(events: LineEvent[]): Promise<void> {
      for (const event of events) {
        try {
          await handle(event);
        } catch (error) {
          if (event.webhookEventId) seen.delete(event.webhookEventId);
          if (isDatabaseUnavailable(error)) throw error;
          log.error(
            { err: error, webhookEventId: event.webhookEventId, type: event.type },
            'a LINE event failed',
          );
        }
      }
    },
    /** Waits for the replies under way (tests). */
    async settle(): Promise<void> {
      while (replying.size > 0) await Promise.allSettled([...replying]);
    },
    pushText,
    /**
     * A reader of link codes in the chat, before the drivers' ticket codes: the managers' alerts
     * (modules/alerts), the suppliers' grades (modules/suppliers); each also hears of chats that
     * blocked the account.
     */
    addStaffChat(chat: StaffChat) {
      staffChats.push(chat);
    },
    /** The chat with the account with this text typed; null without LINE or while its basic id is unknown. */
    async chatWith(text: string): Promise<string | null> {
      const id = await readBasicId();
      return id ? chatUrlOf(id, text) : null;
    },
    /** The notifier, once made (it needs this sender first). */
    setOnLinked(fn: (queueId: number, branchId: number) => Promise<void> | void) {
      onLinked = fn;
    },
  };
}

export type Line = ReturnType<typeof createLine>;
