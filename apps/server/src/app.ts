import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createFastify, type HttpTimeouts } from './http/create-fastify.ts';
import { createCallRegistrar } from './http/register-call.ts';
import { registerWebApp } from './http/web-app.ts';
import { proxyTrust } from './lib/client-address.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createEventHub } from './lib/event-hub.ts';
import { shareEventsAcrossInstances } from './lib/shared-events.ts';
import { registerAlertsModule } from './modules/alerts/alerts.module.ts';
import type { AlertsService } from './modules/alerts/alerts.service.ts';
import { registerAnnouncementsModule } from './modules/announcements/announcements.module.ts';
import { registerAuthModule } from './modules/auth/auth.module.ts';
import { registerCatalogModule } from './modules/catalog/catalog.module.ts';
import { registerControllerSettingsModule } from './modules/controller-settings/controller-settings.module.ts';
import { createManualWeights } from './modules/controller-settings/manual-weights.ts';
import { registerDeviceGatewayModule } from './modules/device-gateway/device-gateway.module.ts';
import { createDeviceGatewayRepository } from './modules/device-gateway/device-gateway.repository.ts';
import { registerDisputesModule } from './modules/disputes/disputes.module.ts';
import { registerIntegrationsModule } from './modules/integrations/integrations.module.ts';
import { registerGoodsReceiptsModule } from './modules/goods-receipts/goods-receipts.module.ts';
import { registerIdentificationModule } from './modules/identification/identification.module.ts';
import { registerLabModule } from './modules/lab/lab.module.ts';
import type { ModuleHost, ModuleOptions } from './modules/module-host.ts';
import { registerNotificationsModule } from './modules/notifications/notifications.module.ts';
import { registerOfficersModule } from './modules/officers/officers.module.ts';
import { registerApiDocs } from './modules/operations/api-docs.ts';
import { registerHealthRoutes } from './modules/operations/health.routes.ts';
import { registerMetrics } from './modules/operations/metrics.ts';
import { RequestLogController } from './modules/operations/request-log.ts';
import { registerPrintingModule } from './modules/printing/printing.module.ts';
import { createQueueReadsRepository } from './modules/queue/queue-reads.repository.ts';
import { registerQueueModule } from './modules/queue/queue.module.ts';
import { registerSeasonsModule } from './modules/seasons/seasons.module.ts';
import { registerSuppliersModule } from './modules/suppliers/suppliers.module.ts';
import { registerBookingsModule } from './modules/bookings/bookings.module.ts';
import { createQueueRepository } from './modules/queue/queue.repository.ts';
import { registerReportsModule } from './modules/reports/reports.module.ts';
import { registerVoiceModule } from './modules/voice/voice.module.ts';
import { registerWebhooksModule } from './modules/webhooks/webhooks.module.ts';
import { registerYardModule } from './modules/yard/yard.module.ts';
import { liveConnections } from './realtime/live-connections.ts';
import { createRealtime } from './realtime/realtime.ts';

export { HTTP_TIMEOUTS, type HttpTimeouts } from './http/create-fastify.ts';

/** The background work each module does only where asked is in ModuleOptions (module-host.ts). */
export interface AppOptions extends ModuleOptions {
  config: Config;
  database: Database;
  /** Tests move time forward through this. */
  clock?: Clock;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  serveWeb?: boolean;
  /** Tests shorten these to see a slow client closed in seconds. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * Builds the whole server: main.ts listens on it, tests call it through app.inject. Each module
 * registers its own calls, listeners and background jobs (modules/<name>/<name>.module.ts) and
 * returns what the modules after it need.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  // One rule for the client's address behind a proxy: Fastify's request.ip and the sockets' audit.
  const trust = proxyTrust(config.trustProxy);
  const app = createFastify({
    config,
    logger: options.logger,
    logStream: options.logStream,
    httpTimeouts: options.httpTimeouts,
    trust,
    logController: new RequestLogController(config.requests),
    clock,
  });
  const events = createEventHub((error) => app.log.error({ err: error }, 'event listener failed'));
  // With several instances behind a load balancer, what ends a session or makes data held in
  // memory stale reaches every one of them (lib/shared-events.ts).
  const sharedEvents = config.redisUrl
    ? shareEventsAcrossInstances(events, {
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        log: app.log,
      })
    : null;
  if (sharedEvents) app.addHook('onClose', () => sharedEvents.close());
  // The realtime server comes after the routes: the modules ask it through this once it is there.
  const live = liveConnections(app);
  // Before the routes: the API docs collect them as they are added; the metrics see every request.
  let alerts: AlertsService | null = null;
  registerMetrics(app, {
    database,
    events,
    token: config.metricsToken,
    sockets: () => live.io(),
    alertLooks: () => alerts?.looks() ?? null,
  });
  await registerApiDocs(app);
  // The auth and device-gateway modules check every call and register calls through this too:
  // they are asked when a call arrives, by which time every module below is registered.
  const register = createCallRegistrar(app, {
    apiKey: config.apiKey,
    authenticate: (token) => authenticate(token),
    onForbidden: (session, path, request) => onForbidden(session, path, request),
    authenticateDevice: (kind, shortId, secret) => devices.identify(kind, shortId, secret),
    clock,
    authenticateKey: (token) => integrations.authenticate(token),
    takeKeyCall: (key) => integrations.take(key),
    auditKeyCall: (key, path, status, request) => integrations.audit(key, path, status, request.ip),
  });
  const databaseWaiting = () => database.waiting();
  const host: ModuleHost = {
    app,
    register,
    config,
    db,
    background: database.background,
    clock,
    events,
    live,
    options,
    databaseWaiting,
  };

  // Rows read by modules registered before their own (repositories hold no state, so one each,
  // made here): the trucks' (the queue's), the scales' (the device gateway's), who may type weights.
  const queueRepo = createQueueRepository(db);
  const reads = createQueueReadsRepository(db);
  // The same reads for the drivers' side, on the background lane.
  const publicReads = createQueueReadsRepository(database.background);
  const deviceRepo = createDeviceGatewayRepository(db);
  const manualWeights = createManualWeights(db, events, clock);

  // The modules, each after those it needs (what each is given and returns: its <name>.module.ts).
  const { lab } = registerLabModule(host);
  const { auth, authRepo, authenticate, onForbidden } = registerAuthModule(host);
  const { prepareVoice } = registerVoiceModule(host);
  const { officersRepo } = registerOfficersModule(host, { sessions: authRepo });
  const { catalogRepo } = registerCatalogModule(host, { lab, stationNamed: prepareVoice });
  const { disputes } = registerDisputesModule(host, { lab });
  const { lineChatUrl, line } = registerNotificationsModule(host, { reads: publicReads });
  const { printing, printerHealth } = registerPrintingModule(host, { queueRepo, reads, lab, lineChatUrl });
  const { yard, days } = registerYardModule(host, { queueRepo, printing });
  ({ alerts } = registerAlertsModule(host, { line, days }));
  const { queue, eta, callingScope, calling, publicQueue, cards, desk } = registerQueueModule(host, {
    queueRepo,
    reads,
    publicReads,
    yard,
    days,
    catalog: catalogRepo,
    lab,
    branches: authRepo,
    disputes,
    scales: deviceRepo,
    manualWeights,
    printing,
    lineChatUrl,
    // The device gateway comes next (its kiosks issue through the queue): asked when one issues.
    kiosks: { issueTicket: (device, input) => devices.issueTicket(device, input) },
  });
  const { devices } = registerDeviceGatewayModule(host, {
    queue,
    eta,
    days,
    reads,
    catalog: catalogRepo,
    cards,
  });
  const { announcements } = registerAnnouncementsModule(host, { days, scope: callingScope });
  registerControllerSettingsModule(host, {
    officers: officersRepo,
    catalog: catalogRepo,
    devices: deviceRepo,
    manualWeights,
    announcements,
    printerHealth,
  });
  const { exports, scorecards, inOut, summary } = registerReportsModule(host, {
    days,
    reads,
    catalog: catalogRepo,
    lab,
    authenticate,
    auth,
    devices: deviceRepo,
  });
  const { grades } = registerSuppliersModule(host, { exports, days, scorecards, line });
  const { seasons } = registerSeasonsModule(host);
  const { bookings } = registerBookingsModule(host, { days, desk, quotas: seasons, scorecards, grades });
  const { keys: integrations } = registerIntegrationsModule(host, { inOut, summary });
  registerWebhooksModule(host);
  registerGoodsReceiptsModule(host, { lab });
  registerIdentificationModule(host, { queue, bookings, desk, days });
  await registerWebApp(app, config, options.serveWeb ?? true, {
    clock,
    readTicket: (uuid) => publicQueue.page(uuid),
  });

  const realtime = createRealtime({
    httpServer: app.server,
    apiKey: config.apiKey,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    auth,
    calling,
    publicQueue,
    devices,
    announcements,
    kioskHealth: (device, health) => printing.kioskHealth(device, health),
    events,
    clock,
    log: app.log,
    origins: { allowedOrigins: config.allowedOrigins, publicUrl: config.publicUrl, trustProxy: trust },
  });
  registerHealthRoutes(app, {
    database,
    // Down when either the sockets' adapter or the shared events lost Redis.
    redisStatus: () => {
      const sockets = realtime.redisStatus();
      return sockets === 'ready' && sharedEvents?.status() === 'down' ? 'down' : sockets;
    },
  });
  app.decorate('realtime', realtime);
  app.addHook('preClose', () => realtime.close());
  return app;
}
