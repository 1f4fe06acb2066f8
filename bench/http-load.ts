import { Worker } from 'node:worker_threads';

/**
 * A fixed number of keep-alive connections, each sending the same request again as soon as the
 * answer is in, for a fixed time (what autocannon does). It runs in a worker thread so that the
 * server under test has the bench's main thread to itself; both share the machine's cores, as
 * they do for the reference it is compared with.
 */
export interface LoadOptions {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationMs?: number;
  /** Answers other than this status count as errors (and the run fails if any). */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** The first unexpected answer or connection error, to say why a run failed. */
  firstError: string | null;
  /** Requests answered per second. */
  rate: number;
  p50: number;
  p99: number;
}

/** Runs the load in a worker and resolves with what it measured. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // Plain JavaScript: a worker does not inherit the tsx loader on Node 20.
    const worker = new Worker(new URL('./http-load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/** `rate` of the product beside the reference's, as "0.83x". */
export const ratio = (product: LoadResult, reference: LoadResult) =>
  `${(product.rate / reference.rate).toFixed(2)}x`;

/** One row's figures: rate and latency. */
export const loadFigures = (r: LoadResult) =>
  `${r.rate.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
