import { fork, type ChildProcess } from 'node:child_process';
import { sourceFile } from '../paths.ts';

/** Too much is already waiting for the helper: the caller is refused rather than queued. */
export class HelperBusyError extends Error {}

/** The server is shutting down: what was waiting is dropped. */
export class HelperClosedError extends Error {}

export interface HelperProcess<Request extends object, Result> {
  /** Sends `request` to the helper (started if it is not running) and resolves with its result. */
  run(request: Request): Promise<Result>;
  /** Ends the helper and rejects what was waiting (HelperClosedError); later runs are refused. */
  close(): Promise<void>;
  /** The helper's process id while it runs. */
  pid(): number | undefined;
}

/**
 * Work done in a Node process of its own, started when needed and ended after `idleMs` without
 * work, so that the memory the work took goes back to the system (a thread's stays in the
 * server: docs/benchmarks.md, "Issue 19"). `file` is a plain-JavaScript module of the server's
 * source, run without loaders or the server's Node flags. It receives `{ id, ...request }` and
 * answers `{ id, result }` or `{ id, error }` (a message). The helper never keeps the server
 * running, and exits when the server does (its channel closes).
 */
export function createHelperProcess<Request extends object, Result>(options: {
  file: string;
  /** What it is, in error messages: "the speech engine". */
  name: string;
  idleMs: number;
  /** Runs waiting at once beyond which `run` is refused (HelperBusyError). */
  maxWaiting: number;
}): HelperProcess<Request, Result> {
  const { file, name, idleMs, maxWaiting } = options;
  let child: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const scheduleIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (pending.size === 0 && child) {
        const ending = child;
        child = null;
        ending.kill();
      }
    }, idleMs);
    idleTimer.unref();
  };

  const start = (): ChildProcess => {
    if (child) return child;
    const started = fork(sourceFile(file), [], {
      execArgv: [],
      // Structured clone over the channel, so bytes arrive as bytes, not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    started.unref();
    started.channel?.unref();
    started.on('message', (reply: { id: number; result?: Result; error?: string }) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.error === undefined) waiting.resolve(reply.result as Result);
      else waiting.reject(new Error(`${name}: ${reply.error}`));
      if (pending.size === 0) scheduleIdle();
    });
    started.on('error', (error) => {
      if (child === started) child = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (child === started) child = null;
      if (code !== 0) failAll(new Error(`${name} stopped (exit code ${code})`));
    });
    child = started;
    return started;
  };

  return {
    run(request) {
      if (closed) return Promise.reject(new HelperClosedError(`${name} was closed`));
      if (pending.size >= maxWaiting)
        return Promise.reject(new HelperBusyError(`${name} has too much waiting`));
      if (idleTimer) clearTimeout(idleTimer);
      const id = nextId++;
      return new Promise<Result>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        start().send({ ...request, id });
      });
    },
    pid: () => child?.pid,
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const ending = child;
      child = null;
      failAll(new HelperClosedError(`${name} was closed`));
      if (ending && ending.exitCode === null && ending.signalCode === null) {
        const exited = new Promise((resolve) => ending.once('exit', resolve));
        ending.kill();
        await exited;
      }
    },
  };
}
