import type {
  ReadBooking,
  ReadRecord,
  ReadTruck,
} from '@truck-queue/shared/contracts/identification.contract';
import { READS_LISTED } from '@truck-queue/shared/contracts/identification.contract';
import { matchPlate } from '@truck-queue/shared/identify/plate-match';
import {
  LEFT_RECENTLY_MS,
  READ_REPEAT_MS,
  type ReaderAction,
  type ReadOutcome,
  type ReadReason,
} from '@truck-queue/shared/identify/readers';
import { plateSearchKey } from '@truck-queue/shared/licence';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext, DeviceContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { Issuer, TicketDesk } from '../queue/calling.routes.ts';
import type { QueueService } from '../queue/queue.service.ts';
import type { TruckFound } from '../queue/queue.repository.ts';
import type { IdentificationRepository, NewRead } from './identification.repository.ts';

/** How many trucks a read offers its officer at most. */
const SUGGESTIONS_MAX = 5;

/** A read as the reader sends it (identify's body). */
export type ReadInput =
  | { plate: string; confidence: number; snapshot?: string | undefined }
  | { tag: string; snapshot?: string | undefined };

/** What the reader hears back. */
export interface ReadAnswer {
  id: number;
  outcome: ReadOutcome;
  reason: ReadReason | null;
  queue_number: string | null;
  truck_license: string | null;
  /** The ticket an entrance check-in issued (a reader without the plant's printer prints or shows it); else null. */
  ticket: Ticket | null;
}

const readDecided = () =>
  conflict('Another officer decided this read already: the list shows what became of it.', 'READ_DECIDED');

/**
 * Plate cameras and RFID readers (issue 42). A read finds the truck among those inside (a plate
 * by plate-match.ts, a tag by the supplier vehicle carrying it) and, where it is one truck and
 * the camera sure enough, acts as the reader is set: the gate lets the truck out (only a truck
 * whose work is done), a weighbridge's page is told which truck stands on its deck. Anything
 * else asks the officer, who chooses the truck or sets the read aside. A reader repeating the
 * same plate within READ_REPEAT_MS is answered with the read that stands.
 */
export function createIdentificationService(deps: {
  db: Db;
  repo: IdentificationRepository;
  queue: Pick<QueueService, 'change'>;
  /** The entrance: today's bookings a plate may be, and their check-in (bookings.service.ts). */
  bookings: Pick<BookingsService, 'arrivals' | 'checkIn'>;
  /** Issues and prints a checked-in truck's ticket: the reader's, or the desk officer's. */
  desk: Pick<TicketDesk, 'issue' | 'issueAtReader'>;
  days: PlantDays;
  clock: Clock;
  events: EventHub;
  /** How long snapshots are kept (config SNAPSHOT_DAYS). */
  snapshotDays: number;
}) {
  const { db, repo, queue, bookings, desk, days, clock, events } = deps;

  const truckOf = (truck: TruckFound): ReadTruck => ({
    uuid: truck.uuid,
    queue_number: truck.queueNumber,
    truck_license: truck.truckLicense,
    queue_type_name: truck.queueTypeName,
  });

  function announce(
    branchId: number,
    read: { id: number; action: ReaderAction; stationId: number | null; outcome: ReadOutcome },
    truck: Pick<TruckFound, 'uuid' | 'queueNumber' | 'truckLicense'> | null,
  ) {
    events.publish('readsChanged', {
      branchId,
      change: {
        read_id: read.id,
        action: read.action,
        station_id: read.stationId,
        outcome: read.outcome,
        queue: truck
          ? { uuid: truck.uuid, queue_number: truck.queueNumber, truck_license: truck.truckLicense }
          : null,
      },
    });
  }

  /** Reads of a branch as the pages list them, their trucks and bookings read at once. */
  async function records(branchId: number, rows: Awaited<ReturnType<IdentificationRepository['openReads']>>) {
    const ids = new Set<number>();
    const bookingIds = new Set<number>();
    for (const row of rows) {
      if (row.queueId !== null) ids.add(row.queueId);
      for (const id of row.suggestions) ids.add(id);
      for (const id of row.bookings) bookingIds.add(id);
    }
    const [found, offered] = await Promise.all([
      repo.trucks([...ids]),
      repo.bookings(branchId, [...bookingIds]),
    ]);
    const trucks = new Map(found.map((truck) => [truck.id, truckOf(truck)]));
    const booked = new Map(
      offered.map((b): [number, ReadBooking] => [
        b.id,
        {
          id: b.id,
          code: b.code,
          supplier_name: b.supplierName,
          window: `${b.windowStart}-${b.windowEnd}`,
          truck_license: b.licence,
        },
      ]),
    );
    return rows.map((row): ReadRecord => ({
      id: row.id,
      at: row.at.toISOString(),
      reader_name: row.readerName,
      action: row.action,
      station_id: row.stationId,
      station_name: row.stationName,
      plate: row.plate,
      confidence: row.confidence,
      tag: row.tag,
      outcome: row.outcome,
      reason: row.reason,
      queue: row.queueId !== null ? (trucks.get(row.queueId) ?? null) : null,
      suggestions: row.suggestions.flatMap((id) => trucks.get(id) ?? []),
      bookings: row.bookings.flatMap((id) => booked.get(id) ?? []),
      has_snapshot: row.hasSnapshot,
      resolved_at: row.resolvedAt?.toISOString() ?? null,
    }));
  }

  async function recordOf(branchId: number, id: number): Promise<ReadRecord> {
    const row = await repo.findRead(branchId, id);
    if (!row) throw notFound('The read');
    return (await records(branchId, [row]))[0]!;
  }

  /** A read of the branch by one kind of reader, not decided yet. */
  async function openRead(auth: AuthContext, id: number, action: ReaderAction) {
    const row = await repo.findRead(auth.branchId, id);
    if (!row || row.action !== action) throw notFound('The read');
    if (row.resolvedAt !== null || row.outcome !== 'needs_officer') throw readDecided();
    return row;
  }

  /** A ticket of the branch by uuid (the officer's choice). */
  async function truckByUuid(branchId: number, uuid: string): Promise<TruckFound> {
    const truck = await repo.truckByUuid(branchId, uuid);
    if (!truck) throw notFound('The ticket');
    return truck;
  }

  return {
    /** A reader's read; `origin` is the server's address as the reader reached it (a printed ticket's link). */
    async identify(device: DeviceContext, input: ReadInput, origin: string): Promise<ReadAnswer> {
      const reader = await repo.reader(device.deviceId);
      if (!reader) throw notFound('The reader');
      const action: ReaderAction = reader.action ?? 'gate_exit';
      const stationId = action === 'weighbridge' ? reader.stationId : null;
      const now = clock.now();
      const isTag = 'tag' in input;
      const licence = isTag ? await repo.vehicleOfTag(reader.branchId, input.tag) : input.plate;
      const readKey = isTag ? `tag:${input.tag}` : plateSearchKey(input.plate);

      const recent = await repo.recentRead(reader.id, readKey, new Date(now.getTime() - READ_REPEAT_MS));
      if (recent) {
        const [truck] = recent.queueId !== null ? await repo.trucks([recent.queueId]) : [];
        return {
          id: recent.id,
          outcome: 'repeated',
          reason: recent.reason,
          queue_number: truck?.queueNumber ?? null,
          truck_license: truck?.truckLicense ?? null,
          ticket: null,
        };
      }

      const { insideSince } = await days.calendar(reader.branchId);
      const named = licence
        ? matchPlate(licence, await repo.insidePlates(reader.branchId, insideSince), (t) => t.truckLicense)
        : { matches: [], suggestions: [] };
      // Whole rows for the trucks the read names, in the match's order (suggestions: those kept).
      const whole = new Map(
        (
          await repo.trucks(
            [...named.matches, ...named.suggestions.slice(0, SUGGESTIONS_MAX)].map((t) => t.id),
          )
        ).map((truck) => [truck.id, truck]),
      );
      const wholeOf = (plates: readonly { id: number }[]) => plates.flatMap((p) => whole.get(p.id) ?? []);
      const matches = wholeOf(named.matches);
      const suggestions = wholeOf(named.suggestions);
      const sure = isTag || input.confidence >= reader.minConfidence;
      const base: Omit<NewRead, 'outcome' | 'reason' | 'queueId' | 'suggestions'> = {
        branchId: reader.branchId,
        readerId: reader.id,
        at: now,
        action,
        stationId,
        plate: isTag ? null : input.plate,
        confidence: isTag ? null : Math.round(input.confidence),
        tag: isTag ? input.tag : null,
        readKey,
        snapshot: input.snapshot ? Buffer.from(input.snapshot, 'base64') : null,
      };

      const write = async (
        outcome: ReadOutcome,
        reason: ReadReason | null,
        truck: TruckFound | null,
        offered: readonly TruckFound[] = [],
        offeredBookings: readonly { id: number }[] = [],
      ): Promise<ReadAnswer> => {
        const id = await repo.insertRead(db, {
          ...base,
          outcome,
          reason,
          queueId: truck?.id ?? null,
          suggestions: offered.slice(0, SUGGESTIONS_MAX).map((t) => t.id),
          bookings: offeredBookings.slice(0, SUGGESTIONS_MAX).map((b) => b.id),
        });
        announce(reader.branchId, { id, action, stationId, outcome }, truck);
        return {
          id,
          outcome,
          reason,
          queue_number: truck?.queueNumber ?? null,
          truck_license: truck?.truckLicense ?? null,
          ticket: null,
        };
      };

      const only = matches.length === 1 ? matches[0]! : null;
      if (action === 'check_in') {
        // A truck inside already (checked in a moment ago, or issued at the desk): nothing to do.
        if (only && sure) return write('already_in', null, only);
        if (!licence) return write('needs_officer', 'unmatched', null);
        const arrivals = await bookings.arrivals(reader.branchId, licence);
        const admitted = arrivals.filter((b) => b.outcome !== 'refused');
        // A booking made for the plate goes before its supplier's any-vehicle ones; then the one at its slot.
        const named = admitted.filter((b) => b.named);
        const pool = named.length > 0 ? named : admitted;
        const atSlot = pool.filter((b) => b.outcome === 'slot');
        const chosen = pool.length === 1 ? pool[0]! : atSlot.length === 1 ? atSlot[0]! : null;
        if (arrivals.length === 0) return write('needs_officer', 'no_booking', null);
        if (!sure) return write('needs_officer', 'low_confidence', null, [], arrivals);
        if (admitted.length === 0) return write('needs_officer', 'booking_refused', null, [], arrivals);
        if (!chosen) return write('needs_officer', 'several', null, [], admitted);
        let readId = 0;
        try {
          const { view, queue: ticket } = await bookings.checkIn(
            reader.branchId,
            { code: chosen.code, licence: chosen.licence, idempotencyKey: undefined },
            (ticket, alongside) =>
              desk.issueAtReader(reader, origin, ticket, async (tx, issued) => {
                await alongside(tx);
                readId = await repo.insertRead(tx, {
                  ...base,
                  outcome: 'checked_in',
                  reason: null,
                  queueId: issued.id,
                  suggestions: [],
                  bookings: [chosen.id],
                });
              }),
          );
          announce(reader.branchId, { id: readId, action, stationId, outcome: 'checked_in' }, view);
          return {
            id: readId,
            outcome: 'checked_in',
            reason: null,
            queue_number: view.queueNumber,
            truck_license: view.truckLicense,
            ticket,
          };
        } catch (error) {
          // Refused as the desk would be (checked in meanwhile, a ticket open for the plate…): the officer sees it.
          if (
            !(error instanceof AppError) ||
            (error.code !== 'CONFLICT' && error.code !== 'VALIDATION_FAILED')
          )
            throw error;
          return write('needs_officer', 'booking_refused', null, [], [chosen]);
        }
      }
      if (matches.length === 0 && licence) {
        // A truck seen again as it drives off, or read after the officer let it out: no question.
        const left = await repo.leftPlatesSince(
          reader.branchId,
          insideSince,
          new Date(now.getTime() - LEFT_RECENTLY_MS),
        );
        const [goneId] = matchPlate(licence, left, (truck) => truck.truckLicense).matches;
        const [gone] = goneId ? await repo.trucks([goneId.id]) : [];
        if (gone) return write('already_out', null, gone);
      }
      if (!only || !sure) {
        const reason: ReadReason =
          matches.length > 1
            ? 'several'
            : matches.length === 1
              ? 'low_confidence'
              : suggestions.length > 0
                ? 'near'
                : 'unmatched';
        return write('needs_officer', reason, null, matches.length > 0 ? matches : suggestions);
      }
      if (action === 'weighbridge') return write('identified', null, only);

      // The gate: the truck leaves when its work is done; the read is written with the exit.
      let readId = 0;
      try {
        await queue.change(
          reader.branchId,
          only.id,
          { kind: 'exit', confirmUnfinished: false },
          { deviceId: reader.id },
          {
            alongside: async (tx) => {
              readId = await repo.insertRead(tx, {
                ...base,
                outcome: 'exited',
                reason: null,
                queueId: only.id,
                suggestions: [],
              });
            },
          },
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.reason === 'UNFINISHED_EXIT') return write('needs_officer', 'unfinished', null, [only]);
        if (error.reason === 'ALREADY_LEFT' || error.reason === 'EXIT_ALREADY_RECORDED')
          return write('already_out', null, only);
        throw error;
      }
      announce(reader.branchId, { id: readId, action, stationId, outcome: 'exited' }, only);
      return {
        id: readId,
        outcome: 'exited',
        reason: null,
        queue_number: only.queueNumber,
        truck_license: only.truckLicense,
        ticket: null,
      };
    },

    /** The reads of this plant day of the branch's gate or weighbridge readers: open ones and the latest. */
    async reads(auth: AuthContext, action: ReaderAction) {
      const calendar = await days.calendar(auth.branchId);
      const [since] = calendar.range(calendar.today);
      const [open, latest] = await Promise.all([
        repo.openReads(auth.branchId, action, since),
        repo.latestReads(auth.branchId, action, since, READS_LISTED),
      ]);
      return { open: await records(auth.branchId, open), latest: await records(auth.branchId, latest) };
    },

    /**
     * The gate's officer decides a read: lets out the truck chosen (the exit's own refusals,
     * UNFINISHED_EXIT until confirmed), the read decided in the exit's transaction; or, without a
     * truck, sets it aside.
     */
    async resolveGate(auth: AuthContext, id: number, uuid: string | undefined, confirmUnfinished: boolean) {
      const read = await openRead(auth, id, 'gate_exit');
      const at = clock.now();
      let truck: TruckFound | null = null;
      if (uuid === undefined) {
        if (!(await repo.resolveRead(db, read.id, { queueId: null, officerId: auth.officerId, at })))
          throw readDecided();
      } else {
        truck = await truckByUuid(auth.branchId, uuid);
        const chosen = truck;
        await queue.change(
          auth.branchId,
          chosen.id,
          { kind: 'exit', confirmUnfinished },
          { officerId: auth.officerId },
          {
            alongside: async (tx) => {
              if (
                !(await repo.resolveRead(tx, read.id, { queueId: chosen.id, officerId: auth.officerId, at }))
              )
                throw readDecided();
            },
          },
        );
      }
      announce(
        auth.branchId,
        { id: read.id, action: 'gate_exit', stationId: null, outcome: read.outcome },
        truck,
      );
      return recordOf(auth.branchId, read.id);
    },

    /** The weighbridge's officer decides a read: the truck chosen stands on the deck, or the read is set aside. */
    async resolveWeighbridge(auth: AuthContext, id: number, uuid: string | undefined) {
      const read = await openRead(auth, id, 'weighbridge');
      const truck = uuid === undefined ? null : await truckByUuid(auth.branchId, uuid);
      const decided = await repo.resolveRead(db, read.id, {
        queueId: truck?.id ?? null,
        officerId: auth.officerId,
        at: clock.now(),
      });
      if (!decided) throw readDecided();
      announce(
        auth.branchId,
        { id: read.id, action: 'weighbridge', stationId: read.stationId, outcome: read.outcome },
        truck,
      );
      return recordOf(auth.branchId, read.id);
    },

    /**
     * The ticket desk's officer decides an entrance read: checks the truck in against one of the
     * bookings it offers (the check-in's own refusals; the read decided in its transaction), or
     * sets it aside.
     */
    async resolveCheckIn(
      issuer: Issuer & { auth: AuthContext },
      id: number,
      bookingId: number | undefined,
      printerUuid: string | null | undefined,
    ) {
      const { auth } = issuer;
      const read = await openRead(auth, id, 'check_in');
      const at = clock.now();
      if (bookingId === undefined) {
        if (!(await repo.resolveRead(db, read.id, { queueId: null, officerId: auth.officerId, at })))
          throw readDecided();
        announce(
          auth.branchId,
          { id: read.id, action: 'check_in', stationId: null, outcome: read.outcome },
          null,
        );
        return { read: await recordOf(auth.branchId, read.id), queue: null, print: null };
      }
      if (!read.bookings.includes(bookingId)) throw notFound('The booking');
      const [booking] = await repo.bookings(auth.branchId, [bookingId]);
      if (!booking) throw notFound('The booking');
      // The licence the check-in would take by itself (a vehicle of the supplier's, as kept), else the read's.
      const plate = read.plate ?? (read.tag ? await repo.vehicleOfTag(auth.branchId, read.tag) : null);
      const arrival = plate
        ? (await bookings.arrivals(auth.branchId, plate)).find((b) => b.id === bookingId)
        : undefined;
      const {
        queue: ticket,
        print,
        view,
      } = await bookings.checkIn(
        auth.branchId,
        {
          code: booking.code,
          licence: booking.licence === null ? (arrival?.licence ?? plate ?? undefined) : undefined,
          idempotencyKey: `camera-read-${read.id}`,
        },
        (input, alongside) =>
          desk.issue({ ...issuer, device: null }, printerUuid, input, async (tx, issued) => {
            await alongside(tx);
            if (!(await repo.resolveRead(tx, read.id, { queueId: issued.id, officerId: auth.officerId, at })))
              throw readDecided();
          }),
      );
      announce(
        auth.branchId,
        { id: read.id, action: 'check_in', stationId: null, outcome: read.outcome },
        view,
      );
      return { read: await recordOf(auth.branchId, read.id), queue: ticket, print };
    },

    async snapshot(auth: AuthContext, id: number) {
      const found = await repo.snapshot(auth.branchId, id);
      if (!found) throw notFound('The snapshot');
      return { data: found.bytes.toString('base64'), at: found.at.toISOString() };
    },

    /** The latest snapshot of a ticket's truck (its slip shows it), or null. */
    async ticketSnapshot(auth: AuthContext, uuid: string) {
      const found = await repo.snapshotOfTicket(auth.branchId, uuid);
      return found
        ? {
            read_id: found.id,
            at: found.at.toISOString(),
            mime: 'image/jpeg' as const,
            data: found.bytes.toString('base64'),
          }
        : null;
    },

    /** Drops snapshots older than SNAPSHOT_DAYS; how many. */
    pruneSnapshots: () =>
      repo.pruneSnapshots(new Date(clock.now().getTime() - deps.snapshotDays * 86_400_000)),
  };
}

export type IdentificationService = ReturnType<typeof createIdentificationService>;
