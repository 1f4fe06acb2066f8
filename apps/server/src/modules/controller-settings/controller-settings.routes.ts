import {
  callingControllerContracts as calling,
  displayContracts,
  printerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import { checkPrinter } from '@truck-queue/shared/contracts/printing.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { notFound } from '../../lib/app-error.ts';
import type { PrinterHealthService } from '../printing/printer-health.ts';
import type { CallingControlService } from './calling-control.service.ts';
import type { DevicesService } from './devices.service.ts';
import type { ManualWeights } from './manual-weights.ts';

export function registerControllerRoutes(
  register: RegisterCall,
  services: {
    callingControl: CallingControlService;
    displays: DevicesService;
    printers: DevicesService;
    scales: DevicesService;
    readers: DevicesService;
    manualWeights: ManualWeights;
    printerHealth: Pick<PrinterHealthService, 'checkKiosk'>;
  },
): void {
  const { callingControl } = services;
  register(calling.mainCalling, async ({ auth }) => ({
    status: 1,
    officer: await callingControl.list(auth),
  }));
  register(calling.callingLoadQueueType, async ({ auth, body }) => ({
    status: 1,
    queueType: await callingControl.queueTypeChoices(auth, body.id),
  }));
  register(calling.callingManageOT, async ({ auth, body }) => {
    await callingControl.setQueueTypes(auth, body.id, body.branch_queue_type);
    return { status: 1 };
  });
  register(calling.callingLoadStation, async ({ auth, body }) => ({
    status: 1,
    station: await callingControl.stationChoices(auth, body.id),
  }));
  register(calling.callingManageStation, async ({ auth, body }) => {
    await callingControl.setStations(auth, body.id, body.station);
    return { status: 1 };
  });
  register(calling.callingDeleteQueueType, async ({ auth, body }) => {
    await callingControl.removeQueueType(auth, body.id);
    return { status: 1 };
  });
  register(calling.callingDeleteStation, async ({ auth, body }) => {
    await callingControl.removeStation(auth, body.id);
    return { status: 1 };
  });

  register(displayContracts.main, async ({ auth }) => ({
    status: 1,
    display: await services.displays.list(auth),
  }));
  register(printerContracts.main, async ({ auth }) => ({
    status: 1,
    printer: await services.printers.list(auth),
  }));
  register(displayContracts.save, async ({ auth, body }) => ({
    status: 1,
    device:
      'uuid' in body
        ? await services.displays.update(auth, body.uuid, {
            name: body.name,
            nowCallingSeconds: body.now_calling_seconds,
            recentCount: body.recent_count,
            announce: {
              sentence: body.announce_sentence,
              rate: body.announce_rate,
              volume: body.announce_volume,
              repeat: body.announce_repeat,
            },
          })
        : await services.displays.create(auth, body.name),
  }));
  register(printerContracts.save, async ({ auth, body }) => ({
    status: 1,
    device:
      'uuid' in body
        ? await services.printers.update(auth, body.uuid, {
            name: body.name,
            printerName: body.printer_name,
            print: {
              target: body.print_target,
              host: body.printer_host,
              port: body.printer_port,
              paperWidth: body.paper_width,
            },
          })
        : await services.printers.create(auth, body.name),
  }));
  register(scaleContracts.main, async ({ auth }) => {
    const [scale, station, roles] = await Promise.all([
      services.scales.list(auth),
      services.scales.stationChoices(auth),
      services.manualWeights.roles(auth.branchId),
    ]);
    return { status: 1, scale, station, manual_weight_roles: roles };
  });
  register(scaleContracts.saveManualWeights, async ({ auth, body }) => {
    const roles = await services.manualWeights.save(auth.branchId, body.roles);
    return { status: 1, manual_weight_roles: roles };
  });
  register(scaleContracts.save, async ({ auth, body }) => ({
    status: 1,
    device:
      'uuid' in body
        ? await services.scales.update(auth, body.uuid, { name: body.name, stationId: body.station_id })
        : await services.scales.create(auth, body.name, body.station_id),
  }));
  register(readerContracts.main, async ({ auth }) => {
    const [reader, station, printer] = await Promise.all([
      services.readers.list(auth),
      services.readers.stationChoices(auth),
      services.readers.printerChoices(auth),
    ]);
    return { status: 1, reader, station, printer };
  });
  register(readerContracts.save, async ({ auth, body }) => {
    const settings = {
      action: body.action,
      stationId: body.station_id,
      minConfidence: body.min_confidence,
      printerId: body.printer_id,
    };
    return {
      status: 1,
      device:
        'uuid' in body
          ? await services.readers.updateReader(auth, body.uuid, body.name, settings)
          : await services.readers.createReader(auth, body.name, settings),
    };
  });
  register(checkPrinter, async ({ auth, body }) => {
    const printer = await services.printerHealth.checkKiosk(auth.branchId, body.uuid);
    if (!printer) throw notFound('The printer');
    return { status: 1, printer };
  });

  for (const [contracts, devices] of [
    [displayContracts, services.displays],
    [printerContracts, services.printers],
    [scaleContracts, services.scales],
    [readerContracts, services.readers],
  ] as const) {
    register(contracts.addDevice, async ({ auth, body }) => ({
      status: 1,
      device: await devices.register(auth, body.uuid, body.device_id),
    }));
    register(contracts.cancelDevice, async ({ auth, body }) => {
      await devices.cancel(auth, body.uuid);
      return { status: 1 };
    });
  }
  for (const [contracts, devices] of [
    [displayContracts, services.displays],
    [printerContracts, services.printers],
  ] as const) {
    register(contracts.loadQueueType, async ({ auth, body }) => ({
      status: 1,
      queueType: await devices.queueTypeChoices(auth, body.id),
    }));
    register(contracts.manageOT, async ({ auth, body }) => {
      await devices.setQueueTypes(auth, body.id, body.branch_queue_type);
      return { status: 1 };
    });
    register(contracts.deleteDeviceCtrl, async ({ auth, body }) => {
      await devices.removeQueueType(auth, body.id);
      return { status: 1 };
    });
  }
}
