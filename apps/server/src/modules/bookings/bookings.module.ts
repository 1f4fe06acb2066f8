import type { PlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { TicketDesk } from '../queue/calling.routes.ts';
import { createBookingsRepository } from './bookings.repository.ts';
import { registerBookingRoutes } from './bookings.routes.ts';
import { createBookingsService, type SeasonQuotas } from './bookings.service.ts';
import { createSupplierPortalRepository } from './supplier-portal.repository.ts';
import { registerSupplierPortalRoutes } from './supplier-portal.routes.ts';
import { createSupplierPortalService } from './supplier-portal.service.ts';
import type { ScorecardsService } from '../reports/scorecards.service.ts';
import type { SupplierGradesService } from '../suppliers/supplier-grades.service.ts';

/**
 * Who may come when (issue 39): the lines' booking plans, the bookings the office and the
 * delivery calendar make, and their check-in at the kiosk or the desk, which issues the ticket
 * through the ticket desk at the booking's slot.
 */
export function registerBookingsModule(
  host: ModuleHost,
  deps: {
    days: PlantDays;
    desk: TicketDesk;
    quotas: SeasonQuotas;
    scorecards: ScorecardsService;
    grades: Pick<SupplierGradesService, 'linkLine' | 'linked'>;
  },
) {
  const { register, db, clock, config } = host;
  const bookings = createBookingsService({
    repo: createBookingsRepository(db),
    clock,
    days: deps.days,
    siteTimeZone: config.siteTimeZone,
    quotas: deps.quotas,
  });
  registerBookingRoutes(register, bookings, deps.desk);
  const portal = createSupplierPortalService({
    repo: createSupplierPortalRepository(db),
    bookings,
    quotas: deps.quotas,
    days: deps.days,
    clock,
    scorecards: deps.scorecards,
    grades: deps.grades,
  });
  registerSupplierPortalRoutes(register, portal);
  return { bookings };
}
