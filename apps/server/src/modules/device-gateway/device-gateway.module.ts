import type { PlantDays } from '../../lib/plant-days.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { ModuleHost } from '../module-host.ts';
import type { EtaService } from '../queue/eta.service.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { QueueService } from '../queue/queue.service.ts';
import type { BranchCards } from '../queue/branch-cards.ts';
import { registerDeviceRoutes } from './device-gateway.routes.ts';
import { createDeviceService } from './device-gateway.service.ts';

/**
 * Displays, kiosks and scales as the server knows them: their calls (hello, the board, a kiosk's
 * options). Returns the device service: the registrar checks a device's calls with it, the
 * kiosks issue through it, the sockets serve it.
 */
export function registerDeviceGatewayModule(
  host: ModuleHost,
  deps: {
    queue: QueueService;
    eta: EtaService;
    days: PlantDays;
    reads: QueueReadsRepository;
    catalog: CatalogRepository;
    cards: BranchCards;
  },
) {
  const { register, config, db, clock, events } = host;
  const devices = createDeviceService({
    db,
    queue: deps.queue,
    events,
    clock,
    days: deps.days,
    companyName: config.companyName,
    eta: deps.eta,
    catalog: deps.catalog,
    queueReads: deps.reads,
    cards: deps.cards,
  });
  registerDeviceRoutes(register, devices);
  return { devices };
}
