import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { QueueRepository } from '../queue/queue.repository.ts';
import { printOnNetworkPrinter } from './network-printer.ts';
import { createPrinterHealth } from './printer-health.ts';
import { createPrintingRepository } from './printing.repository.ts';
import { registerPrintingRoutes } from './printing.routes.ts';
import { createPrintingService } from './printing.service.ts';

/**
 * Every ticket reaches paper or is marked (issue 18): the printing calls, the sweep of jobs a
 * kiosk never reported, and the kiosks' printers' health (read on a timer where asked:
 * `watchPrinters`). Returns the printing service (issuing and the ticket's history print through
 * it) and the printers' health (the printing controller checks a kiosk with it).
 */
export function registerPrintingModule(
  host: ModuleHost,
  deps: {
    queueRepo: QueueRepository;
    reads: QueueReadsRepository;
    lab: Pick<LabService, 'resultsOf'>;
    /** The plant's LINE chat for a ticket, printed as a second QR; null without a LINE account. */
    lineChatUrl: ((ticket: { id: number; uuid: string }) => Promise<string | null>) | null;
  },
) {
  const { app, register, config, db, clock, events, live, options } = host;
  const printerHealth = createPrinterHealth({ db, events, clock, log: app.log });
  // A kiosk's printer settings or registration changed: its printer's health is read at once.
  events.subscribe('deviceChanged', ({ kind, deviceId }) => {
    if (kind === 'printer') printerHealth.checkSoon(deviceId);
  });
  if (options.watchPrinters) {
    const everyMs = typeof options.watchPrinters === 'object' ? options.watchPrinters.everyMs : undefined;
    app.addHook('onListen', () => printerHealth.start(everyMs));
  }
  app.addHook('onClose', () => printerHealth.stop());
  // Kiosks' sockets are the realtime server's to know (it comes after the routes).
  const printing = createPrintingService({
    db,
    repo: createPrintingRepository(db),
    queues: deps.queueRepo,
    reads: deps.reads,
    labs: deps.lab,
    events,
    clock,
    settings: {
      companyName: config.companyName,
      siteTimeZone: config.siteTimeZone,
      language: config.defaultLanguage,
      publicUrl: config.publicUrl,
    },
    ports: {
      printOnNetwork: printOnNetworkPrinter,
      recordHealth: (deviceId, health) => printerHealth.recordPrinterHealth(deviceId, health),
      connectedKiosks: (ids) => live.connectedKiosks(ids),
      ...(deps.lineChatUrl ? { lineChatUrl: deps.lineChatUrl } : {}),
    },
    log: app.log,
  });
  const stopPrintSweep = printing.startSweep();
  app.addHook('onClose', (_instance, done) => {
    stopPrintSweep();
    done();
  });
  registerPrintingRoutes(register, printing);
  return { printing, printerHealth };
}
