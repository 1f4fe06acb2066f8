// `npm run simulate`: a plant day (or night) through the real server. Trucks arrive at the
// kiosk, the lab takes samples and checks them out, officers call, recheck, reject and finish,
// the weighbridge weighs, the gate lets them out; all through the HTTP API and Socket.IO, on an
// accelerated clock, with staff screens, TV displays and drivers' phones connected. A night
// (18:00–06:00) crosses the plant day's start while trucks are inside; a harvest (24h,
// 06:00–06:00) does too, with an evening peak its stations, calling their lines in order,
// cannot keep up with. At the end it checks that every truck left and the yard emptied by
// itself, nothing failed, the server's memory stayed flat, the reports say what the simulator
// counted, and, across midnight, that the day's start lost no truck and mixed up none.
// Exit code 0 only when every check passes.
import os from 'node:os';
import { plantDayOf } from '@truck-queue/shared/plant-day';
import { ApiClient, CallFailed } from './api-client.ts';
import { boundaryChecks, counterChecks, snapshot, type Snapshot } from './boundary-checks.ts';
import { saveLineRule } from '@truck-queue/shared/contracts/order.contract';
import { percentile } from '../bench/support.ts';
import { openCallLines, stationsFor, type StationLines } from './call-lines.ts';
import { check, reportChecks, socketChecks, tallyChecks, type Check } from './checks.ts';
import { SimClock } from './clock.ts';
import { allDesks, openDesks } from './desks.ts';
import { openDevices } from './displays.ts';
import { EtaWatch } from './eta-watch.ts';
import { labWayFloor } from './lab-floor.ts';
import { driveTruck, type DayContext, type TruckRecord } from './journey.ts';
import { Ledger } from './ledger.ts';
import { alertLooks, cpuSeconds, memoryVerdict, rssMb, sampleMemory } from './memory.ts';
import { parseOptions, USAGE } from './options.ts';
import { midnightOf, planDay, WINDOWS, windowLabel, windowSeconds } from './plan.ts';
import { scorecardChecks } from './scorecard-desk.ts';
import { timeBreakdownChecks } from './time-desk.ts';
import { receiptChecks } from './receipts-desk.ts';
import { importSimSuppliers, planSuppliers } from './supplier-plan.ts';
import { bookingChecks, bookTheDay } from './booking-plan.ts';
import { planStart, waitForStart } from './plant-day.ts';
import { setUpPlant } from './plant-setup.ts';
import { AlertDesk } from './alert-desk.ts';
import { planCameras } from './camera-plan.ts';
import { Cameras, setUpCameras } from './cameras.ts';
import { planStoredTares, StoredTares } from './stored-tares.ts';
import { Erp } from './erp.ts';
import { drainDeadline, recoveryChecks, untilDrained, yardFigures } from './recovery.ts';
import { serverErrorLines, serverWarnings, SITE_TIMEZONE, startSimServer, type SimServer } from './server.ts';
import { RULED_FLOW, ruleFor } from './order-plan.ts';
import { outOfOrderReason, RuledLine, ruleChecks } from './ruled-line.ts';
import { printSummary } from './summary.ts';
import { openSimScale } from './weighbridge-scale.ts';
import { YardGate } from './yard-gate.ts';

const PROGRESS_EVERY_MS = 10_000;

/** When the screens are compared with the yard after the night's plant day started: 00:20 and 01:30. */
const SNAPSHOTS_AFTER_MIDNIGHT = [20 * 60, 90 * 60];

/** Resolves once `done()` holds, or after `ms` (late socket events are still on their way). */
async function settle(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

async function simulate(
  server: SimServer,
  options: Exclude<ReturnType<typeof parseOptions>, 'help'>,
  erp: Erp,
) {
  const ledger = new Ledger();
  const api = new ApiClient(server.url, server.apiKey, ledger);
  const loadBefore = os.loadavg();

  const playWindow = WINDOWS[options.window];
  const plan = planDay(options.trucks, options.seed, playWindow);
  // The plant has the call stations its window needs (PlayWindow.stations): for each line's
  // busiest hour by day and by night, for the harvest's average hour.
  const callStations = stationsFor(plan, playWindow, options.accel);
  const setupStarted = Date.now();
  const plant = await setUpPlant(api, server.admin, callStations);
  // Who brings the cassava (issue 39): the office imports its suppliers before the day.
  const supplying = planSuppliers(plan, options.seed);
  const imported = await importSimSuppliers(api, plant.officers.manager, supplying.suppliers);
  // Who goes first (issue 38): the ruled line's rule, as its admin sets it.
  const rule = ruleFor(options.accel);
  await api.call(saveLineRule, { id_branchQT: plant.types[RULED_FLOW].id, rule }, plant.officers.admin);
  const scale = await openSimScale(api, plant.officers.admin);
  const start = await planStart(
    api,
    plant.officers.admin,
    playWindow,
    options.accel,
    SITE_TIMEZONE,
    options.bookedPercent > 0,
  );
  const { calendar } = start;
  const firstDay = calendar.dayOf(start.startedAt);
  // Who may come when (issue 39): part of the suppliers' trucks come with a booking.
  const bookings = await bookTheDay({
    api,
    office: plant.officers.manager,
    plant,
    plan,
    supplierOf: supplying.codeOf,
    idOf: imported.idOf,
    startedAt: start.startedAt,
    accel: options.accel,
    window: playWindow,
    calendar,
    seed: options.seed,
    bookedPercent: options.bookedPercent,
  });
  const desks = await openDesks(api, ledger, plant.branchId, plant.officers, calendar, firstDay);
  const ruledDesk = { lab: desks.labCaller, standard: desks.standardCaller, general: desks.generalCaller }[
    RULED_FLOW
  ];
  const reason = await outOfOrderReason(api, ruledDesk.officer);
  const devices = await openDevices(api, ledger, plant.displays, plant.kiosk);
  const alertDesk = new AlertDesk(api, ledger, plant.officers.manager, options.accel);
  await alertDesk.setRules(plant.officers.admin);
  await erp.subscribe(api, plant.officers.admin);
  await scale.watchFrom(desks.weighbridge, ledger, plant.branchId);
  // The plate cameras (issue 42): at the gate and over each deck.
  const cameraSetup = await setUpCameras(api, plant.officers.admin, scale.stationId);
  // The vehicles' stored tares (issue 42): the office records those that have one.
  const tares = new StoredTares(api, planStoredTares(plan, options.seed, options.storedTarePercent));
  await tares.keep(plant.officers.admin, plan);
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  if (ledger.errors.length > 0) throw new Error('The plant could not be set up');
  console.log(
    `Plant ready in ${setupSeconds.toFixed(1)} s: ${Object.values(plant.types)
      .map((t) => `${t.prefix} ${t.name}`)
      .join(', ')}; call stations: lab ${callStations.lab}, standard ${callStations.standard}, ` +
      `general ${callStations.general}, each calling the first truck in its line when free ` +
      `(built for ${playWindow.stations === 'busiest-hour' ? "each line's busiest hour" : 'the average hour'}); ` +
      `${plant.types[RULED_FLOW].prefix} ordered by its rule (fresh first, burnt ≤ ${rule.caps[0]!.max_percent} % ` +
      `of the day's calls, held when full; max wait ${rule.max_wait_minutes} real min), its desk calling with Call next`,
  );
  await waitForStart(start);
  // The day's figures are the day's calls only.
  ledger.latencies.clear();

  const clock = new SimClock(options.accel, playWindow, start.startedAt);
  const cameras = new Cameras(
    api,
    ledger,
    clock,
    cameraSetup,
    planCameras(plan, options.seed, options.cameraPercent),
    { ...plant.officers, desk: desks.labCaller.officer },
    { gate: desks.gate.socket, weighbridge: desks.weighbridge.socket, desk: desks.labCaller.socket },
    bookings,
  );
  alertDesk.start();
  const cpuBefore = cpuSeconds(server.pid);
  const sampleEveryMs = Math.min(3000, Math.max(500, clock.real(windowSeconds(playWindow)) / 120));
  const memory = sampleMemory(server.pid, server.url, server.metricsToken, sampleEveryMs);
  const progress = { arrived: 0, inside: 0, left: 0 };
  const ticker = setInterval(() => {
    console.log(
      `  ${clock.timeOfDay()}  arrived ${progress.arrived}/${plan.length}  inside ${progress.inside}  ` +
        `left ${progress.left}  errors ${ledger.errors.length}  server RSS ${rssMb(server.pid)?.toFixed(0) ?? '?'} MB`,
    );
  }, PROGRESS_EVERY_MS);
  const trucks: TruckRecord[] = [];
  const yard = new YardGate();
  const eta = new EtaWatch(api, ledger, options.accel);
  const lines = openCallLines(plant.stations);
  const ruledStations = {
    lab: plant.stations.labCall,
    standard: plant.stations.standardCall,
    general: plant.stations.generalCall,
  }[RULED_FLOW];
  const ruled = new RuledLine(
    ruledStations,
    plant.stationByName,
    ruledDesk,
    ledger,
    plant.branchId,
    plant.types[RULED_FLOW].id,
    reason.id,
    (change) => yard.pass(change),
  );
  // The lines as the figures and the harvest's checks read them: the ruled one is its desk's.
  const stationLines: StationLines = { ...lines, [RULED_FLOW]: ruled };
  const ctx: DayContext = {
    api,
    ledger,
    clock,
    plant,
    desks,
    progress,
    trucks,
    yard,
    scale,
    eta,
    lines,
    ruled,
    bookings,
    cameras,
    tares,
  };
  // By night the screens are compared with the yard twice after the plant day's start.
  const midnight = midnightOf(playWindow);
  const watch =
    start.boundaryAt === null
      ? null
      : { api, plant, clock, calendar, boundaryAt: start.boundaryAt, trucks, yard };
  const snapshots: Promise<Snapshot | null>[] =
    watch && midnight !== null
      ? SNAPSHOTS_AFTER_MIDNIGHT.map((after) =>
          clock
            .until(midnight + after)
            .then(() => snapshot(watch))
            .catch((error: unknown) => {
              // The API client has recorded its own failures.
              if (!(error instanceof CallFailed)) ledger.error(`snapshot: ${(error as Error).message}`);
              return null;
            }),
        )
      : [];
  // The run goes on past the window's end until the yard is empty, up to the time-out.
  const deadline = drainDeadline(clock, playWindow);
  const records = await untilDrained(
    Promise.all(plan.map((truck) => driveTruck(ctx, truck))),
    deadline,
    [...Object.values(lines), ruled],
    (at) => clock.timeOfDay(at),
  );
  clearInterval(ticker);
  await alertDesk.stop();
  const cpuAfter = cpuSeconds(server.pid);
  await eta.stop();
  const daySeconds = (Date.now() - clock.startedAt) / 1000;
  const samples = await memory.stop();
  const seen = await Promise.all(snapshots);
  console.log(
    `${{ day: 'Day', night: 'Night', '24h': 'Harvest day and night' }[playWindow.name]} over in ` +
      `${daySeconds.toFixed(0)} s: ${progress.left} of ${plan.length} trucks left.`,
  );
  const yardNow = yardFigures(records, clock, playWindow, deadline);
  console.log(await alertLooks(server.url, server.metricsToken, daySeconds));

  const deskList = allDesks(desks);
  await settle(
    () =>
      deskList.every((d) => d.refreshUI.count >= ledger.changes) &&
      devices.displays.every(
        (d) =>
          d.received.length >= ledger.calls.filter((c) => d.setup.typeIds.includes(c.queueTypeId)).length,
      ),
    5000,
  );
  const checks: Check[] = [
    ...tallyChecks(records),
    ...socketChecks(ledger, deskList, devices.displays, records),
    ...(watch ? boundaryChecks(watch, seen) : []),
    ...counterChecks(ledger, records, watch !== null && playWindow.chooserNeeded),
    ...recoveryChecks(yardNow, playWindow, stationLines, (at) => clock.timeOfDay(at)),
  ];
  const socketEvents = {
    refreshUI: deskList.reduce((n, d) => n + d.refreshUI.count, 0),
    popup: deskList.reduce((n, d) => n + d.popup.count, 0),
    called: devices.displays.reduce((n, d) => n + d.received.length, 0),
    queueChanged: records.reduce((n, r) => n + (r.driverPage?.events ?? 0), 0),
  };
  await Promise.all(deskList.map((d) => d.close()));
  await devices.close();
  await scale.stop();
  const weighings = records.reduce((n, r) => n + r.weighSources.length, 0);
  checks.push(
    check(
      'part of the weighings captured from the wired indicator through the scale bridge',
      `1–${weighings}`,
      scale.captured,
      scale.captured > 0 && scale.captured <= weighings,
    ),
    check('the scale bridge warned of nothing', 0, scale.warnings.length),
  );
  for (const warning of scale.warnings.slice(0, 5)) console.error(`  scale bridge: ${warning}`);

  // The expected wait is measured, not judged: the check is only that drivers' pages showed one.
  const expectedWait = eta.summary();
  const ticketed = records.filter((r) => r.queueNumber !== null).length;
  const ranges = expectedWait.accuracy.groups[0]!.every;
  checks.push(
    check("every ticket's driver's page read at issue for its expected wait", ticketed, expectedWait.trucks),
    check(
      "drivers' pages showed an expected wait before the call",
      '> 0 readings with a range',
      `${ranges.withRange} of ${ranges.readings}`,
      ranges.withRange > 0,
    ),
  );

  // The reports over every plant day the run touched.
  const period = { find_start: firstDay, find_finish: calendar.dayOf() };
  checks.push(...imported.checks);
  const left = new Set(records.filter((r) => r.exited && r.uuid !== null).map((r) => r.uuid!));
  checks.push(...(await alertDesk.report(period, left)));
  checks.push(...(await erp.report(records)));
  checks.push(...(await cameras.report(records, erp.exitCounts())));
  checks.push(...(await tares.report(records, plant.officers.admin)));
  checks.push(...(await bookingChecks(api, plant.officers.manager, bookings)));
  if (bookings.windows.length > 0)
    console.log(
      `Bookings: ${bookings.byTruck.size} trucks booked in ${bookings.windows.length} window${bookings.windows.length === 1 ? '' : 's'} of a real minute ` +
        `(${bookings.noShows.length} more never came), ${bookings.checkedIn} checked in at the kiosk` +
        (bookings.bookedTooLate > 0
          ? `; ${bookings.bookedTooLate} asked for after their window opened, refused (those trucks came unbooked).`
          : '.'),
    );
  checks.push(...(await scorecardChecks(api, plant.officers.manager, period, records, bookings)));
  checks.push(...(await timeBreakdownChecks(api, plant.officers.manager, period, records, options.accel)));
  checks.push(...(await receiptChecks(api, plant.officers.admin, records)));
  checks.push(
    ...(await reportChecks(api, plant.officers.manager, plant, records, period, {
      codeOf: supplying.codeOf,
      idOf: imported.idOf,
    })),
  );

  // The ruled line's order, caps and waits, from what the server recorded.
  const ruling = await ruleChecks(
    api,
    plant.officers.manager,
    rule,
    records,
    ruled,
    calendar,
    options.accel,
    reason.name,
  );
  checks.push(...ruling.checks);
  console.log(
    `Ruled line ${plant.types[RULED_FLOW].prefix}: ${ruled.callNext} Call next, ${ruled.outOfOrder} out of order; ` +
      `wait from ticket to call (simulated):`,
  );
  for (const w of ruling.waits) {
    const m = (v: number | null) => (v === null ? '–' : `${Math.round(v)} min`);
    console.log(
      `  ${(w.classKey || 'ordinary').padEnd(9)} ${String(w.trucks).padStart(4)} trucks  median ${m(w.medianMin).padStart(8)}  longest ${m(w.longestMin).padStart(8)}`,
    );
  }
  // The other lines' waits, from joining the line (a lab truck once its result is out) to its call.
  console.log('Lines called in order: wait from joining the line to the call (simulated):');
  for (const [flow, line] of Object.entries(lines)) {
    if (flow === RULED_FLOW) continue;
    const waits = line.waitsMs.map((w) => (w * options.accel) / 60_000);
    const m = (v: number) => `${Math.round(v)} min`;
    console.log(
      `  ${flow.padEnd(9)} ${String(waits.length).padStart(4)} trucks  median ${(waits.length > 0 ? m(percentile(waits, 50)) : '–').padStart(8)}  ` +
        `longest ${(waits.length > 0 ? m(Math.max(...waits)) : '–').padStart(8)}`,
    );
  }

  const verdict = memoryVerdict(samples, options.memoryMarginPercent);
  checks.push(
    check(
      `server memory flat: median RSS (less the embedded database's growth) of the last quarter within +${options.memoryMarginPercent} % of the first (after warm-up)`,
      `≤ +${options.memoryMarginPercent} %`,
      verdict.reason ?? `${verdict.growthPercent >= 0 ? '+' : ''}${verdict.growthPercent.toFixed(1)} %`,
      verdict.ok,
    ),
  );
  return {
    ledger,
    checks,
    records,
    figures: {
      window: windowLabel(playWindow),
      windowName: playWindow.name,
      night: start.boundaryAt !== null,
      yard: yardNow,
      lines: Object.entries(stationLines).map(([flow, line]) => ({
        flow,
        stations: line.stations.length,
        calls: line.calls,
        meanHoldMin: line.calls > 0 ? (line.heldMs * options.accel) / line.calls / 60_000 : null,
        longest: line.longest.count,
        longestAt: line.longest.count > 0 ? clock.timeOfDay(line.longest.at) : '–',
      })),
      serverCpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
      trucksOut: records.filter((r) => r.exited).length,
      setupSeconds,
      daySeconds,
      socketEvents,
      weighings: { total: weighings, captured: scale.captured, typedWhileBusy: scale.typedWhileBusy },
      expectedWait,
      labWay: labWayFloor(plan),
      memory: samples,
      verdict,
      loadBefore,
    },
  };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const playWindow = WINDOWS[options.window];
  const seconds = windowSeconds(playWindow);
  console.log(
    `Plant-day simulator: ${options.trucks} trucks, ${playWindow.name} ${windowLabel(playWindow)} at ×${options.accel} ` +
      `(${(seconds / options.accel / 60).toFixed(1)} min), seed ${options.seed}, ${options.engine}` +
      (midnightOf(playWindow) !== null
        ? `; the plant day turns over at simulated 00:00 on the server's real clock: the branch's day ` +
          `start is set to the real minute (${SITE_TIMEZONE}) that simulated midnight lands on`
        : ''),
  );
  // A day keeps the plant's day start (00:00 on a new server): when the run crosses real
  // midnight, numbers restart while trucks are inside, as by night.
  const expectedEnd = new Date(Date.now() + (seconds / options.accel + 120) * 1000);
  if (
    playWindow.name === 'day' &&
    plantDayOf(expectedEnd, SITE_TIMEZONE) !== plantDayOf(new Date(), SITE_TIMEZONE)
  ) {
    console.log(`Note: this run crosses midnight in ${SITE_TIMEZONE}; the plant day turns over then.`);
  }
  // The plant's ERP, receiving every ticket's events by webhook (issue 42).
  const erp = await Erp.start();
  const server = await startSimServer(options, erp.serverEnv());
  console.log(`Server ${server.url} (pid ${server.pid}, ${server.engine})`);
  let stopped: Promise<number | null> | null = null;
  const stop = () => (stopped ??= server.stop());
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const result = await simulate(server, options, erp);
    const code = await stop();
    const logged = serverErrorLines(server.process.output());
    result.checks.push(
      check('server logged no errors', 0, logged.length),
      check('server stopped cleanly on SIGTERM (exit code)', 0, code),
      check(
        'no errors: unintended non-2xx, socket drops, refused acks, trucks lost',
        0,
        result.ledger.errors.length,
      ),
    );
    for (const line of logged.slice(0, 5)) console.error(`  server: ${line}`);
    for (const [message, count] of serverWarnings(server.process.output())) {
      console.error(`  server warned ${count} × ${message}`);
    }
    printSummary(
      {
        engine: options.engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
        trucks: options.trucks,
        accel: options.accel,
        seed: options.seed,
        ...result.figures,
        loadAfter: os.loadavg(),
      },
      result.ledger,
      result.checks,
    );
    return result.checks.every((c) => c.ok) ? 0 : 1;
  } catch (error) {
    console.error(`\nThe simulation stopped: ${(error as Error).stack ?? String(error)}`);
    console.error(`Server output:\n${server.process.output().slice(-4000)}`);
    return 1;
  } finally {
    await stop();
    await erp.close();
  }
}

process.exit(
  await main().catch((error: unknown) => {
    console.error((error as Error).message);
    return 1;
  }),
);
