import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateSchema, openDatabase, withSchemaLock, type Database } from '../db/database.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';

/**
 * A fresh, migrated database with reference data and nothing else: an in-memory PGlite made
 * from the run's template, or, when TEST_DATABASE_URL is set, a new database on that server
 * that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', templateFile: inject('pgliteTemplate') });

  const name = `tq_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await withSchemaLock(database, async (db) => {
    await migrateSchema(db);
    await seedReferenceData(db);
  });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
