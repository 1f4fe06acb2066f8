import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { createProductsService } from './products.service.ts';
import { createQueueTypesService } from './queue-types.service.ts';
import { createStationsService } from './stations.service.ts';

/**
 * Define Queue (queue types, products, stations): their calls, and the catalog's rows the queue,
 * the devices, the controllers and the reports read.
 */
export function registerCatalogModule(
  host: ModuleHost,
  deps: {
    lab: Pick<LabService, 'measures'>;
    /** A station was added or renamed: its voice clip is made (voice.module.ts). */
    stationNamed: (branchId: number) => void;
  },
) {
  const { register, db, events } = host;
  // An admin's edit of what is held in memory (calling scopes, sessions) drops it on every instance.
  const changed = (branchId: number) => events.publish('referenceChanged', { branchId });
  const queueTypes = createQueueTypesService({ db, lab: deps.lab, changed });
  registerCatalogRoutes(register, {
    queueTypes,
    products: createProductsService(db, queueTypes, changed),
    stations: createStationsService(db, { named: deps.stationNamed, changed }),
  });
  return { catalogRepo: createCatalogRepository(db) };
}
