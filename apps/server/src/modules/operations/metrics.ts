import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Server } from 'socket.io';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { DEVICE_NAMESPACE, PUBLIC_NAMESPACE } from '@truck-queue/shared/contracts/socket-events';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { sameSecret } from '../../lib/tokens.ts';
import { RequestMetrics } from './request-metrics.ts';

export const METRICS_PATH = '/metrics';

/** Requests that matched no route are counted under one label: a raw URL may hold a token or an id. */
const UNMATCHED_ROUTE = '(unmatched)';
/** The calls that make an Excel export. */
const EXPORT_ROUTES = new Set(
  [reportContracts.inOutTransactionExport, reportContracts.summaryReportExport].map((c) => `/api/${c.path}`),
);
const NAMESPACES = ['/', PUBLIC_NAMESPACE, DEVICE_NAMESPACE];

/**
 * The process's own figures (memory, CPU, event-loop lag, GC) are the same for every app in a
 * process, and prom-client starts a GC observer and an event-loop monitor per registry that
 * are never stopped: one registry for them per process. It is not prom-client's global one, so
 * nothing else in the process can collide with it.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  database: Database;
  events: EventHub;
  /** Socket.IO, once realtime is up (it is created after the routes). */
  sockets: () => Server | null;
  /** When set, a scrape must carry `Authorization: Bearer <token>`. */
  token: string | null;
  /** The alert rules' looks on this instance, once the alerts module is up (modules/alerts). */
  alertLooks: () => { count: number; seconds: number; longestSeconds: number } | null;
}

/**
 * `GET /metrics` in Prometheus' text format: the process (prefix nodejs_/process_), HTTP
 * requests by route pattern and status, connected sockets, queue work, the database pool and
 * report exports (prefix truckqueue_). Each app has its own registry: tests build many apps in
 * one process. No API key (Prometheus cannot send one); keep it off the internet (README).
 * Registered before the routes so that its hooks see every request.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  const registers = [registry];

  const requests = new RequestMetrics();
  requests.register(registry);
  const exports = new Counter({
    name: 'truckqueue_report_exports_total',
    help: 'Report Excel files written (in/out and summary).',
    registers,
  });
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 200 && EXPORT_ROUTES.has(route)) exports.inc();
    done();
  });

  const tickets = new Counter({
    name: 'truckqueue_tickets_issued_total',
    help: 'Queue tickets issued (kiosk, officer or API).',
    registers,
  });
  const calls = new Counter({
    name: 'truckqueue_calls_total',
    help: 'Queue numbers called to a station, first calls and recalls (recheck).',
    labelNames: ['action'] as const,
    registers,
  });
  const actions = new Counter({
    name: 'truckqueue_queue_actions_total',
    help: 'Every committed queue step (issue, call, sample, result, weigh_in, exit...), by action.',
    labelNames: ['action'] as const,
    registers,
  });
  const unsubscribe = deps.events.subscribe('queueChanged', (change) => {
    actions.inc({ action: change.action });
    if (change.action === 'issue') tickets.inc();
    if (change.action === 'call' || change.action === 'recheck') calls.inc({ action: change.action });
  });
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });

  new Gauge({
    name: 'truckqueue_sockets_connected',
    help: 'Socket.IO connections open on this instance, by namespace (/ staff, /public drivers, /device screens).',
    labelNames: ['namespace'] as const,
    registers,
    collect() {
      const io = deps.sockets();
      for (const namespace of NAMESPACES) this.set({ namespace }, io ? io.of(namespace).sockets.size : 0);
    },
  });

  const pool = deps.database.pool;
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  poolGauge(
    'truckqueue_db_pool_connections',
    'Database connections open in the pool.',
    () => pool.totalCount,
  );
  poolGauge('truckqueue_db_pool_idle', 'Pool connections open and not in use.', () => pool.idleCount);
  poolGauge(
    'truckqueue_db_pool_waiting',
    'Queries waiting for a free pool connection.',
    () => pool.waitingCount,
  );
  const embedded = deps.database.memory;
  if (embedded) {
    new Gauge({
      name: 'truckqueue_embedded_database_memory_bytes',
      help: "The embedded database's memory, as its thread last reported it: webassembly (PGlite's PostgreSQL, which grows and never shrinks) and javascript (the thread's heap).",
      labelNames: ['kind'] as const,
      registers,
      collect() {
        const memory = embedded();
        if (!memory) return;
        this.set({ kind: 'webassembly' }, memory.webAssemblyBytes);
        this.set({ kind: 'javascript' }, memory.javaScriptBytes);
      },
    });
  }
  const alertLook = (
    name: string,
    help: string,
    read: (looks: { count: number; seconds: number; longestSeconds: number }) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const looks = deps.alertLooks();
        if (looks) this.set(read(looks));
      },
    });
  alertLook(
    'truckqueue_alert_looks_total',
    'Looks at the alert rules taken by this instance.',
    (l) => l.count,
  );
  alertLook(
    'truckqueue_alert_look_seconds_total',
    'Time spent looking at the alert rules (every rule, raising, ending, repeating, LINE).',
    (l) => l.seconds,
  );
  alertLook(
    'truckqueue_alert_look_longest_seconds',
    'The longest look at the alert rules.',
    (l) => l.longestSeconds,
  );
  new Gauge({
    name: 'truckqueue_info',
    help: 'Always 1; the database engine as a label.',
    labelNames: ['engine'] as const,
    registers,
  }).set({ engine: deps.database.engine }, 1);

  app.get(METRICS_PATH, async (request, reply) => {
    if (deps.token !== null) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !sameSecret(given, deps.token)) {
        throw new AppError('UNAUTHENTICATED', 'This server wants METRICS_TOKEN as a Bearer token.');
      }
    }
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
