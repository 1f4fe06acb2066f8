import type { PlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { CallingScope } from '../queue/calling-scope.ts';
import { registerAnnouncementRoutes } from './announcements.routes.ts';
import { createAnnouncementsService } from './announcements.service.ts';

/**
 * Proof that a call was heard (issue 17): the officers' calls, and the displays' reports the
 * sockets pass on. Returns the service (the sockets and the display controller read it).
 */
export function registerAnnouncementsModule(
  host: ModuleHost,
  deps: { days: PlantDays; scope: CallingScope },
) {
  const { register, db, clock, events, live } = host;
  // Which displays are connected is the realtime server's to say (it comes after the routes).
  const announcements = createAnnouncementsService({
    db,
    events,
    clock,
    days: deps.days,
    scope: deps.scope,
    connections: (ids) => live.displayConnections(ids),
  });
  registerAnnouncementRoutes(register, announcements);
  return { announcements };
}
