import { io } from 'socket.io-client';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { API_KEY, post, signIn, type SignedIn } from './demo-plant.ts';

/**
 * The demo plant set up for the yard's moves (reasons, no-show, transfer, void) through its API,
 * for yard.e2e.ts and the yard screenshots: tickets of either flow, a lab result out, and a
 * second lab-flow queue type a wrongly chosen ticket can move to.
 */

export interface IssuedTicket {
  uuid: string;
  queue_number: string;
  /** The short code of its Code 128 (T-016JD). */
  ticket_code: string;
}

/** The officer issues a ticket of their queue type with `prefix` (the demo: A lab, B standard, C general). */
export async function issueTicket(
  baseUrl: string,
  session: string,
  prefix: string,
  licence: string,
): Promise<IssuedTicket> {
  const options = await post<{
    queue_type: { id: number; prefix: string; product: { id: number }[] }[];
  }>(baseUrl, 'process/printer/ticketOptions', {}, session);
  const type = options.queue_type.find((q) => q.prefix === prefix && q.product.length > 0);
  if (!type) throw new Error(`The officer issues no queue type with prefix ${prefix}`);
  const { queue } = await post<{ queue: IssuedTicket }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: type.id, product: type.product[0]!.id, truck_license: licence },
    session,
  );
  return queue;
}

/**
 * The lab takes the sample and records the result (each of its type's measurements at the
 * lowest value that passes): a lab ticket ready to be called, rechecked or rejected. The ticket
 * is named by its number and its uuid: an earlier day's truck still inside may hold the same number.
 */
export async function labResultOut(
  baseUrl: string,
  ticket: { queue_number: string; uuid: string },
): Promise<void> {
  const truck = { queue_number: ticket.queue_number, uuid: ticket.uuid };
  const lab = await signIn(baseUrl, 'lab@example.com', 'demo1234');
  const { queue } = await post<{ queue: { branch_queue_type_id: number } }>(
    baseUrl,
    'process/example/accept',
    truck,
    lab.session,
  );
  const { lab_measures: measures } = await post<{
    lab_measures: { id: number; branch_queue_type_id: number; min: number; pass_min: number | null }[];
  }>(baseUrl, 'process/example/getAcceptToday', {}, lab.session);
  const values = measures
    .filter((m) => m.branch_queue_type_id === queue.branch_queue_type_id)
    .map((m) => ({ measure_id: m.id, value: m.pass_min ?? m.min }));
  await post(baseUrl, 'process/example/completed', { ...truck, values }, lab.session);
}

/** Master queue type the second lab-flow type is made of (unused by the demo and the other tests). */
const SECOND_LAB_TYPE = 'ส่งอ้อย';

/**
 * A second lab-flow queue type (ส่งอ้อย, prefix S) offering the demo's fresh roots, and given to
 * `callers` on the calling controller, so a lab ticket can be moved to it and seen there.
 * Made once per server; later calls find it.
 */
export async function secondLabType(
  baseUrl: string,
  callers: readonly string[],
): Promise<{ id: number; prefix: string; name: string }> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { branchQT } = await post<{
    branchQT: { id: number; queue_type_name: string; prefix: string; flow_engine_id: number }[];
  }>(baseUrl, 'defineQueue/branchQT', {}, admin.session);
  let type = branchQT.find((t) => t.queue_type_name === SECOND_LAB_TYPE);
  if (!type) {
    const { queueType } = await post<{ queueType: { id: number; name: string; flow_engine_id: number }[] }>(
      baseUrl,
      'defineQueue/queueType',
      {},
      admin.session,
    );
    const master = queueType.find((m) => m.name === SECOND_LAB_TYPE && m.flow_engine_id === FLOW_ENGINE.lab);
    if (!master) throw new Error(`No master queue type ${SECOND_LAB_TYPE}`);
    ({ branchQT: type } = await post<{
      branchQT: { id: number; queue_type_name: string; prefix: string; flow_engine_id: number };
    }>(
      baseUrl,
      'defineQueue/doBranchQT',
      { queue_type: master.id, prefix: 'S', status: '1' },
      admin.session,
    ));
    const lab = branchQT.find((t) => t.flow_engine_id === FLOW_ENGINE.lab);
    const { product } = await post<{ product: { id: number; selected?: boolean }[] }>(
      baseUrl,
      'product/mainProduct',
      { id_branchQT: lab!.id },
      admin.session,
    );
    const products = product.filter((p) => p.selected).map((p) => p.id);
    await post(baseUrl, 'product/manageProduct', { id: type.id, product: products }, admin.session);
  }

  const { officer } = await post<{ officer: { id: number; email: string }[] }>(
    baseUrl,
    'calling/mainCalling',
    {},
    admin.session,
  );
  for (const email of callers) {
    const row = officer.find((o) => o.email === email);
    if (!row) throw new Error(`No officer ${email} on the calling controller`);
    const { queueType } = await post<{ queueType: { id: number; selected: boolean }[] }>(
      baseUrl,
      'calling/loadQueueType',
      { id: row.id },
      admin.session,
    );
    const assigned = queueType.filter((q) => q.selected).map((q) => q.id);
    if (!assigned.includes(type.id))
      await post(
        baseUrl,
        'calling/manageOT',
        { id: row.id, branch_queue_type: [...assigned, type.id] },
        admin.session,
      );
  }
  return { id: type.id, prefix: type.prefix, name: type.queue_type_name };
}

/** A ticket as the officer's calling cards hold it: its record id and the stations of its flow. */
export interface CardTicket {
  _id: number;
  queue_number: string;
  callStation: number;
  recheckStation: number | undefined;
}

/** The ticket `uuid` on the officer's cards of the last 3 days. */
export async function cardTicket(baseUrl: string, session: string, uuid: string): Promise<CardTicket> {
  const { card } = await post<{
    card: {
      station_permission: { id: number; type: number }[];
      queue_number: { _id: number; uuid: string; queue_number: string }[];
    }[];
  }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 3 }, session);
  for (const c of card) {
    const queue = c.queue_number.find((q) => q.uuid === uuid);
    if (!queue) continue;
    const station = (type: number) => c.station_permission.find((s) => s.type === type)?.id;
    return {
      _id: queue._id,
      queue_number: queue.queue_number,
      callStation: station(1)!,
      recheckStation: station(2),
    };
  }
  throw new Error(`Ticket ${uuid} is on none of the officer's cards`);
}

/** Sends one staff event as the calling page does, and fails unless the server accepts it. */
export async function staffEvent(
  baseUrl: string,
  officer: SignedIn,
  event: string,
  ...args: unknown[]
): Promise<void> {
  const socket = io(baseUrl, {
    auth: { session: officer.session, apiKey: API_KEY },
    transports: ['websocket'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.emitWithAck(event, officer.branchId, ...args)) as { status: number };
    if (ack.status !== 1) throw new Error(`${event} refused: ${JSON.stringify(ack)}`);
  } finally {
    socket.disconnect();
  }
}

/** The branch's first active reason of a kind (the Thai defaults), for events sent from a script. */
export async function firstReason(baseUrl: string, session: string, kind: string): Promise<number> {
  const { reasons } = await post<{ reasons: { id: number; kind: string }[] }>(
    baseUrl,
    'process/yard/rules',
    {},
    session,
  );
  const reason = reasons.find((r) => r.kind === kind);
  if (!reason) throw new Error(`No ${kind} reason in the branch's list`);
  return reason.id;
}

/** The admin sets the branch's no-show rule. */
export async function setNoShowRule(
  baseUrl: string,
  recalls: number,
  policy: 'requeue' | 'cancel',
): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  await post(
    baseUrl,
    'admin/yard/saveSettings',
    { no_show_after_recalls: recalls, no_show_policy: policy },
    admin.session,
  );
}

/** The admin sets the branch's calendar (the year its dates are written in), keeping its other rules. */
export async function setCalendar(
  baseUrl: string,
  calendar: 'BE' | 'CE',
  allLanguages = false,
): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { settings } = await post<{ settings: Record<string, unknown> }>(
    baseUrl,
    'admin/yard/settings',
    {},
    admin.session,
  );
  await post(
    baseUrl,
    'admin/yard/saveSettings',
    { ...settings, calendar, calendar_all_languages: allLanguages },
    admin.session,
  );
}

/** The admin retires (or restores) the branch's reason of `kind` named `name`. */
export async function setReasonActive(
  baseUrl: string,
  kind: string,
  name: string,
  active: boolean,
): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { reasons } = await post<{
    reasons: { id: number; kind: string; name: string; sort: number; active: boolean }[];
  }>(baseUrl, 'admin/yard/settings', {}, admin.session);
  const reason = reasons.find((r) => r.kind === kind && r.name === name);
  if (!reason) throw new Error(`No ${kind} reason ${name}`);
  await post(
    baseUrl,
    'admin/yard/saveReason',
    { id: reason.id, kind, name, sort: reason.sort, active },
    admin.session,
  );
}
