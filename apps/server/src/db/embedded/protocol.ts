/** Messages between the server and the PGlite worker thread. */
export interface WorkerData {
  /** A directory to keep the database in; absent: in memory. */
  dataDir?: string;
  /** A gzip dump (dumpDataDir) to start from: the migrated template tests share. */
  templateFile?: string;
  socketPath: string;
}

export type WorkerCommand = { type: 'dump'; file: string } | { type: 'close' };

export type WorkerReply =
  { type: 'ready' } | { type: 'dumped' } | { type: 'closed' } | { type: 'error'; message: string };
