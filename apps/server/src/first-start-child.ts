// The first start of a database, run by first-start-process.ts in a process of its own: creates
// the embedded database in DATA_DIR (or connects to DATABASE_URL), migrates it and fills it (the
// demo plant or the first admin), then ends. Its progress and errors are log lines on stdout, like the server's.
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { processLog, writeLogLine } from './http/process-log.ts';
import { prepareDatabase, type FirstStart } from './prepare-database.ts';
import { startProgress } from './start-progress.ts';

// The server went away (killed): stop here; a later start finds the lock stale.
let finished = false;
process.on('disconnect', () => {
  if (!finished) process.exit(1);
});

async function run(): Promise<FirstStart> {
  const config = loadConfig();
  const log = processLog(config.logLevel);
  // Node's warnings as JSON lines, as the server writes them (main.ts).
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ err: warning }, 'process warning'));
  const progress = startProgress(log, process.stdout.isTTY ? process.stdout : null);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    return await prepareDatabase(database, config, new Date(), progress);
  } finally {
    await database.close();
  }
}

run().then(
  (firstStart) => {
    finished = true;
    process.send?.({ type: 'done', firstStart }, () => process.disconnect?.());
  },
  (error: unknown) => {
    finished = true;
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
    writeLogLine(
      'fatal',
      expected ? {} : { err: error },
      expected ? error.message : 'the server could not start',
    );
    if (expected && process.stdout.isTTY) process.stderr.write(`\n${error.message}\n\n`);
    process.send?.({ type: 'failed' }, () => process.exit(1));
  },
);
