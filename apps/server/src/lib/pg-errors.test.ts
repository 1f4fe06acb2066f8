import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure, isDatabaseUnavailable, sqlState } from './pg-errors.ts';

/** What node-postgres throws, caught. */
async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('did not fail');
}

/** A PostgreSQL error as node-postgres builds it from the server's answer. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port that accepts connections and never answers: a stalled database. */
async function silentPort(): Promise<{ port: number; close: () => void }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('isDatabaseUnavailable', () => {
  it('recognises what node-postgres reports when the database is refused, stalled or busy', async () => {
    const refused = await caught(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: await closedPort() });
      await client.connect();
    });
    const silent = await silentPort();
    try {
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port: silent.port,
        connectionTimeoutMillis: 200,
        max: 1,
      });
      pool.on('error', () => undefined);
      const noConnection = await caught(() => pool.query('select 1'));
      await pool.end();
      for (const error of [refused, noConnection]) {
        expect(isConnectionFailure(error), String(error)).toBe(true);
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      }
    } finally {
      silent.close();
    }

    // node-postgres's own messages: a query without answer, a broken connection.
    for (const message of [
      'Query read timeout',
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client was closed and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
      // Wrapped by Drizzle, as every failed statement is.
      const wrapped = new DrizzleQueryError('insert into "queues" …', ['secret'], new Error(message));
      expect(isDatabaseUnavailable(wrapped), message).toBe(true);
    }

    // PostgreSQL's "not now": statement_timeout, shutdowns, too many connections, class 08.
    for (const code of ['57014', '57P01', '57P02', '57P03', '25P03', '53300', '08006']) {
      expect(isDatabaseUnavailable(serverError(code, 'x')), code).toBe(true);
      expect(isConnectionFailure(serverError(code, 'x')), code).toBe(false);
      expect(sqlState(new DrizzleQueryError('select 1', [], serverError(code, 'x')))).toBe(code);
    }
  });

  it('leaves every other error alone: it is a bug or bad input, not an outage', async () => {
    const missingFile = await caught(() => readFile('/nonexistent/export.xlsx'));
    for (const error of [
      serverError('23505', 'duplicate key value violates unique constraint "officers_email_key"'),
      serverError('42601', 'syntax error at or near "selct"'),
      serverError('22P02', 'invalid input syntax for type uuid'),
      missingFile,
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
