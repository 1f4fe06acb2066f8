import type { AnnouncementsService } from '../announcements/announcements.service.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import type { ModuleHost } from '../module-host.ts';
import type { OfficersRepository } from '../officers/officers.repository.ts';
import type { PrinterHealthService } from '../printing/printer-health.ts';
import { createCallingControlService } from './calling-control.service.ts';
import { registerControllerRoutes } from './controller-settings.routes.ts';
import { createDevicesService } from './devices.service.ts';
import type { ManualWeights } from './manual-weights.ts';

/** The calling, display, printing and weighbridge controllers: their calls. */
export function registerControllerSettingsModule(
  host: ModuleHost,
  deps: {
    officers: OfficersRepository;
    catalog: CatalogRepository;
    devices: DeviceGatewayRepository;
    manualWeights: ManualWeights;
    /** Each display's status and last announcement. */
    announcements: Pick<AnnouncementsService, 'live'>;
    printerHealth: Pick<PrinterHealthService, 'checkKiosk'>;
  },
) {
  const { register, db, clock, events, live } = host;
  const { catalog, devices, announcements } = deps;
  // An admin's edit of what is held in memory (calling scopes, sessions) drops it on every instance.
  const changed = (branchId: number) => events.publish('referenceChanged', { branchId });
  const base = { db, devices, catalog, events, clock };
  registerControllerRoutes(register, {
    callingControl: createCallingControlService({ db, officers: deps.officers, catalog, changed }),
    // The realtime server comes after the routes: looked up when a list is asked for.
    displays: createDevicesService({
      ...base,
      kind: 'display',
      live: { live: (ids) => announcements.live(ids) },
    }),
    printers: createDevicesService({ ...base, kind: 'printer' }),
    manualWeights: deps.manualWeights,
    scales: createDevicesService({
      ...base,
      kind: 'scale',
      live: { scales: (ids) => live.scaleWeights(ids) },
    }),
    readers: createDevicesService({ ...base, kind: 'reader' }),
    printerHealth: deps.printerHealth,
  });
}
