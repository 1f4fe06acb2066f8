// Run by memory-bench.ts in a process of its own: the RSS of Node (with tsx, as the server
// runs) before and after opening the embedded database on a data directory and querying it.
// Prints one JSON line: { node, pglite } in MB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded/embedded-postgres.ts';
import { connectDatabase } from '../apps/server/src/db/database.ts';

const rss = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-alone.ts <pgdata directory>');
const node = rss();
const embedded = await startEmbeddedPostgres({ dataDir: path.resolve(dataDir) });
const database = connectDatabase('pglite', {
  host: embedded.socketDir,
  port: embedded.port,
  user: 'postgres',
  database: 'postgres',
});
// Every table read once, as a server's first minutes would.
const tables = await database.pool.query<{ name: string }>(
  "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
);
for (const { name } of tables.rows) await database.pool.query(`select count(*) from ${name}`);
await new Promise((resolve) => setTimeout(resolve, 2000));
const pglite = rss();
await database.close();
await embedded.stop();
console.log(JSON.stringify({ node, pglite }));
