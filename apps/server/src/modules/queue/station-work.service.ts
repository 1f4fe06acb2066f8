import type { QueueCommand } from '@truck-queue/shared/queue/decide';
import { readTicketCode } from '@truck-queue/shared/scan/ticket-code';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { mayTypeWeights } from '@truck-queue/shared/queue/weighing';
import type { ManualWeights } from '../controller-settings/manual-weights.ts';
import { NO_LAB, type LabOf, type LabService } from '../lab/lab.service.ts';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import type { WeighingScale } from '@truck-queue/shared/contracts/station-work.contract';
import { captureRefusal, capturedKg, type CaptureRefusal } from '@truck-queue/shared/scale/capture';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';
import type { QueueRepository, QueueView, TruckFound } from './queue.repository.ts';
import type { QueueService } from './queue.service.ts';
import { newestFirst, type DayLists } from './day-lists.ts';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { storedTareExpires, storedTareValid } from '@truck-queue/shared/queue/weight-checks';
import type { VehicleTaresRepository } from './vehicle-tares.repository.ts';
import type { WeighingRulesService } from './weighing-rules.ts';
import { kg as kgOf } from './queue.views.ts';

/**
 * The truck a counter means, named one way: the number as typed (with the ticket's uuid once the
 * officer picked among several trucks holding it), the uuid alone (a scan of the ticket's QR code),
 * or the ticket code of its Code 128.
 */
export type TruckRef =
  { queueNumber: string; uuid?: string | undefined } | { uuid: string } | { ticketCode: string };

/**
 * A scale now: what it shows, and when (the app's clock, ms) it last read empty (capture.ts
 * readsEmpty), or when its bridge connected, whichever is later; null offline. A capture needs
 * the scale to have read empty since the one before (the return-to-zero interlock).
 */
export interface ScaleReading {
  live: ScaleLive;
  emptyAt: number | null;
}

/** What an officer reads when a scale's weight cannot be captured. */
const CAPTURE_REFUSALS: Record<CaptureRefusal, string> = {
  SCALE_OFFLINE: 'The scale is not connected: check the scale bridge on its PC.',
  SCALE_NO_SIGNAL: 'No signal from the scale: check the indicator and its cable.',
  SCALE_NOT_STABLE: 'The weight is not stable yet: wait until the truck stands still.',
  SCALE_NO_WEIGHT: 'The scale shows no weight to record.',
  SCALE_NOT_CLEARED:
    'The scale has not read empty since its last weighing: the weighed truck must drive off before the next is weighed.',
};

/**
 * Lab pickup, weighbridge and gate: an officer types a queue number or scans a ticket; the
 * service finds the truck it means and moves it.
 */
export function createStationWorkService(deps: {
  db: Db;
  repo: QueueRepository;
  reads: QueueReadsRepository;
  queue: QueueService;
  days: PlantDays;
  /** The app's clock: a capture's stamp, compared with when its scale last read empty. */
  clock: Clock;
  /** What the scales show now, and when each last read empty (realtime's scale-weights.ts). */
  scaleReadings: (deviceIds: readonly number[]) => Promise<Map<number, ScaleReading>>;
  lab: LabService;
  /** The branch's scales (the device gateway's rows). */
  devices: Pick<DeviceGatewayRepository, 'listDevices' | 'findDevice' | 'markCaptured'>;
  /** Which roles may type a weight (the Weighbridge controller's setting). */
  manualWeights: Pick<ManualWeights, 'roles'>;
  /** The counters' lists of the day, kept current per change (day-lists.ts). */
  dayLists: DayLists;
  /** What weights are checked against, and whether stored tares may finish a truck (issue 42). */
  weighingRules: Pick<WeighingRulesService, 'settings' | 'limitsOf'>;
  tares: Pick<VehicleTaresRepository, 'find' | 'keep'>;
}) {
  const { db, repo, reads, queue, days, clock, scaleReadings, lab, devices, manualWeights, dayLists } = deps;
  const { weighingRules, tares } = deps;

  /**
   * A weighing: checked against the ticket's limits (WEIGHT_WARNING until confirmed); a real
   * weigh-out keeps the vehicle's tare (the lighter weighing) for the next time it comes.
   */
  async function weighed(
    auth: AuthContext,
    target: TruckFound,
    command: Extract<QueueCommand, { kind: 'weigh_in' | 'weigh_out' }>,
    confirmWarnings: boolean,
    change: (command: QueueCommand) => Promise<QueueView>,
  ): Promise<QueueView> {
    const limits = await weighingRules.limitsOf(db, auth.branchId, target.id);
    const view = await change({ ...command, limits, confirmWarnings });
    if (command.kind === 'weigh_out' && command.from?.source !== 'stored_tare') await keepTare(auth, view);
    return view;
  }

  /** The lighter of a truck's two weighings becomes its vehicle's stored tare (a later one wins). */
  async function keepTare(auth: AuthContext, view: QueueView): Promise<void> {
    const inKg = kgOf(view.weighInKg);
    const outKg = kgOf(view.weighOutKg);
    if (inKg === null || outKg === null || !view.weighInAt || !view.weighOutAt) return;
    const outLighter = outKg <= inKg;
    await tares.keep({
      branchId: auth.branchId,
      plateKey: plateSearchKey(view.truckLicense),
      licence: view.truckLicense,
      kg: outLighter ? outKg : inKg,
      weighedAt: outLighter ? view.weighOutAt : view.weighInAt,
      origin: 'weighing',
      queueId: view.id,
      officerId: auth.officerId,
    });
  }

  /** Whether this officer may type a weight by hand: admins, and the roles the branch allows. */
  async function mayType(auth: AuthContext): Promise<boolean> {
    return mayTypeWeights(auth.roles, await manualWeights.roles(auth.branchId));
  }

  /**
   * The truck a counter means, never guessed. A ticket code or a uuid (a scan, or the officer's
   * pick among several) names one ticket of the branch and nothing else; with a number beside
   * it, that ticket must hold the number. A number alone means the one truck inside holding it.
   * Several inside: refused with the candidates (AMBIGUOUS_NUMBER). None inside: the latest
   * ticket with that number, so `decide` answers "already left" and a repeated scan never falls
   * through to another truck. Whether the truck may move is `decide`'s answer, under the row lock.
   */
  async function find(auth: AuthContext, ref: TruckRef): Promise<TruckFound> {
    if ('ticketCode' in ref) {
      const reading = readTicketCode(ref.ticketCode);
      const named = reading.ok ? await repo.findTruck(db, auth.branchId, { id: reading.id }) : null;
      if (!named) throw notFound(`Ticket ${ref.ticketCode}`);
      return named;
    }
    if (!('queueNumber' in ref)) {
      const named = await repo.findTruck(db, auth.branchId, { uuid: ref.uuid });
      if (!named) throw notFound('The ticket');
      return named;
    }
    const { queueNumber, uuid } = ref;
    if (uuid !== undefined) {
      const named = await repo.findTruck(db, auth.branchId, { uuid });
      if (!named || named.queueNumber !== queueNumber) throw notFound(`Queue number ${queueNumber}`);
      return named;
    }
    const { insideSince } = await days.calendar(auth.branchId);
    const inside = await reads.insideByNumber(auth.branchId, queueNumber, insideSince);
    if (inside.length === 1) return inside[0]!;
    if (inside.length > 1) {
      throw new AppError(
        'CONFLICT',
        `${inside.length} trucks inside hold queue number ${queueNumber}: choose one.`,
        undefined,
        {
          reason: 'AMBIGUOUS_NUMBER',
          queueNumber,
          candidates: inside.map((q) => ({
            uuid: q.uuid,
            queue_number: q.queueNumber,
            truck_license: q.truckLicense,
            queue_type_name: q.queueTypeName,
            created: q.created.toISOString(),
            queue_date: q.queueDate,
          })),
        },
      );
    }
    const latest = await repo.findByNumber(db, auth.branchId, queueNumber);
    if (!latest) throw notFound(`Queue number ${queueNumber}`);
    return latest;
  }

  return {
    async labAccept(auth: AuthContext, ref: TruckRef) {
      const target = await find(auth, ref);
      return queue.change(auth.branchId, target.id, { kind: 'accept' }, { officerId: auth.officerId });
    },

    /** Checkout, with the values of the truck's queue type's measurements, kept in the same transaction. */
    async labComplete(
      auth: AuthContext,
      ref: TruckRef,
      values?: readonly { measure_id: number; value: number }[],
    ): Promise<{ queue: QueueView; lab: LabOf }> {
      const target = await find(auth, ref);
      const view = await queue.change(
        auth.branchId,
        target.id,
        { kind: 'complete' },
        { officerId: auth.officerId },
        {
          alongside: (tx, current) => lab.record(tx, current, values, auth.officerId),
          sameAs: (tx, current) => lab.sameValues(tx, current.id, values),
        },
      );
      return { queue: view, lab: (await lab.resultsOf(db, [view.id])).get(view.id) ?? NO_LAB };
    },

    /** A correction of the truck's last result, with the reason, in the same transaction as its audit row. */
    async labCorrect(
      auth: AuthContext,
      uuid: string,
      values: readonly { measure_id: number; value: number }[],
      note: string,
    ): Promise<{ queue: QueueView; lab: LabOf }> {
      const target = await find(auth, { uuid });
      const view = await queue.change(
        auth.branchId,
        target.id,
        { kind: 'lab_correct', note },
        { officerId: auth.officerId },
        { alongside: (tx, current) => lab.correct(tx, current, values, auth.officerId) },
      );
      return { queue: view, lab: (await lab.resultsOf(db, [view.id])).get(view.id) ?? NO_LAB };
    },

    /**
     * Samples the lab received this plant day, and those of trucks still inside waiting for
     * their result since an earlier one; newest first. A typed number narrows the list.
     */
    async labToday(auth: AuthContext, queueNumber: string | undefined) {
      const calendar = await days.calendar(auth.branchId);
      const range = calendar.range(calendar.today);
      const read = async (uuids?: readonly string[]) => {
        const samples = await reads.labSamples(
          auth.branchId,
          range,
          calendar.insideSince,
          queueNumber,
          uuids,
        );
        const results = await lab.resultsOf(
          db,
          samples.map((q) => q.id),
        );
        return samples.map((q) => ({ queue: q, lab: results.get(q.id) ?? NO_LAB }));
      };
      const [samples, measures] = await Promise.all([
        // A typed number narrows the list to a row or two: read as it is asked.
        queueNumber
          ? read()
          : dayLists.get({
              name: 'lab',
              branchId: auth.branchId,
              key: `${range[0].toISOString()} ${calendar.insideSince}`,
              read,
              uuidOf: (sample) => sample.queue.uuid,
              order: newestFirst(
                (sample) => sample.queue.labStart,
                (sample) => sample.queue.id,
              ),
            }),
        lab.measures(auth.branchId, true),
      ]);
      return { samples, measures };
    },

    /** The gate; a truck whose work is not done leaves only with `confirmUnfinished` (decide). */
    async exit(auth: AuthContext, ref: TruckRef, confirmUnfinished = false) {
      const target = await find(auth, ref);
      const command: QueueCommand = { kind: 'exit', confirmUnfinished };
      return queue.change(auth.branchId, target.id, command, { officerId: auth.officerId });
    },

    /** Trucks that left this plant day, whatever day their ticket was issued. */
    async exitsToday(auth: AuthContext) {
      const calendar = await days.calendar(auth.branchId);
      const range = calendar.range(calendar.today);
      return dayLists.get({
        name: 'exits',
        branchId: auth.branchId,
        key: range[0].toISOString(),
        read: (uuids) => reads.exitsBetween(auth.branchId, range, uuids),
        uuidOf: (queue) => queue.uuid,
        order: newestFirst(
          (queue) => queue.exitAt,
          (queue) => queue.id,
        ),
      });
    },

    /**
     * A weight typed by hand, kept with the officer's reason and marked manual: only by an
     * officer the branch allows to (admins always), else FORBIDDEN (MANUAL_WEIGHT_NOT_ALLOWED).
     */
    async weigh(
      auth: AuthContext,
      ref: TruckRef,
      direction: 'in' | 'out',
      kg: number,
      reason: string,
      confirmOutOfOrder = false,
      confirmWarnings = false,
    ) {
      if (!(await mayType(auth)))
        throw new AppError(
          'FORBIDDEN',
          'Your role may not type a weight by hand: capture it from the scale, or ask an admin.',
          undefined,
          { reason: 'MANUAL_WEIGHT_NOT_ALLOWED' },
        );
      const target = await find(auth, ref);
      const from = { source: 'manual' as const, reason };
      const command =
        direction === 'in'
          ? { kind: 'weigh_in' as const, kg, from }
          : { kind: 'weigh_out' as const, kg, from, confirmOutOfOrder };
      return weighed(auth, target, command, confirmWarnings, (checked) =>
        queue.change(auth.branchId, target.id, checked, { officerId: auth.officerId }),
      );
    },

    /** The branch's registered scales, with their station and what each shows now; whether the officer may type. */
    async scales(auth: AuthContext): Promise<{ scales: WeighingScale[]; mayType: boolean }> {
      const [listed, typing] = await Promise.all([
        devices.listDevices(auth.branchId, 'scale'),
        mayType(auth),
      ]);
      const rows = listed.filter((r) => r.device_id !== null);
      const live = await scaleReadings(rows.map((r) => r.id));
      return {
        mayType: typing,
        scales: rows.map((r) => ({
          uuid: r.uuid,
          name: r.name,
          station_id: r.stationId,
          station_name: r.stationName,
          live: live.get(r.id)?.live ?? { state: 'offline', kg: null, raw: '', at: null },
        })),
      };
    },

    /**
     * The weight the scale shows now, as the truck's weigh-in or weigh-out: taken from what its
     * bridge last reported (captureRefusal: stable, above zero, fresh), kept with the scale and
     * the indicator's frame. Two scales capturing the same truck at once: the row lock lets one
     * through and the other is refused as already weighed.
     */
    async capture(
      auth: AuthContext,
      ref: TruckRef,
      direction: 'in' | 'out',
      scaleUuid: string,
      confirmOutOfOrder = false,
      confirmWarnings = false,
    ) {
      const scale = await devices.findDevice(auth.branchId, 'scale', { uuid: scaleUuid });
      if (!scale?.deviceId) throw notFound('The scale');
      const reading = (await scaleReadings([scale.id])).get(scale.id);
      const live = reading?.live;
      const refusal = live ? captureRefusal(live) : 'SCALE_OFFLINE';
      if (refusal || !live?.kg)
        throw conflict(CAPTURE_REFUSALS[refusal ?? 'SCALE_NO_WEIGHT'], refusal ?? 'SCALE_NO_WEIGHT');
      const emptyAt = reading?.emptyAt ? new Date(reading.emptyAt) : null;
      const target = await find(auth, ref);
      const kg = capturedKg(live.kg);
      const from = { source: 'indicator' as const, deviceId: scale.id, frame: live.raw };
      const command =
        direction === 'in'
          ? { kind: 'weigh_in' as const, kg, from }
          : { kind: 'weigh_out' as const, kg, from, confirmOutOfOrder };
      return weighed(auth, target, command, confirmWarnings, (checked) =>
        queue.change(
          auth.branchId,
          target.id,
          checked,
          { officerId: auth.officerId, deviceId: scale.id },
          {
            alongside: async (tx) => {
              // Return to zero: the scale read empty since its last capture; of two trucks captured
              // from one reading at once (two clerks, one scale), one goes through.
              if (!(await devices.markCaptured(tx, scale.id, emptyAt, clock.now()))) {
                throw conflict(CAPTURE_REFUSALS.SCALE_NOT_CLEARED, 'SCALE_NOT_CLEARED');
              }
            },
          },
        ),
      );
    },

    /** The stored tare of a truck's vehicle, and whether the branch lets trucks finish on one. */
    async storedTare(auth: AuthContext, uuid: string) {
      const target = await find(auth, { uuid });
      const [rules, tare] = await Promise.all([
        weighingRules.settings(auth.branchId),
        tares.find(auth.branchId, plateSearchKey(target.truckLicense)),
      ]);
      return {
        allowed: rules.storedTareAllowed,
        tare: tare && {
          kg: tare.kg,
          weighedAt: tare.weighedAt,
          expiresAt: storedTareExpires(tare.weighedAt, rules.storedTareDays),
          valid: storedTareValid(tare.weighedAt, clock.now(), rules.storedTareDays),
        },
      };
    },

    /**
     * Finishes a weighed-in truck on its vehicle's stored tare (issue 42): recorded as its
     * weigh-out (source stored_tare, the tare's date kept; the history says so), where the branch
     * allows it and the tare is still valid. The truck must have been called to unload first.
     */
    async finishOnStoredTare(auth: AuthContext, ref: TruckRef, confirmWarnings = false) {
      const rules = await weighingRules.settings(auth.branchId);
      if (!rules.storedTareAllowed)
        throw conflict(
          'This branch does not let trucks finish on a stored tare: weigh the truck out.',
          'STORED_TARE_NOT_ALLOWED',
        );
      const target = await find(auth, ref);
      const tare = await tares.find(auth.branchId, plateSearchKey(target.truckLicense));
      if (!tare)
        throw conflict(
          `The vehicle ${target.truckLicense} has no stored tare: weigh the truck out.`,
          'NO_STORED_TARE',
          target.queueNumber,
        );
      if (!storedTareValid(tare.weighedAt, clock.now(), rules.storedTareDays))
        throw conflict(
          `The stored tare of ${target.truckLicense} is older than ${rules.storedTareDays} days: weigh the truck out.`,
          'STORED_TARE_EXPIRED',
          target.queueNumber,
        );
      const command = {
        kind: 'weigh_out' as const,
        kg: tare.kg,
        from: { source: 'stored_tare' as const, tareAt: tare.weighedAt },
      };
      return weighed(auth, target, command, confirmWarnings, (checked) =>
        queue.change(auth.branchId, target.id, checked, { officerId: auth.officerId }),
      );
    },

    /** Weighings of this plant day, and trucks still inside weighed in on an earlier one. */
    async weighingsToday(auth: AuthContext) {
      const calendar = await days.calendar(auth.branchId);
      const range = calendar.range(calendar.today);
      return dayLists.get({
        name: 'weighings',
        branchId: auth.branchId,
        key: `${range[0].toISOString()} ${calendar.insideSince}`,
        read: (uuids) => reads.weighings(auth.branchId, range, calendar.insideSince, uuids),
        uuidOf: (queue) => queue.uuid,
        order: newestFirst(
          (queue) => queue.weighInAt,
          (queue) => queue.id,
        ),
      });
    },
  };
}

export type StationWorkService = ReturnType<typeof createStationWorkService>;
