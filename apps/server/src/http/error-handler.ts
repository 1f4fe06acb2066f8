import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import { failureReason, isDatabaseUnavailable, sqlState } from '../lib/pg-errors.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Every failure leaves as `{status: 0, code, message}`; bad input is a 400, never a 500. `clock`:
 * the app's, which spaces the database warnings (`databaseUnavailable`).
 */
export function installErrorHandler(app: FastifyInstance, clock: Clock): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = databaseUnavailable(thrown, app.log, clock) ?? thrown;
    let body: ApiError;
    let httpStatus: number;
    if (error instanceof AppError) {
      httpStatus = error.httpStatus;
      body = error.toBody();
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      httpStatus = 400;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)',
        message: v.message ?? 'is not valid',
      }));
      body = {
        status: 0,
        code: 'VALIDATION_FAILED',
        message: `The request is not valid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
        issues,
      };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      httpStatus = 413;
      body = { status: 0, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    } else if (error.statusCode === 403 || error.statusCode === 404) {
      // Static files: a directory or a missing file.
      httpStatus = error.statusCode;
      body = {
        status: 0,
        code: error.statusCode === 403 ? 'FORBIDDEN' : 'NOT_FOUND',
        message: error.message,
      };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: unreadable JSON, unsupported content type, and the like.
      httpStatus = 400;
      body = { status: 0, code: 'VALIDATION_FAILED', message: error.message };
    } else {
      request.log.error({ err: error }, 'request failed');
      httpStatus = 500;
      body = { status: 0, code: 'INTERNAL', message: 'Something went wrong on the server. Try again.' };
    }
    void reply.status(httpStatus).send(body);
  });
}

/** Seconds a client is asked to wait (`Retry-After`) when the database did not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** While the database is away every call fails alike: one warning a minute says why. */
const DATABASE_WARNING_EVERY_MS = 60_000;
const databaseWarnings = new WeakMap<FastifyBaseLogger, { at: number; unreported: number }>();

/**
 * A database that refused the connection, did not answer in time, cancelled the statement at
 * its timeout or is shutting down: a 503 `DATABASE_UNAVAILABLE` with `Retry-After`, for HTTP
 * calls and socket events alike; null for any other error. Logged as a warning without a stack,
 * at most once a minute per app (`log`, on the app's `clock`), with the number of calls since the
 * last warning: each call has its own request log line (status 503) already.
 */
export function databaseUnavailable(error: unknown, log: FastifyBaseLogger, clock: Clock): AppError | null {
  if (!isDatabaseUnavailable(error)) return null;
  const now = clock.monotonicMs();
  const last = databaseWarnings.get(log);
  if (last && now - last.at < DATABASE_WARNING_EVERY_MS) {
    last.unreported += 1;
  } else {
    log.warn(
      { reason: failureReason(error), sqlState: sqlState(error), unreported: last?.unreported ?? 0 },
      'the database is not answering: calls get 503 DATABASE_UNAVAILABLE until it is back',
    );
    databaseWarnings.set(log, { at: now, unreported: 0 });
  }
  return new AppError(
    'DATABASE_UNAVAILABLE',
    'The database is not available at the moment. Try again in a few seconds.',
    undefined,
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}

/** The driver's page for a ticket: a link to it cut inside a %-encoded letter is a ticket not found. */
const DRIVER_PAGE = '/Queue/data/';

/**
 * Fastify answers an address it cannot decode (`/api/report/download/%zz`) or a path parameter
 * past its length limit by itself, before any route or error handler. Given to Fastify as its
 * `frameworkErrors` option, this answers them in the API's shape too: a 400 with a code. A
 * driver's link is a page, not an API call: it goes to the page's own "not found".
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (request.method === 'GET' && request.url.startsWith(DRIVER_PAGE)) {
    void reply.redirect(DRIVER_PAGE, 303);
    return;
  }
  const body: ApiError = {
    status: 0,
    code: 'VALIDATION_FAILED',
    message: `The address is not valid: ${error.message}`,
  };
  void reply.status(400).send(body);
}
