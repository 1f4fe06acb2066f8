import {
  decide,
  isRepeat,
  type QueueCommand,
  type QueueRefusal,
  type ReasonInput,
} from '@truck-queue/shared/queue/decide';
import type { ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import type { LabHistoryRecord } from '@truck-queue/shared/contracts/lab.contract';
import { isQueueState } from '@truck-queue/shared/queue/queue-machine';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Executor, QueueRepository, QueueView } from './queue.repository.ts';
import { kg } from './queue.views.ts';
import {
  changeRecords,
  formatQueueNumber,
  issuedQueue,
  issueTransition,
  type Actor,
} from './queue-records.ts';

export type { Actor } from './queue-records.ts';

/** What a change's `alongside` adds to its audit row: the lab's values as recorded. */
export interface TransitionExtra {
  lab?: LabHistoryRecord;
}

/**
 * A call of a truck waiting in its line (issue 38): the class the line's rule placed it in, kept
 * on the truck at its first call (the reports and the day's caps count the class it was called
 * as, whatever the rule says later), and, when it passed over the truck the rule called next,
 * that truck and the officer's reason (kind out_of_order) on the call's audit row.
 */
export interface CallInLine {
  orderClass: string;
  passedQueueId: number | null;
  reason: ReasonInput | null;
}

const REASONED = ['recheck', 'reject', 'void', 'reclass', 'admit'] as const satisfies readonly ReasonKind[];

/** The list a command's reason must come from, if the command carries one. */
function reasonOf(command: QueueCommand): { kind: ReasonKind; id: number } | null {
  const kind = (REASONED as readonly string[]).includes(command.kind) ? (command.kind as ReasonKind) : null;
  if (!kind || !('reason' in command) || !command.reason) return null;
  return { kind, id: command.reason.reasonId };
}

export interface IssueInput {
  branchQueueTypeId: number;
  productId: number | null;
  /** Already normalised by TruckLicenseSchema (shared/licence.ts). */
  truckLicense: string;
  idempotencyKey?: string | undefined;
  /** Its class in the line's order rule (issue 38), where the officer or a booking says; else its product's. */
  orderClass?: string | undefined;
  /** When its load was cut or loaded (ISO instant), where given. */
  cutAt?: string | undefined;
  /**
   * Who brings the load (issue 39): an active supplier of the branch; null for none; left out,
   * the supplier whose vehicles hold the plate, if one does.
   */
  supplierId?: number | null | undefined;
  /**
   * The booking it is checked in with (issue 39), and where it joins its line: at its slot (the
   * window's opening) rather than now.
   */
  booking?: { id: number; lineAt: Date } | undefined;
  /**
   * Runs inside the issuing transaction once a new ticket is written (never for a retry that
   * gets the earlier ticket back): what is kept with the ticket at once (its first print job).
   */
  onIssued?: ((tx: Executor, queue: QueueView) => Promise<void>) | undefined;
}

export interface ChangeOptions {
  guard?: (queue: { branchQueueTypeId: number; flowEngineId: number; state: string }) => void;
  /**
   * For a command refused as already done by its own officer moments ago (decide's isRepeat):
   * whether what it carries is what was done (the lab's values). Without it, the action suffices.
   */
  sameAs?: (tx: Executor, queue: { id: number }) => Promise<boolean>;
  /** Writes what goes with the change; what it returns goes on the change's audit row (the lab's values). */
  alongside?: (
    tx: Executor,
    queue: { id: number; branchQueueTypeId: number; queueNumber: string },
  ) => Promise<void | TransitionExtra>;
  /** A call of a truck waiting in its line: its class, and the rule's next truck it passed over. */
  inLine?: CallInLine | undefined;
  /**
   * Call next: the call's station must have no other truck called to it, judged in the call's
   * transaction with the station held (two calls at once never share a station); NO_FREE_STATION
   * otherwise, and nothing is written.
   */
  freeStation?: boolean;
}

/** How long ago a load may have been cut or loaded, and how far ahead a clock may run, at issue. */
const CUT_AT_OLDEST_MS = 3 * 24 * 3600_000;
const CUT_AT_AHEAD_MS = 10 * 60_000;

/** A load's cut time as given at issue: not in the future (beyond a clock's drift), not days old. */
function cutTime(value: string, now: Date): Date {
  const at = new Date(value);
  const ms = at.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms > CUT_AT_AHEAD_MS || -ms > CUT_AT_OLDEST_MS)
    throw new AppError('VALIDATION_FAILED', 'The cut time is in the future or more than 3 days ago.', [
      { path: 'cut_at', message: 'is in the future or more than 3 days ago' },
    ]);
  return at;
}

/** How often a change is decided again when other officers keep changing the ticket first. */
const CHANGE_ATTEMPTS = 5;

export function createQueueService(deps: {
  repo: QueueRepository;
  days: PlantDays;
  clock: Clock;
  events: EventHub;
}) {
  const { repo, days, clock, events } = deps;

  async function viewOf(tx: Executor, branchId: number, queueId: number): Promise<QueueView> {
    const view = await repo.view(tx, branchId, queueId);
    if (!view) throw notFound('The queue');
    return view;
  }

  async function renumber(
    tx: Executor,
    branchId: number,
    branchQueueTypeId: number,
    current: { queueNumber: string; previousNumber: string | null; queueDate: string },
  ) {
    const type = await repo.findQueueType(tx, branchId, branchQueueTypeId);
    if (!type) throw notFound('The queue type');
    const seq = await repo.nextSeq(tx, type.id, current.queueDate);
    return {
      seq,
      queueNumber: formatQueueNumber(type.prefix, seq),
      previousNumber: current.previousNumber ?? current.queueNumber,
    };
  }

  function announce(
    branchId: number,
    view: QueueView,
    change: {
      action: string;
      fromState: string | null;
      stationId?: number | null;
      transitionId: number;
      at: Date;
      previousQueueTypeId?: number | undefined;
    },
  ) {
    events.publish('queueChanged', {
      transitionId: change.transitionId,
      at: change.at,
      queueTypeName: view.queueTypeName,
      branchId,
      queueId: view.id,
      queueUuid: view.uuid,
      queueNumber: view.queueNumber,
      branchQueueTypeId: view.branchQueueTypeId,
      action: change.action,
      fromState: change.fromState,
      toState: view.state,
      stationId: change.stationId ?? null,
      stationName: view.stationName,
      ...(change.previousQueueTypeId === undefined
        ? {}
        : { previousQueueTypeId: change.previousQueueTypeId }),
    });
  }

  /**
   * The ticket as its officer's own change of moments ago left it, when a refused command is that
   * change again (a double click, a retry): the same action, and for a weighing the same weight,
   * for the lab the same values. Null: the refusal stands.
   */
  async function repeatOf(
    executor: Executor,
    branchId: number,
    queueId: number,
    command: QueueCommand,
    refusal: QueueRefusal,
    actor: Actor,
    now: Date,
    options: ChangeOptions,
  ): Promise<QueueView | null> {
    const officerId = actor.officerId ?? null;
    if (officerId === null) return null;
    if (!isRepeat(command, refusal, await repo.lastChange(executor, queueId), officerId, now)) return null;
    const view = await viewOf(executor, branchId, queueId);
    if (command.kind === 'weigh_in' && kg(view.weighInKg) !== command.kg) return null;
    if (command.kind === 'weigh_out' && kg(view.weighOutKg) !== command.kg) return null;
    if (options.sameAs && !(await options.sameAs(executor, { id: queueId }))) return null;
    return view;
  }

  /**
   * Reads the ticket (locked, in a transaction), decides the command on it and writes the
   * change; `stale` when the ticket changed between the read and the write (never on a locked row).
   */
  async function write(
    executor: Executor,
    branchId: number,
    queueId: number,
    command: QueueCommand,
    actor: Actor,
    options: ChangeOptions,
    asked: Date,
  ) {
    const locked = executor !== repo.direct;
    const current = await repo.readQueue(executor, branchId, queueId, locked);
    if (!current) throw notFound('The queue');
    options.guard?.(current);
    // Never stamped before the ticket's previous change: a change whose clock was read before it
    // waited for the database is written after one that read its clock later (webhooks and the
    // audit list show a ticket's changes in the order they were written).
    const now = current.updated > asked ? current.updated : asked;
    if (!isQueueState(current.state)) throw new AppError('INTERNAL', `Unknown queue state ${current.state}.`);
    if (
      options.freeStation &&
      command.kind === 'call' &&
      !(await repo.stationFree(executor, branchId, command.stationId, current.id))
    )
      throw conflict(`Station ${command.stationId} has a truck called to it.`, 'NO_FREE_STATION');
    const calledFrom =
      current.calledFrom !== null && isQueueState(current.calledFrom) ? current.calledFrom : null;
    const decision = decide(
      { ...current, state: current.state, calledFrom, weighInKg: kg(current.weighInKg) },
      command,
      now,
    );
    if (!decision.ok) {
      const repeat = await repeatOf(
        executor,
        branchId,
        current.id,
        command,
        decision.reason,
        actor,
        now,
        options,
      );
      if (repeat) return { repeat };
      throw new AppError('CONFLICT', decision.message, undefined, {
        reason: decision.reason,
        queueNumber: current.queueNumber,
        ...(decision.missing ? { missing: decision.missing } : {}),
        ...(decision.warnings ? { warnings: decision.warnings } : {}),
      });
    }
    const extra = (await options.alongside?.(executor, current)) ?? {};
    // A transfer takes the next number of its new type for the ticket's day; the first number stays on record.
    const renumbered = decision.stamps.branchQueueTypeId
      ? await renumber(executor, branchId, decision.stamps.branchQueueTypeId, current)
      : null;
    const records = changeRecords(current, decision, actor, now, renumbered);
    const { update } = records;
    const inLine = options.inLine;
    const transition = {
      ...records.transition,
      ...extra,
      ...(inLine?.passedQueueId
        ? {
            passedQueueId: inLine.passedQueueId,
            reasonId: inLine.reason?.reasonId ?? null,
            note: inLine.reason?.note ?? null,
          }
        : {}),
    };
    const changed = await repo.changeQueue(
      executor,
      current.id,
      // The class it was first called as stays with it (a requeued no-show's next call keeps it).
      inLine && current.calledClass === null ? { ...update, calledClass: inLine.orderClass } : update,
      transition,
      locked ? undefined : current.version,
    );
    if (!changed) return { stale: current.queueNumber };
    return {
      ...changed,
      at: now,
      fromState: current.state,
      previousQueueTypeId: decision.stamps.branchQueueTypeId ? current.branchQueueTypeId : undefined,
    };
  }

  /**
   * The ticket's supplier: the one named (refused unless an active supplier of the branch), or
   * none, or, left out, the supplier whose vehicles hold the plate.
   */
  async function supplierOf(
    tx: Executor,
    branchId: number,
    named: number | null | undefined,
    plateKey: string,
  ): Promise<number | null> {
    if (named === null) return null;
    if (named === undefined) return repo.supplierOfPlate(tx, branchId, plateKey);
    if (!(await repo.isActiveSupplier(tx, branchId, named)))
      throw new AppError('VALIDATION_FAILED', 'This supplier is not an active supplier of the branch.', [
        { path: 'supplier_id', message: 'is not an active supplier of this branch' },
      ]);
    return named;
  }

  return {
    /**
     * Issues a ticket: the type's prefix and the day's next running number (A001, A002 ...).
     * One active ticket per licence; a retry with the same idempotency key gets the first ticket.
     */
    async issue(branchId: number, input: IssueInput, actor: Actor): Promise<QueueView> {
      const calendar = await days.calendar(branchId);
      const license = input.truckLicense;
      // The type and its product are reference data: read before the transaction, in one read.
      const type = await repo.findQueueType(
        repo.direct,
        branchId,
        input.branchQueueTypeId,
        input.productId ?? undefined,
      );
      if (!type) throw notFound('The queue type');
      if (!type.offersProduct) {
        throw new AppError('VALIDATION_FAILED', 'This product is not offered for this queue type.', [
          { path: 'product', message: 'is not a product of this queue type' },
        ]);
      }
      const orderClass = input.orderClass;
      if (orderClass && !type.orderRule?.classes.some((c) => c.key === orderClass)) {
        throw new AppError('VALIDATION_FAILED', `The line has no class "${orderClass}".`, [
          { path: 'order_class', message: 'is not a class of this queue type' },
        ]);
      }
      const cutAt = input.cutAt === undefined ? null : cutTime(input.cutAt, clock.now());
      let transitionId = 0;
      // Taken once the type's numbering is ours, so issue times follow the numbers.
      let now = clock.now();
      const view = await repo.transaction(async (tx) => {
        const plateKey = plateSearchKey(license);
        await repo.lockPlate(tx, branchId, plateKey);
        await repo.lockNumbering(tx, type.id);
        now = clock.now();
        if (input.idempotencyKey) {
          const earlier = await repo.findByIdempotencyKey(tx, input.idempotencyKey);
          if (earlier && earlier.branchId === branchId) return viewOf(tx, branchId, earlier.id);
          if (earlier)
            throw conflict('This idempotency key was used for another ticket.', 'IDEMPOTENCY_KEY_REUSED');
        }
        // The ticket's day is the plant day: its number restarts when the branch's day starts.
        const queueDate = calendar.dayOf(now);
        const active = await repo.findActiveByPlate(tx, branchId, plateKey, calendar.insideSince);
        if (active) {
          throw conflict(
            `The truck ${license} already holds ticket ${active.queueNumber}, which has not left the factory.`,
            'ACTIVE_TICKET',
            active.queueNumber,
          );
        }
        const supplierId = await supplierOf(tx, branchId, input.supplierId, plateKey);
        const seq = await repo.nextSeq(tx, type.id, queueDate);
        const issued = await repo.insertQueue(
          tx,
          issuedQueue({
            branchId,
            type,
            productId: input.productId,
            truckLicense: license,
            plateKey,
            queueDate,
            seq,
            actor,
            now,
            idempotencyKey: input.idempotencyKey,
            orderClass,
            cutAt,
            supplierId,
            booking: input.booking,
          }),
          issueTransition(actor, now),
        );
        transitionId = issued.transitionId;
        await input.onIssued?.(tx, issued.view);
        return issued.view;
      });
      // A retry that got the earlier ticket back changed nothing.
      if (transitionId) announce(branchId, view, { action: 'issue', fromState: null, transitionId, at: now });
      return view;
    },

    /**
     * Every change to a ticket after it is issued (calls, lab, weighbridge, gate): `decide`
     * (packages/shared/src/queue) says what the ticket becomes or why not, the update and its
     * audit row are written together, then every screen is told. `guard` checks the ticket
     * before anything else (is it of a queue type the officer calls?), so who may change it is
     * judged on what is changed, with no read before.
     *
     * A change that writes only the ticket is decided on the ticket as read and written in one
     * statement that holds only if the ticket is still as read (its row version); if another
     * officer changed it meanwhile, it is decided again on what it is now (docs/performance.md).
     * `alongside` writes what goes with the change (the lab's values at checkout, the scale's
     * capture), and a transfer takes its new type's next number: those run in a transaction on
     * the locked row; `alongside` may still refuse, and nothing is written.
     */
    async change(
      branchId: number,
      queueId: number,
      command: QueueCommand,
      actor: Actor,
      options: ChangeOptions = {},
    ): Promise<QueueView> {
      const reason =
        reasonOf(command) ??
        (options.inLine?.reason
          ? { kind: 'out_of_order' as const, id: options.inLine.reason.reasonId }
          : null);
      if (reason) {
        const found = await repo.findReason(repo.direct, branchId, reason.kind, reason.id, queueId);
        if (!found) throw notFound(`The ${reason.kind} reason`);
        // The branch may keep a reason for some queue types only.
        if (!found.applies)
          throw conflict(
            `"${found.name}" is not a ${reason.kind} reason for queue ${found.queueNumber ?? ''}'s queue type.`,
            'REASON_NOT_FOR_QUEUE_TYPE',
            found.queueNumber ?? undefined,
          );
      }
      const locked =
        options.alongside !== undefined || command.kind === 'transfer' || options.freeStation === true;
      let queueNumber = '';
      for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt++) {
        const now = clock.now();
        const changed = locked
          ? await repo.transaction((tx) => write(tx, branchId, queueId, command, actor, options, now))
          : await write(repo.direct, branchId, queueId, command, actor, options, now);
        if (changed.stale !== undefined) {
          queueNumber = changed.stale;
          continue;
        }
        // Its own change of moments ago: answered as the success it was, not written or announced again.
        if (changed.repeat) return changed.repeat;
        const { view, fromState, transitionId, previousQueueTypeId, at } = changed;
        announce(branchId, view, {
          action: command.kind,
          fromState,
          stationId: 'stationId' in command ? command.stationId : null,
          transitionId,
          at,
          previousQueueTypeId,
        });
        return view;
      }
      // Others kept changing it first: the officer looks at it again (the web says so, WRONG_STATE).
      throw conflict(
        `Queue ${queueNumber} kept changing while your change was made: look at it again.`,
        'WRONG_STATE',
        queueNumber,
      );
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
