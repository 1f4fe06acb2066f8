import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { DOWNLOAD_PATH } from '../modules/reports/reports.routes.ts';

/**
 * The one secret that travels in a URL: an export's download token (GET
 * /api/report/download/<token>). Request logs keep the address with the token masked.
 */
export function maskUrl(url: string): string {
  return url.startsWith(DOWNLOAD_PATH)
    ? DOWNLOAD_PATH + url.slice(DOWNLOAD_PATH.length).replace(/^[^?#]*/, '[REDACTED]')
    : url;
}

/**
 * Fields that hold secrets wherever a log line might carry them (request headers, or an object
 * someone logs one day): the session token, the API key, a device's secret, passwords.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.session',
  'req.headers["device-secret"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers.session',
  'headers["device-secret"]',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'session',
  '*.session',
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
];

/** Pino's options for the server's JSON log lines; tests pass a stream to read them. */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: NonNullable<FastifyLoggerOptions['stream']>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT, censor: '[REDACTED]' },
    serializers: {
      // Fastify's own request fields (never the headers), with the URL masked. Anything logged
      // under `req` comes here, so nothing is taken for granted.
      req: (request: Partial<FastifyRequest>) => ({
        method: request.method,
        url: typeof request.url === 'string' ? maskUrl(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
