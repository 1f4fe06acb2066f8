import { fork } from 'node:child_process';
import path from 'node:path';
import { RUNNING_BUILT, SERVER_DIR } from './paths.ts';
import type { Config } from './config.ts';
import type { FirstStart } from './prepare-database.ts';

/**
 * The first start of a database (creating the embedded one, migrations, the demo plant and its
 * 14 days of history) in a process of its own, which ends before the server serves the new
 * database. Creating and filling it leaves some 250 MB behind in the process that did
 * it (WebAssembly memory and allocator arenas that are never given back to the system): the
 * server would carry them for as long as it runs (docs/benchmarks.md, "Issue 19: memory").
 *
 * The child writes its progress and any error on the same stdout as the server. Resolves with
 * what the first start did; a failure the child already reported rejects with
 * FirstStartReportedError (nothing more to log).
 */
export class FirstStartReportedError extends Error {}

type ChildMessage = { type: 'done'; firstStart: FirstStart } | { type: 'failed' };

/** The child's entry: built beside the server, or its TypeScript run through tsx as the server is. */
const CHILD = RUNNING_BUILT
  ? path.join(SERVER_DIR, 'dist/first-start-child.mjs')
  : path.join(SERVER_DIR, 'src/first-start-child.ts');

export async function firstStartInChildProcess(config: Pick<Config, 'dataDir'>): Promise<FirstStart> {
  const child = fork(CHILD, [], {
    // No Node flags from the server (its memory settings); tsx for the TypeScript, unless built.
    execArgv: RUNNING_BUILT ? [] : ['--import', import.meta.resolve('tsx')],
    env: { ...process.env, DATA_DIR: config.dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Stopped meanwhile (Ctrl+C, systemd): the child stops too.
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward('SIGTERM');
  const onInt = forward('SIGINT');
  process.once('SIGTERM', onTerm);
  process.once('SIGINT', onInt);
  try {
    let result: ChildMessage | null = null;
    child.on('message', (message: ChildMessage) => {
      result = message;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    const settled = result as ChildMessage | null;
    if (settled?.type === 'done' && code === 0) return settled.firstStart;
    if (settled?.type === 'failed') throw new FirstStartReportedError('first start failed');
    throw new Error(`the first start stopped (exit code ${code})`);
  } finally {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
  }
}
