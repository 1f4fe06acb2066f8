import type { ModuleHost } from '../module-host.ts';
import { createSeasonsRepository } from './seasons.repository.ts';
import { registerSeasonRoutes } from './seasons.routes.ts';
import { createSeasonsService } from './seasons.service.ts';

/**
 * Seasons and quotas (issue 39): the office sets each supplier's entitlement in a crop year of a
 * product and follows what it has delivered. Its service tells the bookings where a supplier
 * stands (`standing`).
 */
export function registerSeasonsModule(host: ModuleHost) {
  const { register, db, clock } = host;
  const seasons = createSeasonsService({ repo: createSeasonsRepository(db), clock });
  registerSeasonRoutes(register, seasons);
  return { seasons };
}
