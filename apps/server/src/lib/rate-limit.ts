import type { Clock } from './clock.ts';

/**
 * Token buckets: a bucket holds up to `burst` tokens and gains `perSecond` of them every
 * second; each call or event takes one, and one that finds the bucket empty is refused. Every
 * bucket reads the app's clock (`monotonicMs`, lib/clock.ts): tests move it instead of waiting
 * for a bucket to refill.
 */

export interface RateLimit {
  perSecond: number;
  burst: number;
}

/**
 * Every limit on what anyone may send, in one place (docs/security.md, "Rate limits"). Each is far
 * above what a real screen sends; the figures behind them are beside each one.
 */
export const RATE_LIMITS = {
  /**
   * Events of one staff socket (call, recheck, finish, reject, join). An officer clicks a few
   * times a second at most. The plant-day simulator's busiest desk (the lab caller) sends up to
   * 23 in one second at its default speed and stays within this up to four times that speed;
   * the bench's 50 calls in a row fit the burst.
   */
  staffEvents: { perSecond: 30, burst: 150 },
  /**
   * Refused events a staff socket may send before it is disconnected: 200 past its burst at
   * once, or three times its rate for about seven seconds. A screen that only bursts past its
   * limit now and then stays connected.
   */
  staffRefusals: { perSecond: 30, burst: 200 },
  /**
   * Events of every staff socket of one session together, checked beside the socket's own
   * bucket: opening more sockets gives a session no more. A little larger than one socket's,
   * for an officer with a second screen (the dashboard beside the calling page).
   */
  staffSessionEvents: { perSecond: 40, burst: 200 },
  /**
   * Refused events of one session's sockets together: past it, every socket of the session
   * that sends a refused event is disconnected.
   */
  staffSessionRefusals: { perSecond: 30, burst: 200 },
  /**
   * Staff handshakes of one session (keyed by its token's hash, before the session is looked
   * up). A browser opens one socket per tab and reconnects after a blip; twenty at once is
   * already a browser with many tabs reconnecting together.
   */
  staffSessionHandshakes: { perSecond: 2, burst: 20 },
  /**
   * Staff handshakes per client address (before anything is looked up): every screen of a
   * plant may share one address and reconnect together after a restart. The bench opens 500
   * sockets from one address in a few seconds.
   */
  staffHandshakes: { perSecond: 50, burst: 600 },
  /**
   * Public calls per client address (the driver's page, a device's hello; sign-in has its own
   * throttle): a ceiling, not the budget. Generous because of carrier-grade NAT: a harvest
   * night's 2,000 waiting drivers may share a few addresses, and all reload after a blip. The
   * driver's page has its budget per ticket (publicTicketReads).
   */
  publicCalls: { perSecond: 200, burst: 3000 },
  /** Connections to /public per client address: the same phones, each (re)connecting now and then. */
  publicHandshakes: { perSecond: 100, burst: 3000 },
  /**
   * Reads of one ticket by its pages (the page's call, its server render, its socket's
   * handshake): a page fetches on (re)connect and wake-up only, the rest is pushed. Past it the
   * page gets its last answer, not an error (queue/public-answers.ts).
   */
  publicTicketReads: { perSecond: 0.2, burst: 10 },
  /**
   * Socket.IO packets of one connection, to every namespace together (handshakes included, staff
   * events left to their own buckets above), counted before each is parsed
   * (realtime/packet-parser.ts); past it the connection is cut. It binds where there is no
   * other limit: the driver's page sends no events, an unregistered screen none, a display a
   * report per call it announces (60 at once back online), a scale bridge five a second.
   */
  socketPackets: { perSecond: 100, burst: 1000 },
  /** Connections to /device per client address: a plant's displays and kiosks reconnecting together. */
  deviceHandshakes: { perSecond: 10, burst: 200 },
  /**
   * New device ids claimed per client address (hellos and sockets). A plant's IT may open a
   * row of screens at once from one office address (each fresh browser shows a new id), so a
   * minute's burst is 60; after that one a second. Forgotten after an hour, one address holds
   * at most about 3,700 waiting ids: filling `device_hellos` (100,000) takes some 27 addresses.
   */
  deviceNewIds: { perSecond: 1, burst: 60 },
  /**
   * Reports of one device socket (a display's speech): one on connecting and one when its
   * voices change, a few in a minute at most; what goes past this is ignored.
   */
  deviceReports: { perSecond: 0.2, burst: 10 },
  /**
   * A display's announcement reports (one per call and re-announcement it announces): a busy
   * desk calls every few seconds, and a display back online may report a few at once.
   */
  announcementReports: { perSecond: 2, burst: 60 },
  /**
   * A scale bridge's weights: a moving weight at most every 200 ms, a steady one every second
   * (SCALE_REPORT_MIN_MS, SCALE_HEARTBEAT_MS); twice that leaves room for state changes.
   */
  scaleReports: { perSecond: 10, burst: 20 },
  /** An officer re-announces one call at most once every 5 s (per officer and call). */
  reannounce: { perSecond: 0.2, burst: 1 },
  /**
   * An officer's prints that make paper or talk to a printer (reprint, test print, check): a
   * double-click or a few retries pass, a loop burning a roll does not (per officer).
   */
  officerPrints: { perSecond: 0.5, burst: 6 },
  /**
   * A USB kiosk's job fetches, and apart from them its reports (per kiosk): a ticket or two a
   * second at most; a kiosk that fetched too often can still say what became of its jobs.
   */
  kioskPrintCalls: { perSecond: 2, burst: 40 },
} as const satisfies Record<string, RateLimit>;

/** Addresses remembered at most, per limiter: memory stays bounded whatever an attacker sends from. */
export const MAX_ADDRESSES = 10_000;

/** What a bucket reads: the app's clock (its monotonic reading, never the wall clock's). */
export type BucketClock = Pick<Clock, 'monotonicMs'>;

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: BucketClock,
  ) {
    this.tokens = limit.burst;
    this.at = clock.monotonicMs();
  }

  private refill(): void {
    const now = this.clock.monotonicMs();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.at) / 1000) * this.limit.perSecond);
    this.at = now;
  }

  /** Takes a token: 0 when there was one, else the milliseconds until there will be. */
  take(): number {
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return ((1 - this.tokens) / this.limit.perSecond) * 1000;
  }

  /** Refilled to the brim: forgetting it changes nothing. */
  full(): boolean {
    this.refill();
    return this.tokens >= this.limit.burst;
  }
}

export interface RateLimiter {
  /** Takes a token from `key`'s bucket: 0 when allowed, else the milliseconds to wait. */
  take(key: string): number;
  /** Buckets held now (for tests). */
  readonly size: number;
}

/**
 * A bucket per key (a client address). The map is kept in order of last use: buckets that
 * have refilled are dropped from its old end as new keys arrive, and past `maxKeys` the least
 * recently used one goes whatever it holds, so a flood from many addresses cannot grow memory.
 */
export function createRateLimiter(
  limit: RateLimit,
  options: { clock: BucketClock; maxKeys?: number },
): RateLimiter {
  const { clock } = options;
  const maxKeys = options.maxKeys ?? MAX_ADDRESSES;
  const buckets = new Map<string, TokenBucket>();

  function evict(): void {
    for (const [key, bucket] of buckets) {
      if (buckets.size < maxKeys && !bucket.full()) return;
      buckets.delete(key);
    }
  }

  return {
    take(key) {
      let bucket = buckets.get(key);
      if (bucket) {
        // Moved to the new end: the map's order is the order of last use.
        buckets.delete(key);
      } else {
        evict();
        bucket = new TokenBucket(limit, clock);
      }
      buckets.set(key, bucket);
      return bucket.take();
    },
    get size() {
      return buckets.size;
    },
  };
}

/** Retry-After in whole seconds (at least 1) for a wait in milliseconds. */
export const retryAfterSeconds = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 1000));
