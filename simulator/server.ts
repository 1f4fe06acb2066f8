import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresAvailable } from '../bench/support.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-postgres.ts';
import { startServer, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { buildServer } from '../scripts/build-server.mjs';
import type { Options } from './options.ts';

/** The plant's time zone, for the server and for the simulator's "today". */
export const SITE_TIMEZONE = 'Asia/Bangkok';

export interface SimServer {
  url: string;
  pid: number;
  apiKey: string;
  /** Bearer token of GET /metrics (the simulator reads the server's heap there). */
  metricsToken: string;
  admin: { email: string; password: string };
  engine: Options['engine'];
  process: ServerProcess;
  /** Stops the server (SIGTERM) and removes its database; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * The real server (`main.ts`, as `npm start` runs it) on a free port, on an empty database:
 * a fresh DATA_DIR for PGlite, or a scratch database on the PostgreSQL server. No demo data:
 * the simulator builds its plant through the admin API.
 */
export async function startSimServer(
  options: Options,
  /** More of the server's environment (the ERP's webhook address and certificate). */
  extraEnv: Record<string, string> = {},
): Promise<SimServer> {
  const apiKey = `sim-${randomBytes(12).toString('base64url')}`;
  const metricsToken = randomBytes(24).toString('base64url');
  const admin = { email: 'sim-admin@example.com', password: randomBytes(12).toString('base64url') };
  let cleanup: () => Promise<void>;
  const env: Record<string, string> = {
    API_KEY: apiKey,
    METRICS_TOKEN: metricsToken,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SITE_TIMEZONE,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    REDIS_URL: '',
    // The expected wait reads its history and answers in simulated time (eta.service.ts): the
    // server's own clock is real, and its stamps come faster by the acceleration.
    ETA_TIME_SCALE: String(options.accel),
    // The alert rules' minutes are simulated minutes too (modules/alerts).
    ALERT_TIME_SCALE: String(options.accel),
    ...extraEnv,
  };
  if (options.engine === 'postgres') {
    if (!(await postgresAvailable(options.databaseUrl))) {
      throw new Error(`PostgreSQL does not answer at ${options.databaseUrl}`);
    }
    const scratch = await createScratchDatabase(options.databaseUrl, 'tq_sim');
    env.DATABASE_URL = scratch.url;
    cleanup = scratch.drop;
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-sim-'));
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
    cleanup = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
  }

  // What `npm start` runs: the server's build, made now from the current source.
  await buildServer();
  // SIM_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance tab), to see where its time went in a run.
  const profileDir = process.env.SIM_CPU_PROFILE;
  const child = startServer(env, {
    built: true,
    nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  });
  let url: string;
  try {
    url = await child.ready(120_000);
  } catch (error) {
    child.kill('SIGKILL');
    await child.exited;
    await cleanup();
    throw error;
  }
  return {
    url,
    pid: child.pid,
    apiKey,
    metricsToken,
    admin,
    engine: options.engine,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await child.exited;
      clearTimeout(timer);
      await cleanup();
      return code;
    },
  };
}

/** Log lines the server wrote at error level or above (pino JSON: level 50 error, 60 fatal). */
export function serverErrorLines(output: string): string[] {
  return output.split('\n').filter((line) => /"level":\s*(50|60)\b/.test(line));
}

/**
 * The server's warnings (pino level 40), counted by message: what it put up with (a refused
 * handshake, a push that could not be read), which the checks do not fail on but a run's
 * reader should see.
 */
export function serverWarnings(output: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!/"level":\s*40\b/.test(line)) continue;
    let message = line;
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      if (typeof msg === 'string') message = msg;
    } catch {
      // Not pino's JSON: the line itself.
    }
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return counts;
}
