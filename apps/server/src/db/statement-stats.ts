import { writeFileSync } from 'node:fs';
import type pg from 'pg';

/** One statement's figures: how often it ran and how long it took, answer included. */
export interface StatementFigures {
  text: string;
  count: number;
  totalMs: number;
  maxMs: number;
}

/** What a run's database work came to (DB_STATEMENT_STATS writes it at shutdown). */
export interface StatementStats {
  /** From the first connection to the report. */
  wallMs: number;
  /** Time the pool's connections were checked out, summed over them: on the embedded engine's one connection, its busy share. */
  heldMs: number;
  holds: number;
  longestHoldMs: number;
  statements: StatementFigures[];
}

/** Statements kept apart; past that the rest are counted under one line. */
const MOST_TEXTS = 2_000;
const OTHERS = '(other statements)';

/**
 * A diagnostic for performance work (DB_STATEMENT_STATS, docs/performance.md): every statement
 * the pools run (the officers' and the background lane's) is timed by its text, and every
 * checkout of a connection by how long it was held. On the embedded engine the one connection is the plant's bottleneck at the peak: this
 * says which statements hold it, and for how long between them (held minus statements is the
 * time a transaction's owner spent on its own work while holding the connection).
 */
export function collectStatementStats(...pools: pg.Pool[]): {
  report(): StatementStats;
  write(file: string): void;
} {
  const started = performance.now();
  const byText = new Map<string, StatementFigures>();
  const checkedOut = new WeakMap<pg.PoolClient, number>();
  let heldMs = 0;
  let holds = 0;
  let longestHoldMs = 0;

  function record(text: string, ms: number): void {
    const key = byText.has(text) || byText.size < MOST_TEXTS ? text : OTHERS;
    const figures = byText.get(key) ?? { text: key, count: 0, totalMs: 0, maxMs: 0 };
    figures.count++;
    figures.totalMs += ms;
    figures.maxMs = Math.max(figures.maxMs, ms);
    byText.set(key, figures);
  }

  for (const pool of pools) {
    pool.on('acquire', (client) => checkedOut.set(client, performance.now()));
    pool.on('release', (_error, client) => {
      const since = checkedOut.get(client);
      if (since === undefined) return;
      const held = performance.now() - since;
      heldMs += held;
      holds++;
      longestHoldMs = Math.max(longestHoldMs, held);
    });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) => {
        const text =
          typeof config === 'string'
            ? config
            : typeof (config as { text?: unknown } | null)?.text === 'string'
              ? (config as { text: string }).text
              : null;
        if (text === null) return query(config, ...rest);
        const at = performance.now();
        const done = () => record(text, performance.now() - at);
        // The pool's own query() hands a callback; drizzle's transactions await a promise.
        const callback = rest.at(-1);
        if (typeof callback === 'function') {
          const answered = (...args: unknown[]) => {
            done();
            return (callback as (...a: unknown[]) => unknown)(...args);
          };
          return query(config, ...rest.slice(0, -1), answered);
        }
        const result = query(config, ...rest);
        return result instanceof Promise ? result.finally(done) : result;
      }) as typeof client.query;
    });
  }

  const report = (): StatementStats => ({
    wallMs: performance.now() - started,
    heldMs,
    holds,
    longestHoldMs,
    statements: [...byText.values()].sort((a, b) => b.totalMs - a.totalMs),
  });
  return {
    report,
    write: (file) => writeFileSync(file, `${JSON.stringify(report(), null, 2)}\n`),
  };
}
