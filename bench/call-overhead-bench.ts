import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import { prepareDatabase } from '../apps/server/src/prepare-database.ts';
import { loadFigures, runLoad, type LoadResult } from './http-load.ts';

/**
 * Goals 1, 2 and 5 of issue 19: what an authenticated call costs beyond its SQL.
 *
 * The product (the whole app, listening on a port) beside bare Fastify servers started in the
 * same run, each loaded by the same generator (20 connections, runs of BENCH_CALLS_MS, 4 s, after
 * a 1 s warm-up), in pairs of runs back to back, the ratio being the median pair's (`compare`):
 * - "same SQL": a bare route that runs, for every request, the very statements the product sends
 *   for that call when it holds nothing in memory (recorded from the product's own pool on a
 *   first call), through the same driver (pg) on the same engine: for PGlite a second embedded
 *   database made from a dump of the product's (same data, same session), for PostgreSQL a pool
 *   of the same size on the same database;
 * - "no database": a bare route answering the same JSON from memory (the ceiling).
 * checkSession is then loaded with the request log off, at its default (slow calls and refusals
 * at info, the rest at debug) and with LOG_REQUESTS=all (every request at info, as before issue 19),
 * all written to /dev/null.
 */
const DURATION_MS = Number(process.env.BENCH_CALLS_MS ?? 4000);
const CONNECTIONS = 20;
const WARM_UP_MS = 1000;
const GOALS = { sameSql: 0.8, noDatabase: 0.5 } as const;

const EMPLOYEE = { email: 'employee@example.com', password: 'demo1234' };

interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
}

/** Records the statements sent through a pool while `during` runs. */
async function recordStatements(pool: pg.Pool, during: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: (second as unknown[]) ?? [] });
    else {
      const config = first as { text: string; values?: unknown[]; rowMode?: 'array' };
      seen.push({
        text: config.text,
        values: (second as unknown[]) ?? config.values ?? [],
        rowMode: config.rowMode,
      });
    }
    return original(...args);
  };
  try {
    await during();
  } finally {
    (pool as { query: unknown }).query = original;
  }
  return seen;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A bare Fastify server: `statements` run in line on `pool` for each request, or a fixed answer. */
async function bareServer(
  routes: Record<string, { pool: pg.Pool; statements: Statement[] } | { answer: unknown }>,
) {
  const app = Fastify({ logger: false });
  for (const [url, route] of Object.entries(routes)) {
    app.post(url, async () => {
      if ('answer' in route) return route.answer;
      let rows: unknown[] = [];
      for (const s of route.statements) {
        rows = (
          await route.pool.query({
            text: s.text,
            values: s.values,
            ...(s.rowMode ? { rowMode: s.rowMode } : {}),
          })
        ).rows;
      }
      return { status: 1, rows };
    });
  }
  return { app, origin: await listen(app) };
}

/** How many measured pairs a comparison takes: its ratio is their median. */
const PAIRS = Number(process.env.BENCH_CALLS_PAIRS ?? 3);

interface Target {
  origin: string;
  url: string;
}

/**
 * Two servers' rates, measured in pairs: a short warm-up of each (JIT, connections, caches), then
 * PAIRS pairs of runs back to back, the order swapped every pair, and the median of the pairs'
 * ratios. The machine is shared: a neighbour's burst slows both runs of a pair alike, or one pair
 * of several, where two runs minutes apart could each meet a different neighbour.
 */
async function compare(ours: Target, reference: Target, headers: Record<string, string>, body: string) {
  const options = (target: Target) => ({
    origin: target.origin,
    path: target.url,
    method: 'POST' as const,
    headers,
    body,
    connections: CONNECTIONS,
    expectStatus: 200,
  });
  await runLoad({ ...options(ours), durationMs: WARM_UP_MS });
  await runLoad({ ...options(reference), durationMs: WARM_UP_MS });
  const pairs: { ours: LoadResult; reference: LoadResult; ratio: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const run = (target: Target) => runLoad({ ...options(target), durationMs: DURATION_MS });
    let o: LoadResult;
    let r: LoadResult;
    if (i % 2 === 0) {
      o = await run(ours);
      r = await run(reference);
    } else {
      r = await run(reference);
      o = await run(ours);
    }
    pairs.push({ ours: o, reference: r, ratio: o.rate / r.rate });
  }
  pairs.sort((x, y) => x.ratio - y.ratio);
  return pairs[Math.floor(pairs.length / 2)]!;
}

/** "0.83x": the median pair's ratio. */
const pairedRatio = (pair: { ratio: number }) => `${pair.ratio.toFixed(2)}x`;

const verdict = (ok: boolean) => (ok ? '✓' : '✗');

export async function benchCalls(label: 'PGlite' | 'PostgreSQL', target: DatabaseTarget): Promise<string[]> {
  const config: Config = { ...loadConfig({ LOG_LEVEL: 'info' }), demoData: true };
  const database = await openDatabase(target);
  const closers: (() => Promise<unknown>)[] = [() => database.close()];
  const dumpDir = mkdtempSync(path.join(os.tmpdir(), 'tq-calls-bench-'));
  const sink = createWriteStream('/dev/null');
  try {
    await prepareDatabase(database, config);
    if (target.kind === 'postgres') {
      // The demo plant was just written: let PostgreSQL's autovacuum and checkpointer do that work
      // now, not on the cores the measured servers and the load generator share.
      await database.pool.query('vacuum analyze');
      await database.pool.query('checkpoint');
    }
    /** The product, its request log in one of three modes. */
    const product = async (logging: 'off' | 'default' | 'all') => {
      const app = await buildApp({
        config: { ...config, requests: { all: logging === 'all', slowMs: 500 } },
        database,
        logger: logging !== 'off',
        logStream: sink,
        serveWeb: false,
      });
      const origin = await listen(app);
      closers.unshift(() => app.close());
      return { app, origin };
    };
    const main = await product('default');
    const headers = { 'content-type': 'application/json', authorization: config.apiKey };
    const signin = await main.app.inject({
      method: 'POST',
      url: '/api/authen/signin',
      headers,
      payload: JSON.stringify({ email: EMPLOYEE.email, password: prehashPassword(EMPLOYEE.password) }),
    });
    if (signin.statusCode !== 200) throw new Error(`sign-in: ${signin.body}`);
    const session = signin.json<{ officer: { session: string } }>().officer.session;
    const authed = { ...headers, session };

    // What each call sends to the database when nothing is held in memory, and when it is.
    const calls = {
      checkSession: { url: '/api/authen/checkSession', body: '{}' },
      getCardInProcess: { url: '/api/process/calling/getCardInProcess', body: '{"find_total_day":1}' },
    } as const;
    const cold: Record<string, Statement[]> = {};
    const warm: Record<string, Statement[]> = {};
    const answers: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(calls)) {
      const fresh = await product('off');
      const inject = async () => {
        const r = await fresh.app.inject({
          method: 'POST',
          url: call.url,
          headers: authed,
          payload: call.body,
        });
        if (r.statusCode !== 200) throw new Error(`${name}: ${r.body}`);
        answers[name] = r.json();
      };
      cold[name] = await recordStatements(database.pool, inject);
      warm[name] = await recordStatements(database.pool, inject);
    }
    const rows = [
      ...Object.keys(calls).map(
        (name) =>
          `${name}: statements sent to the database per call | ${cold[name]!.length} on a first call, ${warm[name]!.length} while held in memory`,
      ),
    ];

    // The reference database: the same data. PostgreSQL: the same database through its own pool;
    // PGlite: a second embedded database made from a dump of the product's.
    let reference: Database;
    if (target.kind === 'pglite') {
      const file = path.join(dumpDir, 'product.tar.gz');
      await database.dump!(file);
      reference = await openDatabase({ kind: 'pglite', templateFile: file });
    } else {
      reference = await openDatabase(target);
    }
    closers.push(() => reference.close());
    const bare = await bareServer({
      [calls.checkSession.url]: { pool: reference.pool, statements: cold.checkSession! },
      [calls.getCardInProcess.url]: { pool: reference.pool, statements: cold.getCardInProcess! },
      '/none/checkSession': { answer: answers.checkSession },
    });
    closers.unshift(() => bare.app.close());

    const at = (origin: string, url: string): Target => ({ origin, url });
    for (const [name, call] of Object.entries(calls)) {
      const same = await compare(at(main.origin, call.url), at(bare.origin, call.url), authed, call.body);
      const ok = same.ratio >= GOALS.sameSql;
      rows.push(
        `${name}, product | ${loadFigures(same.ours)}`,
        `${name}, bare Fastify, same SQL through pg (${cold[name]!.length} statements in line) | ${loadFigures(same.reference)}; product ${pairedRatio(same)} (goal ≥ ${GOALS.sameSql}x ${verdict(ok)})`,
      );
      if (name === 'checkSession') {
        const none = await compare(
          at(main.origin, call.url),
          at(bare.origin, '/none/checkSession'),
          authed,
          call.body,
        );
        const okNone = label === 'PGlite' || none.ratio >= GOALS.noDatabase;
        rows.push(
          `checkSession, product (paired with the next row) | ${loadFigures(none.ours)}`,
          `checkSession, bare Fastify, no database | ${loadFigures(none.reference)}; product ${pairedRatio(none)}${label === 'PostgreSQL' ? ` (goal ≥ ${GOALS.noDatabase}x ${verdict(okNone)})` : ''}`,
        );
      }
    }

    // The request log: off, at its default, and every request at info.
    const off = await product('off');
    const all = await product('all');
    const { url, body } = calls.checkSession;
    const logDefault = await compare(at(main.origin, url), at(off.origin, url), authed, body);
    const logAll = await compare(at(all.origin, url), at(off.origin, url), authed, body);
    rows.push(
      `checkSession, request log off | ${loadFigures(logDefault.reference)}`,
      `checkSession, request log at its default (slow calls and refusals at info) | ${loadFigures(logDefault.ours)}; ${pairedRatio(logDefault)} of log off`,
      `checkSession, every request logged at info (LOG_REQUESTS=all) | ${loadFigures(logAll.ours)}; ${pairedRatio(logAll)} of log off`,
    );
    return rows;
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    sink.end();
    rmSync(dumpDir, { recursive: true, force: true });
  }
}
