import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics.ts';

describe('request metrics', () => {
  it('writes counts and cumulative duration buckets as Prometheus reads them', async () => {
    const metrics = new RequestMetrics();
    const registry = new Registry();
    metrics.register(registry);
    metrics.record('POST', '/api/authen/checkSession', 200, 0.003);
    metrics.record('POST', '/api/authen/checkSession', 200, 0.02);
    metrics.record('POST', '/api/authen/checkSession', 200, 20);
    metrics.record('POST', '/api/authen/checkSession', 401, 0.001);
    const text = await registry.metrics();
    const series = 'method="POST",route="/api/authen/checkSession",status="200"';
    expect(text).toContain('# TYPE truckqueue_http_requests_total counter');
    expect(text).toContain(`truckqueue_http_requests_total{${series}} 3`);
    expect(text).toContain(
      'truckqueue_http_requests_total{method="POST",route="/api/authen/checkSession",status="401"} 1',
    );
    expect(text).toContain('# TYPE truckqueue_http_request_duration_seconds histogram');
    expect(text).toContain(`truckqueue_http_request_duration_seconds_bucket{${series},le="0.005"} 1`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_bucket{${series},le="0.01"} 1`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_bucket{${series},le="0.025"} 2`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_bucket{${series},le="10"} 2`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_bucket{${series},le="+Inf"} 3`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_sum{${series}} 20.023`);
    expect(text).toContain(`truckqueue_http_request_duration_seconds_count{${series}} 3`);
  });

  it('counts a request that took exactly a bound in that bound', async () => {
    const metrics = new RequestMetrics();
    const registry = new Registry();
    metrics.register(registry);
    metrics.record('GET', '/healthz', 200, 0.005);
    expect(await registry.metrics()).toContain(
      'truckqueue_http_request_duration_seconds_bucket{method="GET",route="/healthz",status="200",le="0.005"} 1',
    );
  });
});
