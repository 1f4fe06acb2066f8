import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('keeps a second server off a data directory in use, and frees it on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('refuses while another live process holds the lock', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(dir, 'truck-queue.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']);
    writeFileSync(path.join(dir, 'truck-queue.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'truck-queue.lock'))).toBe(true);
    release();
  });
});
