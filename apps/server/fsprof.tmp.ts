import { openDatabase, migrateSchema, withSchemaLock } from './src/db/database.ts';
import { seedReferenceData } from './src/db/seed/reference-data.ts';
import { seedDemoData } from './src/demo/demo-data.ts';
import { loadConfig } from './src/config.ts';
import { sql } from 'drizzle-orm';
const dir = '/tmp/fsprof-' + process.pid;
let t = performance.now();
const lap = (n: string) => { const x = performance.now(); console.log(n, Math.round(x - t)); t = x; };
const database = await openDatabase({ kind: 'pglite', dataDir: dir });
lap('open');
const config = loadConfig();
await withSchemaLock(database, async (db) => {
  await migrateSchema(db); lap('migrate');
  await seedReferenceData(db); lap('reference');
  await db.execute(sql`set synchronous_commit = off`);
  await seedDemoData(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, companyName: 'x', siteTimeZone: config.siteTimeZone, now: new Date(), days: Number(process.env.DAYS ?? 14) });
  lap('demo');
});
await database.close();
