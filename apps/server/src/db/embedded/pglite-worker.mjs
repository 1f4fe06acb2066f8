// Runs PGlite in its own thread behind a PostgreSQL wire-protocol socket, so that a long
// query never blocks the server's event loop. The main thread reaches it with node-postgres
// over a Unix socket, exactly as it reaches a real PostgreSQL server.
// Plain JavaScript: Node 20 does not apply --import loaders (tsx) inside worker threads.
// Messages are described in protocol.ts.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams, syncNewDataDir } from './durable-nodefs.mjs';
import { MEMORY_PARAMS } from './memory-params.mjs';
import { createSocketServer } from './socket-server.mjs';

const reply = (message) => parentPort.postMessage(message);
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** In memory (tests), on disk as PGlite ships it, or on disk with commits synced (the default). */
async function open(loadDataDir) {
  const { dataDir, durable } = workerData;
  const startParams = [...PGlite.defaultStartParams, ...MEMORY_PARAMS];
  if (!dataDir) return PGlite.create('memory://', { loadDataDir, startParams });
  if (!durable) return PGlite.create(dataDir, { loadDataDir, startParams });
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const db = await PGlite.create({
    fs: new DurableNodeFS(dataDir),
    startParams: [...durableStartParams(), ...MEMORY_PARAMS],
    loadDataDir,
  });
  if (created) syncNewDataDir(dataDir);
  return db;
}

async function main() {
  const loadDataDir = workerData.templateFile
    ? new Blob([await readFile(workerData.templateFile)])
    : undefined;
  const db = await open(loadDataDir);
  if (workerData.createOnly) {
    // A new data directory, created in a thread of its own that now ends (embedded-postgres.ts).
    await db.close();
    return;
  }
  const server = createSocketServer(db, { path: workerData.socketPath, maxConnections: 16 });
  await server.start();

  parentPort.on('message', (command) => {
    const run = async () => {
      if (command.type === 'dump') {
        const blob = await db.dumpDataDir('gzip');
        // The whole data directory: its owner's alone, like a backup.
        await writeFile(command.file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
        reply({ type: 'dumped' });
      } else if (command.type === 'close') {
        await server.stop();
        await db.close();
        reply({ type: 'closed' });
        parentPort.close();
      }
    };
    run().catch((error) => reply({ type: 'error', message: describe(error) }));
  });
  reply({ type: 'ready' });

  // What the database holds in memory, for /metrics (truckqueue_embedded_database_memory_bytes).
  const reportMemory = () =>
    reply({
      type: 'memory',
      webAssemblyBytes: db.mod?.wasmMemory?.buffer.byteLength ?? 0,
      javaScriptBytes: v8.getHeapStatistics().total_heap_size,
    });
  reportMemory();
  setInterval(reportMemory, MEMORY_REPORT_MS).unref();
}

const MEMORY_REPORT_MS = 5000;

main().catch((error) => reply({ type: 'error', message: describe(error) }));
