import { readFileSync } from 'node:fs';

/** One reading of the server's memory, seconds after the day began. */
export interface MemorySample {
  at: number;
  rssMb: number;
  /** V8 heap in use, when the server publishes it on /metrics (prom-client's default metrics). */
  heapMb: number | null;
  /** The embedded database's WebAssembly memory (PGlite), when the server has one. */
  databaseMb: number | null;
}

/** Resident set of a process, from /proc (Linux); null when unreadable. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time the process has used so far (user + system), in seconds, from /proc (Linux); null
 * when unreadable. /proc counts it in clock ticks of USER_HZ, which Linux fixes at 100 for
 * user space on every architecture Node runs on.
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** The server's /metrics text, or null when it does not answer (or wants another token). */
export async function scrapeMetrics(baseUrl: string, token: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** One sample of a scrape: `name` with exactly `labels` (Prometheus' text, e.g. `{kind="x"}`). */
export function metricValue(text: string, name: string, labels = ''): number | null {
  const escaped = `${name}${labels}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const value = new RegExp(`^${escaped}${labels ? '' : '(?:\\{[^}]*\\})?'}\\s+([\\d.e+-]+)`, 'm').exec(
    text,
  )?.[1];
  return value === undefined ? null : Number(value);
}

/** Two figures of the server's /metrics, in MB: the V8 heap used and PGlite's WebAssembly memory. */
async function metricsMb(
  baseUrl: string,
  token: string,
): Promise<{ heapMb: number | null; databaseMb: number | null }> {
  const text = await scrapeMetrics(baseUrl, token);
  if (text === null) return { heapMb: null, databaseMb: null };
  const mb = (value: number | null) => (value === null ? null : value / 2 ** 20);
  return {
    heapMb: mb(metricValue(text, 'nodejs_heap_size_used_bytes')),
    databaseMb: mb(metricValue(text, 'truckqueue_embedded_database_memory_bytes', '{kind="webassembly"}')),
  };
}

/** Samples the server's RSS (and heap, when /metrics has it) every `everyMs` until stopped. */
export function sampleMemory(pid: number, baseUrl: string, metricsToken: string, everyMs: number) {
  const samples: MemorySample[] = [];
  const started = Date.now();
  let heapAvailable = true;
  let firstTake = true;
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();
  const take = async () => {
    const rss = rssMb(pid);
    const { heapMb: heap, databaseMb } = heapAvailable
      ? await metricsMb(baseUrl, metricsToken)
      : { heapMb: null, databaseMb: null };
    // No /metrics (or no heap figure on it) at the first sample: stop asking. Later misses
    // (a slow answer under load) only leave that sample without a heap figure.
    if (firstTake && heap === null) heapAvailable = false;
    firstTake = false;
    if (rss !== null)
      samples.push({ at: (Date.now() - started) / 1000, rssMb: rss, heapMb: heap, databaseMb });
  };
  let busy = false;
  const sample = () => {
    // A slow /metrics answer skips a beat rather than queueing samples behind it.
    if (stopped || busy) return;
    busy = true;
    pending = take().finally(() => (busy = false));
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    samples,
    async stop(): Promise<MemorySample[]> {
      stopped = true;
      clearInterval(timer);
      await pending;
      return samples;
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface MemoryVerdict {
  ok: boolean;
  firstMedianMb: number;
  lastMedianMb: number;
  growthPercent: number;
  /**
   * The lowest RSS of the first and last quarter, for the record: garbage makes a sawtooth that
   * a quarter's median may catch high or low; a leak raises the floor the sawtooth falls back to.
   */
  floorMb: { first: number; last: number };
  /** The same medians of the V8 heap, for the record (the heap swings with every collection). */
  heap: { firstMedianMb: number; lastMedianMb: number } | null;
  samples: number;
  reason?: string;
}

/** The first tenth of the day is warm-up (caches, JIT, pools filling); it is left out. */
export const WARM_UP_SHARE = 0.1;

/**
 * The server's memory in a sample without the embedded database's growth: its RSS less what the
 * database's WebAssembly memory has grown since `base`. That memory is the database's (its pages
 * and caches, on PostgreSQL another process's) and only grows (WebAssembly memory is never given
 * back) with the data the day writes: a longer run's last quarter holds more of it without
 * anything leaking. Its size at the start stays counted, so the margin is of the same whole.
 */
export const ownMb = (sample: MemorySample, base: number | null) =>
  sample.rssMb - (sample.databaseMb !== null && base !== null ? sample.databaseMb - base : 0);

/**
 * Flat memory: after warm-up, the median of the server's memory (RSS less the embedded database's
 * growth since the first steady sample: ownMb) in the last quarter
 * of the samples exceeds the median of the first quarter by at most `marginPercent`. A leak
 * grows with the traffic served; a quarter's median is not moved by one garbage-collection spike.
 */
export function memoryVerdict(samples: MemorySample[], marginPercent: number): MemoryVerdict {
  const steady = samples.slice(Math.floor(samples.length * WARM_UP_SHARE));
  const quarter = Math.floor(steady.length / 4);
  if (quarter < 2) {
    return {
      ok: false,
      firstMedianMb: NaN,
      lastMedianMb: NaN,
      growthPercent: NaN,
      floorMb: { first: NaN, last: NaN },
      heap: null,
      samples: samples.length,
      reason: `too few samples (${samples.length}) to judge`,
    };
  }
  const base = steady[0]!.databaseMb;
  const own = (part: MemorySample[]) => part.map((sample) => ownMb(sample, base));
  const first = median(own(steady.slice(0, quarter)));
  const last = median(own(steady.slice(-quarter)));
  const growthPercent = ((last - first) / first) * 100;
  const heapOf = (part: MemorySample[]) => part.flatMap((s) => (s.heapMb === null ? [] : [s.heapMb]));
  const [firstHeap, lastHeap] = [heapOf(steady.slice(0, quarter)), heapOf(steady.slice(-quarter))];
  const heap =
    firstHeap.length > 0 && lastHeap.length > 0
      ? { firstMedianMb: median(firstHeap), lastMedianMb: median(lastHeap) }
      : null;
  return {
    ok: growthPercent <= marginPercent,
    firstMedianMb: first,
    lastMedianMb: last,
    growthPercent,
    floorMb: {
      first: Math.min(...own(steady.slice(0, quarter))),
      last: Math.min(...own(steady.slice(-quarter))),
    },
    heap,
    samples: samples.length,
  };
}

/** The series as a line of numbers (MB), at most `width` of them (every n-th sample). */
export function seriesLine(values: number[], width = 40): string {
  const step = Math.max(1, Math.ceil(values.length / width));
  return values
    .filter((_, i) => i % step === 0 || i === values.length - 1)
    .map((v) => v.toFixed(0))
    .join(' ');
}

/**
 * What the server's looks at the alert rules cost over the run (its /metrics): how many, their
 * mean and longest, and their share of the run's real time. The server looks at most once a real
 * second whatever the acceleration, so at ×240 it looks 8 times as often per truck as a plant does
 * (every 30 s): the share here is an upper bound of the plant's.
 */
export async function alertLooks(baseUrl: string, token: string, realSeconds: number): Promise<string> {
  const text = await scrapeMetrics(baseUrl, token);
  const count = text === null ? null : metricValue(text, 'truckqueue_alert_looks_total');
  const seconds = text === null ? null : metricValue(text, 'truckqueue_alert_look_seconds_total');
  const longest = text === null ? null : metricValue(text, 'truckqueue_alert_look_longest_seconds');
  if (!count || seconds === null || longest === null)
    return 'Alert looks: none counted (no /metrics figure).';
  return (
    `Alert looks: ${count}, mean ${((seconds / count) * 1000).toFixed(0)} ms, longest ${(longest * 1000).toFixed(0)} ms, ` +
    `${((seconds / realSeconds) * 100).toFixed(1)} % of the run's real time.`
  );
}
