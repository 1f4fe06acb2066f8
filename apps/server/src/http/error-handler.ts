import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import { AppError } from './errors.ts';

/** Every failure leaves as `{status: 0, code, message}`; bad input is a 400, never a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiError;
    let httpStatus: number;
    if (error instanceof AppError) {
      httpStatus = error.httpStatus;
      body = error.toBody();
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

/**
 * Fastify answers an address it cannot decode (`/api/report/download/%zz`) or a path parameter
 * past its length limit by itself, before any route or error handler. Given to Fastify as its
 * `frameworkErrors` option, this answers them in the API's shape too: a 400 with a code.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body: ApiError = {
    status: 0,
    code: 'VALIDATION_FAILED',
    message: `The address is not valid: ${error.message}`,
  };
  void reply.status(400).send(body);
}
