// PGlite on a data directory, with commits that reach the disk before they are acknowledged.
// Plain JavaScript: it runs inside the PGlite worker thread (see pglite-worker.mjs).
//
// Out of the box PGlite (0.5) does not sync anything: it starts PostgreSQL with `-F`
// (fsync = off), and Emscripten's NODEFS, which maps the data directory onto the host's files,
// has no fsync operation, so even with fsync on PostgreSQL's fsync() is a silent no-op
// (electric-sql/pglite#1107). Writes still go straight to the host with fs.writeSync, so a
// killed server (SIGKILL) loses nothing the kernel already has; a power cut or a kernel panic
// could lose the last commits, or leave a checkpoint whose data pages never reached the disk.
//
// Here NODEFS's streams get an fsync that calls the host's, and PostgreSQL runs with fsync on
// and wal_sync_method = fsync (fdatasync, the Linux default, is a no-op in Emscripten that no
// JavaScript can reach). A commit then returns only after its WAL record was fsynced, and
// checkpoints sync the data files and directories they wrote.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's own start parameters without `-F`, and the one WAL sync method that reaches fsync(). */
export function durableStartParams() {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** NodeFS whose fsync() is the host's fsync. `sync` is there for tests (they count the calls). */
export class DurableNodeFS extends NodeFS {
  #sync;

  constructor(dataDir, { sync = fs.fsyncSync } = {}) {
    super(dataDir);
    this.#sync = sync;
  }

  async init(pg, opts) {
    const result = await super.init(pg, opts);
    const sync = this.#sync;
    // preRun: before PostgreSQL starts, so recovery after a crash syncs what it replays too.
    result.emscriptenOpts.preRun.push((mod) => {
      const streamOps = mod.FS.filesystems.NODEFS.stream_ops;
      streamOps.fsync = (stream) => {
        // An error here must reach PostgreSQL (it panics rather than trust unsynced data).
        mod.FS.filesystems.NODEFS.tryFSOperation(() => sync(stream.nfd));
        return 0;
      };
    });
    return result;
  }
}

/**
 * fsyncs every file and directory under `dir`, and the directory holding it. A new database is
 * written by PGlite's initdb with plain writes (before PostgreSQL runs, so nothing syncs it);
 * this makes it durable once.
 */
export function syncNewDataDir(dir, sync = fs.fsyncSync) {
  syncTree(dir, sync);
  syncPath(path.dirname(dir), sync);
}

function syncTree(dir, sync) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full, sync);
    else if (entry.isFile()) syncPath(full, sync);
  }
  syncPath(dir, sync);
}

function syncPath(file, sync) {
  const fd = fs.openSync(file, 'r');
  try {
    sync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
