import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../db/backup/restore.ts';
import { describeDatabase, openChosenDatabase, UsageError } from './cli-database.ts';
import { runCommand } from './run-command.ts';

const USAGE = `npm run restore -- FILE [--replace] [--database-url URL | --data-dir DIR]

Restores a file written by "npm run backup" into the server's database (DATABASE_URL, else
the embedded one in DATA_DIR, default ./data), which must be empty: a new PostgreSQL database,
or a data directory without a database. Either engine takes a backup of either, so this also
moves a plant from the embedded database to PostgreSQL.
  --replace           the target is not empty: delete everything in it first
  --database-url URL  restore into this PostgreSQL database instead
  --data-dir DIR      restore into the embedded database in DIR instead
Stop the servers that use the target first. It is one transaction: if anything fails, the
target is left as it was.`;

await runCommand(USAGE, async (args) => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      replace: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('Name one backup file to restore.');
  if (values['database-url'] && values['data-dir']) {
    throw new UsageError('Name one database: --database-url or --data-dir, not both.');
  }
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist.`);
  const choice = { databaseUrl: values['database-url'], dataDir: values['data-dir'] };
  const started = Date.now();
  const database = await openChosenDatabase(choice, 'restore');
  try {
    const summary = await restoreBackup(database, file, { replace: values.replace });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const migrated =
      summary.schema.backup === summary.schema.now ? '' : `, then migrated to ${summary.schema.now}`;
    console.log(
      `Restored ${summary.tables} tables, ${summary.rows} rows (schema ${summary.schema.backup}${migrated}) ` +
        `into ${describeDatabase(choice)}, in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
});
