import Fastify, { type FastifyInstance, type LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { ProxyTrust } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/app-error.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../lib/json-depth.ts';
import { frameworkErrors, installErrorHandler } from './error-handler.ts';
import { loggerOptions } from './log-options.ts';
import { requestLoggerFactory } from './request-logger.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { installSecurityHeaders } from './security-headers.ts';

/** How long the HTTP server waits on a client. */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (else 408 and closed). */
  requestMs: number;
  /** Its headers must arrive within this. */
  headersMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveMs: number;
}

/**
 * A client that sends its request slowly (a byte every few seconds) is closed within
 * `requestMs`, whatever it sends; Node's default is 300 s, and its check runs every 30 s.
 * Bodies here are under 1 MiB and mostly under 1 kB: 30 s is ample on a slow link.
 * Socket.IO is not cut by these: the request timeout ends when the request has arrived, not
 * when it is answered, so a long-polling GET that the server holds for up to pingInterval
 * (25 s) is not affected; `idleMs` (60 s) outlasts that hold and pingInterval + pingTimeout
 * (45 s); a WebSocket leaves the HTTP server's timeouts at the upgrade (ws sets no idle
 * timeout on it). Keep-alive stays at Fastify's 72 s, above the 60 s idle timeout of common
 * load balancers, so that they close first.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
};

const tooDeep = () =>
  new AppError('BODY_TOO_DEEP', `The body nests arrays or objects more than ${MAX_JSON_DEPTH} deep.`);

/**
 * The Fastify instance every route is added to: its timeouts, logger, body parsing, error shape
 * and security headers, before any module is registered (app.ts).
 */
export function createFastify(options: {
  config: Config;
  /** Off in tests that read no log. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Who may tell the client's address (app.ts: the sockets' audit follows the same rule). */
  trust: ProxyTrust;
  /** One line per request, with its route pattern (modules/operations/request-log.ts). */
  logController: LogController;
  /** The app's clock (the error handler's warnings read it). */
  clock: Clock;
}): FastifyInstance {
  const { config, trust } = options;
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy.length > 0 ? trust : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // How often Node looks for requests past their time (its default, 30 s, would let a slow
      // client stay up to a minute).
      connectionsCheckingInterval: 1000,
    },
    // Undecodable addresses and over-long path parameters: the API's error shape, not Fastify's.
    frameworkErrors,
    // One line per request, with its route pattern; fast successes at debug (modules/operations/request-log.ts).
    logController: options.logController,
    // A request's logger is made when it first writes a line (http/request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app, options.clock);
  installSecurityHeaders(app);
  // A call without fields may arrive as an empty JSON body; a body nested deeper than any call
  // needs is refused before JSON.parse works on it (lib/json-depth.ts); anything else goes to
  // Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, {});
    else if (jsonTooDeep(text)) done(tooDeep(), undefined);
    else void parseJson(request, text, done);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  return app;
}
