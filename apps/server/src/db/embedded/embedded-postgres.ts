import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerCommand, WorkerData, WorkerReply } from './protocol.ts';

/** PGlite in a worker thread, reachable over a Unix socket at `${socketDir}/.s.PGSQL.5432`. */
export interface EmbeddedPostgres {
  socketDir: string;
  port: number;
  /** Write the whole data directory, gzipped, to a file (a template for tests). */
  dump(file: string): Promise<void>;
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
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData,
  });

  let pending: { resolve: (r: WorkerReply) => void; reject: (e: Error) => void } | null = null;
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    pending = {
      resolve: (r) =>
        r.type === 'ready' ? resolve() : reject(new Error(`PGlite worker: ${JSON.stringify(r)}`)),
      reject,
    };
  });
  worker.on('message', (reply: WorkerReply) => {
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
    async stop() {
      if (!exited) {
        await send({ type: 'close' }).catch(() => undefined);
        await worker.terminate();
      }
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
