import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { createCallRegistrar } from './http/register-call.ts';
import { registerWebApp } from './http/web-app.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, requestInfo, type Clock } from './modules/auth/auth.service.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests move time forward through this. */
  clock?: Clock;
  logger?: boolean;
  serveWeb?: boolean;
}

/** Builds the whole server: main.ts listens on it, tests call it through app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.session', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // A call without fields may arrive as an empty JSON body; anything else goes to Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else void parseJson(request, body.toString(), done);
  });
  app.decorateRequest('auth', null);

  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    session: config.session,
    clock: options.clock,
  });

  const register = createCallRegistrar(app, {
    apiKey: config.apiKey,
    authenticate: (token) => auth.authenticate(token),
    onForbidden: (session, path, request) => auth.recordForbidden(session, path, requestInfo(request)),
  });
  registerAuthRoutes(register, auth);

  await registerWebApp(app, config, options.serveWeb ?? true);
  return app;
}
