import type { FastifyBaseLogger } from 'fastify';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import { databaseUnavailable } from '../http/error-handler.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * A staff event's or a handshake's failure in the API's error shape; an unexpected one is logged.
 * `clock`: the app's (a database that does not answer is warned of once a minute on it).
 */
export function failure(thrown: unknown, log: FastifyBaseLogger, clock: Clock): ApiError {
  const error = databaseUnavailable(thrown, log, clock) ?? thrown;
  if (error instanceof AppError) return error.toBody();
  log.error({ err: error }, 'socket event failed');
  return { status: 0, code: 'INTERNAL', message: 'Something went wrong on the server. Try again.' };
}

/**
 * A handshake middleware's failure as the client sees it: only a code, never the error's own
 * message (a database error's text holds the statement and its values).
 */
export function handshakeRefusal(thrown: unknown, log: FastifyBaseLogger, clock: Clock): Error {
  return new Error(failure(thrown, log, clock).code);
}
