import type { DemoProgress } from './demo/demo-data.ts';
import type { ProcessLog } from './http/process-log.ts';

/** What the server is doing before it listens: on a first start, the demo plant takes a while. */
export type StartProgress =
  | { step: 'database'; engine: 'pglite' | 'postgres'; fresh: boolean; dataDir?: string }
  | { step: 'schema' }
  | DemoProgress;

export function describeProgress(progress: StartProgress): string {
  switch (progress.step) {
    case 'database':
      if (progress.engine === 'postgres') return 'Connecting to PostgreSQL (DATABASE_URL)';
      return progress.fresh
        ? `First start: creating the embedded database in ${progress.dataDir}`
        : `Opening the embedded database in ${progress.dataDir}`;
    case 'schema':
      return 'Bringing the database schema up to date';
    case 'plant':
      return 'First start: building the demo plant (branches, officers, queue types, stations)';
    case 'day':
      return `Demo history: day ${progress.played} of ${progress.days} played`;
    case 'write':
      return `Writing the demo history: ${progress.tickets} tickets`;
  }
}

/**
 * Start-up progress: plain lines for a person at a terminal, JSON log lines (info) for a log
 * shipper. In a terminal the days of history count up on one line.
 */
export function startProgress(
  log: ProcessLog,
  terminal: NodeJS.WriteStream | null,
): (progress: StartProgress) => void {
  let counting = false;
  return (progress) => {
    const text = describeProgress(progress);
    if (!terminal) {
      log.info({ startup: progress }, text);
      return;
    }
    const day = progress.step === 'day';
    // A day overwrites the line before it; anything else ends the count first.
    terminal.write(`${day ? '\r' : counting ? '\n' : ''}  ${text}${day ? '' : '\n'}`);
    counting = day;
  };
}
