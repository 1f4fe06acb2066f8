import { io } from 'socket.io-client';
import { prehashPassword } from '@truck-queue/shared/password';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';

/** The demo plant through its API, for browser tests and screenshots that need trucks moving. */

export const API_KEY = 'truck-queue-web';

export async function post<T>(baseUrl: string, path: string, body: unknown, session?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: API_KEY, ...(session ? { session } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/**
 * The prefixes drawn: 10-99 but 70-81 (the demo's own plates begin with 70, 71, 80 or 81,
 * demo-history.ts, and the tests with plates of their own use 70-79: journey, kiosk booking,
 * seasons).
 */
const PREFIXES = Array.from({ length: 90 }, (_, i) => 10 + i).filter((p) => p < 70 || p > 81);
const PLATES = PREFIXES.length * 9000;
let lastDrawn = -1;

/**
 * A licence no other active ticket holds (a truck holds one ticket until it leaves). The browser
 * tests share one server and issue a few hundred tickets a run: random plates met twice in a run
 * once in a few (a CI run failed so). These follow the clock instead, a plate per 10 ms, and
 * never go back within a file; a later file starts from its own later time. They come round
 * again after some two hours, longer than a run. The province stays short: the kiosk's keypad
 * field holds the plate's number and a few letters.
 */
export function freshLicence(): string {
  lastDrawn = Math.max(lastDrawn + 1, Math.floor(Date.now() / 10));
  const n = lastDrawn % PLATES;
  return `${PREFIXES[Math.floor(n / 9000)]}-${1000 + (n % 9000)} ขอนแก่น`;
}

export interface SignedIn {
  session: string;
  branchId: number;
}

/** Signs in through the API, as the login page does: the session and the officer's branch. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const { officer } = await post<{ officer: { session: string; branch: { id: number } } }>(
    baseUrl,
    'authen/signin',
    { email, password: prehashPassword(password), remember: false },
  );
  return { session: officer.session, branchId: officer.branch.id };
}

/** An officer of the demo branch who calls every queue type (employee@example.com). */
export function employeeSession(baseUrl: string): Promise<SignedIn> {
  return signIn(baseUrl, 'employee@example.com', 'demo1234');
}

type IssuedType = { id: number; queue_type_name: string; flow_engine_id: number; product: { id: number }[] };

/** The queue types the officer (`session`) issues: id, name, flow and products. */
async function ticketTypes(baseUrl: string, session: string): Promise<IssuedType[]> {
  const options = await post<{ queue_type: IssuedType[] }>(
    baseUrl,
    'process/printer/ticketOptions',
    {},
    session,
  );
  return options.queue_type;
}

/** The demo branch's queue types the employee issues. */
export async function demoQueueTypes(baseUrl: string): Promise<IssuedType[]> {
  return ticketTypes(baseUrl, (await employeeSession(baseUrl)).session);
}

/**
 * A ticket as issued: its number, and its uuid, which names it alone (numbers restart every
 * plant day, so a truck of yesterday still inside may share it).
 */
export interface IssuedTicket {
  queueNumber: string;
  uuid: string;
}

/** The officer issues a ticket of a queue type it issues (its first product). */
async function issueTicketOf(
  baseUrl: string,
  session: string,
  pick: (type: IssuedType) => boolean,
  licence: string,
): Promise<IssuedTicket> {
  const type = (await ticketTypes(baseUrl, session)).find((q) => pick(q) && q.product.length);
  if (!type) throw new Error('The employee issues no such queue type');
  const { queue } = await post<{ queue: { queue_number: string; uuid: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: type.id, product: type.product[0]!.id, truck_license: licence },
    session,
  );
  return { queueNumber: queue.queue_number, uuid: queue.uuid };
}

/** The officer issues a ticket of the standard flow (as Manage Calling's "New ticket" does). */
export function issueStandardTicket(
  baseUrl: string,
  session: string,
  licence: string,
): Promise<IssuedTicket> {
  return issueTicketOf(baseUrl, session, (q) => q.flow_engine_id === FLOW_ENGINE.standard, licence);
}

/**
 * The officer issues a ticket of the standard flow (for `licence`, a random one unless given)
 * and calls it to its `station`-th call station through the staff socket, as Manage Calling does.
 */
export async function issueAndCall(
  baseUrl: string,
  station = 0,
  licence = freshLicence(),
  /** A queue type of the branch to issue instead of the standard flow's (a flow that calls at once). */
  typeId?: number,
): Promise<IssuedTicket & { stationName: string; queueId: number }> {
  const { session, branchId } = await employeeSession(baseUrl);
  const { queueNumber, uuid } =
    typeId === undefined
      ? await issueStandardTicket(baseUrl, session, licence)
      : await issueTicketOf(baseUrl, session, (q) => q.id === typeId, licence);
  const { card } = await post<{
    card: {
      station_permission: { id: number; name: string; type: number }[];
      queue_number: { _id: number; queue_number: string; uuid: string }[];
    }[];
  }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 1 }, session);
  const ticketCard = card.find((c) => c.queue_number.some((q) => q.uuid === uuid));
  const record = ticketCard?.queue_number.find((q) => q.uuid === uuid);
  const stations = ticketCard?.station_permission.filter((s) => s.type === 1) ?? [];
  const target = stations[station % Math.max(stations.length, 1)];
  if (!record || !target) throw new Error(`Cannot call ${queueNumber}: no card or station`);

  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.emitWithAck('doCalling', branchId, record._id, target.id)) as {
      status: number;
    };
    if (ack.status !== 1) throw new Error(`doCalling refused: ${JSON.stringify(ack)}`);
  } finally {
    socket.disconnect();
  }
  return { queueNumber, uuid, stationName: target.name, queueId: record._id };
}

/**
 * The gate lets the truck out (its work done or not), so the same plates may take a ticket
 * again; `uuid` names the truck when a number might mean two.
 */
export async function letOut(baseUrl: string, queueNumber: string, uuid?: string): Promise<void> {
  const security = await signIn(baseUrl, 'security@example.com', 'demo1234');
  await post(
    baseUrl,
    'process/security/exitFactory',
    { queue_number: queueNumber, ...(uuid ? { uuid } : {}), confirm_unfinished: true },
    security.session,
  );
}

/**
 * The weighbridge clerk (`session`) types the truck's weights in and out, as the demo's
 * weighbridge has no scale wired, saying why. The truck was never called to a bay, so the
 * weigh-out is confirmed (OUT_OF_ORDER): it leaves with a receiving slip.
 */
export async function weighInAndOut(
  baseUrl: string,
  session: string,
  uuid: string,
  weights: { in: number; out: number },
): Promise<void> {
  for (const [direction, weight] of [
    ['weighIn', weights.in],
    ['weighOut', weights.out],
  ] as const)
    await post(
      baseUrl,
      `process/weighing/${direction}`,
      { uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'weighOut' },
      session,
    );
}

/** An officer of the demo branch, made by the admin (`session`) as Manage users does; no queue types yet. */
export async function createOfficer(
  baseUrl: string,
  session: string,
  officer: { name: string; lastname: string; email: string; roles: string; password: string },
): Promise<void> {
  await post(
    baseUrl,
    'officer/doMainOfficer',
    { ...officer, password: prehashPassword(officer.password) },
    session,
  );
}
