import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import { registerDisputeRoutes } from './disputes.routes.ts';
import { createDisputesService } from './disputes.service.ts';

/** Disputes of receiving slips: the admins' calls, and the service the driver's page files them through. */
export function registerDisputesModule(host: ModuleHost, deps: { lab: Pick<LabService, 'resultsOf'> }) {
  const { register, db, clock, events } = host;
  const disputes = createDisputesService({ db, clock, labs: deps.lab, events });
  registerDisputeRoutes(register, disputes);
  return { disputes };
}
