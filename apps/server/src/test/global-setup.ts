import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateSchema, openDatabase, withSchemaLock } from '../db/database.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite runs initdb (seconds); one loaded from a migrated template opens in under one.
 * The template is built once per run; every API test file starts its own database from it.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tq-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await withSchemaLock(database, async (db) => {
      await migrateSchema(db);
      await seedReferenceData(db);
    });
    await database.dump!(file);
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
