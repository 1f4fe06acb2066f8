import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../db/backup/backup.ts';
import { describeDatabase, openChosenDatabase, UsageError } from './cli-database.ts';
import { runCommand } from './run-command.ts';

const USAGE = `npm run backup -- [--out FILE] [--force] [--database-url URL | --data-dir DIR]

Writes the whole database to one file (gzip'd JSON lines): the server's database by default
(DATABASE_URL, else the embedded one in DATA_DIR, default ./data).
  --out FILE          where to write (default truck-queue-<date>-<time>.backup.gz here)
  --force             replace FILE if it exists
  --database-url URL  back up this PostgreSQL database instead
  --data-dir DIR      back up the embedded database in DIR instead
PostgreSQL is read from one snapshot while the server runs; the embedded database needs the
server stopped.`;

function defaultFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '')
    .replace('T', '-');
  return `truck-queue-${stamp}.backup.gz`;
}

await runCommand(USAGE, async (args) => {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values['database-url'] && values['data-dir']) {
    throw new UsageError('Name one database: --database-url or --data-dir, not both.');
  }
  const choice = { databaseUrl: values['database-url'], dataDir: values['data-dir'] };
  const file = path.resolve(values.out ?? defaultFile());
  const started = Date.now();
  const database = await openChosenDatabase(choice, 'backup');
  try {
    const summary = await writeBackup(database, file, { overwrite: values.force });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const size = (statSync(file).size / 1024 / 1024).toFixed(2);
    console.log(
      `Backed up ${describeDatabase(choice)} (schema ${summary.schema}): ${summary.tables} tables, ` +
        `${summary.rows} rows, in ${seconds} s.\n${file} (${size} MiB)`,
    );
  } finally {
    await database.close();
  }
});
