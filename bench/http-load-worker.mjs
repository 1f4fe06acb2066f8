// The load generator's worker thread (http-load.ts): `connections` keep-alive connections,
// each sending the request again as soon as its answer is in, for `durationMs`.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function generate(options) {
  const connections = options.connections ?? 20;
  const durationMs = options.durationMs ?? 10_000;
  const expectStatus = options.expectStatus ?? 200;
  // undici's pool: a client light enough that the server, not the generator, is measured.
  const pool = new Pool(options.origin, { connections, pipelining: 1 });
  const body = options.body;
  const times = [];
  let errors = 0;
  let firstError = null;
  const ends = performance.now() + durationMs;
  async function once() {
    const started = performance.now();
    try {
      const response = await pool.request({
        path: options.path,
        method: options.method ?? 'POST',
        headers: options.headers,
        body,
      });
      if (response.statusCode === expectStatus) {
        await response.body.dump();
        times.push(performance.now() - started);
      } else {
        errors += 1;
        const text = await response.body.text();
        firstError ??= `${response.statusCode} ${text.slice(0, 300)}`;
      }
    } catch (error) {
      errors += 1;
      firstError ??= String(error);
    }
  }
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < ends) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return {
    requests: times.length,
    errors,
    firstError,
    rate: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

parentPort.postMessage(await generate(workerData));
