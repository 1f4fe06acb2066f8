import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, publicSocket, staffSocket } from '../../test/sockets.ts';

/** Prometheus' text format: `name{label="value",...} number` lines; comments skipped. */
function parse(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

let t: TestContext;
let plant: Plant;
beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

async function scrape() {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
  const samples = parse(response.body);
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { samples, value, text: response.body };
}

describe('GET /metrics', () => {
  it("has the process's memory, CPU, event-loop lag and GC figures, without an API key", async () => {
    const { samples, text } = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    // Its samples appear after the first collection.
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const before = await scrape();
    const route = '/api/report/download/:token';
    const token = 'A'.repeat(32);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: `/api/report/download/${token}` });
    }
    await t.post('authen/signin', { email: 'nobody@example.com', password: 'x'.repeat(64) });
    await t.app.inject({ method: 'GET', url: `/no/such/page/${token}` });

    const after = await scrape();
    const count = (s: typeof before, labels: Record<string, string>) =>
      s.value('truckqueue_http_requests_total', labels);
    expect(count(after, { route, status: '401', method: 'GET' }) - count(before, { route })).toBe(3);
    expect(
      after.value('truckqueue_http_request_duration_seconds_count', { route, status: '401' }) -
        before.value('truckqueue_http_request_duration_seconds_count', { route, status: '401' }),
    ).toBe(3);
    expect(
      count(after, { route: '/api/authen/signin' }) - count(before, { route: '/api/authen/signin' }),
    ).toBe(1);
    expect(count(after, { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after.text).not.toContain(token);
  });

  it('counts tickets, calls and exports, and shows open sockets per namespace and the database pool', async () => {
    const before = await scrape();
    const url = await listen(t);
    const staff = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
    const first = await issueTicket(t, plant, 'standard', 'METRIC 1');
    await issueTicket(t, plant, 'standard', 'METRIC 2');
    await publicSocket(url, first.uuid);
    expect(
      await emitAck(staff, 'doCalling', plant.branch.id, first.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    await t.call(
      reportContracts.inOutTransactionExport,
      { find_start: '2026-11-20', find_finish: '2026-11-20' },
      plant.officers.admin.session,
    );

    const after = await scrape();
    const moved = (name: string, labels?: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('truckqueue_tickets_issued_total')).toBe(2);
    expect(moved('truckqueue_calls_total', { action: 'call' })).toBe(1);
    expect(moved('truckqueue_queue_actions_total', { action: 'issue' })).toBe(2);
    expect(moved('truckqueue_report_exports_total')).toBe(1);
    expect(after.value('truckqueue_sockets_connected', { namespace: '/' })).toBe(1);
    expect(after.value('truckqueue_sockets_connected', { namespace: '/public' })).toBe(1);
    expect(after.value('truckqueue_sockets_connected', { namespace: '/device' })).toBe(0);
    expect(after.value('truckqueue_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(after.value('truckqueue_db_pool_waiting')).toBe(0);
    expect(after.value('truckqueue_info', { engine: t.database.engine })).toBe(1);
  });

  it('counts the looks at the alert rules and the time they took', async () => {
    const before = await scrape();
    await t.app.alerts.evaluate();
    await t.app.alerts.evaluate();
    const after = await scrape();
    expect(after.value('truckqueue_alert_looks_total') - before.value('truckqueue_alert_looks_total')).toBe(
      2,
    );
    const spent =
      after.value('truckqueue_alert_look_seconds_total') -
      before.value('truckqueue_alert_look_seconds_total');
    expect(spent).toBeGreaterThan(0);
    expect(after.value('truckqueue_alert_look_longest_seconds')).toBeGreaterThan(0);
    expect(after.value('truckqueue_alert_look_longest_seconds')).toBeLessThanOrEqual(
      after.value('truckqueue_alert_look_seconds_total'),
    );
  });

  it("shows the embedded database's memory: PGlite's WebAssembly heap and its thread's JavaScript heap", async () => {
    // Under TEST_DATABASE_URL the server has no embedded database, and no such figure.
    if (t.database.engine !== 'pglite') {
      expect((await scrape()).text).not.toContain('truckqueue_embedded_database_memory_bytes');
      return;
    }
    const { value } = await scrape();
    // PGlite's WebAssembly module starts at 128 MB and only grows.
    expect(
      value('truckqueue_embedded_database_memory_bytes', { kind: 'webassembly' }),
    ).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect(value('truckqueue_embedded_database_memory_bytes', { kind: 'javascript' })).toBeGreaterThan(0);
  });

  it('gives each app its own registry: a second app in the process starts from zero', async () => {
    const other = await createTestContext();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(parse(response.body).filter((s) => s.name === 'truckqueue_tickets_issued_total')).toEqual([
        { name: 'truckqueue_tickets_issued_total', labels: {}, value: 0 },
      ]);
    } finally {
      await other.close();
    }
  });

  it('wants METRICS_TOKEN as a Bearer token when one is set', async () => {
    const guarded = await createTestContext({ metricsToken: 'a-long-metrics-token' });
    try {
      const get = (authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
      const refused = await get();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ status: 0, code: 'UNAUTHENTICATED' });
      expect((await get('Bearer wrong-token-of-some-length')).statusCode).toBe(401);
      expect((await get('Bearer a-long-metrics-token')).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
