import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase, SERVING_TIMEOUTS } from './db/database.ts';
import { collectStatementStats } from './db/statement-stats.ts';
import { hasNoOfficers, prepareDatabase, type FirstStart } from './prepare-database.ts';
import { firstStartInChildProcess, FirstStartReportedError } from './first-start-process.ts';
import { DEMO_OFFICERS, DEMO_PASSWORD } from './demo/demo-data.ts';
import { processLog, writeLogLine, type ProcessLog } from './http/process-log.ts';
import { startProgress } from './start-progress.ts';

/**
 * Everything the server writes on stdout is a JSON line (pino's shape: level, time, msg...),
 * for journald, Docker or any log shipper. One exception: started in a terminal (`npm start`
 * by hand), it also prints the sign-in banner as plain lines for the person watching.
 */

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
      '',
      '  This is the DEMO plant with made-up history, for trying the product. A plant goes live with',
      '  `npm run start:plant` (no demo data, its own admin): README, "Install at a plant".',
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * The same as one JSON record, without any password: log files are kept and shipped, and a
 * password has no place in them (the README's table has the defaults). Written whatever
 * LOG_LEVEL says, like the banner: it is how scripts and tests learn the address.
 */
function startRecord(config: Config, url: string, engine: string, demo: boolean) {
  const password = process.env.ADMIN_PASSWORD
    ? 'the password set in ADMIN_PASSWORD'
    : 'the default password (README)';
  return {
    fields: {
      url,
      engine,
      ...(engine === 'pglite' ? { dataDir: config.dataDir } : {}),
      signIn: `Sign in as ${config.adminEmail} with ${password}`,
      ...(demo ? { demoOfficers: DEMO_OFFICERS.map((o) => o.email) } : {}),
    },
    msg: `Truck queue back office is running at ${url}`,
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  let log: ProcessLog = processLog(config.logLevel);
  // Node prints its warnings (deprecations and the like) as plain text on stderr: as JSON instead.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ err: warning }, 'process warning'));
  // The serving pool waits on the database at most SERVING_TIMEOUTS: a stalled database gets
  // calls answered 503 DATABASE_UNAVAILABLE instead of hanging them.
  const progress = startProgress(log, process.stdout.isTTY ? process.stdout : null);
  const fresh = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  progress(
    config.databaseUrl
      ? { step: 'database', engine: 'postgres', fresh: false }
      : { step: 'database', engine: 'pglite', fresh, dataDir: config.dataDir },
  );
  // A new database is created and filled by a process of its own that ends before this one
  // serves it: what filling it costs in memory goes with that process. The embedded one is new
  // when its folder is; a PostgreSQL database when it has no officers yet.
  let created: FirstStart | null = fresh ? await firstStartInChildProcess(config) : null;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    { timeouts: SERVING_TIMEOUTS },
  );
  // DB_STATEMENT_STATS: the database's statement figures, written at shutdown (performance work).
  const statementStats =
    config.statementStats === null
      ? null
      : {
          file: config.statementStats,
          figures: collectStatementStats(database.pool, database.backgroundPool),
        };
  if (config.databaseUrl && (await hasNoOfficers(database))) created = await firstStartInChildProcess(config);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.fatal({ err }, 'uncaught error: closing the server and the database');
    else if (signal) log.info({ signal }, 'closing the server and the database');
    await app?.close();
    await database.close();
    statementStats?.figures.write(statementStats.file);
    log.info({}, 'closed');
  });

  const firstStart = created ?? (await prepareDatabase(database, config, new Date(), progress));
  app = await buildApp({
    config,
    database,
    prepareVoice: true,
    watchPrinters: true,
    driverJobs: true,
    alertJobs: true,
    integrationJobs: true,
  });
  log = app.log;
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const demo = firstStart === 'demo' || config.demoData;
  const url = `http://localhost:${port}`;
  const start = startRecord(config, url, database.engine, demo);
  // Through the app's logger (same stream, same order), at info whatever LOG_LEVEL says.
  app.log.child({}, { level: 'info' }).info(start.fields, start.msg);
  if (process.stdout.isTTY) process.stdout.write(banner(config, url, database.engine, demo));
}

main().catch((error: unknown) => {
  // The first start's own process has said what went wrong.
  if (error instanceof FirstStartReportedError) process.exit(1);
  // A bad setting or a locked data directory: the operator's to fix, said in one line, no stack.
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  writeLogLine(
    'fatal',
    expected ? {} : { err: error },
    expected ? error.message : 'the server could not start',
  );
  if (expected && process.stdout.isTTY) process.stderr.write(`\n${error.message}\n\n`);
  process.exit(1);
});
