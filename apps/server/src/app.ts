import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/log-options.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { createCallRegistrar } from './http/register-call.ts';
import { registerWebApp } from './http/web-app.ts';
import { createEventHub } from './lib/event-hub.ts';
import { shareEventsAcrossInstances } from './lib/shared-events.ts';
import { proxyTrust } from './lib/client-address.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createAuthService, requestInfo } from './modules/auth/auth.service.ts';
import { createCallingScope } from './modules/queue/calling-scope.ts';
import { registerCallingRoutes } from './modules/queue/calling.routes.ts';
import { createCallingService } from './modules/queue/calling.service.ts';
import { registerPublicQueueRoutes } from './modules/queue/public-queue.routes.ts';
import { createDisputesService } from './modules/disputes/disputes.service.ts';
import { registerDisputeRoutes } from './modules/disputes/disputes.routes.ts';
import { createPublicQueueService } from './modules/queue/public-queue.service.ts';
import { createQueueRepository } from './modules/queue/queue.repository.ts';
import { createQueueService } from './modules/queue/queue.service.ts';
import { registerStationWorkRoutes } from './modules/queue/station-work.routes.ts';
import { createYardRepository } from './modules/yard/yard.repository.ts';
import { createPlantDays } from './lib/plant-days.ts';
import { registerYardRoutes } from './modules/yard/yard.routes.ts';
import { createYardService } from './modules/yard/yard.service.ts';
import { createStationWorkService } from './modules/queue/station-work.service.ts';
import { OFFLINE as SCALE_OFFLINE } from './realtime/scale-weights.ts';
import { createRealtime, type Realtime } from './realtime/realtime.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createLabService } from './modules/lab/lab.service.ts';
import { registerLabRoutes } from './modules/lab/lab.routes.ts';
import { createProductsService } from './modules/catalog/products.service.ts';
import { createQueueTypesService } from './modules/catalog/queue-types.service.ts';
import { createStationsService } from './modules/catalog/stations.service.ts';
import { createCallingControlService } from './modules/controller-settings/calling-control.service.ts';
import { registerControllerRoutes } from './modules/controller-settings/controller-settings.routes.ts';
import { createDevicesService } from './modules/controller-settings/devices.service.ts';
import { createManualWeights } from './modules/controller-settings/manual-weights.ts';
import { registerDeviceRoutes } from './modules/device-gateway/device-gateway.routes.ts';
import { createDeviceService } from './modules/device-gateway/device-gateway.service.ts';
import { createDashboardService } from './modules/reports/dashboard.service.ts';
import { createInOutService } from './modules/reports/in-out.service.ts';
import { createReportExports } from './modules/reports/report-exports.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { createSummaryService } from './modules/reports/summary.service.ts';
import { registerApiDocs } from './modules/operations/api-docs.ts';
import { registerHealthRoutes } from './modules/operations/health.routes.ts';
import { registerMetrics } from './modules/operations/metrics.ts';
import { RequestLogController } from './modules/operations/request-log.ts';
import { createGeneratedClips } from './modules/voice/generated-clips.ts';
import { createSpeechEngine } from './modules/voice/speech-engine.ts';
import { createFolderClips } from './modules/voice/voice-pack.ts';
import { registerVoiceRoutes } from './modules/voice/voice.routes.ts';
import { createVoiceService } from './modules/voice/voice.service.ts';
import { registerOfficerRoutes } from './modules/officers/officers.routes.ts';
import { createOfficersService } from './modules/officers/officers.service.ts';
import { printOnNetworkPrinter } from './modules/printing/network-printer.ts';
import { createPrintingRepository } from './modules/printing/printing.repository.ts';
import { registerPrintingRoutes } from './modules/printing/printing.routes.ts';
import { createPrintingService } from './modules/printing/printing.service.ts';
import { createQueueReadsRepository } from './modules/queue/queue-reads.repository.ts';
import { createEtaService } from './modules/queue/eta.service.ts';
import { createPrinterHealth } from './modules/printing/printer-health.ts';
import { registerAnnouncementRoutes } from './modules/announcements/announcements.routes.ts';
import type { Agent } from 'node:https';
import type { ChannelSenders } from './modules/notifications/channels.ts';
import { createLine } from './modules/notifications/line.ts';
import { registerLineWebhook } from './modules/notifications/line.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createNotifier, type Notifier } from './modules/notifications/notifier.ts';
import { createRetention, type Retention } from './modules/notifications/retention.ts';
import { createVapidKeys } from './modules/notifications/vapid.ts';
import { createWebPushSender } from './modules/notifications/web-push.channel.ts';
import { createAnnouncementsService } from './modules/announcements/announcements.service.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests move time forward through this. */
  clock?: Clock;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  serveWeb?: boolean;
  /**
   * Make the branches' voice packs ahead: once the server listens, and for a station added or
   * renamed (main.ts; tests make clips only when they ask for them).
   */
  prepareVoice?: boolean;
  /** Tests shorten these to see a slow client closed in seconds. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /**
   * Read the network kiosks' printers every PRINTER_CHECK_INTERVAL_MS (main.ts), or every
   * `everyMs` (tests). Off: their health changes only with jobs and settings changes.
   */
  watchPrinters?: boolean | { everyMs: number };
  /** The TLS agent Web Push is sent through (tests: one that trusts their stand-in push service). */
  webPushAgent?: Agent;
  /**
   * Once listening, send the drivers' notifications that come due (retries, another instance's
   * leases) every few seconds and run the daily retention job (main.ts). Off, notifications are
   * still sent on each change; tests retry and run the job by hand.
   */
  driverJobs?: boolean;
}

/** How long the HTTP server waits on a client. */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (else 408 and closed). */
  requestMs: number;
  /** Its headers must arrive within this. */
  headersMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveMs: number;
}

/**
 * A client that sends its request slowly (a byte every few seconds) is closed within
 * `requestMs`, whatever it sends; Node's default is 300 s, and its check runs every 30 s.
 * Bodies here are under 1 MiB and mostly under 1 kB: 30 s is ample on a slow link.
 * Socket.IO is not cut by these: the request timeout ends when the request has arrived, not
 * when it is answered, so a long-polling GET that the server holds for up to pingInterval
 * (25 s) is not affected; `idleMs` (60 s) outlasts that hold and pingInterval + pingTimeout
 * (45 s); a WebSocket leaves the HTTP server's timeouts at the upgrade (ws sets no idle
 * timeout on it). Keep-alive stays at Fastify's 72 s, above the 60 s idle timeout of common
 * load balancers, so that they close first.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** Drivers' notifications (tests settle it; modules/notifications/notifier.ts). */
    notifier: Notifier;
    /** The daily erasure of drivers' contact data and old plates (modules/notifications/retention.ts). */
    retention: Retention;
  }
}

/** Builds the whole server: main.ts listens on it, tests call it through app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  // One rule for the client's address behind a proxy: Fastify's request.ip and the sockets' audit.
  const trust = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy.length > 0 ? trust : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // How often Node looks for requests past their time (its default, 30 s, would let a slow
      // client stay up to a minute).
      connectionsCheckingInterval: 1000,
    },
    // Undecodable addresses and over-long path parameters: the API's error shape, not Fastify's.
    frameworkErrors,
    // One line per request, with its route pattern; fast successes at debug (modules/operations/request-log.ts).
    logController: new RequestLogController(config.requests),
    // A request's logger is made when it first writes a line (http/request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app);
  // A call without fields may arrive as an empty JSON body; anything else goes to Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else void parseJson(request, body.toString(), done);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);

  const { db } = database;
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
  // Before the routes: the API docs collect them as they are added; the metrics see every request.
  registerMetrics(app, {
    database,
    events,
    token: config.metricsToken,
    sockets: () => (app.hasDecorator('realtime') ? app.realtime.io : null),
  });
  await registerApiDocs(app);
  const auth = createAuthService({ repo: createAuthRepository(db), session: config.session, events, clock });
  const queueRepo = createQueueRepository(db);
  const yard = createYardService({ repo: createYardRepository(db), queues: queueRepo, db, events });
  const days = createPlantDays({
    dayStartOf: async (branchId) => (await yard.settings(branchId)).dayStartMinutes,
    siteTimeZone: config.siteTimeZone,
    clock,
  });
  const queue = createQueueService({ repo: queueRepo, days, clock, events });
  const callingScope = createCallingScope(db, events);
  // One expected-wait estimator (issue 21): the driver's page, the cards and the board share its paces.
  const eta = createEtaService({ db, clock, timeScale: config.etaTimeScale });
  const calling = createCallingService({ db, scope: callingScope, queue, yard, days, clock, events, eta });
  // What the scales show is the realtime server's to say (it comes after the routes).
  const scaleWeights = (ids: readonly number[]) =>
    app.hasDecorator('realtime')
      ? app.realtime.scaleWeights(ids)
      : Promise.resolve(new Map(ids.map((id) => [id, SCALE_OFFLINE])));
  const scaleReadings = (ids: readonly number[]) =>
    app.hasDecorator('realtime')
      ? app.realtime.scaleReadings(ids)
      : Promise.resolve(new Map(ids.map((id) => [id, { live: SCALE_OFFLINE, emptyAt: null }])));
  // A measurement's edit changes the verdicts the calling cards show.
  const lab = createLabService(db, {
    changed: (branchId) => events.publish('branchCardsChanged', { branchId }),
  });
  const stationWork = createStationWorkService({ db, repo: queueRepo, queue, days, scaleReadings, lab });
  const publicQueue = createPublicQueueService({
    db,
    siteTimeZone: config.siteTimeZone,
    companyName: config.companyName,
    clock,
    eta,
  });

  const devices = createDeviceService({
    db,
    queue,
    events,
    clock,
    days,
    companyName: config.companyName,
    eta,
  });

  // Which displays are connected is the realtime server's to say (it comes after the routes).
  const announcements = createAnnouncementsService({
    db,
    events,
    clock,
    days,
    scope: callingScope,
    connections: (ids) =>
      app.hasDecorator('realtime') ? app.realtime.displayConnections(ids) : Promise.resolve(new Map()),
  });
  const speech = createSpeechEngine();
  const voice = createVoiceService({
    db,
    events,
    generated: createGeneratedClips({
      cacheDir: path.join(config.dataDir, 'voice-cache'),
      engine: speech,
      log: app.log,
    }),
    folder: config.voiceClipsDir ? createFolderClips(config.voiceClipsDir, app.log) : null,
    log: app.log,
  });
  app.addHook('onClose', () => {
    voice.stop();
    return speech.close();
  });
  const prepareVoice = (branchId: number) => {
    if (options.prepareVoice) void voice.prepare(branchId);
  };
  if (options.prepareVoice) {
    // In the background: "serving on :3000" never waits for the pack.
    app.addHook('onListen', () => {
      void voice.prepareAll();
    });
    // A display's sentence may bring new words: made before its next call.
    events.subscribe('deviceChanged', ({ branchId, kind }) => {
      if (kind === 'display') prepareVoice(branchId);
    });
  }

  const printerHealth = createPrinterHealth({ db, events, clock, log: app.log });
  // A kiosk's printer settings or registration changed: its printer's health is read at once.
  events.subscribe('deviceChanged', ({ kind, deviceId }) => {
    if (kind === 'printer') printerHealth.checkSoon(deviceId);
  });
  if (options.watchPrinters) {
    const everyMs = typeof options.watchPrinters === 'object' ? options.watchPrinters.everyMs : undefined;
    app.addHook('onListen', () => printerHealth.start(everyMs));
  }
  app.addHook('onClose', () => printerHealth.stop());
  // The plant's LINE Official Account (issue 21): the ticket prints its chat's QR, the notifier sends.
  const line = createLine({ config, db, clock, log: app.log });
  // Kiosks' sockets are the realtime server's to know (it comes after the routes).
  const printing = createPrintingService({
    db,
    repo: createPrintingRepository(db),
    queues: queueRepo,
    reads: createQueueReadsRepository(db),
    events,
    clock,
    settings: {
      companyName: config.companyName,
      siteTimeZone: config.siteTimeZone,
      language: config.defaultLanguage,
      publicUrl: config.publicUrl,
    },
    ports: {
      printOnNetwork: printOnNetworkPrinter,
      recordHealth: (deviceId, health) => printerHealth.recordPrinterHealth(deviceId, health),
      connectedKiosks: (ids) =>
        app.hasDecorator('realtime') ? app.realtime.connectedKiosks(ids) : Promise.resolve(new Set()),
      ...(line.configured ? { lineChatUrl: line.chatUrl } : {}),
    },
    log: app.log,
  });
  const stopPrintSweep = printing.startSweep();
  app.addHook('onClose', (_instance, done) => {
    stopPrintSweep();
    done();
  });

  // Drivers told of their ticket's moments (issue 21): Web Push, and LINE when the plant has an account.
  const vapid = createVapidKeys(db, config.vapidSubject);
  const senders: ChannelSenders = {
    web_push: createWebPushSender({
      vapid,
      log: app.log,
      ...(options.webPushAgent ? { agent: options.webPushAgent } : {}),
    }),
  };
  if (line.configured) senders.line = line.sender;
  const notifier = createNotifier({ db, clock, events, senders, publicUrl: config.publicUrl, log: app.log });
  line.setOnLinked((queueId) => notifier.subscribed(queueId));
  const retention = createRetention({ db, clock, siteTimeZone: config.siteTimeZone, log: app.log });
  if (options.driverJobs) {
    app.addHook('onListen', () => {
      notifier.start();
      retention.start();
    });
  }
  app.addHook('onClose', async () => {
    retention.stop();
    await notifier.stop();
  });
  const notifications = createNotificationsService({
    db,
    clock,
    siteTimeZone: config.siteTimeZone,
    notifier,
    vapidPublicKey: async () => (await vapid.keys()).publicKey,
    line,
    pushServiceHosts: config.pushServiceHosts,
  });
  app.decorate('notifier', notifier);
  app.decorate('retention', retention);

  const register = createCallRegistrar(app, {
    apiKey: config.apiKey,
    authenticate: (token) => auth.authenticate(token),
    onForbidden: (session, path, request) => auth.recordForbidden(session, path, requestInfo(request)),
    authenticateDevice: (kind, shortId, secret) => devices.identify(kind, shortId, secret),
  });
  registerAuthRoutes(register, auth);
  registerCallingRoutes(register, calling, devices, printing, line.configured ? line.chatUrl : null);
  registerPrintingRoutes(register, printing);
  registerDeviceRoutes(register, devices);
  registerAnnouncementRoutes(register, announcements);
  registerVoiceRoutes(register, voice);
  registerStationWorkRoutes(register, stationWork);
  registerYardRoutes(register, yard, printing);
  registerPublicQueueRoutes(register, publicQueue);
  registerDisputeRoutes(register, createDisputesService({ db, clock }));
  registerNotificationRoutes(register, notifications);
  if (line.configured) registerLineWebhook(app, line);
  registerOfficerRoutes(register, createOfficersService({ db, events, clock }));
  // An admin's edit of what is held in memory (calling scopes, sessions) drops it on every instance.
  const changed = (branchId: number) => events.publish('referenceChanged', { branchId });
  const queueTypes = createQueueTypesService(db, { changed });
  registerLabRoutes(register, lab);
  registerCatalogRoutes(register, {
    queueTypes,
    products: createProductsService(db, queueTypes),
    stations: createStationsService(db, { named: prepareVoice, changed }),
  });
  registerControllerRoutes(register, {
    callingControl: createCallingControlService(db, { changed }),
    // The realtime server comes after the routes: looked up when a list is asked for.
    displays: createDevicesService(db, events, 'display', clock, {
      voices: (ids) =>
        app.hasDecorator('realtime') ? app.realtime.deviceVoices(ids) : Promise.resolve(new Map()),
      live: (ids) => announcements.live(ids),
    }),
    printers: createDevicesService(db, events, 'printer', clock),
    manualWeights: createManualWeights(db, events),
    scales: createDevicesService(db, events, 'scale', clock, {
      voices: () => Promise.resolve(new Map()),
      scales: scaleWeights,
    }),
    printerHealth,
  });
  registerReportRoutes(
    register,
    {
      dashboard: createDashboardService(db, days),
      inOut: createInOutService(db),
      exports: createReportExports(db, clock, {
        timeZone: config.siteTimeZone,
        companyName: config.companyName,
      }),
      summary: createSummaryService(db),
    },
    { app, apiKey: config.apiKey, authenticate: (token) => auth.authenticate(token) },
  );
  await registerWebApp(app, config, options.serveWeb ?? true, {
    readTicket: (uuid) => publicQueue.information(uuid),
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
    log: app.log,
    origins: {
      allowedOrigins: config.allowedOrigins,
      publicUrl: config.publicUrl,
      trustProxy: trust,
    },
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
