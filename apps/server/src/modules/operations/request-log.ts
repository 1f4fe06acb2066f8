import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { METRICS_PATH } from './metrics.ts';

/** Polled every few seconds by balancers and Prometheus: logged only at debug level. */
const PROBES = new Set(['/healthz', METRICS_PATH]);

export interface RequestLogOptions {
  /** Every answered request at info (LOG_REQUESTS=all), not only the slow and refused ones. */
  all: boolean;
  /** A call taking longer than this is logged at info (LOG_SLOW_MS). */
  slowMs: number;
}

/**
 * Fastify's request log lines, one per answered request instead of two (incoming, completed):
 * reqId (the request logger's binding), method, route pattern, status, duration and client
 * address. The route pattern, never the raw URL: a URL may carry an export token or an id.
 *
 * What an operator needs is at info: a call slower than `slowMs`, a refusal (4xx) and an error,
 * each with its duration. The thousands of quick successes a busy plant makes are at debug
 * (LOG_LEVEL=debug, or LOG_REQUESTS=all to have them at info): pino drops a line below its level
 * before building it, so they cost nothing (docs/benchmarks.md, issue 19).
 */
export class RequestLogController extends LogController {
  readonly #options: RequestLogOptions;

  constructor(options: RequestLogOptions = { all: false, slowMs: 500 }) {
    super();
    this.#options = options;
  }

  override incomingRequest(): void {
    // The completed line says it all.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url ?? '(unmatched)';
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    const status = reply.statusCode;
    if (error) {
      reply.log.error(
        { method: request.method, route, status, durationMs, ip: request.ip, err: error },
        'request errored',
      );
      return;
    }
    const worthSaying =
      !PROBES.has(route) && (this.#options.all || status >= 400 || durationMs > this.#options.slowMs);
    const record = { method: request.method, route, status, durationMs, ip: request.ip };
    if (worthSaying) reply.log.info(record, 'request completed');
    else reply.log.debug(record, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method }, 'route not found');
  }
}
