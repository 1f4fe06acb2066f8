import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DEMO_OFFICERS, DEMO_PASSWORD } from './db/seed/demo-data.ts';

function banner(config: Config, url: string, engine: string, demo: boolean): string {
  const lines = [
    '',
    `  Truck queue back office is running at ${url}`,
    `  Database: ${engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    '',
    `  Sign in as ${config.adminEmail} with the password ${
      process.env.ADMIN_PASSWORD
        ? 'set in ADMIN_PASSWORD'
        : `"${config.adminPassword}" (change it: set ADMIN_PASSWORD before the first start)`
    }`,
  ];
  if (demo) {
    lines.push(
      `  Demo officers (password "${DEMO_PASSWORD}"): ${DEMO_OFFICERS.map((o) => o.email).join(', ')}`,
    );
  }
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) console.error(err);
    else if (signal) console.log(`\n${signal} received: closing the server and the database...`);
    await app?.close();
    await database.close();
  });

  const firstStart = await prepareDatabase(database, config);
  app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const demo = firstStart === 'demo' || config.demoData;
  console.log(banner(config, `http://localhost:${port}`, database.engine, demo));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
