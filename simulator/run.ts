// `npm run simulate`: a plant day through the real server. Trucks arrive at the kiosk, the lab
// takes samples and checks them out, officers call, recheck, reject and finish, the weighbridge
// weighs, the gate lets them out; all through the HTTP API and Socket.IO, on an accelerated
// clock, with staff screens, TV displays and drivers' phones connected. At the end it checks
// that every truck left, nothing failed, the server's memory stayed flat, and the reports say
// what the simulator counted. Exit code 0 only when every check passes.
import os from 'node:os';
import { ApiClient } from './api-client.ts';
import { check, reportChecks, socketChecks, tallyChecks, type Check } from './checks.ts';
import { SimClock } from './clock.ts';
import { allDesks, openDesks, siteToday } from './desks.ts';
import { openDevices } from './displays.ts';
import { driveTruck, type DayContext } from './journey.ts';
import { Ledger } from './ledger.ts';
import { memoryVerdict, rssMb, sampleMemory } from './memory.ts';
import { parseOptions, USAGE } from './options.ts';
import { DAY_SECONDS, planDay } from './plan.ts';
import { setUpPlant } from './plant-setup.ts';
import { serverErrorLines, SITE_TIMEZONE, startSimServer, type SimServer } from './server.ts';
import { printSummary } from './summary.ts';

const PROGRESS_EVERY_MS = 10_000;

/** Resolves once `done()` holds, or after `ms` (late socket events are still on their way). */
async function settle(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

async function simulate(server: SimServer, options: Exclude<ReturnType<typeof parseOptions>, 'help'>) {
  const ledger = new Ledger();
  const api = new ApiClient(server.url, server.apiKey, ledger);
  const loadBefore = os.loadavg();

  const setupStarted = Date.now();
  const plant = await setUpPlant(api, server.admin);
  const desks = await openDesks(api, ledger, plant.branchId, plant.officers, SITE_TIMEZONE);
  const devices = await openDevices(api, ledger, plant.displays, plant.kiosk);
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  if (ledger.errors.length > 0) throw new Error('The plant could not be set up');
  // The day's figures are the day's calls only.
  ledger.latencies.clear();
  console.log(
    `Plant ready in ${setupSeconds.toFixed(1)} s: ${Object.values(plant.types)
      .map((t) => `${t.prefix} ${t.name}`)
      .join(', ')}`,
  );

  const plan = planDay(options.trucks, options.seed);
  const firstDay = siteToday(SITE_TIMEZONE);
  const clock = new SimClock(options.accel);
  const sampleEveryMs = Math.min(3000, Math.max(500, clock.real(DAY_SECONDS) / 120));
  const memory = sampleMemory(server.pid, server.url, server.metricsToken, sampleEveryMs);
  const progress = { arrived: 0, inside: 0, left: 0 };
  const ticker = setInterval(() => {
    console.log(
      `  ${clock.timeOfDay()}  arrived ${progress.arrived}/${plan.length}  inside ${progress.inside}  ` +
        `left ${progress.left}  errors ${ledger.errors.length}  server RSS ${rssMb(server.pid)?.toFixed(0) ?? '?'} MB`,
    );
  }, PROGRESS_EVERY_MS);
  const ctx: DayContext = { api, ledger, clock, plant, desks, progress };
  const records = await Promise.all(plan.map((truck) => driveTruck(ctx, truck)));
  clearInterval(ticker);
  const daySeconds = (Date.now() - clock.startedAt) / 1000;
  const samples = await memory.stop();
  console.log(`Day over in ${daySeconds.toFixed(0)} s: ${progress.left} of ${plan.length} trucks left.`);

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
  ];
  const socketEvents = {
    refreshUI: deskList.reduce((n, d) => n + d.refreshUI.count, 0),
    popup: deskList.reduce((n, d) => n + d.popup.count, 0),
    called: devices.displays.reduce((n, d) => n + d.received.length, 0),
    queueChanged: records.reduce((n, r) => n + (r.driverPage?.events ?? 0), 0),
  };
  await Promise.all(deskList.map((d) => d.close()));
  await devices.close();

  const period = { find_start: firstDay, find_finish: siteToday(SITE_TIMEZONE) };
  checks.push(...(await reportChecks(api, plant.officers.manager, plant, records, period)));

  const verdict = memoryVerdict(samples, options.memoryMarginPercent);
  checks.push(
    check(
      `server memory flat: median RSS of the last quarter within +${options.memoryMarginPercent} % of the first (after warm-up)`,
      `≤ +${options.memoryMarginPercent} %`,
      verdict.reason ?? `${verdict.growthPercent >= 0 ? '+' : ''}${verdict.growthPercent.toFixed(1)} %`,
      verdict.ok,
    ),
  );
  return {
    ledger,
    checks,
    records,
    figures: { setupSeconds, daySeconds, socketEvents, memory: samples, verdict, loadBefore },
  };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  console.log(
    `Plant-day simulator: ${options.trucks} trucks, 06:00–22:00 at ×${options.accel} ` +
      `(${(DAY_SECONDS / options.accel / 60).toFixed(1)} min), seed ${options.seed}, ${options.engine}`,
  );
  // Queue numbers start again at midnight: a truck of yesterday and one of today could hold the
  // same number, and the lab, weighbridge and gate find trucks by number.
  const expectedEnd = new Date(Date.now() + (DAY_SECONDS / options.accel + 120) * 1000);
  if (siteToday(SITE_TIMEZONE, expectedEnd) !== siteToday(SITE_TIMEZONE)) {
    console.warn(`Warning: this run crosses midnight in ${SITE_TIMEZONE}; queue numbers restart then.`);
  }
  const server = await startSimServer(options);
  console.log(`Server ${server.url} (pid ${server.pid}, ${server.engine})`);
  let stopped: Promise<number | null> | null = null;
  const stop = () => (stopped ??= server.stop());
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const result = await simulate(server, options);
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
  }
}

process.exit(
  await main().catch((error: unknown) => {
    console.error((error as Error).message);
    return 1;
  }),
);
