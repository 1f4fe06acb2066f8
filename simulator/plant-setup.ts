import { randomBytes } from 'node:crypto';
import { signin } from '@truck-queue/shared/contracts/auth.contract';
import {
  doBranchQT,
  doMainProduct,
  doMainStation,
  loadState,
  manageProduct,
  manageState,
  queueType,
} from '@truck-queue/shared/contracts/catalog.contract';
import {
  callingManageOT,
  callingManageStation,
  displayContracts,
  scaleContracts,
  printerContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import { DEVICE_ID_ALPHABET, hello } from '@truck-queue/shared/contracts/device.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { saveLabMeasure } from '@truck-queue/shared/contracts/lab.contract';
import { doMainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { FLOW_ENGINE, type FlowEngineId } from '@truck-queue/shared/queue/queue-machine';
import { ROLE } from '@truck-queue/shared/roles';
import type { ApiClient } from './api-client.ts';
import type { Flow, LabMeasureKey } from './plan.ts';

/**
 * The plant, built the way an admin builds one on a new installation: through the admin API,
 * signed in as the first SuperAdmin. Products, one queue type per flow with two products each,
 * stations and the states they handle, officers of every role with their queue types and
 * stations, a ticket kiosk and two TV displays, registered and verified.
 */

export interface QueueTypeSetup {
  id: number;
  name: string;
  prefix: string;
  flowEngineId: FlowEngineId;
  products: number[];
}

export interface Officer {
  id: number;
  email: string;
  session: string;
}

export interface DeviceSetup {
  uuid: string;
  deviceId: string;
  secret: string;
  /** The queue types it shows (display) or issues (kiosk). */
  typeIds: number[];
}

export interface Plant {
  branchId: number;
  types: Record<Flow, QueueTypeSetup>;
  stations: { labCall: number[]; recheck: number[]; standardCall: number[]; generalCall: number[] };
  /** Every station's id by its name (Call next's answer names the station). */
  stationByName: Map<string, number>;
  officers: {
    admin: Officer;
    labCaller: Officer;
    standardCaller: Officer;
    generalCaller: Officer;
    lab: Officer;
    weighbridge: Officer;
    gate: Officer;
    manager: Officer;
  };
  kiosk: DeviceSetup;
  displays: DeviceSetup[];
  /** The lab type's measurements (their ids), as plan.ts's labValues names them. */
  labMeasures: Record<LabMeasureKey, number>;
}

const ENGINE_OF: Record<Flow, FlowEngineId> = {
  lab: FLOW_ENGINE.lab,
  standard: FLOW_ENGINE.standard,
  general: FLOW_ENGINE.general,
};

/** A device's identity as its browser makes one up: a short id to type, a long secret to keep. */
function deviceIdentity() {
  const deviceId = [...randomBytes(8)].map((b) => DEVICE_ID_ALPHABET[b % DEVICE_ID_ALPHABET.length]).join('');
  return { deviceId, secret: randomBytes(32).toString('base64url') };
}

async function signIn(api: ApiClient, email: string, password: string) {
  const { officer } = await api.call(
    signin,
    { email, password: prehashPassword(password), remember: false },
    null,
  );
  return officer;
}

export async function setUpPlant(
  api: ApiClient,
  admin: { email: string; password: string },
  /** The call stations of each flow (tipping bays, loading bays, the front desk): call-lines.ts, stationsFor. */
  callStationCounts: Record<Flow, number>,
): Promise<Plant> {
  const adminOfficer = await signIn(api, admin.email, admin.password);
  const as = { session: adminOfficer.session };
  const branchId = adminOfficer.branch.id;

  const product = async (name: string) => (await api.call(doMainProduct, { name }, as)).product.id;
  const { queueType: masters } = await api.call(queueType, {}, as);
  const prefixes: Record<Flow, string> = { lab: 'A', standard: 'B', general: 'C' };
  const productNames: Record<Flow, [string, string]> = {
    lab: ['หัวมันสด', 'มันเส้น'],
    standard: ['แป้งมันสำปะหลัง (ถุง 50 กก.)', 'กากมัน'],
    general: ['อะไหล่และวัสดุซ่อมบำรุง', 'เอกสารและติดต่อสำนักงาน'],
  };
  const types = {} as Record<Flow, QueueTypeSetup>;
  for (const flow of ['lab', 'standard', 'general'] as const) {
    const master = masters.find((m) => m.flow_engine_id === ENGINE_OF[flow]);
    if (!master) throw new Error(`The server has no master queue type of flow engine ${ENGINE_OF[flow]}`);
    const products = [await product(productNames[flow][0]), await product(productNames[flow][1])];
    const { branchQT } = await api.call(
      doBranchQT,
      { queue_type: master.id, prefix: prefixes[flow], status: '1' },
      as,
    );
    await api.call(manageProduct, { id: branchQT.id, product: products }, as);
    types[flow] = {
      id: branchQT.id,
      name: branchQT.queue_type_name,
      prefix: branchQT.prefix,
      flowEngineId: ENGINE_OF[flow],
      products,
    };
  }

  const stationByName = new Map<string, number>();
  const station = async (name: string, engine: FlowEngineId, state: 'C' | 'RC') => {
    const created = (await api.call(doMainStation, { name }, as)).station;
    stationByName.set(name, created.id);
    const choices = (await api.call(loadState, { id: created.id }, as)).state;
    const flowState = choices.find((c) => c.fe_id === engine && c.state === state);
    if (!flowState) throw new Error(`No flow state ${state} of engine ${engine}`);
    await api.call(manageState, { id: created.id, flow_state: [flowState.id] }, as);
    return created.id;
  };
  /** `count` call stations named `name` 1, 2... (a single one just `name`), added as an admin adds them. */
  const callStations = async (name: string, engine: FlowEngineId, count: number) => {
    const ids: number[] = [];
    for (let i = 1; i <= count; i++)
      ids.push(await station(count === 1 ? name : `${name} ${i}`, engine, 'C'));
    return ids;
  };
  const stations = {
    labCall: await callStations('ลานเท', 3, callStationCounts.lab),
    recheck: [await station('จุดตรวจซ้ำ', 3, 'RC')],
    standardCall: await callStations('ช่องขึ้นสินค้า', 2, callStationCounts.standard),
    generalCall: await callStations('ประชาสัมพันธ์', 1, callStationCounts.general),
  };

  const officer = async (
    role: string,
    label: string,
    typeIds: number[] = [],
    stationIds: number[] = [],
  ): Promise<Officer> => {
    const email = `sim-${label}@example.com`;
    const password = randomBytes(12).toString('base64url');
    const created = await api.call(
      doMainOfficer,
      {
        name: 'เจ้าหน้าที่',
        lastname: `จำลอง ${label}`,
        email,
        roles: role,
        password: prehashPassword(password),
      },
      as,
    );
    if (typeIds.length)
      await api.call(callingManageOT, { id: created.officer.id, branch_queue_type: typeIds }, as);
    if (stationIds.length)
      await api.call(callingManageStation, { id: created.officer.id, station: stationIds }, as);
    const signedIn = await signIn(api, email, password);
    return { id: created.officer.id, email, session: signedIn.session };
  };
  const officers = {
    admin: { id: 0, email: admin.email, session: adminOfficer.session },
    labCaller: await officer(
      ROLE.employee,
      'lab-caller',
      [types.lab.id],
      [...stations.labCall, ...stations.recheck],
    ),
    standardCaller: await officer(
      ROLE.employee,
      'standard-caller',
      [types.standard.id],
      stations.standardCall,
    ),
    generalCaller: await officer(ROLE.employee, 'general-caller', [types.general.id], stations.generalCall),
    lab: await officer(ROLE.labChecker, 'lab'),
    weighbridge: await officer(ROLE.employee, 'weighbridge'),
    gate: await officer(ROLE.security, 'gate'),
    manager: await officer(`${ROLE.manager},${ROLE.branchSwitcher}`, 'manager'),
  };

  // The weighbridge clerk types weights the scale cannot give (the branch allows officers to).
  await api.call(scaleContracts.saveManualWeights, { roles: [ROLE.employee] }, as);

  // The cassava's lab measures what the plant pays by: starch (a low one is rechecked), moisture
  // (a wet load is rejected) and dirt (taken off the net on the slip).
  type MeasureBody = BodyOf<typeof saveLabMeasure>;
  const measure = async (fields: Pick<MeasureBody, 'name' | 'max' | 'sort'> & Partial<MeasureBody>) =>
    (
      await api.call(
        saveLabMeasure,
        {
          branch_queue_type_id: types.lab.id,
          unit: '%',
          decimals: 1,
          min: 0,
          pass_min: null,
          pass_max: null,
          on_fail: 'recheck',
          fail_reason_id: null,
          deduct_above: null,
          active: true,
          ...fields,
        },
        as,
      )
    ).lab_measure.id;
  const labMeasures: Record<LabMeasureKey, number> = {
    starch: await measure({ name: 'แป้ง', sort: 1, max: 50, pass_min: 18 }),
    moisture: await measure({ name: 'ความชื้น', sort: 2, max: 80, pass_max: 40, on_fail: 'reject' }),
    dirt: await measure({ name: 'ดิน', sort: 3, max: 30, deduct_above: 0 }),
  };

  const allTypes = Object.values(types).map((t) => t.id);
  const kiosk = await registerDevice(api, as, 'printer', 'ตู้ออกบัตรคิว หน้าประตู', allTypes);
  const displays = [
    await registerDevice(api, as, 'display', 'จอเรียกคิว ลานจอดรถ', allTypes),
    // A second screen at the tipping area shows only the lab flow's calls.
    await registerDevice(api, as, 'display', 'จอเรียกคิว ลานเท', [types.lab.id]),
  ];
  return { branchId, types, stations, stationByName, officers, kiosk, displays, labMeasures };
}

/**
 * The device's screen says hello (it then shows its id); an admin does as in the controller:
 * add the device, assign its queue types, type in the id the screen shows. Then the device says
 * hello again with its secret, which verifies it.
 */
async function registerDevice(
  api: ApiClient,
  as: { session: string },
  kind: 'display' | 'printer',
  name: string,
  typeIds: number[],
): Promise<DeviceSetup> {
  const contracts = kind === 'display' ? displayContracts : printerContracts;
  const identity = deviceIdentity();
  const waiting = await api.call(hello, { device_id: identity.deviceId, kind }, identity);
  if (waiting.registered) throw new Error(`The new ${kind} ${identity.deviceId} is registered already`);
  const { device } =
    kind === 'display'
      ? await api.call(displayContracts.save, { name }, as)
      : await api.call(printerContracts.save, { name, printer: 1 }, as);
  await api.call(contracts.manageOT, { id: device.id, branch_queue_type: typeIds }, as);
  await api.call(contracts.addDevice, { uuid: device.uuid, device_id: identity.deviceId }, as);
  const greeting = await api.call(hello, { device_id: identity.deviceId, kind }, identity);
  if (!greeting.registered)
    throw new Error(`The ${kind} ${identity.deviceId} is not registered after addDevice`);
  const rows =
    kind === 'display'
      ? (await api.call(displayContracts.main, {}, as)).display
      : (await api.call(printerContracts.main, {}, as)).printer;
  if (!rows.find((row) => row.uuid === device.uuid)?.verified_date) {
    throw new Error(`The ${kind} ${identity.deviceId} is not verified after its hello`);
  }
  return { uuid: device.uuid, ...identity, typeIds };
}
