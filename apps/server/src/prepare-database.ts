import { sql } from 'drizzle-orm';
import { ConfigError, type Config } from './config.ts';
import { migrateSchema, withSchemaLock, type Database, type Db } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { hasOfficers, seedFirstAdmin } from './db/seed/first-start.ts';
import { seedDefaultReasons, seedReferenceData } from './db/seed/reference-data.ts';
import type { StartProgress } from './start-progress.ts';

export type FirstStart = 'existing' | 'demo' | 'admin';

/** Migrations, reference data and, on a database without officers, the first admin or the demo plant. */
/**
 * Whether the database has no officers yet (no tables at all, or none in them): its first start
 * is still to come. Asked of a PostgreSQL database before the server serves it (main.ts).
 */
export async function hasNoOfficers(database: Database): Promise<boolean> {
  const { rows } = await database.pool.query<{ missing: boolean }>(
    "select to_regclass('officers') is null as missing",
  );
  if (rows[0]?.missing !== false) return true;
  const found = await database.pool.query('select 1 from officers limit 1');
  return found.rowCount === 0;
}

/** What a first start reads of the configuration. */
type FirstStartConfig = Pick<
  Config,
  'adminEmail' | 'adminPassword' | 'companyName' | 'siteTimeZone' | 'demoData' | 'plant' | 'adminGiven'
>;

export async function prepareDatabase(
  database: Database,
  config: FirstStartConfig,
  now = new Date(),
  onProgress?: (progress: StartProgress) => void,
): Promise<FirstStart> {
  return withSchemaLock(database, async (db) => {
    onProgress?.({ step: 'schema' });
    await migrateSchema(db);
    await seedReferenceData(db);
    const first = await firstStart(database, db, config, now, onProgress);
    await seedDefaultReasons(db);
    return first;
  });
}

async function firstStart(
  database: Database,
  db: Db,
  config: FirstStartConfig,
  now: Date,
  onProgress: ((progress: StartProgress) => void) | undefined,
): Promise<FirstStart> {
  if (await hasOfficers(db)) return 'existing';
  if (config.demoData) {
    await bulkLoad(database, db, () =>
      seedDemoData(db, {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        companyName: config.companyName,
        siteTimeZone: config.siteTimeZone,
        now,
        days: 14,
        ...(onProgress ? { onProgress } : {}),
      }),
    );
    return 'demo';
  }
  // A plant's SuperAdmin is never admin@example.com with the README's password.
  if (config.plant && !config.adminGiven)
    throw new ConfigError(
      'First start of a plant install: set ADMIN_EMAIL and ADMIN_PASSWORD (the first SuperAdmin; the password is used once), then start again',
    );
  await seedFirstAdmin(db, {
    email: config.adminEmail,
    password: config.adminPassword,
    branchName: 'Main branch',
  });
  return 'admin';
}

/**
 * The demo plant is hundreds of small transactions (its history goes through the queue
 * service). On PGlite, where every commit waits for its own fsync in one thread, they run
 * without waiting (synchronous_commit off during the load), and one checkpoint then puts all
 * of it on disk. A crash midway leaves part of the demo, as a crash midway always did.
 */
async function bulkLoad(database: Database, db: Db, load: () => Promise<void>): Promise<void> {
  if (database.engine !== 'pglite') return load();
  // PGlite is a single session: the setting must not outlive the load, whatever happens.
  await db.execute(sql`set synchronous_commit = off`);
  try {
    await load();
  } finally {
    await db.execute(sql`reset synchronous_commit`);
  }
  await db.execute(sql`checkpoint`);
}
