// What syncing PGlite's commits to disk costs: tickets issued per second over HTTP with
// durable commits (the default) and without (PGlite as shipped), same server, same load,
// alternating so that the machine's other work weighs on both alike.
//
//   node --import tsx apps/server/src/test/fsync-cost.ts [seconds per run] [runs per mode]
//
// docs/operations.md ("Durability of the embedded database") keeps the figures.
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { apiClient } from './api-client.ts';
import { setUpQueueTypes } from './process-plant.ts';
import { startIssuing } from './ticket-load.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const RUNS = Number(process.argv[3] ?? 3);
const CLIENTS = 6;

async function ticketsPerSecond(durable: boolean, label: string): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-fsync-'));
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }), demoData: false };
  const database = await openDatabase({ kind: 'pglite', dataDir: dir, durable });
  try {
    await prepareDatabase(database, config);
    const app = await buildApp({ config, database, logger: false, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const api = apiClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, config.apiKey);
      const session = await api.signIn(config.adminEmail, config.adminPassword);
      const types = await setUpQueueTypes(api, session);
      // A short warm-up (JIT, caches), then the measured stretch.
      const warm = startIssuing(api, session, types, { clients: CLIENTS, label: `W${label}` });
      await new Promise((r) => setTimeout(r, 2000));
      warm.stop();
      await warm.finished();
      const load = startIssuing(api, session, types, { clients: CLIENTS, label: `M${label}` });
      const started = performance.now();
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      load.stop();
      const attempts = await load.finished();
      const acked = attempts.filter((a) => a.outcome.kind === 'acked').length;
      if (acked !== attempts.length) throw new Error(`${attempts.length - acked} requests failed`);
      return acked / ((performance.now() - started) / 1000);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The disk's own figure at the moment: median ms of 100 small appends each followed by fsync. */
function fsyncMs(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-fsync-'));
  const fd = openSync(path.join(dir, 'probe'), 'a');
  const times: number[] = [];
  try {
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      writeSync(fd, 'x'.repeat(512));
      fsyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return times.sort((a, b) => a - b)[50]!;
}

const rates: Record<'on' | 'off', number[]> = { on: [], off: [] };
for (let run = 0; run < RUNS; run++) {
  for (const mode of ['off', 'on'] as const) {
    const rate = await ticketsPerSecond(mode === 'on', `${mode}${run}`);
    rates[mode].push(rate);
    console.log(
      `fsync ${mode}: ${rate.toFixed(1)} tickets/s (load average ${os.loadavg()[0]!.toFixed(2)}, ` +
        `a host fsync ${fsyncMs().toFixed(2)} ms)`,
    );
  }
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const describe = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} (${sorted(xs)[0]!.toFixed(1)}–${sorted(xs).at(-1)!.toFixed(1)})`;
const off = median(rates.off);
const on = median(rates.on);
console.log(
  `${RUNS} runs of ${SECONDS} s each, ${CLIENTS} clients, tickets/s: fsync off ${describe(rates.off)}, ` +
    `on ${describe(rates.on)}; ${(((off - on) / off) * 100).toFixed(0)}% fewer with fsync (medians)`,
);
