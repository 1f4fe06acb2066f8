import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's start parameters with fsync on and wal_sync_method = fsync. */
export function durableStartParams(): string[];

/** NodeFS whose fsync() is the host's (`sync`, fs.fsyncSync by default). */
export class DurableNodeFS extends NodeFS {
  constructor(dataDir: string, options?: { sync?: (fd: number) => void });
}

/** fsyncs a freshly created data directory, all of it, and the directory holding it. */
export function syncNewDataDir(dir: string, sync?: (fd: number) => void): void;
