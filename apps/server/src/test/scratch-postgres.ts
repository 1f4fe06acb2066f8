import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on a PostgreSQL server (tests, benchmarks); `drop` removes it. With
 * `template`, a copy of that database (CREATE DATABASE … TEMPLATE: the migrated schema in a
 * fraction of the time its migrations take).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
