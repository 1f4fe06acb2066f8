import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServedDatabase } from '../test/test-database.ts';
import { EMBEDDED_CONNECTIONS, type Database } from './database.ts';

/**
 * The embedded engine's pool has several connections to one PGlite session (docs/performance.md):
 * statements wait in the database's thread, not in the server's pool. Its socket server keeps a
 * transaction to its connection, so transactions run whole, one after another, and the calls
 * waiting behind one are counted (what sheds the drivers' page reads first).
 */
let served: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ served, close } = await openServedDatabase());
  await served.db.execute(sql`create table counted (id int primary key, n int not null)`);
  await served.db.execute(sql`insert into counted values (1, 0)`);
});
afterAll(() => close());

const countOf = async () =>
  Number((await served.db.execute<{ n: number }>(sql`select n from counted where id = 1`)).rows[0]!.n);

// On PostgreSQL each connection is a session of its own, where transactions do interleave
// (read committed): what keeps a change whole there is its row lock or version (queue.service.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded engine's connections", () => {
  it('run concurrent transactions whole: no read-then-write of one is lost to another', async () => {
    // Each reads the count, lets the event loop go, then writes it plus one: interleaved in one
    // session, two would read the same count and one increment would be lost.
    const increment = () =>
      served.db.transaction(async (tx) => {
        const [row] = (await tx.execute<{ n: number }>(sql`select n from counted where id = 1`)).rows;
        await new Promise((resolve) => setImmediate(resolve));
        await tx.execute(sql`update counted set n = ${Number(row!.n) + 1} where id = 1`);
      });
    const before = await countOf();
    await Promise.all(Array.from({ length: 40 }, increment));
    expect(await countOf()).toBe(before + 40);
  });

  it('counts the calls waiting behind a transaction, on the connections and for one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const transaction = served.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await held;
    });
    await begun;
    expect(served.waiting()).toBe(0);
    // Three sent on the other connections (they wait in the database's thread), two for a connection.
    const calls = Array.from({ length: EMBEDDED_CONNECTIONS + 1 }, () => countOf());
    await new Promise((resolve) => setImmediate(resolve));
    expect(served.waiting()).toBe(EMBEDDED_CONNECTIONS + 1);
    release();
    await transaction;
    await Promise.all(calls);
    expect(served.waiting()).toBe(0);
  });
});
