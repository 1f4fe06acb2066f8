import { createPlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { PrintingService } from '../printing/printing.service.ts';
import type { QueueRepository } from '../queue/queue.repository.ts';
import { createYardRepository } from './yard.repository.ts';
import { registerYardRoutes } from './yard.routes.ts';
import { createYardService } from './yard.service.ts';

/**
 * The yard's rules (reasons, no-show rule, day start, calendar) and a ticket's history: their
 * calls. Returns the rules and each branch's plant days, counted from the day start they set.
 */
export function registerYardModule(
  host: ModuleHost,
  deps: {
    /** A ticket's history (the queue's rows). */
    queueRepo: QueueRepository;
    /** A ticket's print jobs, shown with its history. */
    printing: Pick<PrintingService, 'printsOfTicket'>;
  },
) {
  const { register, config, db, clock, events } = host;
  const yard = createYardService({
    repo: createYardRepository(db),
    queues: deps.queueRepo,
    db,
    events,
    clock,
  });
  const days = createPlantDays({
    dayStartOf: async (branchId) => (await yard.settings(branchId)).dayStartMinutes,
    siteTimeZone: config.siteTimeZone,
    clock,
  });
  registerYardRoutes(register, yard, deps.printing);
  return { yard, days };
}
