import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return {
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    kill: (signal) => child.kill(signal),
  };
}

async function until(predicate: () => boolean, what: string, run: Run): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('starts, refuses a second server on its data directory, and closes cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-main-'));
    const first = run({ DATA_DIR: dataDir });
    await until(() => first.output().includes('is running at'), 'the first server', first);
    expect(first.output()).toContain('Sign in as admin@example.com');

    const second = run({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another server');

    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'truck-queue.lock'))).toBe(false);

    const third = run({ DATA_DIR: dataDir });
    await until(() => third.output().includes('is running at'), 'the restarted server', third);
    third.kill('SIGINT');
    expect(await third.exited).toBe(0);
  });

  it('refuses a bad setting with a message naming it, before touching any data', async () => {
    const bad = run({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tq-main-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).not.toContain('    at ');
  });
});
