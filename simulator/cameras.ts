import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { doMainStation } from '@truck-queue/shared/contracts/catalog.contract';
import { readerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { DEVICE_ID_ALPHABET, hello } from '@truck-queue/shared/contracts/device.contract';
import {
  checkInReads,
  gateReads,
  identify,
  resolveCheckInRead,
  resolveGateRead,
  resolveWeighbridgeRead,
  weighbridgeReads,
  type ReadRecord,
} from '@truck-queue/shared/contracts/identification.contract';
import type { ReadsChangedPayload } from '@truck-queue/shared/contracts/socket-events';
import { matchPlate } from '@truck-queue/shared/identify/plate-match';
import {
  READ_OUTCOMES,
  READ_REASONS,
  READ_REPEAT_MS,
  READER_MIN_CONFIDENCE,
  type ReaderAction,
  type ReadOutcome,
  type ReadReason,
} from '@truck-queue/shared/identify/readers';
import { percentile } from '../bench/support.ts';
import type { ApiClient } from './api-client.ts';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { checkedIn, checkingIn, joinedAt, type SimBooking, type SimBookings } from './booking-plan.ts';
import type { CameraPlan, PlateRead } from './camera-plan.ts';
import { check, type Check } from './checks.ts';
import type { SimClock } from './clock.ts';
import type { TruckRecord } from './journey.ts';
import type { Ledger } from './ledger.ts';
import type { Officer } from './plant-setup.ts';

/**
 * The plant's plate cameras (issue 42), set up and read as a plant's would be: a camera at the
 * exit gate and one over each weighbridge's deck (the wired one and the second), each a reader
 * device whose bridge says hello with its id, which the admin creates and registers on the
 * Weighbridge controller. The camera trucks' plates (camera-plan.ts) are posted to
 * `device/identify` with the reader's credentials. At the gate a sure read of a truck whose work
 * is done lets it out; the gate's officer decides every read that asks him, after a human's
 * moment (simulated): he lets out the truck among those offered, or, when it is not offered,
 * types its number as every other truck's and sets the read aside; a truck whose work is not
 * done he sends back (the read set aside). At a deck, the weighing page hears the truck the
 * camera identified (`readsChanged`) and the clerk weighs that truck; a read that asks him he
 * decides the same way, choosing the truck offered or typing its number. At the entrance a
 * camera checks a booked truck in against its booking (its ticket in the read's answer, as a
 * reader printing it would have it); a read that asks the ticket desk's officer he decides after
 * his moment: he checks in the truck's booking when the read offers it, else sets the read aside
 * and the driver checks in at the kiosk with his code.
 */

/** The snapshot a camera sends with some reads: a plate's JPEG crop (6 KB). */
const SNAPSHOT = readFileSync(
  new URL('../apps/server/src/test/fixtures/plate-70-1234.jpg', import.meta.url),
).toString('base64');

/** The deck camera's least confidence: lower than the gate's, where a wrong read only names a truck. */
const DECK_MIN_CONFIDENCE = 85;
/** How long the weighing page may take to hear an identified read. */
const HEAR_TIMEOUT_MS = 10_000;

export type Deck = 'wired' | 'second';

export interface Camera {
  name: string;
  uuid: string;
  deviceId: string;
  secret: string;
  /** Where it reads: the exit gate, a weighbridge's deck or the entrance. */
  place: Place;
  stationId: number | null;
  minConfidence: number;
}

export interface CameraSetup {
  gate: Camera;
  decks: Record<Deck, Camera>;
  entrance: Camera;
}

/** What a read was for. */
type Purpose = 'exit' | 'again' | 'early' | 'weigh-in' | 'weigh-out' | 'entrance';
type Place = 'gate' | 'deck' | 'entrance';
const PLACE_OF: Record<ReaderAction, Place> = {
  gate_exit: 'gate',
  weighbridge: 'deck',
  check_in: 'entrance',
};

type GateDecision =
  | 'let out the truck offered'
  | 'typed the number (truck not offered), read set aside'
  | 'sent back (work not done), read set aside'
  | 'set aside (truck out already)';
type DeckDecision = 'chose the truck offered' | 'typed the number (truck not offered), read set aside';
type EntranceDecision =
  "checked in the truck's booking offered" | 'set aside (booking not offered), checked in at the kiosk';

/** One read as the simulator sent it and what became of it. */
interface ReadLog {
  camera: Place;
  purpose: Purpose;
  truck: TruckRecord;
  read: PlateRead;
  /** The camera was at least as sure as its reader's least confidence. */
  sure: boolean;
  id: number;
  outcome: ReadOutcome;
  reason: ReadReason | null;
  named: { queueNumber: string | null; licence: string | null };
  answeredAt: number;
  /** The truck's work was done when it was read (finished or rejected). */
  workDone: boolean;
  decided: { at: number; how: GateDecision | DeckDecision | EntranceDecision; onList: boolean } | null;
  /** The ticket an entrance check-in issued (the read's answer, or the officer's decision). */
  ticket: Ticket | null;
}

const identity = () => ({
  deviceId: [...randomBytes(8)].map((b) => DEVICE_ID_ALPHABET[b % DEVICE_ID_ALPHABET.length]).join(''),
  secret: randomBytes(32).toString('base64url'),
});

/**
 * A camera set up as the plant's IT and admin do: its bridge says hello (it shows its id), the
 * admin creates the reader (what it does, where, how sure it must be) and registers the id; the
 * bridge's next hello finds it registered, which verifies it.
 */
async function registerCamera(
  api: ApiClient,
  admin: Officer,
  name: string,
  action: ReaderAction,
  stationId: number | null,
  minConfidence: number,
): Promise<Camera> {
  const me = identity();
  const waiting = await api.call(hello, { device_id: me.deviceId, kind: 'reader' }, me);
  if (waiting.registered) throw new Error(`The new camera ${me.deviceId} is registered already`);
  const { device } = await api.call(
    readerContracts.save,
    {
      name,
      action,
      station_id: stationId,
      min_confidence: minConfidence,
    },
    admin,
  );
  await api.call(readerContracts.addDevice, { uuid: device.uuid, device_id: me.deviceId }, admin);
  const greeting = await api.call(hello, { device_id: me.deviceId, kind: 'reader' }, me);
  if (!greeting.registered) throw new Error(`The camera ${me.deviceId} is not registered after addDevice`);
  const row = (await api.call(readerContracts.main, {}, admin)).reader.find((r) => r.uuid === device.uuid);
  if (!row?.verified_date || row.reader?.min_confidence !== minConfidence)
    throw new Error(`The camera ${name} is not verified, or not as set up: ${JSON.stringify(row?.reader)}`);
  return { name, uuid: device.uuid, ...me, place: PLACE_OF[action], stationId, minConfidence };
}

/**
 * The gate's camera, a camera over each deck (the second bridge gets its station for its camera)
 * and the entrance's, which prints on no plant printer (the ticket is in its answer).
 */
export async function setUpCameras(
  api: ApiClient,
  admin: Officer,
  wiredStationId: number,
): Promise<CameraSetup> {
  const { station } = await api.call(
    doMainStation,
    { name: 'ตาชั่ง 2 (ยังไม่ต่อเครื่องชั่ง)', weighbridge: true },
    admin,
  );
  return {
    gate: await registerCamera(
      api,
      admin,
      'กล้องป้ายทะเบียน ประตูออก',
      'gate_exit',
      null,
      READER_MIN_CONFIDENCE.default,
    ),
    decks: {
      wired: await registerCamera(
        api,
        admin,
        'กล้องตาชั่ง 1',
        'weighbridge',
        wiredStationId,
        DECK_MIN_CONFIDENCE,
      ),
      second: await registerCamera(api, admin, 'กล้องตาชั่ง 2', 'weighbridge', station.id, DECK_MIN_CONFIDENCE),
    },
    entrance: await registerCamera(
      api,
      admin,
      'กล้องป้ายทะเบียน ทางเข้า',
      'check_in',
      null,
      READER_MIN_CONFIDENCE.default,
    ),
  };
}

/** What a page heard of the reads (`readsChanged`), by read. */
class ReadsHeard {
  private readonly heard = new Map<number, ReadsChangedPayload[]>();
  private readonly waiters = new Set<() => void>();

  constructor(socket: Socket) {
    socket.on('readsChanged', (change: ReadsChangedPayload) => {
      this.heard.set(change.read_id, [...(this.heard.get(change.read_id) ?? []), change]);
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** Whether a push of the read with `outcome` came. */
  has(id: number, outcome: ReadOutcome): boolean {
    return this.heard.get(id)?.some((c) => c.outcome === outcome) ?? false;
  }

  /** The first push of the read with `outcome`, or null after `ms`. */
  first(id: number, outcome: ReadOutcome, ms: number): Promise<ReadsChangedPayload | null> {
    const found = () => this.heard.get(id)?.find((c) => c.outcome === outcome) ?? null;
    if (found()) return Promise.resolve(found());
    return new Promise((resolve) => {
      const wake = () => {
        const change = found();
        if (!change) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(change);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve(null);
      }, ms);
      this.waiters.add(wake);
    });
  }
}

/** What the journey lends the gate: the truck's exit as one of its moves, and the gate typing it. */
export interface GateHooks {
  /** Runs a change that may let the truck out as its exit move (insideSpan). */
  exitMove: <T>(change: () => Promise<T>) => Promise<T>;
  /** The officer types the truck's number at the gate, as for every other truck. */
  typeExit: () => Promise<void>;
}

/** How a camera truck left. */
export type ExitBy = 'camera' | 'officer on the read' | 'typed';

export class Cameras {
  private readonly reads: ReadLog[] = [];
  /** Decisions still to come (the early reads', made while their trucks go on). */
  private readonly pending: Promise<void>[] = [];
  /** Each camera truck's way out, by uuid. */
  readonly exits = new Map<string, ExitBy>();
  private readonly gateHeard: ReadsHeard;
  private readonly deckHeard: ReadsHeard;
  private readonly deskHeard: ReadsHeard;
  /** Entrance reads whose answer or decision was not what the truck and its booking call for. */
  private readonly entranceWrong: string[] = [];
  /** Identified reads whose push the weighing page did not hear, or that named another truck or station. */
  private readonly deckMisses: string[] = [];
  /** Camera exits that let out a truck other than the one read. */
  private readonly wrongExits: string[] = [];

  constructor(
    private readonly api: ApiClient,
    private readonly ledger: Ledger,
    private readonly clock: SimClock,
    private readonly setup: CameraSetup,
    private readonly plans: ReadonlyMap<number, CameraPlan>,
    private readonly officers: { gate: Officer; weighbridge: Officer; desk: Officer },
    sockets: { gate: Socket; weighbridge: Socket; desk: Socket },
    private readonly bookings: SimBookings,
  ) {
    this.gateHeard = new ReadsHeard(sockets.gate);
    this.deckHeard = new ReadsHeard(sockets.weighbridge);
    this.deskHeard = new ReadsHeard(sockets.desk);
  }

  planOf(index: number): CameraPlan | null {
    return this.plans.get(index) ?? null;
  }

  /** The camera posts its read; the answer is logged with what the simulator knows of the truck. */
  private async identify(
    camera: Camera,
    read: PlateRead,
    truck: TruckRecord,
    purpose: Purpose,
  ): Promise<ReadLog> {
    const workDone = truck.ending !== null;
    const body = {
      plate: read.plate,
      confidence: read.confidence,
      ...(read.snapshot ? { snapshot: SNAPSHOT } : {}),
    };
    const { read: answer } = await this.api.call(identify, body, camera);
    const log: ReadLog = {
      camera: camera.place,
      purpose,
      truck,
      read,
      sure: read.confidence >= camera.minConfidence,
      id: answer.id,
      outcome: answer.outcome,
      reason: answer.reason,
      named: { queueNumber: answer.queue_number, licence: answer.truck_license },
      answeredAt: Date.now(),
      workDone,
      decided: null,
      ticket: answer.ticket,
    };
    this.reads.push(log);
    return log;
  }

  /** Whether the answer names the truck read (its number and licence). */
  private namesTruck(log: ReadLog): boolean {
    return log.named.queueNumber === log.truck.queueNumber && log.named.licence === log.truck.plan.licence;
  }

  /**
   * A truck drives up to the gate before its work is done: the camera reads it, the gate's
   * officer (after his moment) sends it back. The truck goes on meanwhile; the decision is
   * awaited at the end (settled()).
   */
  async early(truck: TruckRecord, read: PlateRead): Promise<void> {
    const log = await this.identify(this.setup.gate, read, truck, 'early');
    if (log.outcome === 'exited') {
      this.wrongExits.push(`${truck.queueNumber} let out by the camera before its work was done`);
      return;
    }
    if (log.outcome === 'needs_officer')
      this.pending.push(
        this.decideAtGate(log, null).then(
          () => undefined,
          () => undefined,
        ),
      );
  }

  /**
   * The truck at the barrier, its work done: the camera reads it and lets it out, or asks the
   * officer; anything else (a read that stands, a read naming a truck gone) the officer types
   * as for any truck. A repeat read follows now and then. Answers how it left.
   */
  async atGate(truck: TruckRecord, plan: CameraPlan, hooks: GateHooks): Promise<ExitBy> {
    const log = await hooks.exitMove(() => this.identify(this.setup.gate, plan.exit, truck, 'exit'));
    if (log.outcome !== 'exited') dropLastExitMove(truck);
    // The camera reads it again a moment later, as it still stands there.
    // (Its failure is the API client's error; the exit goes on.)
    const again =
      plan.again?.expect === 'repeated'
        ? this.identify(this.setup.gate, plan.again.read, truck, 'again').catch(() => null)
        : null;
    let by: ExitBy;
    if (log.outcome === 'exited' && this.namesTruck(log)) {
      by = 'camera';
    } else if (log.outcome === 'needs_officer') {
      by = await this.decideAtGate(log, hooks);
    } else {
      if (log.outcome === 'exited')
        this.wrongExits.push(
          `the read ${log.read.plate} of ${truck.queueNumber} let out ${log.named.queueNumber} ${log.named.licence}`,
        );
      await hooks.typeExit();
      by = 'typed';
    }
    this.exits.set(truck.uuid!, by);
    await again;
    // Read whole as it drives off after its number was read: the truck that left, said so.
    if (plan.again?.expect === 'already_out') {
      const after = await this.identify(this.setup.gate, plan.again.read, truck, 'again');
      if (after.outcome === 'needs_officer') await this.decideAtGate(after, null);
    }
    return by;
  }

  /**
   * The gate's officer decides a read after his moment: with `leaving` (the truck at the barrier,
   * its work done) he lets out the truck offered, or types its number when it is not offered and
   * sets the read aside; without (a truck not done, or gone) he sets it aside.
   */
  private async decideAtGate(log: ReadLog, leaving: GateHooks | null): Promise<ExitBy> {
    await this.clock.sleep(log.read.decideAfter);
    const officer = this.officers.gate;
    const listed = (await this.api.call(gateReads, {}, officer)).open.find((r) => r.id === log.id);
    const decide = (how: GateDecision) => {
      log.decided = { at: Date.now(), how, onList: listed !== undefined };
    };
    const aside = async () => {
      const { read } = await this.api.call(resolveGateRead, { id: log.id }, officer);
      if (read.resolved_at === null) this.ledger.error(`gate read ${log.id}: set aside, not decided`);
    };
    if (!leaving) {
      await aside();
      decide(log.workDone ? 'set aside (truck out already)' : 'sent back (work not done), read set aside');
      return 'typed';
    }
    const uuid = log.truck.uuid!;
    if (offered(listed, uuid)) {
      const { read } = await leaving.exitMove(() =>
        this.api.call(resolveGateRead, { id: log.id, uuid }, officer),
      );
      if (read.queue?.uuid !== uuid)
        this.ledger.error(`gate read ${log.id}: decided for ${read.queue?.uuid}`);
      decide('let out the truck offered');
      return 'officer on the read';
    }
    await leaving.typeExit();
    await aside();
    decide('typed the number (truck not offered), read set aside');
    return 'typed';
  }

  /**
   * The deck's camera reads the truck that stopped on it. Answers the truck the clerk weighs by
   * (its uuid: the one the page was told, or the one he chose), or null when he types its number.
   */
  async atDeck(truck: TruckRecord, deck: Deck, direction: 'in' | 'out'): Promise<string | null> {
    const plan = this.plans.get(truck.plan.index);
    if (!plan) return null;
    const camera = this.setup.decks[deck];
    const log = await this.identify(
      camera,
      direction === 'in' ? plan.weighIn : plan.weighOut,
      truck,
      direction === 'in' ? 'weigh-in' : 'weigh-out',
    );
    const uuid = truck.uuid!;
    if (log.outcome === 'identified') {
      const heard = await this.deckHeard.first(log.id, 'identified', HEAR_TIMEOUT_MS);
      if (heard?.queue?.uuid === uuid && heard.station_id === camera.stationId) return uuid;
      this.deckMisses.push(
        `read ${log.id} of ${truck.queueNumber}: ${heard ? `told ${heard.queue?.queue_number} at station ${heard.station_id}` : 'not heard'}`,
      );
      return null;
    }
    if (log.outcome !== 'needs_officer') return null;
    await this.clock.sleep(log.read.decideAfter);
    const officer = this.officers.weighbridge;
    const listed = (await this.api.call(weighbridgeReads, {}, officer)).open.find((r) => r.id === log.id);
    const decide = (how: DeckDecision) => {
      log.decided = { at: Date.now(), how, onList: listed !== undefined };
    };
    if (offered(listed, uuid)) {
      const { read } = await this.api.call(resolveWeighbridgeRead, { id: log.id, uuid }, officer);
      if (read.queue?.uuid !== uuid)
        this.ledger.error(`deck read ${log.id}: decided for ${read.queue?.uuid}`);
      decide('chose the truck offered');
      return uuid;
    }
    await this.api.call(resolveWeighbridgeRead, { id: log.id }, officer);
    decide('typed the number (truck not offered), read set aside');
    return null;
  }

  /**
   * A booked truck at the entrance: the camera reads it. A sure read of its plate checks it in
   * against its booking (the ticket in the answer); a read that asks the ticket desk's officer he
   * decides after his moment, checking in the truck's booking when the read offers it. Answers
   * the ticket, or null when the driver is to check in at the kiosk (the read set aside).
   */
  async atEntrance(truck: TruckRecord, read: PlateRead, booking: SimBooking): Promise<Ticket | null> {
    const licence = truck.plan.licence;
    const log = await checkingIn(this.bookings, booking, licence, async () => {
      const answered = await this.identify(this.setup.entrance, read, truck, 'entrance');
      if (answered.outcome === 'needs_officer') await this.decideAtEntrance(answered, booking);
      return answered;
    });
    const ticket = log.ticket;
    if (log.outcome !== 'checked_in' && log.outcome !== 'needs_officer')
      this.entranceWrong.push(`read ${log.id} of ${licence}: ${log.outcome}`);
    if (!ticket) return null;
    if (ticket.truck_license !== licence)
      this.entranceWrong.push(
        `read ${log.id} of ${licence} checked in ${ticket.queue_number} ${ticket.truck_license}`,
      );
    this.bookings.checkedInByCamera += 1;
    await checkedIn(
      this.api,
      this.bookings,
      booking,
      ticket,
      ticket.created,
      joinedAt(ticket.created, booking),
      this.officers.desk,
    );
    return ticket;
  }

  /**
   * The ticket desk's officer decides an entrance read after his moment: checks in the truck's
   * booking when the read offers it (the ticket kept on the read's log), else sets it aside.
   */
  private async decideAtEntrance(log: ReadLog, booking: SimBooking): Promise<void> {
    await this.clock.sleep(log.read.decideAfter);
    const officer = this.officers.desk;
    const listed = (await this.api.call(checkInReads, {}, officer)).open.find((r) => r.id === log.id);
    const offer = listed?.bookings.find((b) => b.code === booking.code);
    const decide = (how: EntranceDecision) => {
      log.decided = { at: Date.now(), how, onList: listed !== undefined };
    };
    if (offer) {
      const answer = await this.api.call(resolveCheckInRead, { id: log.id, booking_id: offer.id }, officer);
      if (!answer.queue || answer.read.resolved_at === null)
        this.ledger.error(`entrance read ${log.id}: checked in, no ticket or not decided`);
      log.ticket = answer.queue;
      decide("checked in the truck's booking offered");
      return;
    }
    const { read } = await this.api.call(resolveCheckInRead, { id: log.id }, officer);
    if (read.resolved_at === null) this.ledger.error(`entrance read ${log.id}: set aside, not decided`);
    decide('set aside (booking not offered), checked in at the kiosk');
  }

  /** Every decision still under way. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** The figures printed, and the checks. `exitEvents`: each ticket's exits as the ERP heard them. */
  async report(records: TruckRecord[], exitEvents: ReadonlyMap<string, number>): Promise<Check[]> {
    await this.settled();
    const reads = this.reads;
    const sim = (realMs: number) => (realMs * this.clock.accel) / 1000;
    const label: Record<Place, string> = {
      gate: 'Gate camera',
      deck: 'Deck cameras',
      entrance: 'Entrance camera (booked trucks)',
    };
    for (const camera of ['gate', 'deck', 'entrance'] as const) {
      const mine = reads.filter((r) => r.camera === camera);
      const tally = new Map<string, number>();
      for (const r of mine) {
        const key = r.reason ? `${r.outcome} (${r.reason})` : r.outcome;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      const order = (key: string) => {
        const [outcome, reason] = key.split(' (');
        return (
          READ_OUTCOMES.indexOf(outcome as ReadOutcome) * 10 +
          (reason ? READ_REASONS.indexOf(reason.slice(0, -1) as ReadReason) + 1 : 0)
        );
      };
      const decided = mine.filter((r) => r.decided);
      const waits = decided.map((r) => sim(r.decided!.at - r.answeredAt));
      const hows = new Map<string, number>();
      for (const r of decided) hows.set(r.decided!.how, (hows.get(r.decided!.how) ?? 0) + 1);
      const offList = decided.filter((r) => !r.decided!.onList).length;
      console.log(
        `${label[camera]}: ${mine.length} reads (` +
          `${mine.filter((r) => r.read.snapshot).length} with a snapshot, ${mine.filter((r) => r.read.misread).length} misread, ` +
          `${mine.filter((r) => !r.sure).length} below the least confidence): ` +
          [...tally]
            .sort(([a], [b]) => order(a) - order(b))
            .map(([k, n]) => `${k} ${n}`)
            .join(', ') +
          `. Officer decisions ${decided.length}: ${[...hows].map(([h, n]) => `${h} ${n}`).join(', ') || 'none'}` +
          (waits.length > 0
            ? `; read to decision (simulated) mean ${Math.round(waits.reduce((a, b) => a + b, 0) / waits.length)} s, ` +
              `95th ${Math.round(percentile(waits, 95))} s`
            : '') +
          (offList > 0 ? `; ${offList} decided off the officer's list (an earlier plant day's)` : '') +
          '.',
      );
    }
    const left = records.filter((r) => r.exited);
    const by = new Map<ExitBy, number>();
    for (const way of this.exits.values()) by.set(way, (by.get(way) ?? 0) + 1);
    const byCamera = by.get('camera') ?? 0;
    console.log(
      `Exits: ${left.length}, of which ${byCamera} by camera (${left.length ? ((byCamera / left.length) * 100).toFixed(1) : '0'} %), ` +
        `${by.get('officer on the read') ?? 0} let out by the officer on a camera read, ` +
        `${by.get('typed') ?? 0} camera trucks typed at the gate, ${left.length - this.exits.size} trucks not read (typed). ` +
        `Deck reads that the server took for a repeat (the same plate on the same deck within ${READ_REPEAT_MS / 1000} real s, ` +
        `${Math.round(sim(READ_REPEAT_MS) / 60)} simulated min at ×${this.clock.accel}): ` +
        `${reads.filter((r) => r.camera === 'deck' && r.outcome === 'repeated').length}.`,
    );

    // Each truck the camera let out: left once, the truck read, its work done.
    const exited = reads.filter((r) => r.outcome === 'exited');
    const leftOnce = exited.filter((r) => r.truck.exited && exitEvents.get(r.truck.uuid!) === 1).length;
    const wrong = [
      ...this.wrongExits,
      ...exited
        .filter(
          (r) =>
            !this.namesTruck(r) ||
            r.read.misread ||
            !r.sure ||
            matchPlate(r.read.plate, [r.truck.plan.licence], (l) => l).matches.length !== 1,
        )
        .map((r) => `read ${r.id} "${r.read.plate}" (${r.read.confidence} %) let out ${r.named.queueNumber}`),
    ];
    const unfinished = exited.filter((r) => !r.workDone);
    const asked = reads.filter((r) => r.outcome === 'needs_officer');
    const undecided = asked.filter((r) => !r.decided);
    const [gateOpen, deckOpen, deskOpen] = await Promise.all([
      this.api.call(gateReads, {}, this.officers.gate).then((a) => a.open.length),
      this.api.call(weighbridgeReads, {}, this.officers.weighbridge).then((a) => a.open.length),
      this.api.call(checkInReads, {}, this.officers.desk).then((a) => a.open.length),
    ]);
    const entrance = reads.filter((r) => r.camera === 'entrance');
    const entranceSure = entrance.filter((r) => r.sure && !r.read.misread);
    const checkedInOnRead = entranceSure.filter(
      (r) => r.outcome === 'checked_in' && r.ticket?.truck_license === r.truck.plan.licence,
    );
    const checkIns = entrance.filter((r) => r.outcome === 'checked_in');
    const checkInsUnheard = checkIns.filter((r) => !this.deskHeard.has(r.id, 'checked_in')).length;
    const early = reads.filter((r) => r.purpose === 'early');
    const repeats = reads.filter((r) => r.purpose === 'again');
    const exitOf = new Map(reads.filter((r) => r.purpose === 'exit').map((r) => [r.truck, r]));
    const repeatWrong = repeats.filter((r) => {
      const expect = this.plans.get(r.truck.plan.index)?.again?.expect;
      return expect === 'repeated'
        ? r.outcome !== 'repeated' || r.id !== exitOf.get(r.truck)?.id
        : r.outcome !== 'already_out' || !this.namesTruck(r);
    });
    const identified = reads.filter((r) => r.outcome === 'identified');
    const unheard = exited.filter((r) => !this.gateHeard.has(r.id, 'exited')).length;
    return [
      check(
        'trucks the gate camera let out left once (their exit, one ticket.exited each)',
        exited.length,
        leftOnce,
      ),
      check(
        'no truck let out by a camera read of another plate, a misread or an unsure read',
        '0',
        few(wrong),
        wrong.length === 0,
      ),
      check(
        'no truck whose work was not done let out by a camera (early reads asked the officer)',
        `0 (${early.length} early reads: needs_officer, unfinished)`,
        `${unfinished.length} (${early.filter((r) => r.outcome === 'needs_officer' && r.reason === 'unfinished').length} early reads: needs_officer, unfinished)`,
        unfinished.length === 0 &&
          early.every((r) => r.outcome === 'needs_officer' && r.reason === 'unfinished'),
      ),
      check(
        "each camera exit heard by the gate's page (readsChanged)",
        exited.length,
        exited.length - unheard,
      ),
      check(
        'every read that asked an officer was decided by him',
        asked.length,
        asked.length - undecided.length,
      ),
      check(
        "no read left open on the gate's, the weighing page's and the ticket desk's lists",
        '0 / 0 / 0',
        `${gateOpen} / ${deckOpen} / ${deskOpen}`,
      ),
      check(
        "entrance camera: each sure read of a booked truck's plate checked it in (its ticket in the answer)",
        entranceSure.length,
        checkedInOnRead.length,
      ),
      check(
        'entrance camera: no read checked in another truck, or answered other than checked in or asking the desk',
        '0',
        few(this.entranceWrong),
        this.entranceWrong.length === 0,
      ),
      check(
        "each camera check-in heard by the ticket desk's page (readsChanged)",
        checkIns.length,
        checkIns.length - checkInsUnheard,
      ),
      check(
        'repeat reads: the same read within the minute answered with the read that stands, the plate after the exit as already out',
        `${repeats.length} right`,
        `${repeats.length - repeatWrong.length} right`,
      ),
      check(
        'each identified deck read told the weighing page its truck and station (readsChanged)',
        `${identified.length} (0 missed)`,
        `${identified.length} (${few(this.deckMisses)} missed)`,
        this.deckMisses.length === 0,
      ),
    ];
  }
}

/** Up to two examples, for the table. */
function few(list: string[]): string {
  return list.length === 0 ? '0' : `${list.length}: ${list.slice(0, 2).join('; ')}`;
}

function offered(listed: ReadRecord | undefined, uuid: string): boolean {
  return listed?.suggestions.some((s) => s.uuid === uuid) ?? false;
}

/** A read that let nothing out was not the truck's exit: its move is taken back (insideSpan). */
function dropLastExitMove(truck: TruckRecord): void {
  for (let i = truck.moves.length - 1; i >= 0; i--) {
    if (truck.moves[i]!.what === 'exit') {
      truck.moves.splice(i, 1);
      return;
    }
  }
}
