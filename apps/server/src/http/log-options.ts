import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import type { Config } from '../config.ts';
import { REPORT_DOWNLOAD_PATH } from '@truck-queue/shared/contracts/report.contract';

/**
 * The one secret that travels in a URL: an export's download token (GET
 * /api/report/download/<token>). Request logs keep the address with the token masked.
 */
export function maskUrl(url: string): string {
  return url.startsWith(REPORT_DOWNLOAD_PATH)
    ? REPORT_DOWNLOAD_PATH + url.slice(REPORT_DOWNLOAD_PATH.length).replace(/^[^?#]*/, '[REDACTED]')
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
  // The password calls' fields (bodies are not logged; anything that logs one later is masked).
  'old_password',
  '*.old_password',
  'new_password',
  '*.new_password',
  'c_password',
  '*.c_password',
  'secret',
  '*.secret',
  'session',
  '*.session',
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
];

/** What a PostgreSQL error says about where it happened, without any value: kept in the log. */
const PG_FIELDS = [
  'code',
  'severity',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** An error as a log line carries it. */
type LoggedError = { type: string; message: string; stack: string } & Record<string, unknown>;

/** The error's own "    at …" lines under the given first line. */
function stackWith(error: Error, firstLine: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [firstLine, ...frames].join('\n');
}

/**
 * An error as a log line carries it: type, message, stack, its other fields and its cause, like
 * pino's standard serializer, except for database errors, which never carry a value.
 *
 * Drizzle's message and `params` hold every parameter of the failed statement (e-mails, token
 * hashes, password hashes), and its stack starts with that message: it is logged with the
 * statement alone. PostgreSQL's `detail` ("Key (email)=(…) already exists", "Failing row contains
 * (…)"), `where`, `hint` and `internalQuery` may quote values, and so may its message (`invalid
 * input syntax for type uuid: "…"`): those fields are dropped, the code, position and names are
 * kept, and every quoted text of the message is masked except the names the error itself gives.
 */
export function errorForLog(error: Error, depth = 0): LoggedError {
  // Errors inside this one (cause, aggregated errors, fields), a few levels deep at most.
  const inner = (value: unknown) =>
    value instanceof Error ? (depth < 5 ? errorForLog(value, depth + 1) : String(value)) : value;
  // The class, as pino names it: pg's errors are all named 'error'.
  const type = error.constructor.name || error.name;
  const out: Record<string, unknown> = {};
  let message = error.message;
  if (error instanceof DrizzleQueryError) {
    message = `Failed query: ${error.query}`;
    out.query = error.query;
  } else if (error instanceof pg.DatabaseError) {
    const names = new Set(
      [error.table, error.column, error.constraint, error.schema, error.dataType].filter(Boolean),
    );
    message = error.message.replace(/"[^"]*"/g, (quoted) =>
      names.has(quoted.slice(1, -1)) ? quoted : '"[REDACTED]"',
    );
    for (const field of PG_FIELDS) if (error[field] !== undefined) out[field] = error[field];
  } else {
    // Fastify's and our own fields (code, statusCode, validation, issues …), as pino logs them.
    for (const [key, value] of Object.entries(error)) if (key !== 'cause') out[key] = inner(value);
  }
  if (error instanceof AggregateError) out.errors = error.errors.map(inner);
  if (error.cause !== undefined) out.cause = inner(error.cause);
  return { ...out, type, message, stack: stackWith(error, `${type}: ${message}`) };
}

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
      // Every logged error: a database error never with its values (errorForLog).
      err: (error: unknown) =>
        error instanceof Error
          ? errorForLog(error)
          : { type: typeof error, message: String(error), stack: '' },
    },
    ...(stream ? { stream } : {}),
  };
}
