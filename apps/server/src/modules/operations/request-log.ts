import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { METRICS_PATH } from './metrics.ts';

/** Polled every few seconds by balancers and Prometheus: logged only at debug level. */
const PROBES = new Set(['/healthz', METRICS_PATH]);

/**
 * Fastify's request log lines, one per answered request instead of two (incoming, completed):
 * reqId (the request logger's binding), method, route pattern, status, duration and client
 * address. The route pattern, never the raw URL: a URL may carry an export token or an id.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completed line says it all.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url ?? '(unmatched)';
    const record = {
      method: request.method,
      route,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...record, err: error }, 'request errored');
    else if (PROBES.has(route)) reply.log.debug(record, 'request completed');
    else reply.log.info(record, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method }, 'route not found');
  }
}
