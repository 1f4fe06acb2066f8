import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { issueQueue } from '@truck-queue/shared/contracts/queue.contract';
import { checkIn, type SimBookings } from './booking-plan.ts';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import {
  captureWeight,
  exitFactory,
  labAccept,
  labCompleted,
  weighIn,
  weighOut,
} from '@truck-queue/shared/contracts/station-work.contract';
import { receivingSlip } from '@truck-queue/shared/queue/slip';
import { CallFailed, type ApiClient } from './api-client.ts';
import type { CallLines } from './call-lines.ts';
import type { SimClock } from './clock.ts';
import type { Cameras } from './cameras.ts';
import { counterAction, uuidAction, type Counter } from './counter.ts';
import type { CallerDesk, Desks } from './desks.ts';
import { DriverPage } from './displays.ts';
import type { EtaWatch, TruckStanding } from './eta-watch.ts';
import type { Ledger } from './ledger.ts';
import { labValues, type LabMeasureKey, type TruckPlan } from './plan.ts';
import type { Plant, QueueTypeSetup } from './plant-setup.ts';
import type { RuledCall, RuledLine } from './ruled-line.ts';
import type { SimScale } from './weighbridge-scale.ts';
import type { StoredTares } from './stored-tares.ts';
import type { YardGate } from './yard-gate.ts';

/** The server refuses a second call of a truck within 15 s (RECALL_GUARD_MS): a recall waits longer. */
const RECALL_REAL_GAP_MS = 16_500;
/** Why the weighbridge clerk typed a weight: the truck stood on the second bridge, whose indicator is not wired. */
const TYPED_REASON = 'ตาชั่ง 2 ยังไม่ได้ต่อเข้าระบบ';
/** What the lab's values call for, as the server judges them, for each planned outcome. */
const VERDICT_OF: Record<TruckPlan['labOutcome'], string> = {
  pass: 'pass',
  'recheck-pass': 'recheck',
  'recheck-reject': 'recheck',
  reject: 'reject',
};

/** What happened to one truck, as the simulator saw it: the tally the reports must match. */
export interface TruckRecord {
  plan: TruckPlan;
  type: QueueTypeSetup;
  queueNumber: string | null;
  uuid: string | null;
  /** When the ticket was issued, as the server stamped it (ISO 8601). */
  created: string | null;
  labStarted: boolean;
  labFinished: boolean;
  weighedIn: number | null;
  weighedOut: number | null;
  /** Where each weighing came from, in order: the wired indicator or typed. */
  weighSources: ('indicator' | 'manual' | 'stored tare')[];
  /** What the lab measured of its sample (lab flow). */
  labValues: Record<LabMeasureKey, number> | null;
  ending: 'finished' | 'rejected' | null;
  exited: boolean;
  driverPage: {
    sawExit: boolean;
    heardExit: boolean;
    /** Real ms from the gate's scan to the page hearing the exit. */
    exitLagMs: number | null;
    events: number;
    openMs: number;
    /** Real ms from the page's opening to the gate's scan, and what it heard (a failed page's detail). */
    exitScannedMs: number;
    heard: { event: string; ms: number; state: string | null }[];
  } | null;
  /** Why the journey stopped before the gate. */
  failed: string | null;
  /**
   * Every change the simulator asked for on this truck, in order, sent and answered in real ms
   * (answered Infinity while under way): when it was inside (insideSpan) comes from these.
   */
  moves: Move[];
}

/** What a change was: a ticket, a call or recheck, the lab, a weighing, a finish or reject, the exit. */
export type MoveKind = 'ticket' | 'call' | 'lab' | 'weigh' | 'finish' | 'exit';

export interface Move {
  what: MoveKind;
  from: number;
  to: number;
}

/**
 * When the truck held its ticket as the simulator knows it, real ms: its ticket asked for and
 * answered, its exit asked for and answered (Infinity while it has not left). Between `issued`
 * and `leaving` it was surely inside; outside `from`–`to` surely not.
 */
export function insideSpan(
  r: TruckRecord,
): { from: number; issued: number; leaving: number; to: number } | null {
  const ticket = r.moves.find((m) => m.what === 'ticket');
  if (!ticket || r.queueNumber === null) return null;
  const exit = r.moves.find((m) => m.what === 'exit');
  return { from: ticket.from, issued: ticket.to, leaving: exit?.from ?? Infinity, to: exit?.to ?? Infinity };
}

export interface DayContext {
  api: ApiClient;
  ledger: Ledger;
  clock: SimClock;
  plant: Plant;
  desks: Desks;
  progress: { arrived: number; inside: number; left: number };
  /** Every truck's record as its journey goes: what the simulator knows of the yard. */
  trucks: TruckRecord[];
  /** Every change passes it: a snapshot holds the yard still while it reads the screens. */
  yard: YardGate;
  /** The wired weighbridge: trucks that find it free are weighed through its indicator. */
  scale: SimScale;
  /** The vehicles' stored tares (stored-tares.ts): a truck with one finishes on it, not weighed out. */
  tares: StoredTares;
  /** Every truck's expected wait as its driver's page shows it, against its real wait (issue 21). */
  eta: EtaWatch;
  /** The call stations, each calling the first truck in its line when free (call-lines.ts). */
  lines: CallLines;
  /** The day's bookings (booking-plan.ts): a booked truck checks in with its code instead of taking a ticket. */
  bookings: SimBookings;
  /** The line with an order rule (order-plan.ts): its desk calls with Call next. */
  ruled: RuledLine;
  /** The plate cameras at the gate and over the decks (cameras.ts). */
  cameras: Cameras;
}

class JourneyError extends Error {}

function expectOk(ack: Ack, what: string): void {
  if (ack.status !== 1) throw new JourneyError(`${what} refused: ${JSON.stringify(ack)}`);
}

/** One truck from the kiosk to the gate, every step through the API or an officer's socket. */
export async function driveTruck(ctx: DayContext, plan: TruckPlan): Promise<TruckRecord> {
  const { api, ledger, clock, plant, desks, progress } = ctx;
  const type = plant.types[plan.flow];
  const record: TruckRecord = {
    plan,
    type,
    queueNumber: null,
    uuid: null,
    created: null,
    labStarted: false,
    labFinished: false,
    weighedIn: null,
    weighedOut: null,
    weighSources: [],
    labValues: null,
    ending: null,
    exited: false,
    driverPage: null,
    failed: null,
    moves: [],
  };
  ctx.trucks.push(record);
  const caller: CallerDesk = {
    lab: desks.labCaller,
    standard: desks.standardCaller,
    general: desks.generalCaller,
  }[plan.flow];
  const st = plan.stage;
  // Its line's stations (the ruled line's desk calls by its rule instead); the station that
  // called the truck is held until its finish.
  const line = plan.order ? null : ctx.lines[plan.flow];
  // In the ruled line, the desk's call: by Call next, or out of order with a reason (ruled-line.ts).
  let ruledCall: Promise<RuledCall> | null = null;
  let held: number | null = null;
  const release = () => {
    if (held !== null) {
      if (line) line.release(held);
      else ctx.ruled.release(held);
    }
    held = null;
  };
  let page: DriverPage | null = null;
  /** When (real ms) the gate scanned the truck out: how long its driver's page took to hear it. */
  let exitScanned = 0;
  const move = <T>(what: MoveKind, change: () => Promise<T>): Promise<T> => moveOf(ctx, record, what, change);
  const truck = () => ({ uuid: record.uuid!, queueNumber: record.queueNumber! });
  const at = (officer: { session: string }): Counter => ({ api, ledger, officer });
  /** What the plant's cameras read of this truck (camera-plan.ts), or null: not a camera truck. */
  const camera = ctx.cameras.planOf(plan.index);

  /**
   * The ruled line's call: the desk calls whom the rule says when a station frees. A driver who
   * did not come is called again to the same station, which waits for him.
   */
  const ruledTurn = async () => {
    const qn = record.queueNumber!;
    const called = await ruledCall!;
    const station = (held = called.station);
    ctx.eta.called(record.uuid!, called.from, called.to);
    ledger.changed({ queueNumber: qn, action: 'call', stationId: station, queueTypeId: type.id });
    if (plan.slips.recall) {
      await clock.sleep(st.recallAfter, RECALL_REAL_GAP_MS);
      const again = await caller.find(truck(), 'C');
      expectOk(await move('call', () => caller.act('doCalling', again, station)), 'recall');
      ledger.changed({ queueNumber: qn, action: 'call', stationId: station, queueTypeId: type.id });
    }
  };

  /** The truck waits its turn in its line: the first free station calls it. */
  const call = async (from: string) => {
    if (!line) return ruledTurn();
    const qn = record.queueNumber!;
    // Its place on the cards: the order tickets were issued (arrivals, one clock).
    const station = (held = await line.turn({ place: clock.at(plan.arrival) }));
    const id = await caller.find(truck(), from);
    const sent = Date.now();
    if (plan.slips.callDoubleClick) {
      const acks = await move('call', () =>
        Promise.all([caller.act('doCalling', id, station), caller.act('doCalling', id, station)]),
      );
      // The second click is the officer's own call of moments ago: answered as done, and the
      // displays and screens hear of one call only (the checks count them).
      if (acks.some((a) => a.status !== 1)) {
        throw new JourneyError(
          `double-clicked call: expected both answered as the one call, got ${JSON.stringify(acks)}`,
        );
      }
      ledger.slip('doCalling clicked twice → one call, both clicks answered as done');
    } else {
      expectOk(await move('call', () => caller.act('doCalling', id, station)), 'doCalling');
    }
    ctx.eta.called(record.uuid!, sent, Date.now());
    ledger.changed({ queueNumber: qn, action: 'call', stationId: station, queueTypeId: type.id });
    if (plan.slips.recall) {
      // The driver did not come: the officer calls him again, later than the server's guard. The
      // station calls the next truck meanwhile, and a station calls him again first when one is
      // free and the guard has passed.
      release();
      const notBefore = Date.now() + Math.max(clock.real(st.recallAfter), RECALL_REAL_GAP_MS);
      const recallTo = (held = await line.turn({ front: true, notBefore }));
      const again = await caller.find(truck(), 'C');
      expectOk(await move('call', () => caller.act('doCalling', again, recallTo)), 'recall');
      ledger.changed({ queueNumber: qn, action: 'call', stationId: recallTo, queueTypeId: type.id });
    }
  };

  /**
   * One weighing: on the wired bridge when it is free (the indicator settles, the clerk captures
   * its weight), else on the second bridge, typed with the reason. Answers the weight kept.
   */
  const weigh = async (direction: 'in' | 'out', planned: number): Promise<number> => {
    const qn = record.queueNumber!;
    const weighbridge = at(desks.weighbridge.officer);
    const { scale, cameras } = ctx;
    // A camera truck is read by the deck's camera as it stops: the clerk weighs the truck his
    // page names (or he chose on the read), else he types its number as for any truck.
    if (scale.driveOn()) {
      try {
        const named = await cameras.atDeck(record, 'wired', direction);
        // The indicator shows whole kilograms.
        const kg = Math.round(planned);
        await scale.settle(kg);
        const { queue } = await move('weigh', () =>
          named
            ? uuidAction(
                weighbridge,
                captureWeight,
                { uuid: named, direction, scale_uuid: scale.uuid },
                truck(),
              )
            : counterAction(
                weighbridge,
                captureWeight,
                { queue_number: qn, direction, scale_uuid: scale.uuid },
                truck(),
              ),
        );
        const kept = direction === 'in' ? queue.weigh_in_kg : queue.weigh_out_kg;
        if (kept !== kg)
          throw new JourneyError(`captured ${kg} kg from the indicator, the server kept ${kept}`);
        scale.captured++;
        record.weighSources.push('indicator');
        return kg;
      } finally {
        await scale.driveOff();
      }
    }
    const named = await cameras.atDeck(record, 'second', direction);
    const contract = direction === 'in' ? weighIn : weighOut;
    await move('weigh', () =>
      named
        ? uuidAction(weighbridge, contract, { uuid: named, weight: planned, reason: TYPED_REASON }, truck())
        : counterAction(
            weighbridge,
            contract,
            { queue_number: qn, weight: planned, reason: TYPED_REASON },
            truck(),
          ),
    );
    record.weighSources.push('manual');
    return planned;
  };

  /** The driver's page shows the slip the plant pays by: the simulator's own sums, to the tenth of a kg. */
  const checkSlip = async () => {
    const values = record.labValues;
    if (!values || record.weighedIn === null || record.weighedOut === null) return;
    const expected = receivingSlip(record.weighedIn, record.weighedOut, [
      { name: 'แป้ง', value: values.starch, decimals: 1, deductAbove: null },
      { name: 'ความชื้น', value: values.moisture, decimals: 1, deductAbove: null },
      { name: 'ดิน', value: values.dirt, decimals: 1, deductAbove: 0 },
    ])!;
    const { queue } = await api.call(queueInformation, { queue_number_id: record.uuid! }, null);
    if (ctx.tares.of(plan.index) !== null) ctx.tares.slip(record, queue.slip);
    const paid = queue.slip?.paid_kg ?? null;
    if (paid !== expected.paid) {
      throw new JourneyError(
        `the driver's slip says ${paid} kg paid, the weighings and lab values ${expected.paid}`,
      );
    }
  };

  const work = async (weighed: boolean) => {
    if (weighed) {
      await clock.sleep(st.toWeighIn);
      record.weighedIn = await weigh('in', plan.weighIn);
      ledger.changed();
    }
    await clock.sleep(st.work);
    if (weighed) {
      // A vehicle with a stored tare is not weighed out: the clerk finishes on the tare.
      const onTare = ctx.tares.of(plan.index) !== null;
      record.weighedOut = onTare
        ? await ctx.tares.finish(record, desks.weighbridge.officer, (run) => move('weigh', run))
        : await weigh('out', plan.weighOut);
      if (onTare) record.weighSources.push('stored tare');
      ledger.changed();
      await checkSlip();
    }
    await clock.sleep(st.toFinish);
    const finishing = await caller.find(truck(), 'C');
    expectOk(await move('finish', () => caller.act('doFinish', finishing)), 'doFinish');
    ledger.changed();
    record.ending = 'finished';
    // The station is free: it calls the next truck of its line.
    release();
  };

  const reject = async (from: string) => {
    const rejecting = await caller.find(truck(), from);
    expectOk(await move('finish', () => caller.act('doReject', rejecting)), 'doReject');
    ledger.changed();
    record.ending = 'rejected';
  };

  try {
    await clock.until(plan.arrival);
    progress.arrived++;
    progress.inside++;
    await issue(ctx, plan, type, caller, record);
    const qn = record.queueNumber!;
    await ctx.eta.issued(record.uuid!, type.id, plan.flow, (): TruckStanding => {
      if (plan.parkedUntil !== null && Date.now() < clock.at(plan.parkedUntil)) return 'parked';
      if (plan.order) return `in line, ${plan.order.orderClass}`;
      if (plan.flow !== 'lab') return 'in line';
      return record.labFinished ? 'result out' : record.labStarted ? 'in the lab' : 'before the lab';
    });
    // The driver opens his page with the ticket in his hand, before a desk that calls by the
    // line's rule may call him (at once, when a station is free).
    if (plan.watched) page = await DriverPage.open(api, ledger, record.uuid!, `driver of ${qn}`);
    if (plan.order) {
      ruledCall = ctx.ruled.join(record, plan.order);
      // Awaited at the call; a refusal before then (the run's time-out) is not unhandled.
      ruledCall.catch(() => undefined);
    }
    // Now and then a camera truck drives up to the gate before its work is done.
    if (camera?.early) await ctx.cameras.early(record, camera.early);
    // A truck parked in the yard for the night goes on from here later.
    if (plan.parkedUntil !== null) await clock.until(plan.parkedUntil);

    if (plan.flow === 'lab') {
      const lab = at(desks.lab.officer);
      await clock.sleep(st.sampleAfter);
      await move('lab', () => counterAction(lab, labAccept, { queue_number: qn }, truck()));
      ledger.changed();
      record.labStarted = true;
      if (plan.slips.labDoubleScan) {
        // A double scan is the scan just made: answered as done, the sample still in the lab.
        const { queue: again } = await counterAction(lab, labAccept, { queue_number: qn }, truck());
        if (again.queue_state !== 'LS')
          throw new JourneyError(`a double scan at the lab left the truck in ${again.queue_state}, not LS`);
      }
      await clock.sleep(st.labTakes);
      /** The lab records a sample's values; they must call for what the plan says. */
      const measure = async (sample: 1 | 2, expected: string) => {
        const measured = labValues(plan, sample);
        const values = (Object.keys(measured) as LabMeasureKey[]).map((key) => ({
          measure_id: plant.labMeasures[key],
          value: measured[key],
        }));
        const { queue: checked } = await move('lab', () =>
          counterAction(lab, labCompleted, { queue_number: qn, values }, truck()),
        );
        ledger.changed();
        record.labFinished = true;
        record.labValues = measured;
        if (checked.lab_outcome?.outcome !== expected || checked.lab_sample !== sample) {
          throw new JourneyError(
            `sample ${checked.lab_sample}: the lab's values call for ${checked.lab_outcome?.outcome ?? 'nothing'}, the plan for ${expected} (sample ${sample})`,
          );
        }
      };
      await measure(1, VERDICT_OF[plan.labOutcome]);
      await clock.sleep(st.decideAfter);
      const from = 'LF';
      if (plan.labOutcome === 'recheck-pass' || plan.labOutcome === 'recheck-reject') {
        const station = plant.stations.recheck[plan.index % plant.stations.recheck.length]!;
        const rechecking = await caller.find(truck(), 'LF');
        expectOk(await move('call', () => caller.act('doRecheck', rechecking, station)), 'doRecheck');
        ledger.changed({ queueNumber: qn, action: 'recheck', stationId: station, queueTypeId: type.id });
        await clock.sleep(st.recheckTakes);
        // The recheck point takes a new sample; the lab tests it, and its values decide.
        await move('lab', () => counterAction(lab, labAccept, { queue_number: qn }, truck()));
        ledger.changed();
        await clock.sleep(st.labTakes);
        await measure(2, plan.labOutcome === 'recheck-pass' ? 'pass' : 'reject');
        await clock.sleep(st.decideAfter);
      }
      if (plan.labOutcome === 'reject' || plan.labOutcome === 'recheck-reject') {
        await reject(from);
      } else {
        await call(from);
        await work(true);
      }
    } else {
      await call('QS');
      // Visitors on the general flow are not weighed.
      await work(plan.flow === 'standard');
    }

    await clock.sleep(st.toExit);
    const gate = at(desks.gate.officer);
    const typeExit = async () => {
      exitScanned = performance.now();
      await move('exit', () => counterAction(gate, exitFactory, { queue_number: qn }, truck()));
    };
    // A camera truck is read at the barrier (cameras.ts); the others' numbers the officer types.
    let typed = true;
    if (camera) {
      const by = await ctx.cameras.atGate(record, camera, {
        exitMove: (change) => {
          exitScanned = performance.now();
          return move('exit', change);
        },
        typeExit,
      });
      typed = by === 'typed';
    } else {
      await typeExit();
    }
    ledger.changed();
    record.exited = true;
    progress.inside--;
    progress.left++;
    if (plan.slips.exitDoubleScan && typed) {
      // Typed again once the truck is out, the number means another truck inside that holds it
      // (one of the new plant day's): that would be a new exit, not a repeat. The officer types
      // it again only while no other truck holds it, nor may be getting it from the kiosk now.
      const taken = ctx.trucks.some(
        (t) =>
          t !== record &&
          t.type.id === type.id &&
          (t.queueNumber === null
            ? t.moves[0]?.to === Infinity
            : t.queueNumber === qn && insideSpan(t)?.to === Infinity),
      );
      if (taken) {
        ledger.slip('second scan at the gate not made: another truck inside holds the number');
      } else {
        // The exit just recorded, answered as done (its officer's own change of moments ago).
        const { queue: again } = await counterAction(gate, exitFactory, { queue_number: qn }, truck());
        if (again.exit === null) throw new JourneyError('a double scan at the gate answered no exit');
      }
    }
  } catch (error) {
    // A journey that failed under way leaves its station to the next truck.
    release();
    record.failed = (error as Error).message;
    // The API client has recorded its own failures; the others (a refused ack, a truck that
    // never showed on a screen) are recorded here.
    if (!(error instanceof CallFailed)) {
      ledger.error(
        `truck ${plan.index + 1} (${plan.licence}, ${record.queueNumber ?? 'no ticket'}): ${record.failed}`,
      );
    }
  }
  if (page) {
    const last = await page.close().catch(() => null);
    record.driverPage = {
      sawExit: last?.exited === true,
      heardExit: page.heardExit,
      exitLagMs: page.heardExitAt === null ? null : page.heardExitAt - exitScanned,
      events: page.events,
      openMs: page.openMs,
      exitScannedMs: page.sinceOpen(exitScanned),
      heard: page.heard,
    };
  }
  return record;
}

/**
 * Runs a change the simulator asks for on the truck once the yard is not held (a snapshot),
 * noting when it was under way (TruckRecord.moves).
 */
async function moveOf<T>(
  ctx: DayContext,
  record: TruckRecord,
  what: MoveKind,
  change: () => Promise<T>,
): Promise<T> {
  return ctx.yard.pass(async () => {
    const move: Move = { what, from: Date.now(), to: Infinity };
    record.moves.push(move);
    try {
      return await change();
    } finally {
      move.to = Date.now();
    }
  });
}

/** The ticket: from the kiosk (device credentials) or from an officer's "New ticket". */
async function issue(
  ctx: DayContext,
  plan: TruckPlan,
  type: QueueTypeSetup,
  caller: CallerDesk,
  record: TruckRecord,
): Promise<void> {
  const { api, ledger, plant } = ctx;
  const order = plan.order;
  const body = {
    id_branchQT: type.id,
    product: type.products[plan.product]!,
    truck_license: plan.licence,
    // The ruled line's class, and a fresh load's cut time (before its arrival, on the real clock).
    ...(order?.orderClass ? { order_class: order.orderClass } : {}),
    ...(order?.cutBefore != null
      ? { cut_at: new Date(Date.now() - ctx.clock.real(order.cutBefore)).toISOString() }
      : {}),
  };
  const ticket = await moveOf(ctx, record, 'ticket', () => takeTicket(ctx, record, body, caller));
  ledger.changed();
  record.queueNumber = ticket.queue_number;
  record.uuid = ticket.uuid;
  record.created = ticket.created;
  if (ticket.truck_license !== plan.licence) {
    throw new JourneyError(
      `ticket ${ticket.queue_number} has licence "${ticket.truck_license}", typed "${plan.licence}"`,
    );
  }
  if (plan.slips.kioskDoublePress) {
    const refusal = await api.refuse(issueQueue, body, plant.kiosk, {
      status: 409,
      code: 'CONFLICT',
      reason: 'ACTIVE_TICKET',
    });
    if (refusal && refusal.queue_number !== ticket.queue_number) {
      throw new JourneyError(
        `a second press named ticket ${refusal.queue_number}, not ${ticket.queue_number}`,
      );
    }
  }
}

async function takeTicket(
  ctx: DayContext,
  record: TruckRecord,
  body: BodyOf<typeof issueQueue>,
  caller: CallerDesk,
) {
  const { api, ledger, plant } = ctx;
  const plan = record.plan;
  const booking = ctx.bookings.byTruck.get(plan.index);
  // A camera truck booked for its plate is read at the entrance, whose camera (or the desk's
  // officer on its read) checks it in. Any-vehicle bookings of one supplier are alike to the
  // camera, which takes the one at its slot; the simulated drivers each hold a code of their
  // own, so those check in at the kiosk.
  const entranceRead = booking?.forPlate ? ctx.cameras.planOf(plan.index)?.entrance : undefined;
  if (booking && entranceRead) {
    const ticket = await ctx.cameras.atEntrance(record, entranceRead, booking);
    if (ticket) return ticket;
  }
  if (booking) {
    const key = `sim-${plan.index}-${randomBytes(8).toString('hex')}`;
    const ticket = await checkIn(
      api,
      plant,
      ctx.bookings,
      booking,
      plan.licence,
      key,
      plan.slips.kioskRetry,
      caller.officer,
    );
    if (plan.slips.kioskRetry) ledger.slip('checkIn retried with its key → same ticket');
    return ticket;
  }
  let ticket;
  if (plan.issuedBy === 'kiosk') {
    const keyed = { ...body, idempotency_key: `sim-${plan.index}-${randomBytes(8).toString('hex')}` };
    ticket = (await api.call(issueQueue, keyed, plant.kiosk)).queue;
    if (plan.slips.kioskRetry) {
      // The kiosk lost the answer and sends the same request again: the same ticket, not a second.
      const again = (await api.call(issueQueue, keyed, plant.kiosk)).queue;
      if (again.uuid !== ticket.uuid)
        throw new JourneyError(`a retried kiosk request gave a second ticket ${again.queue_number}`);
      ledger.slip('issueQueue retried with its key → same ticket');
    }
  } else {
    ticket = (await api.call(issueQueue, body, caller.officer)).queue;
  }
  return ticket;
}
