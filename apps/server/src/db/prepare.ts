import type { Config } from '../config.ts';
import { migrateSchema, withSchemaLock, type Database } from './database.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { hasOfficers, seedFirstAdmin } from './seed/first-start.ts';
import { seedReferenceData } from './seed/reference-data.ts';

export type FirstStart = 'existing' | 'demo' | 'admin';

/** Migrations, reference data and, on a database without officers, the first admin or the demo plant. */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'companyName' | 'siteTimeZone' | 'demoData'>,
  now = new Date(),
): Promise<FirstStart> {
  return withSchemaLock(database, async (db) => {
    await migrateSchema(db);
    await seedReferenceData(db);
    if (await hasOfficers(db)) return 'existing';
    if (config.demoData) {
      await seedDemoData(db, {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        companyName: config.companyName,
        siteTimeZone: config.siteTimeZone,
        now,
        days: 14,
      });
      return 'demo';
    }
    await seedFirstAdmin(db, {
      email: config.adminEmail,
      password: config.adminPassword,
      branchName: 'Main branch',
    });
    return 'admin';
  });
}
