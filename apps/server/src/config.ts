import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@truck-queue/shared/password-rule';
import { noFormula, noHidden } from '@truck-queue/shared/contracts/api';
import { proxyTrust } from './lib/client-address.ts';

/** Every environment variable the server reads, parsed once, with its default. README lists them. */

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** A comma-separated list of web origins (`https://host[:port]`), each normalised as browsers send it. */
function parseOrigins(list: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const item of list.split(',').map((s) => s.trim())) {
    if (item === '') continue;
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    const bare =
      url !== null &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !item.endsWith('//') &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '';
    if (!url || !bare) {
      ctx.addIssue({
        code: 'custom',
        message: `"${item}" is not an origin: write the scheme, host and port only, e.g. https://queue.example.co.th,http://10.0.0.5:3000`,
      });
      continue;
    }
    origins.push(url.origin);
  }
  return origins;
}

/**
 * TRUST_PROXY: off, or the reverse proxies in front of the server, comma-separated (addresses,
 * CIDR ranges, or `loopback`; the named private ranges are refused: they hold clients too). Only a request whose TCP peer is one
 * of them has its X-Forwarded-* headers believed, and the client is the right-most forwarded
 * address that is not one of them. `on` and hop counts are refused: both believe whoever
 * reaches the port, so anyone could choose the address sign-in throttling and the audit see.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): string[] {
  const text = value.trim().toLowerCase();
  if (['0', 'false', 'off', 'no'].includes(text)) return [];
  const proxies = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (['1', 'true', 'on', 'yes'].includes(text) || /^\d+$/.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message: `name the proxy instead of "${value}": its address or network, e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.10,10.0.0.11 (otherwise anyone reaching the port could choose the client address the sign-in throttle and the audit see)`,
    });
    return [];
  }
  // A named range (the whole private network, say) also holds the clients: proxy-addr skips every
  // trusted address, so a client on the plant's LAN could put any address in front of its own.
  if (proxies.some((p) => p === 'linklocal' || p === 'uniquelocal')) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" would trust the clients of the plant's network too: name the proxy's own address(es) instead, e.g. TRUST_PROXY=10.0.0.10`,
    });
    return [];
  }
  if (proxies.some((p) => p.endsWith('/0'))) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" trusts every address: name the proxy's address or network instead`,
    });
    return [];
  }
  try {
    proxyTrust(proxies);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not a list of proxy addresses: write addresses or CIDR ranges, comma-separated, e.g. 127.0.0.1,10.0.0.0/24 (or off)`,
    });
  }
  return proxies;
}

/** The Messaging API's address (tests point LINE_API_BASE at a stub on 127.0.0.1). */
export const DEFAULT_LINE_API_BASE = 'https://api.line.me';

/** The push services real browsers subscribe with (Chrome/Edge/Android, Firefox, Windows, Safari). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

/**
 * PUSH_SERVICE_HOSTS: the hosts a driver's browser may name as its push endpoint (the server
 * POSTs there), comma-separated: `host`, `*.domain` or `host:port`. Anything else could make the
 * server send requests into the plant's own network.
 */
function parsePushHosts(value: string, ctx: z.RefinementCtx): string[] {
  const hosts = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${host}" is not a host: write host names, *.domain or host:port, comma-separated, e.g. fcm.googleapis.com,*.notify.windows.com`,
      });
    }
  }
  return hosts;
}

/**
 * WEBHOOK_PRIVATE_HOSTS: the `host:port` addresses on the plant's own network IT lets webhooks go
 * to (an ERP on the LAN), comma-separated; every other private address is refused.
 */
function parseWebhookPrivateHosts(value: string, ctx: z.RefinementCtx): string[] {
  const hosts = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  for (const host of hosts) {
    if (!/^[a-z0-9.-]+:\d{1,5}$/.test(host)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${host}" is not host:port: write e.g. erp.plant.local:8443,192.168.1.20:443, comma-separated`,
      });
    }
  }
  return hosts;
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,60}$/, 'may hold letters, digits, dots, dashes, colons and underscores (at most 60)')
    .default('truck-queue'),
  API_KEY: z.string().min(8, 'must be at least 8 characters').max(200).default('truck-queue-web'),
  /** A plant's install (`npm run start:plant`): no demo data, and its first admin from the settings. */
  PLANT_MODE: flag.optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .default('admin1234'),
  SITE_TIMEZONE: z.string().refine(isTimeZone, 'is not a known IANA time zone').default('Asia/Bangkok'),
  DEFAULT_LANGUAGE: z.enum(['th', 'en', 'es', 'de', 'it', 'ru']).default('th'),
  COMPANY_NAME: noFormula(noHidden(z.string().trim().max(200))).default(''),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DEMO_DATA: flag.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(720),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['slow', 'all']).default('slow'),
  LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  DB_STATEMENT_STATS: z.string().min(1).optional(),
  TRUST_PROXY: z.string().transform(parseTrustProxy).default([]),
  ALLOWED_ORIGINS: z.string().transform(parseOrigins).default([]),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  ETA_TIME_SCALE: z.coerce.number().min(1).max(100_000).default(1),
  ALERT_TIME_SCALE: z.coerce.number().min(1).max(100_000).default(1),
  VOICE_CLIPS_DIR: z
    .string()
    .transform((dir) => path.resolve(dir))
    .refine(isDirectory, 'is not a folder the server can read: name an existing folder of clips')
    .optional(),
  PUSH_SERVICE_HOSTS: z.string().transform(parsePushHosts).default(DEFAULT_PUSH_SERVICE_HOSTS),
  WEBHOOK_PRIVATE_HOSTS: z.string().transform(parseWebhookPrivateHosts).default([]),
  SNAPSHOT_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
      'must be mailto:someone@example.com or an https:// address',
    )
    .optional(),
  // The plant's LINE Official Account (its Messaging API channel): both or neither, checked below.
  LINE_CHANNEL_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9]{16,128}$/, "must be the Messaging API channel's secret (32 letters and digits)")
    .optional(),
  LINE_CHANNEL_ACCESS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9+/=._-]{20,2000}$/, "must be the Messaging API channel's access token (long-lived)")
    .optional(),
  LINE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default(DEFAULT_LINE_API_BASE),
  LINE_BOT_BASIC_ID: z
    .string()
    .regex(/^@[A-Za-z0-9._-]{1,40}$/, "must be the account's basic ID with its @, e.g. @123abcde")
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  /** null: use the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  /** Prefix of the Redis channels: deployments sharing one Redis must not hear each other's rooms. */
  redisPrefix: string;
  apiKey: string;
  adminEmail: string;
  adminPassword: string;
  siteTimeZone: string;
  defaultLanguage: Env['DEFAULT_LANGUAGE'];
  companyName: string;
  /** Where drivers' phones reach the driver's page (tickets' QR codes); null: the kiosk's own address. */
  publicUrl: string | null;
  demoData: boolean;
  /** A plant's install (PLANT_MODE): no demo data; its first start needs ADMIN_EMAIL and ADMIN_PASSWORD. */
  plant: boolean;
  /** Both ADMIN_EMAIL and ADMIN_PASSWORD were set (not the defaults). */
  adminGiven: boolean;
  session: { idleMs: number; maxMs: number; rememberMs: number };
  logLevel: Env['LOG_LEVEL'];
  /**
   * Request log lines at info: `slow` (calls slower than logSlowMs, refusals and errors; the
   * others at debug), or `all`.
   */
  requests: { all: boolean; slowMs: number };
  /** A file the database's statement figures are written to at shutdown (db/statement-stats.ts); null: not collected. */
  statementStats: string | null;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-* headers are believed; empty: none. */
  trustProxy: string[];
  /** Other sites' pages that may open Socket.IO connections (besides the server's own address). */
  allowedOrigins: string[];
  /** When set, GET /metrics wants it as a Bearer token. */
  metricsToken: string | null;
  /**
   * ETA_TIME_SCALE: the expected wait's seconds per second of the server's clock; 1 in a plant.
   * The simulator, which plays a day in minutes, sets its acceleration (eta.service.ts).
   */
  etaTimeScale: number;
  /**
   * ALERT_TIME_SCALE: the alert rules' minutes per minute of the server's clock; 1 in a plant. The
   * simulator sets its acceleration, so a rule of 90 minutes means 90 simulated ones (modules/alerts).
   */
  alertTimeScale: number;
  /**
   * VOICE_CLIPS_DIR: a folder of the plant's recordings, one file per voice token (`1.wav`,
   * `A.mp3`, `ก.ogg`, `เชิญหมายเลข.wav`); they win over generated clips. null: none.
   */
  voiceClipsDir: string | null;
  /** Hosts a driver's browser may give as its Web Push endpoint (`host`, `*.domain`, `host:port`). */
  pushServiceHosts: string[];
  /** `host:port` addresses on the plant's network webhooks may go to (all other private ones are refused). */
  webhookPrivateHosts: string[];
  /** SNAPSHOT_DAYS: how long the plate cameras' snapshots are kept with their reads (issue 42). */
  snapshotDays: number;
  /** Who the Web Push services may contact about this server (VAPID `sub`). */
  vapidSubject: string;
  /**
   * The plant's LINE Official Account (issue 21); null without LINE_CHANNEL_SECRET and
   * LINE_CHANNEL_ACCESS_TOKEN. `basicId` (the account's @id, for the chat link): null to ask
   * the Messaging API for it once.
   */
  line: { channelSecret: string; channelAccessToken: string; apiBase: string; basicId: string | null } | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The first SuperAdmin's password follows the rule every new password does (shared/password-rule.ts).
  const weak = passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_EMAIL);
  if (weak === 'PASSWORD_IS_EMAIL' || weak === 'PASSWORD_TOO_COMMON') {
    const why =
      weak === 'PASSWORD_IS_EMAIL' ? 'is the e-mail (ADMIN_EMAIL)' : 'is one of the commonest passwords';
    throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${why}: choose another`);
  }
  // A plant's install never gets the demo plant, whatever else is set.
  const plant = e.PLANT_MODE ?? false;
  if (plant && e.DEMO_DATA === true)
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_DATA: a plant install (PLANT_MODE, npm run start:plant) never loads the demo plant: remove DEMO_DATA',
    );
  // LINE needs both: the secret checks the webhook's signatures, the token sends.
  if ((e.LINE_CHANNEL_SECRET === undefined) !== (e.LINE_CHANNEL_ACCESS_TOKEN === undefined)) {
    const [missing, set] =
      e.LINE_CHANNEL_SECRET === undefined
        ? ['LINE_CHANNEL_SECRET', 'LINE_CHANNEL_ACCESS_TOKEN']
        : ['LINE_CHANNEL_ACCESS_TOKEN', 'LINE_CHANNEL_SECRET'];
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: is needed with ${set}: LINE wants both (the Messaging API channel's secret and access token), or neither`,
    );
  }
  const databaseUrl = e.DATABASE_URL ?? null;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    apiKey: e.API_KEY,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    plant,
    adminGiven: present.ADMIN_EMAIL !== undefined && present.ADMIN_PASSWORD !== undefined,
    siteTimeZone: e.SITE_TIMEZONE,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    companyName: e.COMPANY_NAME,
    publicUrl: e.PUBLIC_URL ?? null,
    // Demo data is on by default only for the embedded database, and never for a plant's install:
    // never fill a real server by accident.
    demoData: !plant && (e.DEMO_DATA ?? databaseUrl === null),
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxMs: e.SESSION_MAX_HOURS * 3_600_000,
      rememberMs: e.SESSION_REMEMBER_DAYS * 86_400_000,
    },
    logLevel: e.LOG_LEVEL,
    requests: { all: e.LOG_REQUESTS === 'all', slowMs: e.LOG_SLOW_MS },
    statementStats: e.DB_STATEMENT_STATS ? path.resolve(e.DB_STATEMENT_STATS) : null,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    metricsToken: e.METRICS_TOKEN ?? null,
    etaTimeScale: e.ETA_TIME_SCALE,
    alertTimeScale: e.ALERT_TIME_SCALE,
    voiceClipsDir: e.VOICE_CLIPS_DIR ?? null,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    webhookPrivateHosts: e.WEBHOOK_PRIVATE_HOSTS,
    snapshotDays: e.SNAPSHOT_DAYS,
    vapidSubject:
      e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : `mailto:${e.ADMIN_EMAIL}`),
    line:
      e.LINE_CHANNEL_SECRET !== undefined && e.LINE_CHANNEL_ACCESS_TOKEN !== undefined
        ? {
            channelSecret: e.LINE_CHANNEL_SECRET,
            channelAccessToken: e.LINE_CHANNEL_ACCESS_TOKEN,
            apiBase: e.LINE_API_BASE,
            basicId: e.LINE_BOT_BASIC_ID ?? null,
          }
        : null,
  };
}
