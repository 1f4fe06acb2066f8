import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { waitingStates } from '@truck-queue/shared/queue/queue-machine';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import { queues } from '../apps/server/src/db/schema.ts';
import { lineOrder } from '../apps/server/src/modules/queue/queue.repository.ts';
import { PUBLIC_NAMESPACE } from '@truck-queue/shared/contracts/socket-events';
import { listeningApp, ms, percentile, standardLine } from './support.ts';

/**
 * Issue 35, item 6: the drivers' pages pushed. PAGES trucks wait in one line with their pages
 * open (sockets to `/public`, opened by a process of their own: public-pages-worker.mjs) and an
 * officer's calling page calls the first truck of the line once a second, CALLS times. For each
 * call: from doCalling's ack to the last page holding its new place (`line`: its trucks ahead;
 * the called truck's page `ticket`), how many pages were updated, whether any page heard
 * anything but its own place; and, in this process, which runs the app (and PGlite's thread),
 * its CPU time and the database statements from the call to the last push
 * (app.realtime.publicPushIdle). The same with no page open and with FEW pages shows what the
 * pages add: the statements must not grow with them (public-push.ts reads the line once).
 * Inside the server, when it emitted the officer's cards and the first and last place; a bare
 * Socket.IO emit to every page for scale. `BENCH_ONLY=public npm run bench` runs it alone;
 * BENCH_PUBLIC_PAGES and BENCH_PUBLIC_CALLS change its size (a quick try: 100 and 3).
 */
const PAGES = Number(process.env.BENCH_PUBLIC_PAGES ?? 2000);
const CALLS = Number(process.env.BENCH_PUBLIC_CALLS ?? 30);
const FEW = Math.min(200, PAGES);
const FEW_CALLS = 10;
const NO_PAGE_CALLS = 5;
const BARE_ROUNDS = 10;
const CALL_EVERY_MS = 1000;
const REST_MS = 5000;
/** Enough tickets for PAGES waiting ones after the calls before them. */
const TICKETS = PAGES + 1 + NO_PAGE_CALLS + FEW_CALLS + 10;

// The drivers' phones each have their own address, as behind the plant's proxy.
const config = { ...loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }), demoData: true };
const headers = { 'content-type': 'application/json', authorization: config.apiKey };
const now = () => performance.timeOrigin + performance.now();
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, millis)));
const verdict = (ok: boolean) => (ok ? '✓' : '✗');

async function post<T>(app: FastifyInstance, path: string, body: unknown, session?: string): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { ...headers, ...(session ? { session } : {}) },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200)
    throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** TICKETS tickets of the line, twenty issued at a time. */
async function issueTickets(
  app: FastifyInstance,
  admin: string,
  line: Awaited<ReturnType<typeof standardLine>>,
) {
  let next = 0;
  const uuids: string[] = [];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < TICKETS) {
        const i = next++;
        const answer = await post<{ queue: { uuid: string } }>(
          app,
          'process/printer/issueQueue',
          { id_branchQT: line.typeId, product: line.productId, truck_license: `PUBLIC ${i}` },
          admin,
        );
        uuids.push(answer.queue.uuid);
      }
    }),
  );
  return uuids;
}

/**
 * The line the bench's tickets wait in, in its order (the line's rule: lineOrder, and the
 * trucks ahead counted among the waiting ones of the type and day, as countAhead does): the
 * demo plant's trucks of today that still wait come first.
 */
async function lineOf(database: Database, typeId: number, ticket: string) {
  const [mine] = await database.db
    .select({ queueDate: queues.queueDate })
    .from(queues)
    .where(eq(queues.uuid, ticket));
  return database.db
    .select({ id: queues.id, uuid: queues.uuid })
    .from(queues)
    .where(
      and(
        eq(queues.branchQueueTypeId, typeId),
        eq(queues.queueDate, mine!.queueDate),
        isNull(queues.exitAt),
        inArray(queues.state, waitingStates(2)),
      ),
    )
    .orderBy(...lineOrder);
}

/**
 * Counts the statements sent to the database: through the pools (`pool.query`, every read
 * outside a transaction) and on a client taken from them (`pool.connect()`: transactions), as
 * their SQL: the officers' pool and the background lane's (the drivers' pages). The pool's own
 * query() takes its client through the callback form, which is not wrapped: no statement is
 * counted twice.
 */
function statementCounter(pools: pg.Pool[]) {
  let log: string[] | null = null;
  const note = (arg: unknown) => {
    if (!log) return;
    const text = typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? '?');
    log.push(text.replace(/\s+/g, ' ').trim());
  };
  type Query = (...args: unknown[]) => unknown;
  type Connect = (callback?: unknown) => Promise<pg.PoolClient> | void;
  for (const pool of pools) wrap(pool);
  function wrap(pool: pg.Pool) {
    const poolQuery = pool.query.bind(pool) as unknown as Query;
    const poolConnect = pool.connect.bind(pool) as unknown as Connect;
    const wrappedQuery: Query = (...args) => {
      note(args[0]);
      return poolQuery(...args);
    };
    const wrappedConnect: Connect = (callback) => {
      if (callback) return poolConnect(callback);
      return (poolConnect() as Promise<pg.PoolClient>).then((client) => {
        // The guard (guarded-pool.ts) sets the client's query and release at each checkout;
        // these wrap them for this checkout only.
        const held = client as unknown as { query: Query; release: (error?: Error | boolean) => void };
        const ownQuery = held.query;
        const ownRelease = held.release;
        held.query = (...args) => {
          note(args[0]);
          return ownQuery(...args);
        };
        held.release = (error) => {
          held.query = ownQuery;
          held.release = ownRelease;
          ownRelease(error);
        };
        return client;
      });
    };
    Object.assign(pool, { query: wrappedQuery, connect: wrappedConnect });
  }
  return {
    start: () => void (log = []),
    stop(): string[] {
      const taken = log ?? [];
      log = null;
      return taken;
    },
    restore() {
      // The pools' own methods (their prototype's) again.
      for (const pool of pools) {
        const own = pool as unknown as Record<string, unknown>;
        delete own.query;
        delete own.connect;
      }
    },
  };
}

interface CallResult {
  ackMs: number;
  lastMs: number | null;
  cardsMs: number | null;
  expected: number;
  updated: number;
  missing: number;
  wrong: number;
}

interface Measured extends CallResult {
  statements: string[];
  cpuMs: number;
  /** On the server, from the call sent: the officer's cards emitted, the first and last place emitted. */
  server: { cardsMs: number | null; firstPlaceMs: number | null; lastPlaceMs: number | null };
}

/**
 * When the server emits, seen from inside it: each socket's emit is wrapped (once) to note the
 * instant of the officer's cards and of the first and last driver's place or ticket.
 */
function emitClock(app: FastifyInstance) {
  const marks = { cards: null as number | null, first: null as number | null, last: null as number | null };
  const wrapped = new WeakSet<object>();
  const wrap = (
    socket: { emit: (event: string, ...args: unknown[]) => boolean },
    note: (event: string) => void,
  ) => {
    if (wrapped.has(socket)) return;
    wrapped.add(socket);
    const emit = socket.emit.bind(socket);
    socket.emit = (event, ...args) => {
      note(event);
      return emit(event, ...args);
    };
  };
  return {
    /** Wraps the sockets connected since the last call, and forgets the last call's instants. */
    arm() {
      marks.cards = marks.first = marks.last = null;
      for (const socket of app.realtime.io.of('/').sockets.values())
        wrap(socket, (event) => {
          if (event === 'callingCards') marks.cards ??= now();
        });
      for (const socket of app.realtime.io.of(PUBLIC_NAMESPACE).sockets.values())
        wrap(socket, (event) => {
          if (event !== 'line' && event !== 'ticket') return;
          marks.first ??= now();
          marks.last = now();
        });
    },
    since(start: number) {
      const from = (at: number | null) => (at === null ? null : at - start);
      return { cardsMs: from(marks.cards), firstPlaceMs: from(marks.first), lastPlaceMs: from(marks.last) };
    },
  };
}

type Reply = { type: string; message?: string } & Record<string, unknown>;

/** One command to the pages' process, resolved with its reply. */
function channel(child: ChildProcess) {
  let waiting: { resolve: (m: Reply) => void; reject: (e: Error) => void } | null = null;
  child.on('message', (message: Reply) => {
    const current = waiting;
    waiting = null;
    if (message.type === 'error') current?.reject(new Error(message.message));
    else current?.resolve(message);
  });
  child.on('exit', (code) => waiting?.reject(new Error(`the pages' process ended (${code})`)));
  return (message: Record<string, unknown>) =>
    new Promise<Reply>((resolve, reject) => {
      waiting = { resolve, reject };
      child.send(message);
    });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const median = (values: number[]) => percentile(values, 50);
const range = (values: number[]) =>
  Math.min(...values) === Math.max(...values)
    ? `${Math.min(...values)}`
    : `${Math.min(...values)}–${Math.max(...values)}`;

/** Statements by their SQL's first words. */
function shapeCounts(statements: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of statements) {
    const shape = s.slice(0, 70);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return counts;
}

const listed = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([shape, n]) => `  ${n} × ${shape}`)
    .join('\n');

/**
 * What a phase's changes sent, to read (stderr): the statements of its smallest change, and
 * what the others sent beyond those, summed over the phase.
 */
function describe(changes: { statements: string[] }[]): string {
  const smallest = [...changes].sort((a, b) => a.statements.length - b.statements.length)[0]!;
  const base = shapeCounts(smallest.statements);
  const beyond = new Map<string, number>();
  for (const change of changes) {
    for (const [shape, n] of shapeCounts(change.statements)) {
      const extra = n - (base.get(shape) ?? 0);
      if (extra > 0) beyond.set(shape, (beyond.get(shape) ?? 0) + extra);
    }
  }
  return `the smallest change's:\n${listed(base)}\n beyond it, over the phase's ${changes.length} changes:\n${listed(beyond) || '  nothing'}`;
}

export async function benchPublicPages(
  label: 'PGlite' | 'PostgreSQL',
  target: DatabaseTarget,
): Promise<string[]> {
  const { database, app, url } = await listeningApp(config, target);
  let child: ChildProcess | null = null;
  const counter = statementCounter([database.pool, database.backgroundPool]);
  try {
    const layout = await standardLine(database);
    const signedIn = await post<{ officer: { session: string } }>(app, 'authen/signin', {
      email: config.adminEmail,
      password: prehashPassword(config.adminPassword),
    });
    const admin = signedIn.officer.session;
    const issued = await issueTickets(app, admin, layout);
    const line = await lineOf(database, layout.typeId, issued[0]!);
    const mine = new Set(issued);
    const ours = line.filter((truck) => mine.has(truck.uuid));
    if (ours.length !== TICKETS) throw new Error(`${ours.length} of the ${TICKETS} tickets wait in the line`);
    // The places the pages expect are counted from this line: the server's own answer agrees.
    for (const truck of [ours[0]!, ours[Math.floor(ours.length / 2)]!, ours.at(-1)!]) {
      const { queue } = await post<{ queue: { ahead: number | null } }>(app, queueInformation.path, {
        queue_number_id: truck.uuid,
      });
      const index = line.indexOf(truck);
      if (queue.ahead !== index)
        throw new Error(
          `ticket ${truck.uuid}: the page answers ${queue.ahead} ahead, the line says ${index}`,
        );
    }

    child = fork(new URL('./public-pages-worker.mjs', import.meta.url), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ask = channel(child);
    await ask({
      type: 'setup',
      url,
      apiKey: config.apiKey,
      session: admin,
      branchId: layout.branchId,
      stationId: layout.stationId,
      line,
    });

    let called = 0;
    const emits = emitClock(app);
    /** One call by the officer's page, bracketed here: CPU time and statements until the last push. */
    const measuredCall = async (): Promise<Measured> => {
      await app.realtime.publicPushIdle();
      emits.arm();
      counter.start();
      const cpu = process.cpuUsage();
      const sent = now();
      const reply = await ask({ type: 'call' });
      await app.realtime.publicPushIdle();
      const used = process.cpuUsage(cpu);
      const statements = counter.stop();
      called += 1;
      return { ...(reply.result as CallResult), statements, cpuMs: cpuMs(used), server: emits.since(sent) };
    };
    /** `count` calls, one a second. */
    const callsOneASecond = async (count: number) => {
      const results: Measured[] = [];
      const start = performance.now();
      for (let k = 0; k < count; k++) {
        await sleep(start + k * CALL_EVERY_MS - performance.now());
        results.push(await measuredCall());
      }
      return results;
    };
    /** Opens pages so that `count` trucks still waiting in the line have theirs open. */
    let opened = new Set<string>();
    const openPages = async (count: number) => {
      const waitingMine = line.slice(called).filter((truck) => mine.has(truck.uuid));
      const wanted = waitingMine.slice(0, count).map((truck) => truck.uuid);
      const uuids = wanted.filter((uuid) => !opened.has(uuid));
      const started = performance.now();
      await ask({ type: 'open', uuids });
      opened = new Set([...opened, ...uuids]);
      console.error(
        `[public ${label}] ${uuids.length} pages opened in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    };

    await measuredCall(); // the caches the call reads (scope, paces) filled
    const none = await callsOneASecond(NO_PAGE_CALLS);
    await openPages(FEW);
    const few = await callsOneASecond(FEW_CALLS);
    await openPages(PAGES);

    // At rest with every page open, then the calls, one a second.
    await sleep(2000);
    const restCpu = process.cpuUsage();
    const restStart = performance.now();
    await sleep(REST_MS);
    const atRest = cpuMs(process.cpuUsage(restCpu)) / (performance.now() - restStart);
    const runCpu = process.cpuUsage();
    const runStart = performance.now();
    const many = await callsOneASecond(CALLS);
    const overRun = cpuMs(process.cpuUsage(runCpu)) / (performance.now() - runStart);

    // A bare Socket.IO emit to each page (as the push emits, one socket at a time).
    const bare: number[] = [];
    const place = {
      queue_state: 'QS',
      ahead: 1234,
      expected_wait: { low: 60, high: 90 },
      station_name: null,
    };
    for (let i = 0; i < BARE_ROUNDS; i++) {
      await ask({ type: 'bare', i });
      const at = now();
      for (const socket of app.realtime.io.of(PUBLIC_NAMESPACE).sockets.values())
        socket.emit('benchPlace' as never, { ...place, i });
      const reply = await ask({ type: 'emitted', at });
      bare.push(reply.ms as number);
      await sleep(200);
    }
    const report = await ask({ type: 'report' });
    await ask({ type: 'close' });

    // What the changes cost the database, shown once to read (stderr, not the table).
    for (const [name, list] of [
      ['no page', none],
      [`${FEW} pages`, few],
      [`${PAGES} pages`, many],
    ] as const)
      console.error(
        `[public ${label}] ${name}: statements per change ${list.map((r) => r.statements.length).join(' ')}; ${describe(list)}`,
      );
    console.error(
      `[public ${label}] the pages' process: CPU ${cpuMs(report.cpu as NodeJS.CpuUsage).toFixed(0)} ms in all; wrong ${String(report.wrongCount)} ${JSON.stringify(report.wrong)}; redundant ${String(report.redundant)}; other events ${JSON.stringify(report.others)}`,
    );

    // What runs on a clock, not per change, lands in some changes' windows: the officer's
    // session checked again (SESSION_CACHE_MS, 5 s) and its last_seen written, the session
    // sweep (30 s), the print jobs' sweep, and the lines' paces read again (eta.service.ts,
    // PACE_TTL_MS, 30 s). Counted apart, a change's statements must not differ with the pages.
    // Work on a clock: the session checks, the print sweep, the lines' paces, and the branch's
    // yard rules, held in memory for a minute (yard.module.ts).
    const timed = (sql: string) =>
      /"sessions"|"print_jobs"|percentile_cont|extract\(epoch from \(\$1::timestamptz - called_at\)\)|"no_show_after_recalls"/.test(
        sql,
      );
    const statementsOf = (list: Measured[]) => list.map((r) => r.statements.filter((s) => !timed(s)).length);
    const timedOf = (list: Measured[]) => list.map((r) => r.statements.filter(timed).length);
    const same =
      Math.max(...statementsOf(few), ...statementsOf(many)) <=
      Math.min(...statementsOf(few), ...statementsOf(many));
    const latency = (list: Measured[]) => {
      const last = list.map((r) => r.lastMs).filter((v): v is number => v !== null);
      return `p50 ${ms(percentile(last, 50))}, p99 ${ms(percentile(last, 99))}`;
    };
    const pagesRow = (list: Measured[], open: number) => {
      const missing = list.reduce((sum, r) => sum + r.missing, 0);
      const wrongHeard = list.reduce((sum, r) => sum + r.wrong, 0);
      return `${latency(list)}; pages updated per call ${range(list.map((r) => r.updated))} (expected ${range(list.map((r) => r.expected))} of ${open} open); missing ${missing} ${verdict(missing === 0)}; another truck's place heard ${wrongHeard} ${verdict(wrongHeard === 0)}`;
    };
    const wrongTotal = Number(report.wrongCount);
    const cpuOf = (list: Measured[]) => `${median(list.map((r) => r.cpuMs)).toFixed(1)} ms`;
    const engine = label === 'PGlite' ? "the app and PGlite's thread" : 'the app; PostgreSQL not counted';
    return [
      `${PAGES.toLocaleString('en')} pages open, ${CALLS} calls one a second: doCalling ack → last page holding its new place | ${pagesRow(many, opened.size)}`,
      `${FEW} pages open, ${FEW_CALLS} calls one a second, same | ${pagesRow(few, FEW)}`,
      `bare Socket.IO: one emit of a place to each of the ${opened.size.toLocaleString('en')} pages, ${BARE_ROUNDS} times (last page) | p50 ${ms(percentile(bare, 50))}, p99 ${ms(percentile(bare, 99))}`,
      `database statements per change, the call to the last push (both pools: pool.query + on pool clients), 0 / ${FEW} / ${PAGES.toLocaleString('en')} pages | ${range(statementsOf(none))} / ${range(statementsOf(few))} / ${range(statementsOf(many))}, the same with ${FEW} and ${PAGES.toLocaleString('en')} pages ${verdict(same)}; besides, what runs on a clock (sessions, sweeps, paces) landed in the windows: ${timedOf(none).reduce((a, b) => a + b, 0)} / ${timedOf(few).reduce((a, b) => a + b, 0)} / ${timedOf(many).reduce((a, b) => a + b, 0)} statements over ${none.length} / ${few.length} / ${many.length} changes`,
      `server CPU per change, the call to the last push (process.cpuUsage of the bench process: ${engine}; the pages run in another process), 0 / ${FEW} / ${PAGES.toLocaleString('en')} pages, median | ${cpuOf(none)} / ${cpuOf(few)} / ${cpuOf(many)}`,
      `server CPU with ${PAGES.toLocaleString('en')} pages open: at rest (${REST_MS / 1000} s) / over the ${CALLS} calls | ${(atRest * 100).toFixed(1)} % / ${(overRun * 100).toFixed(1)} % of a core`,
      `the calling officer, 0 / ${FEW} / ${PAGES.toLocaleString('en')} pages: doCalling sent → ack, p50; ack → its cards pushed, p50 | ${[none, few, many].map((list) => ms(median(list.map((r) => r.ackMs)))).join(' / ')}; ${[none, few, many].map((list) => ms(median(list.map((r) => r.cardsMs ?? NaN)))).join(' / ')}`,
      `inside the server, from the call sent, 0 / ${FEW} / ${PAGES.toLocaleString('en')} pages, p50: the officer's cards emitted; the first → last place emitted (${FEW} / ${PAGES.toLocaleString('en')} pages) | ${[none, few, many].map((list) => ms(median(list.map((r) => r.server.cardsMs ?? NaN)))).join(' / ')}; ${[few, many].map((list) => `${ms(median(list.map((r) => r.server.firstPlaceMs ?? NaN)))} → ${ms(median(list.map((r) => r.server.lastPlaceMs ?? NaN)))}`).join(' / ')}`,
      ...(wrongTotal > 0 ? [`payloads that were not the page's own place, whole run | ${wrongTotal} ✗`] : []),
    ];
  } finally {
    counter.restore();
    if (child && child.exitCode === null) child.kill();
    await app.close();
    await database.close();
  }
}
