import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedMemory, WorkerCommand, WorkerData, WorkerReply } from './protocol.ts';
import { sourceFile } from '../../paths.ts';

/** Plain JavaScript, run as it is from the source and from the build alike. */
const WORKER = sourceFile('db/embedded/pglite-worker.mjs');

/** PGlite in a worker thread, reachable over a Unix socket at `${socketDir}/.s.PGSQL.5432`. */
export interface EmbeddedPostgres {
  socketDir: string;
  port: number;
  /** Write the whole data directory, gzipped, to a file (a template for tests). */
  dump(file: string): Promise<void>;
  /** What the database's thread reported holding last (every 5 s); null before its first report. */
  memory(): EmbeddedMemory | null;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  templateFile?: string;
  /** With dataDir: sync commits to disk (default true). */
  durable?: boolean;
}): Promise<EmbeddedPostgres> {
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'tq-pg-'));
  const workerData: WorkerData = {
    ...options,
    durable: options.durable ?? true,
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  if (options.dataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    // Creating a database (PGlite's initdb) leaves some 700 MB behind in the thread that did it,
    // WebAssembly memory that is never given back: a thread of its own creates it and ends, and
    // the serving thread opens the new directory like any later start does (docs/benchmarks.md).
    try {
      await createDataDir({ ...workerData, createOnly: true });
    } catch (error) {
      await rm(socketDir, { recursive: true, force: true });
      throw error;
    }
    // The template, if any, is in the directory now.
    delete workerData.templateFile;
  }
  const worker = new Worker(WORKER, { workerData });

  let pending: { resolve: (r: WorkerReply) => void; reject: (e: Error) => void } | null = null;
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    pending = {
      resolve: (r) =>
        r.type === 'ready' ? resolve() : reject(new Error(`PGlite worker: ${JSON.stringify(r)}`)),
      reject,
    };
  });
  let memory: EmbeddedMemory | null = null;
  worker.on('message', (reply: WorkerReply) => {
    if (reply.type === 'memory') {
      memory = { webAssemblyBytes: reply.webAssemblyBytes, javaScriptBytes: reply.javaScriptBytes };
      return;
    }
    const p = pending;
    pending = null;
    if (!p) return;
    if (reply.type === 'error') p.reject(new Error(`Embedded database: ${reply.message}`));
    else p.resolve(reply);
  });
  worker.on('error', (error) => {
    pending?.reject(error);
    pending = null;
  });
  worker.on('exit', (code) => {
    exited = true;
    pending?.reject(new Error(`Embedded database thread stopped (exit code ${code})`));
    pending = null;
  });

  const send = (command: WorkerCommand) =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (exited) return reject(new Error('Embedded database thread is not running'));
      pending = { resolve, reject };
      worker.postMessage(command);
    });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw error;
  }

  return {
    socketDir,
    port: SOCKET_PORT,
    async dump(file) {
      await send({ type: 'dump', file });
    },
    memory: () => memory,
    async stop() {
      if (!exited) {
        await send({ type: 'close' }).catch(() => undefined);
        await worker.terminate();
      }
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** Runs a worker that only creates the data directory, until it has ended. */
async function createDataDir(workerData: WorkerData): Promise<void> {
  const worker = new Worker(WORKER, { workerData });
  const failures: Error[] = [];
  worker.on('message', (reply: WorkerReply) => {
    if (reply.type === 'error') failures.push(new Error(`Embedded database: ${reply.message}`));
  });
  worker.on('error', (error) => failures.push(error));
  const code = await new Promise<number>((resolve) => worker.once('exit', resolve));
  if (failures[0]) throw failures[0];
  if (code !== 0) throw new Error(`Embedded database thread stopped (exit code ${code})`);
}
