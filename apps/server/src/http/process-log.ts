import { writeSync } from 'node:fs';
import os from 'node:os';
import { errorForLog } from './log-options.ts';

/** Pino's level numbers, so these lines read like the server's own. */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
export type LevelName = keyof typeof LEVELS;

export interface ProcessLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
  fatal(fields: object, msg: string): void;
}

/** An error as the server's logger writes it: a database error without its values. */
export function serializeError(error: unknown): object {
  if (!(error instanceof Error)) return { message: String(error) };
  return errorForLog(error);
}

/**
 * One pino-shaped JSON line ({level, time, pid, hostname, msg, ...}) on stdout, written at once
 * (the process may exit right after). For what the server says when it has no Fastify logger:
 * before the app exists (a bad setting, a locked data directory) and after it closed.
 */
export function writeLogLine(level: Exclude<LevelName, 'silent'>, fields: object, msg: string): void {
  const record = {
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    ...fields,
    msg,
  };
  writeSync(
    1,
    JSON.stringify(record, (key, value: unknown) => (key === 'err' ? serializeError(value) : value)) + '\n',
  );
}

/** The same lines, kept to LOG_LEVEL. */
export function processLog(threshold: LevelName = 'info'): ProcessLog {
  const at =
    (level: Exclude<LevelName, 'silent'>) =>
    (fields: object, msg: string): void => {
      if (LEVELS[level] >= LEVELS[threshold]) writeLogLine(level, fields, msg);
    };
  return { info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
}
