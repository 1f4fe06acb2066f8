import type { AuthRepository } from '../auth/auth.repository.ts';
import type { ModuleHost } from '../module-host.ts';
import { createOfficersRepository } from './officers.repository.ts';
import { registerOfficerRoutes } from './officers.routes.ts';
import { createOfficersService } from './officers.service.ts';

/** Manage users: their calls, and the officers' rows the calling controller reads. */
export function registerOfficersModule(
  host: ModuleHost,
  deps: { sessions: Pick<AuthRepository, 'revokeOtherSessions'> },
) {
  const { register, db, clock, events } = host;
  const repo = createOfficersRepository(db);
  registerOfficerRoutes(register, createOfficersService({ repo, sessions: deps.sessions, events, clock }));
  return { officersRepo: repo };
}
