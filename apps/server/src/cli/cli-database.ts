import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../db/database.ts';

/** A mistake of the person running the command: said plainly, exit code 1, no stack. */
export class UsageError extends Error {}

export interface DatabaseChoice {
  /** `--database-url`, else DATABASE_URL. */
  databaseUrl?: string;
  /** `--data-dir`, else DATA_DIR, else ./data: the embedded database, as the server uses it. */
  dataDir?: string;
}

type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** The flags over the server's own settings (read and checked as the server reads them). */
function resolve(choice: DatabaseChoice): Target {
  const env = { ...process.env };
  if (choice.databaseUrl) env.DATABASE_URL = choice.databaseUrl;
  if (choice.dataDir) {
    env.DATA_DIR = choice.dataDir;
    delete env.DATABASE_URL;
  }
  const config = loadConfig(env);
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** Which database a command works on, said for the person running it (no password). */
export function describeDatabase(choice: DatabaseChoice): string {
  const target = resolve(choice);
  if (target.kind === 'pglite') return `the embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/**
 * Opens the database the server would use (DATABASE_URL, or PGlite in DATA_DIR), unless the
 * flags name another. The embedded database admits one process: while the server runs on it,
 * this fails with a message telling to stop the server.
 */
export async function openChosenDatabase(
  choice: DatabaseChoice,
  purpose: 'backup' | 'restore' | 'backtest',
): Promise<Database> {
  const target = resolve(choice);
  if (target.kind === 'postgres') return openDatabase(target);

  if (purpose !== 'restore' && !existsSync(path.join(target.dataDir, 'pgdata'))) {
    throw new UsageError(
      `There is no embedded database in ${target.dataDir}. Set DATA_DIR (or --data-dir) to the server's ` +
        'data directory, or DATABASE_URL for PostgreSQL.',
    );
  }
  try {
    return await openDatabase(target);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new UsageError(
        `${error.message}\nThe embedded database serves one process at a time: stop the server ` +
          `(Ctrl+C, or your service manager), run the ${purpose}, then start it again. ` +
          '(On PostgreSQL a backup runs while the server works.)',
      );
    }
    throw error;
  }
}
