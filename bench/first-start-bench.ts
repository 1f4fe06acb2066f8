import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface LogLine {
  time: number;
  msg: string;
  startup?: { step: string };
  url?: string;
  voicePacks?: { branches: number; ms: number };
}

/**
 * `npm start` on an empty data directory, as a new user runs it (the web app already built):
 * the time until the server answers, and where it went, from the start-up's own log lines.
 */
export async function benchFirstStart(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-first-start-'));
  const started = performance.now();
  const startedAt = Date.now();
  // The embedded database, whatever this shell has set.
  const { DATABASE_URL: _postgres, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: LogLine[] = [];
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no start within 120 s')), 120_000);
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
          const text = buffered.slice(0, end);
          buffered = buffered.slice(end + 1);
          if (!text.startsWith('{')) continue;
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          if (line.url) {
            clearTimeout(timer);
            resolve(line.url);
          }
        }
      });
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it listened`)));
    });
    const response = await fetch(`${url}/healthz`);
    if (!response.ok) throw new Error(`health answered ${response.status}`);
    const total = (performance.now() - started) / 1000;
    // Meanwhile, in the background, the voice packs of the plant's branches are made.
    const packs = await new Promise<LogLine | null>((resolve) => {
      const deadline = Date.now() + 120_000;
      const look = () => {
        const done = lines.find((l) => l.voicePacks);
        if (done || Date.now() > deadline) resolve(done ?? null);
        else setTimeout(look, 100);
      };
      look();
    });
    const at = (step: string) => lines.find((l) => l.startup?.step === step)?.time;
    const span = (from: number | undefined, to: number | undefined) =>
      from && to ? `${((to - from) / 1000).toFixed(1)} s` : '-';
    const listening = lines.find((l) => l.url)?.time;
    return [
      `first start: \`npm start\` on an empty data directory until it answers | ${total.toFixed(1)} s`,
      `… of which: Node + server code loaded | ${span(startedAt, at('database'))}`,
      `… creating the embedded database | ${span(at('database'), at('schema'))}`,
      `… migrations and reference data | ${span(at('schema'), at('plant'))}`,
      `… demo plant and 14 days of history played | ${span(at('plant'), at('write'))}`,
      `… history written, checkpoint, server listening | ${span(at('write'), listening)}`,
      packs?.voicePacks
        ? `demo branch pack built from empty cache (${packs.voicePacks.branches} branches, eSpeak NG, in the background after listening) | ${(packs.voicePacks.ms / 1000).toFixed(1)} s`
        : 'demo branch pack built from empty cache | not reported within 120 s',
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
