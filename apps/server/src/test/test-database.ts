import { inject } from 'vitest';
import { migrateSchema, openDatabase, withSchemaLock, type Database } from '../db/database.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

/**
 * A fresh, migrated database with reference data and nothing else: an in-memory PGlite made
 * from the run's template, or, when TEST_DATABASE_URL is set, a new database on that server
 * that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', templateFile: inject('pgliteTemplate') });

  const scratch = await createScratchDatabase(serverUrl, 'tq_test');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await withSchemaLock(database, async (db) => {
    await migrateSchema(db);
    await seedReferenceData(db);
  });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
