import type { PlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { TicketDesk } from '../queue/calling.routes.ts';
import type { QueueService } from '../queue/queue.service.ts';
import { createIdentificationRepository } from './identification.repository.ts';
import { registerIdentificationRoutes } from './identification.routes.ts';
import { createIdentificationService, type IdentificationService } from './identification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plate cameras' and RFID readers' reads (tests prune snapshots by hand; modules/identification). */
    identification: IdentificationService;
  }
}

/** How often old snapshots are dropped where the integrations' background work runs. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Plate cameras and RFID readers at the gate, the weighbridges and the entrance (issue 42, part 4): their
 * reads, the officers' decisions, the snapshots, kept SNAPSHOT_DAYS (pruned hourly where
 * `integrationJobs` run).
 */
export function registerIdentificationModule(
  host: ModuleHost,
  deps: {
    queue: Pick<QueueService, 'change'>;
    bookings: Pick<BookingsService, 'arrivals' | 'checkIn'>;
    desk: Pick<TicketDesk, 'issue' | 'issueAtReader'>;
    days: PlantDays;
  },
) {
  const { app, register, config, db, clock, events, options } = host;
  const identification = createIdentificationService({
    db,
    repo: createIdentificationRepository(db),
    queue: deps.queue,
    bookings: deps.bookings,
    desk: deps.desk,
    days: deps.days,
    clock,
    events,
    snapshotDays: config.snapshotDays,
  });
  registerIdentificationRoutes(register, identification);
  app.decorate('identification', identification);
  if (options.integrationJobs) {
    let timer: NodeJS.Timeout | null = null;
    const prune = () =>
      identification
        .pruneSnapshots()
        .catch((error: unknown) => app.log.error({ err: error }, 'old snapshots could not be dropped'));
    app.addHook('onListen', () => {
      void prune();
      timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', () => {
      if (timer) clearInterval(timer);
    });
  }
  return { identification };
}
