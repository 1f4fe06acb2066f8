import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { ModuleHost } from '../module-host.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, requestInfo } from './auth.service.ts';

/**
 * Sign-in and sessions: their calls, the check of every call's session (the registrar's guard)
 * and the branches' and sessions' rows other modules read.
 */
export function registerAuthModule(host: ModuleHost) {
  const { register, config, db, clock, events } = host;
  const repo = createAuthRepository(db);
  const auth = createAuthService({ repo, session: config.session, events, clock });
  registerAuthRoutes(register, auth);
  return {
    auth,
    authRepo: repo,
    authenticate: (token: string) => auth.authenticate(token),
    onForbidden: (session: AuthContext, path: string, request: FastifyRequest) =>
      auth.recordForbidden(session, path, requestInfo(request)),
  };
}
