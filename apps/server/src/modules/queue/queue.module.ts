import type { PlantDays } from '../../lib/plant-days.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { ManualWeights } from '../controller-settings/manual-weights.ts';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import type { DeviceService } from '../device-gateway/device-gateway.service.ts';
import type { DisputesService } from '../disputes/disputes.service.ts';
import type { LabService } from '../lab/lab.service.ts';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { ModuleHost } from '../module-host.ts';
import type { PrintingService } from '../printing/printing.service.ts';
import { createCallingScope } from './calling-scope.ts';
import { createTicketDesk, registerCallingRoutes } from './calling.routes.ts';
import { createCallingService, type YardRules } from './calling.service.ts';
import { createEtaService } from './eta.service.ts';
import { createEtaReadings, type EtaReadings } from './eta-readings.ts';
import { registerPublicQueueRoutes } from './public-queue.routes.ts';
import { createBranchCards } from './branch-cards.ts';
import { createLineOrderRepository } from './line-order.repository.ts';
import { registerLineOrderRoutes } from './line-order.routes.ts';
import { createDayLists } from './day-lists.ts';
import { createPublicQueueService } from './public-queue.service.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';
import type { QueueRepository } from './queue.repository.ts';
import { createQueueService } from './queue.service.ts';
import { registerStationWorkRoutes } from './station-work.routes.ts';
import { createStationWorkService } from './station-work.service.ts';
import { createWaitAccuracyRepository } from './wait-accuracy.repository.ts';
import { registerWaitAccuracyRoutes } from './wait-accuracy.routes.ts';
import { createWaitAccuracyService } from './wait-accuracy.service.ts';
import { createVehicleTaresRepository } from './vehicle-tares.repository.ts';
import { createWeighingRules } from './weighing-rules.ts';
import { registerWeighingRulesRoutes } from './weighing-rules.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What drivers were shown at each issue (eta-readings.ts); tests settle it. */
    etaReadings: EtaReadings;
  }
}

/**
 * The trucks' queue: issuing, Manage Calling, the lab, weighbridge and gate counters, and the
 * driver's page. Returns the queue's rules (the kiosks issue through them), the expected waits,
 * the officers' calling scopes, and the services the sockets serve.
 */
export function registerQueueModule(
  host: ModuleHost,
  deps: {
    queueRepo: QueueRepository;
    reads: QueueReadsRepository;
    /** The same reads on the background lane: the drivers' pages (module-host.ts). */
    publicReads: QueueReadsRepository;
    yard: YardRules;
    days: PlantDays;
    catalog: CatalogRepository;
    lab: LabService;
    /** The branch's names and calendar on the driver's page. */
    branches: Pick<AuthRepository, 'findBranchNames'>;
    disputes: Pick<DisputesService, 'latestOf' | 'file'>;
    /** The weighbridge's scales (the device gateway's rows). */
    scales: Pick<DeviceGatewayRepository, 'listDevices' | 'findDevice' | 'markCaptured'>;
    manualWeights: Pick<ManualWeights, 'roles'>;
    printing: PrintingService;
    /** The plant's LINE chat for a ticket; null without a LINE account. */
    lineChatUrl: ((ticket: { id: number; uuid: string }) => Promise<string | null>) | null;
    /** A kiosk's ticket (the device gateway checks its queue types). */
    kiosks: Pick<DeviceService, 'issueTicket'>;
  },
) {
  const { app, register, config, db, clock, events, live } = host;
  const { queueRepo, reads, yard, days, lab } = deps;
  const queue = createQueueService({ repo: queueRepo, days, clock, events });
  const callingScope = createCallingScope(reads, events);
  // Who goes first in each line (issue 38): the rules and the day's calls they count.
  const lineOrder = createLineOrderRepository(db);
  // One expected-wait estimator (issue 40): the driver's page, the cards and the board share its
  // line's play. Its reads are on the officers' lane: the cards wait for a play when the last is
  // too old, and on the background lane (which yields to every officer's statement) that wait
  // held the branch's cards and the drivers' pushes behind the peak's changes.
  const eta = createEtaService({
    db,
    clock,
    timeScale: config.etaTimeScale,
    events,
    ruleOf: async (branchId, typeId) => (await lineOrder.rules(branchId)).get(typeId) ?? null,
  });
  // The branch's open queues, read once per change: the officers' cards and the drivers' pages.
  const branchCards = createBranchCards({
    lineOrder,
    reads,
    events,
    clock,
    days,
    labResults: (ids) => lab.resultsOf(db, ids),
    eta,
  });
  // What each driver was shown at his ticket's issue (issue 40), read after the commit: the
  // accuracy page's figures, and how the type's plays fared for the next ranges. Under
  // ETA_TIME_SCALE (the simulator) in its minutes, which the accuracy page scales its waits to.
  const readings = createEtaReadings({
    db: host.background,
    events,
    clock,
    eta,
    reads: deps.publicReads,
    log: app.log,
  });
  app.decorate('etaReadings', readings);
  app.addHook('onClose', async () => {
    await readings.stop();
  });
  const calling = createCallingService({
    scope: callingScope,
    queue,
    yard,
    days,
    clock,
    reads,
    catalog: deps.catalog,
    branchCards,
  });
  // What weighings are checked against, and the vehicles' stored tares (issue 42, part 5).
  const weighingRules = createWeighingRules(db, events, clock);
  const tares = createVehicleTaresRepository(db);
  // What the scales show is the realtime server's to say (it comes after the routes).
  const stationWork = createStationWorkService({
    db,
    repo: queueRepo,
    reads,
    queue,
    days,
    clock,
    scaleReadings: (ids) => live.scaleReadings(ids),
    lab,
    devices: deps.scales,
    manualWeights: deps.manualWeights,
    dayLists: createDayLists({ events, clock }),
    weighingRules,
    tares,
  });
  // The branch's names and calendar on every driver's page: held, dropped when an admin edits them.
  const names = createBranchMemo<Awaited<ReturnType<AuthRepository['findBranchNames']>>>({
    clock,
    maxAgeMs: 60_000,
    maxKeys: 1,
  });
  events.subscribe('referenceChanged', ({ branchId }) => names.drop(branchId));
  const publicQueue = createPublicQueueService({
    db: host.background,
    siteTimeZone: config.siteTimeZone,
    companyName: config.companyName,
    clock,
    eta,
    reads: deps.publicReads,
    branches: {
      findBranchNames: (id) => names.get(id, 'names', () => deps.branches.findBranchNames(id)),
    },
    labs: lab,
    disputes: deps.disputes,
    cards: branchCards,
    databaseWaiting: host.databaseWaiting,
  });
  const desk = createTicketDesk({
    calling,
    queue,
    devices: deps.kiosks,
    printing: deps.printing,
    lineChatUrl: deps.lineChatUrl,
  });
  registerCallingRoutes(register, calling, desk);
  registerStationWorkRoutes(register, stationWork);
  registerWeighingRulesRoutes(register, { rules: weighingRules, tares, clock });
  registerPublicQueueRoutes(register, publicQueue);
  registerLineOrderRoutes(register, { lineOrder, calling, events, cards: branchCards });
  registerWaitAccuracyRoutes(
    register,
    createWaitAccuracyService({ repo: createWaitAccuracyRepository(db, config.etaTimeScale), days }),
  );
  return { queue, eta, callingScope, calling, publicQueue, cards: branchCards, desk };
}
