import pg from 'pg';
import { isConnectionFailure } from '../lib/pg-errors.ts';

type ConnectCallback = Parameters<pg.Pool['connect']>[0];

/**
 * A pg.Pool whose connections cannot leak or come back broken once statements can time out.
 *
 * Drizzle's transaction() (0.45; drizzle-team/drizzle-orm#6114 and #6241, open) runs BEGIN
 * before the `try` whose `finally` releases the connection, and releases it without an error
 * even when its ROLLBACK failed. Harmless while every statement gets an answer; but with a
 * query timeout, a BEGIN that got none would keep its connection checked out for good (the
 * embedded pool has only one), and a connection whose statement is still on its way would go
 * back to the pool, for the next call to wait behind it or to run inside its transaction.
 *
 * So here a connection whose statement failed on the client's side (no answer in time, the
 * connection broke) is given back at once with that error: the pool closes it, and the server
 * rolls back whatever it had begun when it sees the connection go. Drizzle's own ROLLBACK then
 * fails at once instead of waiting for a second timeout, and its later release does nothing.
 * A connection given back inside a transaction is closed rather than reused, for the same reason.
 *
 * Only `connect()` without a callback is guarded: the pool's own `query()` takes its connection
 * through the callback form and already gives it back with the error.
 */
export class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(guard);
  }
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Each connection's own `query`, kept the first time it is handed out. The pool hands the same
 * client object out again and again: wrapping whatever `query` is there at each checkout would
 * nest one more wrapper per transaction, until a BEGIN overflows the stack (after about 10,000
 * transactions on one connection) and every call fails until a restart.
 */
const ownQuery = new WeakMap<pg.PoolClient, QueryFn>();

function guard(client: pg.PoolClient): pg.PoolClient {
  // The pool sets a fresh `release` on every checkout, so this wrapper is one deep too.
  const giveBack = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    const status = client.getTransactionStatus();
    const inTransaction = status === 'T' || status === 'E';
    giveBack(error || (inTransaction ? new Error('given back inside a transaction') : undefined));
  };
  let query = ownQuery.get(client);
  if (!query) {
    query = client.query.bind(client);
    ownQuery.set(client, query);
  }
  const run = query;
  client.query = ((...args: unknown[]) => {
    let result: unknown;
    try {
      result = run(...args);
    } catch (error) {
      // Thrown before any promise exists: nobody else would give the connection back.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (result instanceof Promise) {
      void result.catch((error: unknown) => {
        if (isConnectionFailure(error)) client.release(error as Error);
      });
    }
    return result;
  }) as typeof client.query;
  return client;
}
