/** Messages between the server and the PGlite worker thread. */
export interface WorkerData {
  /** A directory to keep the database in; absent: in memory. */
  dataDir?: string;
  /** A gzip dump (dumpDataDir) to start from: the migrated template tests share. */
  templateFile?: string;
  socketPath: string;
  /**
   * With dataDir: fsync on, so a commit is on disk before it is acknowledged (durable-nodefs.mjs).
   * Off only to measure what it costs.
   */
  durable: boolean;
  /** Create the data directory (initdb), close it and end the thread, serving nothing. */
  createOnly?: boolean;
}

export type WorkerCommand = { type: 'dump'; file: string } | { type: 'close' };

/** What the embedded database holds in memory, as its thread reported it last. */
export interface EmbeddedMemory {
  /** PGlite's WebAssembly memory: it grows when PostgreSQL needs more and never shrinks. */
  webAssemblyBytes: number;
  /** The thread's own JavaScript heap (PGlite's glue, the socket server). */
  javaScriptBytes: number;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'dumped' }
  | { type: 'closed' }
  | { type: 'error'; message: string }
  /** Sent by the thread on its own every few seconds, whatever else is under way. */
  | ({ type: 'memory' } & EmbeddedMemory);
