import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { SERVER_DIR } from '../../paths.ts';

const MIGRATIONS_FOLDER = path.join(SERVER_DIR, 'drizzle');

/** How far a database's schema is migrated: the count of migrations applied and the last one's tag. */
export interface SchemaLevel {
  migrations: number;
  /** The last applied migration's tag (`0002_reports`), null when this server does not know it. */
  last: string | null;
  /** Its time stamp in drizzle's journal, which drizzle records as the migration's created_at. */
  lastMillis: number;
}

export interface Migration {
  tag: string;
  millis: number;
  hash: string;
  statements: string[];
}

/** This server's migrations, oldest first. */
export function knownMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    millis: entry.when,
    hash: files[i]!.hash,
    statements: files[i]!.sql.filter((s) => s.trim() !== ''),
  }));
}

/** The schema level of the database `client` is connected to; null when it has no truck queue schema. */
export async function readSchemaLevel(client: pg.ClientBase): Promise<SchemaLevel | null> {
  const table = await client.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!table.rows[0]!.exists) return null;
  const applied = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at',
  );
  if (applied.rows.length === 0) return null;
  const lastMillis = Number(applied.rows.at(-1)!.created_at);
  const last = knownMigrations().find((m) => m.millis === lastMillis)?.tag ?? null;
  return { migrations: applied.rows.length, last, lastMillis };
}

/**
 * The migrations that bring an empty database to `level`, or a reason why this server cannot:
 * the level is newer than this server, or is not on this server's line of migrations.
 */
export function migrationsUpTo(level: SchemaLevel): { migrations: Migration[] } | { refused: string } {
  const known = knownMigrations();
  const newest = known.at(-1)!;
  if (level.migrations > known.length || level.lastMillis > newest.millis) {
    return {
      refused:
        `This backup comes from a newer version of the server (schema ${level.last ?? `level ${level.migrations}`}; ` +
        `this one knows up to ${newest.tag}). Update this server first, then restore.`,
    };
  }
  const migrations = known.slice(0, level.migrations);
  if (migrations.at(-1)?.millis !== level.lastMillis) {
    return {
      refused: `This backup's schema (level ${level.migrations}, ${level.last ?? 'unknown'}) is not one this server knows.`,
    };
  }
  return { migrations };
}

/**
 * Applies `migrations` inside the caller's transaction, recording each in drizzle's table as
 * drizzle's migrator does, so that the server's migrate() at the next start carries on from there.
 */
export async function applyMigrations(client: pg.ClientBase, migrations: Migration[]): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.millis,
    ]);
  }
}
