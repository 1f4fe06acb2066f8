import type { ModuleHost } from '../module-host.ts';
import { registerLabRoutes } from './lab.routes.ts';
import { createLabService } from './lab.service.ts';

/** Lab measurements: the admin's call, and the verdicts the queue, printing, disputes and reports read. */
export function registerLabModule(host: ModuleHost) {
  const { register, db, events } = host;
  // A measurement's edit changes the verdicts the calling cards show.
  const lab = createLabService(db, {
    changed: (branchId) => events.publish('branchCardsChanged', { branchId }),
  });
  registerLabRoutes(register, lab);
  return { lab };
}
