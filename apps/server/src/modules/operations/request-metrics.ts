import type { Registry } from 'prom-client';

/** One line of a metric, as prom-client's registry writes it. */
interface Line {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** Upper bounds of the duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = { method: string; route: string; status: string };

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative); the last one counts those above every bound. */
  buckets: number[];
}

/**
 * Every answered request, counted and timed by method, route pattern and status code
 * (truckqueue_http_requests_total and truckqueue_http_request_duration_seconds).
 *
 * prom-client's Counter and Histogram validate and hash their label object on every inc() and
 * observe(): on a session check that was a tenth of the request's cost (docs/benchmarks.md,
 * issue 19). Here a request adds to its series' numbers, found by one Map lookup, and the
 * Prometheus lines are written only when /metrics is scraped, in prom-client's own format.
 */
export class RequestMetrics {
  readonly #series = new Map<string, Series>();

  /** Routes are patterns, never raw URLs, and methods and statuses are few: the map stays small. */
  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
      };
      this.#series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
  }

  /** Adds both metrics to a registry; they read the series at every scrape. */
  register(registry: Registry): void {
    registry.registerMetric(
      this.#metric(
        'truckqueue_http_requests_total',
        'HTTP requests answered, by method, route pattern and status code.',
        'counter',
        () => [...this.#series.values()].map((s) => ({ labels: s.labels, value: s.count })),
      ),
    );
    registry.registerMetric(
      this.#metric(
        'truckqueue_http_request_duration_seconds',
        'Time from receiving a request to sending its answer, by method, route pattern and status code.',
        'histogram',
        () => [...this.#series.values()].flatMap((s) => histogramLines(s)),
      ),
    );
  }

  #metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Line[]) {
    const get = () => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() });
    // What Registry reads of a metric: its name, help and type, and get() at every scrape.
    return { name, help, type, aggregator: 'sum', get, reset: () => this.#series.clear() } as never;
  }
}

/** A series as prom-client writes a histogram: cumulative buckets, +Inf, sum and count. */
function histogramLines(series: Series): Line[] {
  const name = 'truckqueue_http_request_duration_seconds';
  let cumulative = 0;
  const lines = DURATION_BUCKETS.map((bound, i) => {
    cumulative += series.buckets[i]!;
    return { metricName: `${name}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative };
  });
  return [
    ...lines,
    { metricName: `${name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count },
    { metricName: `${name}_sum`, labels: series.labels, value: series.sum },
    { metricName: `${name}_count`, labels: series.labels, value: series.count },
  ];
}
