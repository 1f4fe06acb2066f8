import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { RegisterCall } from '../http/register-call.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventHub } from '../lib/event-hub.ts';
import type { DisplayConnection } from './announcements/announcements.service.ts';
import type { ScaleReading } from './queue/station-work.service.ts';

/** The background work a module does only where asked (main.ts; tests ask for it one by one). */
export interface ModuleOptions {
  /**
   * Make the branches' voice packs ahead: once the server listens, and for a station added or
   * renamed (main.ts; tests make clips only when they ask for them).
   */
  prepareVoice?: boolean;
  /**
   * Read the network kiosks' printers every PRINTER_CHECK_INTERVAL_MS (main.ts), or every
   * `everyMs` (tests). Off: their health changes only with jobs and settings changes.
   */
  watchPrinters?: boolean | { everyMs: number };
  /** The TLS agent Web Push is sent through (tests: one that trusts their stand-in push service). */
  webPushAgent?: Agent;
  /** How long one Web Push POST may take (web-push.channel.ts; tests of services that never answer). */
  webPushTimeoutMs?: number;
  /**
   * Once listening, send the drivers' notifications that come due (retries, another instance's
   * leases) every few seconds and run the daily retention job (main.ts). Off, notifications are
   * still sent on each change; tests retry and run the job by hand.
   */
  driverJobs?: boolean;
  /**
   * Once listening, look at the alert rules every half minute and send their LINE messages
   * (main.ts). Off, tests evaluate by hand (`app.alerts.evaluate()`).
   */
  alertJobs?: boolean;
  /**
   * Once listening, the integrations' background work (main.ts): look for new events for the
   * webhooks and send what is due every WEBHOOK_LOOK_MS, scan for goods receipts, and prune the
   * webhooks' log and the keys' call audit every hour. Off, tests do each by hand
   * (`app.webhooks`, `app.goodsReceipts`, `app.integrations`).
   */
  integrationJobs?: boolean;
  /** The TLS agent webhooks are POSTed through (tests: one that trusts their receiver). */
  webhookAgent?: Agent;
  /** How long one webhook POST may take (webhook-sender.ts; tests of receivers that never answer). */
  webhookTimeoutMs?: number;
}

/**
 * What the sockets know of the devices (the realtime server's). It is made after the routes, so
 * a module asks when it needs to know (realtime/live-connections.ts); before it is there nothing
 * is connected and every scale is offline.
 */
export interface LiveConnections {
  /** The connected displays among these and their sound (see device-namespace.ts); none when that fails. */
  displayConnections(deviceIds: readonly number[]): Promise<Map<number, DisplayConnection>>;
  /** The kiosks among these whose screen is connected now (printer-sockets.ts); none when that fails. */
  connectedKiosks(deviceIds: readonly number[]): Promise<Set<number>>;
  /** The weight each of these scales shows now (scale-weights.ts); offline when that fails. */
  scaleWeights(deviceIds: readonly number[]): Promise<Map<number, ScaleLive>>;
  /** The same with when each last read empty (the capture's return-to-zero interlock); offline when that fails. */
  scaleReadings(deviceIds: readonly number[]): Promise<Map<number, ScaleReading>>;
}

/**
 * What every module is registered with (app.ts): the server, the registrar of its calls, the
 * configuration and the core every module shares. A module's own services, routes, event
 * listeners and background jobs are its own; what it needs of other modules comes as its second
 * argument, and what others need of it is what its registration returns.
 */
export interface ModuleHost {
  app: FastifyInstance;
  register: RegisterCall;
  config: Config;
  db: Db;
  /**
   * The database's lane for work no officer waits on (drivers' pages and pushes, notifications,
   * retention): its own connections, after the officers' on the embedded engine (database.ts).
   */
  background: Db;
  clock: Clock;
  events: EventHub;
  live: LiveConnections;
  options: ModuleOptions;
  /** Calls waiting for a database connection now: what is not an officer's work gives way when they queue. */
  databaseWaiting: () => number;
}
