import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { DEMO_OFFICERS, DEMO_PASSWORD } from '../demo/demo-data.ts';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
/** The server's build (scripts/build-server.mjs), as `npm start` runs it. */
const BUILT_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.mjs');

const PACKAGE_JSON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');

/** The Node flags `npm start` gives the server (package.json's start script), so a test or bench runs it as a plant does. */
export function npmStartFlags(): string[] {
  const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * A data directory as a server's first start leaves it, without an officer or any data: the
 * test run's migrated database (global-setup.ts) unpacked into `pgdata`. For tests of what a
 * server does once it has a database (a restart, a kill): a first start spends 15-25 s on a busy
 * machine creating one. The first start itself has its own tests (first-start-process.test.ts).
 */
export function migratedDataDir(prefix = 'tq-data-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const pgdata = path.join(dir, 'pgdata');
  mkdirSync(pgdata);
  // The template's paths start with '/': tar strips it (and says so on stderr).
  execFileSync('tar', ['xzf', inject('pgliteTemplate'), '-C', pgdata], { stdio: 'ignore' });
  // The in-memory database it was dumped from was running.
  rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
  return dir;
}

/** A real server process (`main.ts`), as `npm start` runs it, for tests that need one. */
export interface ServerProcess {
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its JSON log lines so far (plain-text lines, such as a terminal banner, are left out). */
  logLines(): LogLine[];
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves with its address (http://127.0.0.1:port) once it serves, or rejects with its output. */
  ready(timeoutMs?: number): Promise<string>;
}

/** A log line as the server and its first-start child write them. */
export interface LogLine {
  pid: number;
  level: number;
  msg: string;
  startup?: { step: string };
}

/** Signs in as the first demo officer with the web app's API key: the demo plant is served. */
export function signInAsDemoOfficer(url: string): Promise<Response> {
  return fetch(`${url}/api/authen/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'truck-queue-web' },
    body: JSON.stringify({ email: DEMO_OFFICERS[0].email, password: prehashPassword(DEMO_PASSWORD) }),
  });
}

/**
 * Starts `main.ts` on 127.0.0.1 and a free port, with `env` over the test's own environment:
 * no demo data and warnings only, unless `env` says otherwise. `built`: the server's build
 * instead (the caller builds it first), with `npm start`'s Node flags, as a plant runs it.
 */
export function startServer(
  env: Record<string, string>,
  /** `nodeFlags`: more of Node's own flags (the simulator's CPU profile). */
  options: { built?: boolean; nodeFlags?: string[] } = {},
): ServerProcess {
  const flags = options.nodeFlags ?? [];
  const child = spawn(
    process.execPath,
    options.built ? [...npmStartFlags(), ...flags, BUILT_MAIN] : [...flags, '--import', 'tsx', MAIN],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    pid: child.pid!,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
    exited,
    kill: (signal) => void child.kill(signal),
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const port = /is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) return `http://127.0.0.1:${port}`;
        if (ended || Date.now() > deadline) {
          throw new Error(`The server did not start (${ended ? 'it exited' : 'timed out'}):\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
