import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  migrateSchema,
  openDatabase,
  connectDatabase,
  withSchemaLock,
  type Database,
} from '../db/database.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated database each test database is a copy of. */
    postgresTemplate: string;
  }
}

/**
 * Migrations run once per test run, not once per test: a fresh PGlite runs initdb (seconds),
 * one loaded from a migrated template opens in under one; on PostgreSQL, CREATE DATABASE …
 * TEMPLATE copies the migrated schema in a fraction of the time its migrations take.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tq-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrated(database);
    await database.dump!(file);
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await createScratchDatabase(serverUrl, 'tq_template') : null;
  if (postgres) {
    const template = connectDatabase('postgres', { connectionString: postgres.url });
    try {
      await migrated(template);
    } finally {
      await template.close();
    }
  }
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}

async function migrated(database: Database): Promise<void> {
  await withSchemaLock(database, async (db) => {
    await migrateSchema(db);
    await seedReferenceData(db);
  });
}
