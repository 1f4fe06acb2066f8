import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serialize } from 'pg-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_APPLICATION, createSocketServer } from './socket-server.mjs';

/** Lets the socket server take in what was sent until `done` (it runs in this thread). */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The embedded database's socket server on a real Unix socket with node-postgres clients: one
 * PGlite session shared by every connection, each transaction whole.
 */
describe('the embedded database socket server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-wire-'));
  const socketPath = path.join(dir, '.s.PGSQL.5432');
  let db: PGlite;
  let server: ReturnType<typeof createSocketServer>;
  const client = async (applicationName?: string) => {
    const c = new pg.Client({
      host: dir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      ...(applicationName ? { application_name: applicationName } : {}),
    });
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table t (id int primary key, note text)');
    server = createSocketServer(db, { path: socketPath });
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers parameterised statements and reports a statement error as PostgreSQL does', async () => {
    const c = await client();
    await c.query('insert into t values ($1, $2)', [1, 'one']);
    expect((await c.query('select note from t where id = $1', [1])).rows).toEqual([{ note: 'one' }]);
    await expect(c.query('insert into t values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
    });
    // The session goes on after the error.
    expect((await c.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    await c.end();
  });

  it("keeps a transaction whole: another connection's statement waits for its commit", async () => {
    const [a, b] = [await client(), await client()];
    await a.query('begin');
    await a.query('insert into t values (2, $1)', ['two']);
    const order: string[] = [];
    const other = b.query('select count(*)::int as n from t').then((result) => {
      order.push('b read');
      return result.rows[0].n as number;
    });
    // a's next statement goes first although b's came in before it.
    await a.query('update t set note = $1 where id = 2', ['deux']);
    order.push('a updated');
    await a.query('commit');
    expect(await other).toBe(2);
    expect(order).toEqual(['a updated', 'b read']);
    await Promise.all([a.end(), b.end()]);
  });

  it("runs the officers' statements before the background lane's, and the background one after eight", async () => {
    const owner = await client();
    const background = await client(BACKGROUND_APPLICATION);
    const officers = await Promise.all(Array.from({ length: 10 }, () => client()));
    const order: string[] = [];
    await owner.query('begin');
    // Sent first, while another connection holds the session.
    const sent = [background.query('select 1').then(() => order.push('background'))];
    for (const [i, officer] of officers.entries()) {
      await waitFor(() => server.waiting() === i + 1);
      sent.push(officer.query('select 1').then(() => order.push(`officer ${i}`)));
    }
    await waitFor(() => server.waiting() === 11);
    await owner.query('commit');
    await Promise.all(sent);
    // The drivers' pages slow down at the peak, but never stop.
    expect(order).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `officer ${i}`),
      'background',
      'officer 8',
      'officer 9',
    ]);
    await Promise.all([owner, background, ...officers].map((c) => c.end()));
  });

  it('rolls back what a connection that went away left open, and serves the others', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('begin');
    await a.query('insert into t values (3, $1)', ['three']);
    const waiting = b.query('select count(*)::int as n from t where id = 3');
    a.on('error', () => undefined);
    a.connection.stream.destroy();
    expect((await waiting).rows).toEqual([{ n: 0 }]);
    expect(db.isInTransaction()).toBe(false);
    await b.end();
  });

  it('takes a statement sent in pieces, and a connection that stops halfway ends it for the others', async () => {
    const c = await client();
    const statement = Buffer.concat([
      serialize.parse({ text: 'select 41 + 1 as n' }),
      serialize.bind({}),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // A raw connection: startup, then the statement cut in two writes.
    const raw = net.connect(socketPath);
    const answers: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => answers.push(chunk));
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(serialize.startup({ user: 'postgres', database: 'postgres' }));
    /** How many ReadyForQuery messages came so far. */
    const ready = () => {
      const all = Buffer.concat(answers);
      let count = 0;
      for (let at = 0; at + 5 <= all.length; at += 1 + all.readInt32BE(at + 1)) if (all[at] === 0x5a) count++;
      return count;
    };
    const readyFor = async (count: number) => {
      while (ready() < count) await new Promise((resolve) => raw.once('data', resolve));
    };
    await readyFor(1);
    raw.write(statement.subarray(0, 7));
    raw.write(statement.subarray(7));
    await readyFor(2);
    expect(Buffer.concat(answers).includes(Buffer.from('42'))).toBe(true);

    // Half a statement (Parse and Bind, no Sync), then the connection goes: the others go on.
    raw.write(statement.subarray(0, statement.length - 5));
    const after = c.query('select 7 as n');
    raw.destroy();
    expect((await after).rows).toEqual([{ n: 7 }]);
    await c.end();
  });
});
