import { ConfigError } from '../config.ts';
import { BackupError } from '../db/backup/backup.ts';
import { BackupFileError } from '../db/backup/format.ts';
import { RestoreError } from '../db/backup/restore.ts';
import { UsageError } from './cli-database.ts';

/** A flag given a value the command cannot take: said with the usage, exit code 2, as a flag it does not know. */
export class FlagError extends Error {}

/** Failures the person running the command can act on: their message says what to do. */
const EXPLAINED = [UsageError, ConfigError, BackupError, BackupFileError, RestoreError];

/**
 * Runs a command-line tool: --help prints its usage; a bad flag or a bad value of one (FlagError)
 * prints the usage too (exit 2);
 * an explained failure prints its message only (exit 1); anything else its stack (exit 1).
 */
export async function runCommand(usage: string, run: (args: string[]) => Promise<void>): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    await run(args);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if ((typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) || error instanceof FlagError) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (EXPLAINED.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  }
}
