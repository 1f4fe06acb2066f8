import { DEFAULT_GROSS_LIMITS } from '@truck-queue/shared/queue/weight-checks';
import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { Access, ApiContract } from '@truck-queue/shared/contracts/api';
import { catalogContracts } from '@truck-queue/shared/contracts/catalog.contract';
import {
  callingControllerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import { hello } from '@truck-queue/shared/contracts/device.contract';
import { inOutTransactionExport } from '@truck-queue/shared/contracts/report.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import {
  alerts,
  branchQueueTypeProducts,
  deviceQueueTypes,
  devices,
  flowEngines,
  flowStates,
  identifications,
  integrationKeys,
  officerQueueTypes,
  officerStations,
  printJobs,
  queueDisputes,
  queueReasons,
  queueTransitions,
  queues,
  queueTypes,
  stationStates,
  vehicleTares,
} from '../db/schema.ts';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { deviceSocket, listen } from './sockets.ts';
import { newBrowser, registerDevice, sayHello } from './devices.ts';
import type { TestContext } from './harness.ts';
import { createPlant, issueTicket } from './plant.ts';
import { fuzzBookings } from './fuzz-bookings.ts';

/** A plate camera's snapshot, base64: a JPEG the reads accept. */
const PLATE_JPEG = readFileSync(new URL('./fixtures/plate-70-1234.jpg', import.meta.url)).toString('base64');

/** 0.1 s of 8 kHz 16-bit mono silence, base64: a recording the upload accepts. */
const SILENT_WAV = (() => {
  const wav = Buffer.alloc(44 + 1600);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + 1600, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(1600, 40);
  return wav.toString('base64');
})();

/**
 * The plant the fuzzer works in: the test plant, plus officers, devices, a queue type, a
 * product and a station that exist to be edited, cancelled or signed out by fuzzed calls, so
 * the sessions and devices the other calls use stay valid. `validBody` gives, for every call,
 * a body the server accepts (at the plant's current state); the fuzzer mutates it.
 */
export async function createFuzzPlant(t: TestContext) {
  const plant = await createPlant(t, 'Fuzz plant');
  const admin = plant.officers.admin.session;
  const otherBranch = await t.createBranch('Other plant');

  const signedIn = async (roles: string) => {
    const o = await t.createOfficer({ branchId: plant.branch.id, roles });
    return { ...o, session: await t.signIn(o.email, o.password) };
  };
  /** Signs out through the fuzzer: a new session after each accepted sign-out. */
  const leaver = await signedIn(ROLE.employee);
  /** Changes its own password through the fuzzer (which ends its other sessions only). */
  const passwordOwner = await signedIn(ROLE.labChecker);
  const switcher = await signedIn(`${ROLE.manager},${ROLE.branchSwitcher}`);
  /** Signs in through the fuzzer (until the per-account throttle stops it). */
  const signer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.security });
  /** Edited, re-assigned and given new passwords by the admin calls. */
  const victim = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });
  const doomed = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });

  const master = async (name: string) =>
    (await t.db.select().from(queueTypes).where(eq(queueTypes.name, name)))[0]!;
  const spareType = (
    await t.call(
      catalogContracts.doBranchQT,
      { queue_type: (await master('ส่งอ้อย')).id, prefix: 'S', status: '1' },
      admin,
    )
  ).branchQT;
  const doomedType = (
    await t.call(
      catalogContracts.doBranchQT,
      { queue_type: (await master('ส่งวัตถุดิบอื่น (ตรวจคุณภาพ)')).id, prefix: 'X', status: '1' },
      admin,
    )
  ).branchQT;
  const freeMaster = await master('ส่งสินค้าทั่วไป');
  const spareProduct = (await t.call(catalogContracts.doMainProduct, { name: 'สินค้าสำรอง' }, admin)).product;
  const spareStation = (await t.call(catalogContracts.doMainStation, { name: 'สถานีสำรอง' }, admin)).station;
  const spareWeighbridge = (
    await t.call(catalogContracts.doMainStation, { name: 'ตาชั่งสำรอง', weighbridge: true }, admin)
  ).station;
  const [generalCall] = await t.db
    .select({ id: flowStates.id })
    .from(flowStates)
    .where(and(eq(flowStates.flowEngineId, 1), eq(flowStates.state, 'C')));
  await t.call(catalogContracts.manageState, { id: spareStation.id, flow_state: [generalCall!.id] }, admin);
  await t.call(
    callingControllerContracts.callingManageOT,
    { id: victim.id, branch_queue_type: [plant.types.standard.id] },
    admin,
  );
  await t.call(
    callingControllerContracts.callingManageStation,
    { id: victim.id, station: [spareStation.id] },
    admin,
  );

  // Devices that make calls (their credentials stay valid) and devices the admin calls manage.
  const display = newBrowser();
  const printer = newBrowser();
  await registerDevice(t, plant, 'display', display);
  const printerKiosk = await registerDevice(t, plant, 'printer', printer);
  // A kiosk on a USB printer, never connected here: a test print sent to it fails at once.
  const usbKiosk = await registerDevice(t, plant, 'printer', newBrowser());
  await t.db.update(devices).set({ printTarget: 'usb' }).where(eq(devices.id, usbKiosk.id));
  /** A job waiting for the calling kiosk to fetch and report (the first report ends it; later ones change nothing). */
  const pendingJob = async () =>
    (
      await t.db
        .insert(printJobs)
        .values({
          branchId: plant.branch.id,
          kind: 'test',
          deviceId: printerKiosk.id,
          target: 'usb',
          state: 'pending',
        })
        .returning({ id: printJobs.id })
    )[0]!.id;
  const jobToFetch = await pendingJob();
  const jobToReport = await pendingJob();
  const spareDisplay = await registerDevice(t, plant, 'display', newBrowser());
  const sparePrinter = await registerDevice(t, plant, 'printer', newBrowser());
  // Officers weigh by hand too (the weighing calls below are made by an employee).
  await t.call(scaleContracts.saveManualWeights, { roles: [ROLE.employee] }, plant.officers.admin.session);
  // Plate cameras (issue 42): one at the gate that posts reads, one over the spare weighbridge,
  // and one the admin edits, registers and cancels. Reads of plates no truck holds wait for an
  // officer: each decision's valid body decides a new one.
  const gateCamera = newBrowser();
  const gateReader = await registerDevice(t, plant, 'reader', gateCamera);
  const deckCamera = newBrowser();
  const deckReader = await registerDevice(t, plant, 'reader', deckCamera);
  await t.call(
    readerContracts.save,
    { uuid: deckReader.uuid, name: deckReader.name, action: 'weighbridge', station_id: spareWeighbridge.id },
    admin,
  );
  const spareReader = await registerDevice(t, plant, 'reader', newBrowser());
  // An entrance camera (check_in): a plate no booking holds asks the ticket desk.
  const entranceCamera = newBrowser();
  const entranceReader = await registerDevice(t, plant, 'reader', entranceCamera);
  await t.call(
    readerContracts.save,
    { uuid: entranceReader.uuid, name: entranceReader.name, action: 'check_in', station_id: null },
    admin,
  );
  let unknownPlates = 0;
  const openRead = async (camera: typeof gateCamera, snapshot?: string) => {
    const response = await t.post(
      'device/identify',
      {
        plate: `99-${String(++unknownPlates).padStart(4, '0')}`,
        confidence: 99,
        ...(snapshot ? { snapshot } : {}),
      },
      { headers: camera.headers },
    );
    return response.json<{ read: { id: number } }>().read.id;
  };
  const snapshotRead = await openRead(gateCamera, PLATE_JPEG);
  await openRead(gateCamera);
  await openRead(deckCamera);
  await openRead(entranceCamera);
  /** The oldest read of the camera that waits for an officer (read only: a body never writes). */
  const waitingRead = async (readerId: number) =>
    firstId(
      t.db
        .select({ id: identifications.id })
        .from(identifications)
        .where(
          and(
            eq(identifications.readerId, readerId),
            eq(identifications.outcome, 'needs_officer'),
            isNull(identifications.resolvedAt),
          ),
        )
        .orderBy(identifications.id)
        .limit(1),
    );
  // A scale with no bridge connected: captures from it are refused (SCALE_OFFLINE).
  const spareScale = await registerDevice(t, plant, 'scale', newBrowser());
  // A scale whose bridge reports a stable weight, on a real socket: captures from it are taken.
  const liveBrowser = newBrowser();
  const liveScale = await registerDevice(t, plant, 'scale', liveBrowser);
  // Its first contact verifies it; made by a hello, the socket is not then sent away to reconnect.
  await sayHello(t, 'scale', liveBrowser);
  const bridge = await deviceSocket(await listen(t), {
    apiKey: t.config.apiKey,
    kind: 'scale',
    device_id: liveBrowser.id,
    secret: liveBrowser.secret,
  });
  // One report is enough: the app's clock, which its freshness reads, does not move in the fuzz run.
  bridge.emit('weight', {
    state: 'stable',
    kg: 30_000,
    raw: 'ST,GS,+0030000kg',
    at: new Date().toISOString(),
  });
  // A recording for the fuzzed removals to remove (made again after each one accepted).
  const recordEight = () =>
    t.post('voice/upload', { token: '8', audio: SILENT_WAV }, { session: plant.officers.admin.session });
  await recordEight();
  // Screens waiting with the ids the fuzzed Register calls type: Register takes only those.
  for (const [id, kind] of [
    ['FUZZ3456', 'display'],
    ['FUZZ7890', 'display'],
    ['KIOSK345', 'printer'],
    ['KIOSK678', 'printer'],
    ['SCALE345', 'scale'],
    ['SCALE678', 'scale'],
    ['READR345', 'reader'],
    ['READR678', 'reader'],
  ] as const) {
    await sayHello(t, kind, newBrowser(id));
  }
  for (const [browser, kind] of [
    [display, 'display'],
    [printer, 'printer'],
  ] as const) {
    // The first hello after Register verifies the device; later ones only read.
    const response = await t.post(hello.path, { device_id: browser.id, kind }, { headers: browser.headers });
    if (response.statusCode !== 200) throw new Error(`hello failed: ${response.body}`);
  }

  // A result out on the spare lab type, which measures sweetness: what the fuzzed corrections
  // correct (alternating values, so each one changes something).
  await t.db
    .insert(branchQueueTypeProducts)
    .values({ branchQueueTypeId: spareType.id, productId: plant.products.cassava.id });
  const measured = await t.post(
    'defineQueue/saveLabMeasure',
    {
      branch_queue_type_id: spareType.id,
      name: 'ความหวาน',
      unit: 'CCS',
      decimals: 1,
      min: 0,
      max: 30,
      pass_min: 10,
      pass_max: null,
      on_fail: 'recheck',
      fail_reason_id: null,
      deduct_above: null,
      sort: 1,
      active: true,
    },
    { session: plant.officers.admin.session },
  );
  const sweetness = measured.json<{ lab_measure: { id: number } }>().lab_measure.id;
  const issued = await t.post(
    'process/printer/issueQueue',
    { id_branchQT: spareType.id, product: plant.products.cassava.id, truck_license: 'กข 1003' },
    { session: admin },
  );
  if (issued.statusCode !== 200) throw new Error(`the corrected ticket was not issued: ${issued.body}`);
  const correctedTicket = issued.json<{ queue: { uuid: string } }>().queue;
  const lab = { session: plant.officers.lab.session };
  await t.post('process/example/accept', { uuid: correctedTicket.uuid }, lab);
  const out = await t.post(
    'process/example/completed',
    { uuid: correctedTicket.uuid, values: [{ measure_id: sweetness, value: 12 }] },
    lab,
  );
  if (out.statusCode !== 200) throw new Error(`the corrected ticket's checkout failed: ${out.body}`);

  // A line with an order rule (issue 38) whose one class is held at its cap where a manager may
  // admit: the general line's visitor of that class waits, for the admission and class changes.
  const heldRule = {
    classes: [{ key: 'vip', name: 'แขกพิเศษ', share: 1, first: false, product_ids: [] }],
    ordinary_share: 1,
    max_wait_minutes: null,
    fresh_limit_minutes: null,
    stale_first: false,
    caps: [{ class_key: 'vip', max_percent: 1, of: 'loads', when_full: 'ask' }],
    ask_reason: false,
  };
  const ruled = await t.post(
    'admin/queueType/saveOrderRule',
    { id_branchQT: plant.types.general.id, rule: heldRule },
    { session: plant.officers.admin.session },
  );
  if (ruled.statusCode !== 200) throw new Error(`the general line's rule was not set: ${ruled.body}`);
  const heldIssue = await t.post(
    'process/printer/issueQueue',
    {
      id_branchQT: plant.types.general.id,
      product: plant.products.parts.id,
      truck_license: 'กข 3009',
      order_class: 'vip',
    },
    { session: plant.officers.caller.session },
  );
  if (heldIssue.statusCode !== 200) throw new Error(`the held visitor was not issued: ${heldIssue.body}`);
  const heldTicket = heldIssue.json<{ queue: { uuid: string } }>().queue;
  const reasonId = async (kind: string) =>
    firstId(
      t.db
        .select({ id: queueReasons.id })
        .from(queueReasons)
        .where(and(eq(queueReasons.branchId, plant.branch.id), eq(queueReasons.kind, kind))),
    );

  const ticket = await issueTicket(t, plant, 'lab', 'กข 1001');
  await issueTicket(t, plant, 'lab', 'กข 1002');
  const standardTicket = await issueTicket(t, plant, 'standard', 'กข 2001');
  // Weighed through the live scale by the fuzzed captures (in, then out).
  const scaleTicket = await issueTicket(t, plant, 'standard', 'กข 2002');
  // Two trucks weighed in and out (each has a slip): the driver of the first disputes it in the
  // fuzzed calls; the second's dispute is open already, for the admins' answer.
  const weighedOut = async (licence: string) => {
    const weighed = await issueTicket(t, plant, 'standard', licence);
    for (const [direction, weight] of [
      ['In', 31_000],
      ['Out', 12_000],
    ] as const)
      await t.post(
        `process/weighing/weigh${direction}`,
        { uuid: weighed.uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
        { session: plant.officers.admin.session },
      );
    return weighed;
  };
  const slipTicket = await weighedOut('กข 2003');
  const disputedTicket = await weighedOut('กข 2004');
  // Issue 42: a truck whose vehicle has a stored tare, weighed in loaded and called to unload, at
  // a branch that allows finishing on one: the fuzzed calls finish it on that tare.
  await t.db.insert(vehicleTares).values({
    branchId: plant.branch.id,
    plateKey: plateSearchKey('กข 2006'),
    licence: 'กข 2006',
    kg: '11000.0',
    weighedAt: t.clock.now(),
    origin: 'officer',
  });
  await t.post(
    'weighbridge/saveWeighingRules',
    {
      stored_tare_allowed: true,
      stored_tare_days: 30,
      gross_limits: { ...DEFAULT_GROSS_LIMITS },
    },
    { session: plant.officers.admin.session },
  );
  await t.post(
    'weighbridge/saveStoredTare',
    { licence: '70-1234', kg: 10_500 },
    { session: plant.officers.admin.session },
  );
  const tareTicket = await issueTicket(t, plant, 'standard', 'กข 2006');
  await t.post(
    'process/weighing/weighIn',
    { uuid: tareTicket.uuid, weight: 30_000, reason: 'ตาชั่งขัดข้อง' },
    { session: plant.officers.admin.session },
  );
  await t.db.update(queues).set({ calledAt: t.clock.now() }).where(eq(queues.id, tareTicket.id));
  // Followed by a browser (Web Push): a ticket no fuzzed route moves, so it stays inside and a
  // subscription can be accepted however long the run (the lab's fuzzed checkouts end ticket).
  const followedTicket = await issueTicket(t, plant, 'standard', 'กข 2005');
  await t.post('process/user/dispute', { queue_number_id: disputedTicket.uuid, note: 'น้ำหนักไม่ตรง' });
  const [openDispute] = await t.db.select({ id: queueDisputes.id }).from(queueDisputes);
  // Integration keys: the fuzzer's own (every scope, the most calls a minute) and a spare to revoke.
  const makeKey = async (name: string) => {
    const made = await t.post(
      'admin/createIntegrationKey',
      {
        name,
        scopes: ['receipts:read', 'reports:read', 'tickets:read'],
        rate_per_minute: 600,
        expires_on: null,
      },
      { session: admin },
    );
    if (made.statusCode !== 200) throw new Error(`no integration key: ${made.body}`);
    return made.json<{ key: { id: number }; secret: string }>();
  };
  const fuzzKey = await makeKey('ERP (fuzz)');
  const spareKey = await makeKey('Spare (fuzz)');
  // Webhook endpoints (on the port nothing answers, opened for the run): the fuzzer's own and a spare to remove.
  const hookUrl = 'https://127.0.0.1:9/hooks';
  const makeHook = async (name: string) => {
    const made = await t.post(
      'admin/createWebhook',
      { name, url: hookUrl, events: ['ticket.issued', 'ticket.weighed'] },
      { session: admin },
    );
    if (made.statusCode !== 200) throw new Error(`no webhook endpoint: ${made.body}`);
    return made.json<{ endpoint: { id: number } }>().endpoint;
  };
  let fuzzHook = await makeHook('ERP (fuzz)');
  let spareHook = await makeHook('Spare (fuzz)');
  // An alert rule and one of its alerts (a waiting truck), for the bell's calls and its acknowledgement.
  const ruleMade = await t.post(
    'admin/saveAlertRule',
    {
      kind: 'waiting_call',
      branch_queue_type_id: null,
      threshold_minutes: 30,
      threshold_percent: null,
      repeat_minutes: 15,
      urgent: true,
      active: true,
    },
    { session: plant.officers.admin.session },
  );
  const alertRuleId = ruleMade.json<{ rule: { id: number } }>().rule.id;
  const [fuzzAlert] = await t.db
    .insert(alerts)
    .values({
      branchId: plant.branch.id,
      ruleId: alertRuleId,
      subject: `queue:${followedTicket.id}`,
      queueId: followedTicket.id,
      since: t.clock.now(),
      raisedAt: t.clock.now(),
    })
    .returning({ id: alerts.id });
  // A call of that ticket today, for the calling page's proof and its re-announcements.
  const [called] = await t.db
    .insert(queueTransitions)
    .values({
      queueId: standardTicket.id,
      action: 'call',
      fromState: 'W',
      toState: 'C',
      stationId: Object.values(plant.stations)[0]!.id,
      officerId: plant.officers.caller.id,
    })
    .returning({ id: queueTransitions.id });
  await issueTicket(t, plant, 'general', 'กข 3001');
  const [labEngine] = await t.db.select().from(flowEngines).where(eq(flowEngines.id, 3));
  const period = { find_start: '2026-11-01', find_finish: '2026-11-20' };
  const exported = await t.call(
    inOutTransactionExport,
    { ...period, find_license: '', find_product: 0 },
    admin,
  );
  const exportToken = exported.excel_url.split('/').pop()!;
  // A season of cassava and a grower to set quotas for in it.
  const quotaGrower = await t.post(
    'admin/supplier/save',
    {
      code: 'SQ-1',
      name: 'ชาวไร่โควตา',
      kind: 'grower',
      phone: null,
      tax_id: null,
      leader_id: null,
      active: true,
      vehicles: [],
    },
    { session: admin },
  );
  const quotaGrowerId = quotaGrower.json<{ supplier: { id: number } }>().supplier.id;
  const fuzzSeason = { product: plant.products.cassava.id, unit: 'tonnes', over_quota: 'warn' } as const;
  /** The fuzzer's season as made; put back after an accepted save of it (afterAccepted). */
  const seasonAsMade = {
    ...fuzzSeason,
    name: '2569/70',
    starts_on: '2026-11-01',
    ends_on: '2027-04-30',
    active: true,
  } as const;
  const seasonMade = await t.post('admin/season/save', seasonAsMade, { session: admin });
  const seasonId = seasonMade.json<{ season: { id: number } }>().season.id;

  const sessions = {
    admin,
    caller: plant.officers.caller.session,
    lab: plant.officers.lab.session,
    security: plant.officers.security.session,
    leaver: leaver.session,
    passwordOwner: passwordOwner.session,
    switcher: switcher.session,
  };
  let ownPassword = prehashPassword(passwordOwner.password);

  /** The first row id of a link table for this owner, or an id that matches nothing. */
  const firstId = async (rows: Promise<{ id: number }[]>) => (await rows)[0]?.id ?? 999_999;
  const deviceLink = (deviceId: number) =>
    firstId(
      t.db
        .select({ id: deviceQueueTypes.id })
        .from(deviceQueueTypes)
        .where(eq(deviceQueueTypes.deviceId, deviceId)),
    );

  const booking = await fuzzBookings(t, plant, admin);

  /**
   * The products each queue type offers as made; put back after an accepted product/manageProduct
   * whose mutated id hit one of the plant's types (the lab line no longer taking the season's
   * product refuses every admin/booking/generate, valid body or not).
   */
  const productsAsMade = new Map<number, number[]>();
  for (const row of await t.db.select().from(branchQueueTypeProducts))
    productsAsMade.set(row.branchQueueTypeId, [
      ...(productsAsMade.get(row.branchQueueTypeId) ?? []),
      row.productId,
    ]);

  type Body = Record<string, unknown>;
  /**
   * `n` counts the route's valid bodies (0 first): calls with two forms (create or edit)
   * alternate between them. The first, sent before any random plan (fuzz-requests.ts,
   * VALID_PLAN), is one the route accepts: a capture from the live scale, not the spare one.
   */
  const validBodies: Record<string, (n: number) => Body | Promise<Body>> = {
    'authen/signin': () => ({
      email: signer.email,
      password: prehashPassword(signer.password),
      remember: false,
    }),
    'authen/signinSettings': (n) => (n % 2 ? {} : { branch_id: plant.branch.id }),
    'authen/signout': () => ({}),
    'authen/checkSession': () => ({}),
    'authen/checkAccess': () => ({}),
    'authen/getOfficer': () => ({}),
    'authen/mainBranch': () => ({}),
    'authen/getBranchSetID': () => ({}),
    'authen/getUpdateBranchID': (n) =>
      n % 2
        ? { id: plant.branch.id, name: plant.branch.name }
        : { id: otherBranch.id, name: otherBranch.name },
    'authen/changeOwnPassword': (n) => ({
      old_password: ownPassword,
      new_password: prehashPassword(`pw-${n}`),
    }),

    'defineQueue/branchQT': () => ({}),
    'defineQueue/queueType': () => ({}),
    'defineQueue/doBranchQT': (n) =>
      n % 2
        ? { queue_type: freeMaster.id, prefix: 'D', status: '1' }
        : { uuid: spareType.uuid, prefix: 'SA' },
    'defineQueue/cancelQT': () => ({ uuid: doomedType.uuid }),
    'defineQueue/saveLabMeasure': (n) => ({
      branch_queue_type_id: plant.types.lab.id,
      name: `ค่าที่วัด ${n}`,
      unit: '%',
      decimals: 1,
      min: 0,
      max: 100,
      pass_min: n % 2 ? 18 : null,
      pass_max: null,
      on_fail: n % 2 ? 'recheck' : 'reject',
      fail_reason_id: null,
      deduct_above: n % 3 ? null : 0,
      sort: n % 10,
      // Retired at once: the lab calls fuzzed before these still check out without values.
      active: false,
    }),
    'product/mainProduct': (n) => (n % 2 ? {} : { id_branchQT: spareType.id }),
    'product/manageProduct': () => ({
      id: spareType.id,
      product: [spareProduct.id, plant.products.starch.id],
    }),
    'product/doMainProduct': (n) =>
      n % 2
        ? { name: `สินค้า ${n}` }
        : {
            uuid: spareProduct.uuid,
            name: 'สินค้าสำรอง 2',
            min_net_kg: 5_000,
            max_net_kg: 30_000,
            max_gross_kg: null,
            vehicle_class: 'cane_truck',
          },
    'station/mainStation': () => ({}),
    'station/doMainStation': (n) =>
      n % 2 ? { name: `สถานี ${n}` } : { uuid: spareStation.uuid, name: 'สถานีสำรอง 2' },
    'station/loadState': () => ({ id: spareStation.id }),
    'station/manageState': () => ({ id: spareStation.id, flow_state: [generalCall!.id] }),
    'station/deleteStationUS': async () => ({
      id: await firstId(
        t.db
          .select({ id: stationStates.id })
          .from(stationStates)
          .where(eq(stationStates.stationId, spareStation.id)),
      ),
    }),

    'calling/mainCalling': () => ({}),
    'calling/announcements': () => ({ queue_ids: [standardTicket.id, ticket.id] }),
    'calling/reannounce': () => ({ call_id: called!.id }),
    'calling/loadQueueType': () => ({ id: victim.id }),
    'calling/manageOT': () => ({ id: victim.id, branch_queue_type: [plant.types.standard.id] }),
    'calling/loadStation': () => ({ id: victim.id }),
    'calling/manageStation': () => ({ id: victim.id, station: [spareStation.id] }),
    'calling/deleteDeviceCtrl': async () => ({
      id: await firstId(
        t.db
          .select({ id: officerQueueTypes.id })
          .from(officerQueueTypes)
          .where(eq(officerQueueTypes.officerId, victim.id)),
      ),
    }),
    'calling/deleteStationCtrl': async () => ({
      id: await firstId(
        t.db
          .select({ id: officerStations.id })
          .from(officerStations)
          .where(eq(officerStations.officerId, victim.id)),
      ),
    }),

    'display/mainDisplay': () => ({}),
    'display/doMainDisplay': (n) =>
      n % 2 ? { name: `จอ ${n}` } : { uuid: spareDisplay.uuid, name: 'จอสำรอง' },
    'display/addDevice': (n) => ({ uuid: spareDisplay.uuid, device_id: n % 2 ? 'FUZZ3456' : 'fuzz-7890' }),
    'display/cancelDevice': () => ({ uuid: spareDisplay.uuid }),
    'display/loadQueueType': () => ({ id: spareDisplay.id }),
    'display/manageOT': () => ({ id: spareDisplay.id, branch_queue_type: [plant.types.lab.id] }),
    'display/deleteDeviceCtrl': async () => ({ id: await deviceLink(spareDisplay.id) }),
    'printer/mainPrinter': () => ({}),
    'printer/doMainPrinter': (n) =>
      n % 2
        ? { name: `ตู้ ${n}`, printer: 1 }
        : { uuid: sparePrinter.uuid, name: 'ตู้สำรอง', printer_name: 'EPSON TM-T82' },
    'printer/addDevice': (n) => ({ uuid: sparePrinter.uuid, device_id: n % 2 ? 'KIOSK345' : 'kios-k678' }),
    'printer/cancelDevice': () => ({ uuid: sparePrinter.uuid }),
    'printer/loadQueueType': () => ({ id: sparePrinter.id }),
    'printer/manageOT': () => ({ id: sparePrinter.id, branch_queue_type: [plant.types.general.id] }),
    'printer/deleteDeviceCtrl': async () => ({ id: await deviceLink(sparePrinter.id) }),
    'printer/checkPrinter': () => ({ uuid: sparePrinter.uuid }),
    'reader/mainReader': () => ({}),
    'reader/doMainReader': (n) =>
      n % 2
        ? n % 4 === 1
          ? { name: `กล้อง ${n}`, action: 'gate_exit', station_id: null }
          : { name: `กล้องทางเข้า ${n}`, action: 'check_in', station_id: null, printer_id: null }
        : {
            uuid: spareReader.uuid,
            name: 'กล้องสำรอง',
            action: 'weighbridge',
            station_id: spareWeighbridge.id,
            min_confidence: 85,
          },
    'reader/addDevice': (n) => ({ uuid: spareReader.uuid, device_id: n % 2 ? 'READR345' : 'read-r678' }),
    'reader/cancelDevice': () => ({ uuid: spareReader.uuid }),
    'device/identify': (n) =>
      n % 3 === 0
        ? { plate: '70-1234 ขอนแก่น', confidence: 95.5, snapshot: PLATE_JPEG }
        : n % 3 === 1
          ? { plate: '๘๘-๘๘๘๘', confidence: 40 }
          : { tag: 'e2 80 11 60 60 00 02 08' },
    'process/security/reads': () => ({}),
    'process/security/resolveRead': async () => ({ id: await waitingRead(gateReader.id) }),
    'process/weighing/reads': () => ({}),
    'process/weighing/resolveRead': async () => ({ id: await waitingRead(deckReader.id) }),
    'process/calling/reads': () => ({}),
    'process/calling/resolveRead': async () => ({ id: await waitingRead(entranceReader.id) }),
    'process/identification/snapshot': () => ({ id: snapshotRead }),
    'process/identification/ticketSnapshot': () => ({ uuid: slipTicket.uuid }),
    'weighbridge/mainScale': () => ({}),
    'weighbridge/doMainScale': (n) =>
      n % 2
        ? { name: `ตาชั่ง ${n}`, station_id: null }
        : { uuid: spareScale.uuid, name: 'ตาชั่งสำรอง', station_id: spareWeighbridge.id },
    'weighbridge/addDevice': (n) => ({ uuid: spareScale.uuid, device_id: n % 2 ? 'SCALE345' : 'scal-e678' }),
    'weighbridge/cancelDevice': () => ({ uuid: spareScale.uuid }),
    'weighbridge/saveManualWeights': (n) => ({
      roles: n % 2 ? [ROLE.employee] : [ROLE.manager, ROLE.employee],
    }),
    'weighbridge/weighingRules': () => ({}),
    'weighbridge/saveWeighingRules': (n) => ({
      // Always allowed, for long: the stored-tare truck above is finished whatever the order of calls.
      stored_tare_allowed: true,
      stored_tare_days: 30 + (n % 300),
      gross_limits: { ...DEFAULT_GROSS_LIMITS },
    }),
    'weighbridge/storedTares': (n) => (n % 2 ? {} : { plate: '70-1234' }),
    // One vehicle, recorded again and again; its tare is there before the first removal (set up above).
    'weighbridge/saveStoredTare': (n) => ({ licence: '70-1234', kg: 10_000 + (n % 100) }),
    'weighbridge/removeStoredTare': () => ({ licence: '70-1234' }),
    'printer/testPrint': () => ({ uuid: usbKiosk.uuid }),
    'calling/printers': () => ({}),
    'calling/reprintTicket': (n) => ({
      uuid: standardTicket.uuid,
      printer_uuid: n % 2 ? usbKiosk.uuid : null,
    }),
    'process/weighing/slip': () => ({ uuid: slipTicket.uuid }),
    'process/weighing/printSlip': (n) => ({
      uuid: slipTicket.uuid,
      printer_uuid: n % 2 ? usbKiosk.uuid : null,
    }),
    'device/printJob': () => ({ job_id: jobToFetch }),
    'device/printResult': (n) => ({
      job_id: jobToReport,
      outcome: n % 2 ? 'printed' : 'failed',
      reason: n % 2 ? null : 'paper_end',
      health: n % 2 ? 'ok' : 'paper_end',
    }),

    'device/hello': () => ({ device_id: display.id, kind: 'display' }),
    'device/displayBoard': () => ({}),
    'device/recentPlates': (n) => ({ find_license: n % 2 ? 'กข 5' : '70-1' }),
    'device/voiceClips': (n) => ({ tokens: n % 2 ? ['1', 'A'] : ['เชิญหมายเลข', 'ก'] }),

    'voice/pack': () => ({}),
    'voice/preview': (n) => ({ tokens: [n % 2 ? '7' : 'ที่'] }),
    // A tenth of a second of silence as a WAV; "8" is recorded again after each removal.
    'voice/upload': () => ({ token: '9', audio: SILENT_WAV }),
    'voice/remove': () => ({ token: '8' }),

    'officer/mainOfficer': () => ({}),
    'officer/doMainOfficer': (n) =>
      n % 2
        ? {
            name: 'ใหม่',
            lastname: 'เจ้าหน้าที่',
            email: 'new.officer@example.com',
            roles: ROLE.employee,
            password: prehashPassword('new-pass'),
          }
        : { uuid: victim.uuid, name: 'สมชาย', lastname: 'ใจดี', email: victim.email, roles: ROLE.employee },
    'officer/changePassword': () => ({
      uuid: victim.uuid,
      new_password: prehashPassword('changed'),
      c_password: 'changed',
    }),
    'officer/cancelOfficer': () => ({ uuid: doomed.uuid }),

    'process/user/queueInformation': () => ({ queue_number_id: ticket.uuid }),
    'process/user/dispute': (n) => ({ queue_number_id: slipTicket.uuid, note: `น้ำหนักไม่ตรง ${n}` }),
    'admin/disputes': () => ({}),
    'admin/alertRules': () => ({}),
    'admin/saveAlertRule': (n) => ({
      ...(n % 2 ? { id: alertRuleId } : {}),
      // Every fourth a cap near its limit: a percent of the cap instead of minutes.
      kind: n % 4 === 3 ? 'cap_near' : n % 3 ? 'waiting_call' : 'station_idle',
      branch_queue_type_id: n % 2 ? null : plant.types.standard.id,
      threshold_minutes: n % 4 === 3 ? null : (n % 120) + 1,
      threshold_percent: n % 4 === 3 ? 50 + (n % 51) : null,
      repeat_minutes: n % 60,
      urgent: n % 2 === 0,
      active: true,
    }),
    'alerts/open': () => ({}),
    'alerts/history': (n) => ({ find_start: n % 2 ? '2026-11-20' : '2026-11-14', find_finish: '2026-11-20' }),
    'alerts/acknowledge': () => ({ id: fuzzAlert!.id }),
    'alerts/mySettings': () => ({}),
    'alerts/saveMySettings': (n) => ({
      quiet_start: n % 2 ? '22:00' : null,
      quiet_end: n % 2 ? '05:30' : null,
      subscribed_rule_ids: n % 3 ? [alertRuleId] : [],
    }),
    'alerts/lineLink': () => ({}),
    'alerts/lineUnlink': () => ({}),
    'admin/pendingDisputes': () => ({}),
    'process/user/notifyOptions': (n) => ({
      queue_number_id: followedTicket.uuid,
      ...(n % 2 ? { endpoint: `https://127.0.0.1:9/push/${n}` } : {}),
    }),
    // A browser's subscription to the stand-in push service the fuzzer names (PUSH_SERVICE_HOSTS):
    // nothing listens there, so what the notifier sends fails at once and is tried again later.
    'process/user/subscribePush': (n) => ({
      queue_number_id: followedTicket.uuid,
      subscription: {
        endpoint: `https://127.0.0.1:9/push/${n % 4}`,
        keys: {
          p256dh: 'BG_75nzHZdbKYLq0jEwefIbVprqAjARswSpQkAPd_GqqQmABN5Zzdnvgt41hZGAujnKvvsJzxpN2Ov6_5yt6_ps',
          auth: 'kgzSz_yCspK5RXuWiacFJQ',
        },
      },
      choice: { ahead: (n % 20) + 1, called: true, lab: n % 2 === 0 },
      language: 'th',
      consent: true,
    }),
    'process/user/unsubscribePush': (n) => ({
      queue_number_id: followedTicket.uuid,
      endpoint: `https://127.0.0.1:9/push/${n % 4}`,
    }),
    'admin/notifications': () => ({}),
    'admin/waitAccuracy': (n) => (n % 2 ? {} : { days: 1 + (n % 31) }),
    'admin/saveNotifySettings': (n) => ({
      privacy_notice: `โรงงานเก็บข้อมูลการแจ้งเตือน ${n} วัน`,
      contact_retention_days: (n % 365) + 1,
      plate_retention_days: (n % 3650) + 1,
    }),
    'admin/resolveDispute': (n) => ({ id: openDispute!.id, resolution: `ชั่งซ้ำแล้ว ${n}` }),
    'flowEngine/findFlowEngineByUUID': () => ({ uuid: labEngine!.uuid }),
    'process/calling/getCardInProcess': (n) => ({ find_total_day: n % 2 ? 1 : 3 }),
    'process/calling/getQueueByFlow': () => ({ uuid: labEngine!.uuid, find_date: '2026-11-20' }),
    'process/printer/issueQueue': (n) => ({
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: `กข ${5000 + (n % 50)}`,
      ...(n % 3 ? {} : { idempotency_key: `fuzz-key-${n % 7}` }),
    }),
    'process/printer/ticketOptions': () => ({}),
    'process/printer/recentPlates': (n) => ({ find_license: n % 2 ? '' : '5001' }),

    'report/periodDashboardByQueueType': () => period,
    'report/dashboardTrends': () => period,
    'report/branchesOverview': () => ({}),
    'report/lineOrder': () => period,
    'report/timeBreakdown': (n) => ({
      ...period,
      branch_queue_type_id: n % 2 ? 0 : plant.types.standard.id,
    }),
    'report/timeBreakdownExport': () => period,
    'admin/integrationKeys': () => ({}),
    'admin/createIntegrationKey': (n) => ({
      name: `ERP ${n}`,
      scopes: n % 2 ? ['tickets:read'] : ['reports:read', 'tickets:read'],
      rate_per_minute: 1 + (n % 600),
      expires_on: n % 3 ? null : '2027-12-31',
    }),
    'admin/revokeIntegrationKey': () => ({ id: spareKey.key.id }),
    'admin/integrationKeyCalls': (n) => ({
      id: fuzzKey.key.id,
      ...(n % 2 ? { before: '2026-11-21T00:00:00.000Z' } : {}),
    }),
    'admin/webhooks': () => ({}),
    'admin/createWebhook': (n) => ({
      name: `ERP ${n}`,
      url: hookUrl,
      events: n % 2 ? ['ticket.issued'] : ['ticket.issued', 'ticket.weighed', 'booking.changed'],
    }),
    'admin/updateWebhook': (n) => ({
      id: fuzzHook.id,
      name: `ERP ${n}`,
      url: hookUrl,
      events: ['ticket.exited'],
      active: n % 2 === 0,
    }),
    'admin/rotateWebhookSecret': () => ({ id: fuzzHook.id }),
    'admin/deleteWebhook': () => ({ id: spareHook.id }),
    'admin/webhookDeliveries': (n) => ({ id: fuzzHook.id, ...(n % 2 ? { status: 'failed' } : {}) }),
    'admin/replayWebhook': () => ({
      id: fuzzHook.id,
      // Within the log's 30 days, on the run's clock.
      since: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    }),
    'admin/testWebhook': () => ({ id: fuzzHook.id }),
    'integration/tickets': () => ({ ...period, find_license: '', find_product: 0 }),
    'integration/weighings': (n) => ({
      ...period,
      find_license: n % 2 ? '' : 'กข',
      page: 1,
      page_size: 10,
      sort_field: 'created',
      sort_order: 'ascend',
    }),
    'integration/goodsReceipts': (n) =>
      n % 2 ? { day: period.find_finish } : { since_id: n % 5, ...(n % 3 ? {} : { limit: 1 + (n % 500) }) },
    'report/goodsReceipts': () => ({ day: period.find_finish }),
    'report/goodsReceiptsExport': (n) => ({ day: period.find_finish, format: n % 2 ? 'csv' : 'json' }),
    'admin/erpSettings': () => ({}),
    'admin/saveErpSettings': (n) => ({
      plant_code: n % 3 ? `P${n % 100}` : '',
      movement_type: '101',
      products: [{ id: plant.products.cassava.id, erp_code: n % 2 ? `MAT-${n % 50}` : null }],
    }),
    'report/scorecards': (n) => ({ ...period, sort: n % 2 ? 'worst' : 'name' }),
    'report/scorecardsExport': () => period,
    'report/products': () => ({}),
    'report/inOutTransaction': () => ({ ...period, find_license: 'กข', find_product: 0 }),
    'report/inOutTransactionExport': () => ({ ...period, find_license: '', find_product: 0 }),
    'report/summary': () => ({
      ...period,
      find_license: '',
      page: 1,
      page_size: 10,
      sort_field: 'created',
      sort_order: 'ascend',
    }),
    'report/summaryTotals': (n) => ({ ...period, find_license: n % 2 ? '' : 'กข' }),
    'report/summaryExport': (n) => ({
      ...period,
      find_license: n % 2 ? '' : 'กข',
      sort_field: 'total_time',
      sort_order: 'descend',
    }),

    'process/example/accept': (n) => ({ queue_number: `A00${1 + (n % 2)}` }),
    'process/example/completed': (n) => ({ queue_number: `A00${1 + (n % 2)}` }),
    'process/example/getAcceptToday': () => ({ queue_number: 'A' }),
    'process/example/correct': (n) => ({
      uuid: correctedTicket.uuid,
      values: [{ measure_id: sweetness, value: 11 + (n % 2) }],
      note: 'พิมพ์ผิด',
    }),
    'process/security/exitFactory': () => ({ queue_number: 'C001', confirm_unfinished: true }),
    'process/security/getExitToday': () => ({}),
    'process/weighing/weighIn': () => ({ queue_number: 'B001', weight: 32_150.5, reason: 'ตาชั่งขัดข้อง' }),
    'process/weighing/weighOut': () => ({
      queue_number: 'B001',
      weight: 12_020,
      reason: 'ตาชั่งขัดข้อง',
      confirm_out_of_order: true,
    }),
    'process/weighing/getWeighToday': () => ({}),
    'process/weighing/getScales': () => ({}),
    // Issue 42: the stored tare of the standard ticket's vehicle, and finishing B001 on it.
    'process/weighing/storedTare': () => ({ uuid: standardTicket.uuid }),
    'process/weighing/finishOnStoredTare': () => ({ uuid: tareTicket.uuid, confirm_weight_warnings: true }),
    // The live scale weighs the scale's ticket in, then out; the scale with no bridge is refused.
    'process/weighing/capture': (n) =>
      n % 3 === 2
        ? { uuid: scaleTicket.uuid, direction: 'in', scale_uuid: spareScale.uuid }
        : {
            uuid: scaleTicket.uuid,
            direction: n % 3 ? 'out' : 'in',
            scale_uuid: liveScale.uuid,
            confirm_out_of_order: true,
          },

    'process/yard/rules': () => ({}),
    'admin/yard/settings': () => ({}),
    // Create first: an edit to the default void reason's name may meet that name (CONFLICT).
    'admin/yard/saveReason': async (n) =>
      n % 2 === 0
        ? { kind: 'reject', name: `เหตุผล ${n}`, active: true, sort: n % 999 }
        : {
            id: await firstId(
              t.db
                .select({ id: queueReasons.id })
                .from(queueReasons)
                .where(eq(queueReasons.branchId, plant.branch.id)),
            ),
            kind: 'void',
            name: 'ออกบัตรผิดประเภท',
            active: true,
            sort: 1,
          },
    'admin/yard/saveSettings': (n) => ({
      no_show_after_recalls: 1 + (n % 20),
      no_show_policy: n % 2 ? 'cancel' : 'requeue',
    }),
    'process/queue/history': () => ({ uuid: ticket.uuid }),
    'admin/queueType/orderRule': () => ({ id_branchQT: plant.types.lab.id }),
    'report/capUse': (n) => (n % 2 ? {} : { find_date: '2026-01-15' }),
    'admin/queueType/saveOrderRule': (n) => ({
      id_branchQT: plant.types.lab.id,
      rule:
        n % 2 ? null : { ...heldRule, caps: [], classes: [{ ...heldRule.classes[0]!, share: 1 + (n % 10) }] },
    }),
    'process/calling/setOrderClass': async (n) => ({
      uuid: heldTicket.uuid,
      order_class: 'vip',
      reason: { reason_id: await reasonId('reclass'), note: `แก้ ${n}` },
    }),
    'process/calling/admitPastCap': async () => ({
      uuid: heldTicket.uuid,
      reason: { reason_id: await reasonId('admit') },
    }),
    'admin/supplier/list': (n) => ({ find: n % 2 ? 'ไร่' : '', page: 1 + (n % 3), page_size: 20 }),
    // A new code each time (a taken code is refused), its own plate.
    'admin/supplier/save': (n) => ({
      code: `F-${n}`,
      name: `ชาวไร่ ${n}`,
      kind: n % 4 === 0 ? 'leader' : 'grower',
      phone: n % 2 ? '0812345678' : null,
      tax_id: null,
      leader_id: null,
      active: true,
      vehicles: [`9${n % 10}-${1000 + n} ขอนแก่น`],
      ...(n % 3 ? {} : { erp_code: n % 2 ? `V${n}` : null }),
      // Its own RFID tag now and then (a tag is one vehicle's).
      ...(n % 5
        ? {}
        : { vehicle_tags: { [`9${n % 10}-${1000 + n} ขอนแก่น`]: (0xf0000000 + n).toString(16) } }),
    }),
    'admin/supplier/import': (n) => ({
      file_name: 'suppliers.csv',
      content_base64: Buffer.from(`รหัส,ชื่อ\r\nI-${n},นำเข้า ${n}\r\n`).toString('base64'),
      apply: n % 2 === 1,
    }),
    'admin/supplier/export': () => ({ include_inactive: true }),
    'process/printer/findSupplier': (n) => ({ find: n % 2 ? 'F-' : '', licence: '90-1000 ขอนแก่น' }),
    'admin/season/list': () => ({}),
    // A new season, inactive (an active one would overlap), or the season edited.
    'admin/season/save': (n) =>
      n % 2
        ? { ...fuzzSeason, name: `ร่าง ${n}`, starts_on: '2027-11-01', ends_on: '2028-04-30', active: false }
        : {
            ...fuzzSeason,
            id: seasonId,
            name: `2569/70 (${n})`,
            starts_on: '2026-11-01',
            ends_on: '2027-04-30',
            over_quota: (['refuse', 'warn', 'reason'] as const)[n % 3],
            active: true,
          },
    'admin/season/quotas': (n) => ({
      season_id: seasonId,
      find: n % 2 ? 'SQ' : '',
      with_quota: n % 3 === 0,
      page: 1 + (n % 2),
      page_size: 20,
    }),
    'admin/season/saveQuotas': (n) => ({
      season_id: seasonId,
      quotas: [{ supplier_id: quotaGrowerId, entitlement: n % 5 === 0 ? null : 10 + (n % 50) }],
    }),
    ...booking.bodies,
    // The season's quotas handed out as the lab line's slots: previewed, or booked.
    'admin/booking/generate': (n) => ({
      season_id: seasonId,
      id_branchQT: plant.types.lab.id,
      from: '2026-11-21',
      to: '2026-11-28',
      tonnes_per_load: 10 + (n % 20),
      apply: n % 2 === 1,
    }),
  };

  /** A session that may make the call (null: the call takes none). */
  function sessionFor(contract: ApiContract): string | null {
    if (contract.path === 'authen/signout') return sessions.leaver;
    if (contract.path === 'authen/changeOwnPassword') return sessions.passwordOwner;
    const byAccess: Record<Access, string | null> = {
      public: null,
      device: null,
      session: sessions.admin,
      admin: sessions.admin,
      report: sessions.admin,
      dashboard: sessions.admin,
      // An admin calls every queue type of the branch: the fuzzed assignment calls (their ids
      // mutated) can take queue types away from an ordinary caller, and a call, re-announcement
      // or reprint out of its scope is refused, so no valid body would ever be accepted.
      calling: sessions.admin,
      weighing: sessions.caller,
      lab: sessions.lab,
      exit: sessions.security,
      branchSwitch: sessions.switcher,
      overrule: sessions.admin,
      suppliers: sessions.admin,
      // A key, never a session (keyFor).
      integration: null,
    };
    return byAccess[contract.access];
  }

  /** A live session whose role may not make the call, or null when every officer may. */
  function wrongSessionFor(contract: ApiContract): string | null {
    const byAccess: Partial<Record<Access, string>> = {
      admin: sessions.caller,
      report: sessions.caller,
      calling: sessions.lab,
      weighing: sessions.lab,
      lab: sessions.security,
      exit: sessions.lab,
      branchSwitch: sessions.admin,
    };
    return byAccess[contract.access] ?? null;
  }

  /** The credentials of a registered device that may make the call, if devices may. */
  function deviceFor(contract: ApiContract): Record<string, string> | null {
    if (contract.path === hello.path) return display.headers;
    if (contract.device === 'display') return display.headers;
    if (contract.device === 'printer') return printer.headers;
    if (contract.device === 'reader') return gateCamera.headers;
    return null;
  }

  /** The integration key that may make the call (its bearer token), if only a key may. */
  function keyFor(contract: ApiContract): string | null {
    return contract.access === 'integration' ? fuzzKey.secret : null;
  }

  /** Keeps the plant usable after calls that end sessions or change passwords were accepted. */
  async function afterAccepted(path: string, body: unknown): Promise<void> {
    if (path === 'process/security/resolveRead') {
      // Decided: another read waits for the next valid decision.
      await openRead(gateCamera);
    } else if (path === 'process/weighing/resolveRead') {
      await openRead(deckCamera);
    } else if (path === 'process/calling/resolveRead') {
      await openRead(entranceCamera);
    } else if (path === 'authen/signout') {
      sessions.leaver = await t.signIn(leaver.email, leaver.password);
    } else if (path === 'authen/changeOwnPassword') {
      ownPassword = (body as { new_password: string }).new_password;
    } else if (path === 'alerts/acknowledge') {
      // Open again, so the next valid acknowledgement is accepted too.
      await t.db
        .update(alerts)
        .set({ acknowledgedAt: null, acknowledgedBy: null })
        .where(eq(alerts.id, fuzzAlert!.id));
    } else if (path === 'admin/revokeIntegrationKey') {
      // Live again (a mutated id may have revoked the fuzzer's own key), for the next revocation.
      // (All of them: a raw body the server read may be one the fuzzer cannot.)
      await t.db.update(integrationKeys).set({ revokedAt: null, revokedBy: null });
    } else if (path === 'admin/deleteWebhook') {
      // Another spare, for the next removal; the fuzzer's own again when a mutated id removed it.
      if ((body as { id?: number } | null)?.id === fuzzHook.id) fuzzHook = await makeHook('ERP (fuzz)');
      else spareHook = await makeHook('Spare (fuzz)');
    } else if (path === 'voice/remove') {
      await recordEight();
    } else if (path === 'product/manageProduct') {
      const id = (body as { id?: number } | null)?.id ?? 0;
      const asMade = productsAsMade.get(id);
      if (id !== spareType.id && asMade) {
        const restored = await t.post('product/manageProduct', { id, product: asMade }, { session: admin });
        if (restored.statusCode !== 200)
          throw new Error(`queue type ${id}'s products were not put back: ${restored.body}`);
      }
    } else if (path === 'admin/season/save' && (body as { id?: unknown } | null)?.id === seasonId) {
      // The fuzzed season's product, days or state may no longer fit the quotas' calls: as it was.
      const restored = await t.post(
        'admin/season/save',
        { ...seasonAsMade, id: seasonId },
        { session: admin },
      );
      if (restored.statusCode !== 200)
        throw new Error(`the fuzzer's season was not put back: ${restored.body}`);
    } else {
      await booking.afterAccepted(path, body);
    }
  }

  return {
    plant,
    sessions,
    exportToken,
    validBodies,
    sessionFor,
    wrongSessionFor,
    deviceFor,
    keyFor,
    afterAccepted,
    /** The API key and another registered device's id, for credentials that almost work. */
    deviceIds: { display: display.id, printer: printer.id },
  };
}

export type FuzzPlant = Awaited<ReturnType<typeof createFuzzPlant>>;
