import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import { isCalledState, stationTypeFor, type StaffAction } from '@truck-queue/shared/queue/queue-machine';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { addDays } from '@truck-queue/shared/plant-day';
import type { Clock } from '../../lib/clock.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { BranchCards } from './branch-cards.ts';
import type { CallingScope, ScopedQueueType, ScopedStation } from './calling-scope.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';
import type { CallInLine, IssueInput, QueueService } from './queue.service.ts';
import type { QueueView } from './queue.repository.ts';
import { findRecentPlates } from './recent-plates.ts';
import type { QueueCommand, ReasonInput } from '@truck-queue/shared/queue/decide';
import type { YardSettings } from '@truck-queue/shared/queue/yard-rules';

/** What the calling service reads of the yard's rules (the yard module provides it). */
export interface YardRules {
  settings(branchId: number): Promise<YardSettings>;
  queueTypes(branchId: number): Promise<{ id: number; flow_engine_id: number }[]>;
}
import { toFlowRow } from './queue.views.ts';

const permissionOf = (s: ScopedStation) => ({ id: s.id, name: s.name, type: s.type });
/** How many times Call next looks again when another call took its truck or station first. */
const CALL_NEXT_ATTEMPTS = 5;

/** Manage Calling and report by flow: what an officer sees and what they may do to it. */
export function createCallingService(deps: {
  scope: CallingScope;
  queue: QueueService;
  yard: YardRules;
  days: PlantDays;
  clock: Clock;
  reads: QueueReadsRepository;
  /** Flow engines and products (the catalog's rows). */
  catalog: CatalogRepository;
  /** The branch's open queues with their verdicts and waits, read once per change and shared (the driver's pages read them too). */
  branchCards: BranchCards;
}) {
  const { scope, queue, yard, days: plantDays, clock } = deps;
  const { reads, catalog, branchCards } = deps;

  const notYourType = () =>
    forbidden('You do not call this queue type (ask an admin to assign it in the calling controller).');

  async function typeInScope(auth: AuthContext, branchQueueTypeId: number): Promise<ScopedQueueType> {
    const type = (await scope.queueTypes(auth)).find((t) => t.id === branchQueueTypeId);
    if (!type) throw notYourType();
    return type;
  }

  /**
   * What the change's guard checks on the locked ticket: it is in the officer's branch and of a
   * queue type they call. The officer's queue types are read first (held in memory): nothing is
   * read of the ticket before its change locks it.
   */
  async function scopeGuard(auth: AuthContext, branchId: number) {
    if (branchId !== auth.branchId) throw forbidden('This is not the branch you are working in.');
    const types = new Set((await scope.queueTypes(auth)).map((t) => t.id));
    return (target: { branchQueueTypeId: number }) => {
      if (!types.has(target.branchQueueTypeId)) throw notYourType();
    };
  }

  /** The branch's open queues as they stand now, placed in their lines' order (branch-cards.ts). */
  async function openNow(branchId: number) {
    const calendar = await branchCards.calendar(branchId);
    return branchCards.openQueues(branchId, calendar.insideSince);
  }

  /**
   * A call checked against its line's order rule (issue 38): a truck a cap holds is not called;
   * a truck other than the rule's next is called only with a reason where the line asks one, and
   * the truck passed over goes on the call's audit row either way.
   */
  async function lineCheck(
    branchId: number,
    queueId: number,
    outOfOrder: ReasonInput | undefined,
    byRule: boolean,
  ): Promise<CallInLine | undefined> {
    const open = await openNow(branchId);
    const place = open.places.get(queueId);
    // Not waiting (a recall), or not this branch's: the change itself decides.
    if (!place) return undefined;
    if (place.hold)
      throw conflict(
        `This truck's class is at its daily cap (${place.hold.max_percent} %): it waits${
          place.hold.when_full === 'ask' ? ' unless a manager admits it' : ''
        }.`,
        'CAP_FULL',
      );
    const next = open.next.get(place.line);
    const inLine = { orderClass: place.orderClass, passedQueueId: null, reason: null };
    // Call next's own choice: a truck that joined the line meanwhile does not make it out of order.
    if (!next || next.id === queueId || byRule) return inLine;
    const rule = open.rules.get(next.branchQueueTypeId);
    if (rule?.ask_reason && !outOfOrder)
      throw conflict(
        `The line's rule calls ${next.queueNumber} next: give a reason to call this truck first.`,
        'CALL_OUT_OF_ORDER',
        next.queueNumber,
      );
    return { ...inLine, passedQueueId: next.id, reason: outOfOrder ?? null };
  }

  /** A waiting truck of the officer's branch by its uuid, and its branch's lines as they stand. */
  async function waitingTruck(auth: AuthContext, uuid: string) {
    const open = await openNow(auth.branchId);
    for (const list of open.byType.values()) {
      const found = list.find((q) => q.uuid === uuid && open.places.has(q._id));
      if (found) return { queueId: found._id, open };
    }
    throw notFound('The waiting truck');
  }

  return {
    /**
     * A card per queue type the officer calls, with the trucks waiting or called: every one
     * still inside whatever plant day its ticket is of ("today"), or issued in the last `days`.
     * The queues come from the branch's snapshot (branch-cards.ts), shared by its officers.
     */
    async cards(auth: AuthContext, days: 1 | 3): Promise<ProcessCard[]> {
      const [types, stationList, calendar, usual] = await Promise.all([
        scope.queueTypes(auth),
        scope.stations(auth),
        branchCards.calendar(auth.branchId),
        branchCards.usualStationMinutes(auth.branchId),
      ]);
      if (types.length === 0) return [];
      const lastDays = addDays(calendar.today, 1 - days);
      const open = await branchCards.openQueues(
        auth.branchId,
        lastDays < calendar.insideSince ? lastDays : calendar.insideSince,
      );
      return types.map((type) => ({
        _id: type.id,
        uuid: type.uuid,
        flow_engine_id: type.flowEngineId,
        flow_engine_uuid: type.flowEngineUuid,
        queue_type_name: type.name,
        prefix: type.prefix,
        station_permission: stationList.filter((s) => s.flowEngineId === type.flowEngineId).map(permissionOf),
        // Shared with the other officers' answers: never changed, only serialized.
        queue_number: (open.byType.get(type.id) ?? []) as CardQueue[],
        order_rule: open.rules.get(type.id) ?? null,
        usual_station_minutes: usual.get(type.id) ?? null,
      }));
    },

    async flowEngine(uuid: string) {
      const engine = await catalog.findFlowEngineByUuid(uuid);
      if (!engine) throw notFound('The flow');
      return engine;
    },

    /**
     * One flow's queues of the officer's queue types on a plant day, every state; today's also
     * lists the trucks of earlier days still inside.
     */
    async flowReport(auth: AuthContext, flowEngineUuid: string, date: string | undefined) {
      const engine = await this.flowEngine(flowEngineUuid);
      const types = (await scope.queueTypes(auth)).filter((t) => t.flowEngineId === engine.id);
      const stationList = (await scope.stations(auth)).filter((s) => s.flowEngineId === engine.id);
      const calendar = await plantDays.calendar(auth.branchId);
      const day = date ?? calendar.today;
      // Today's list is where the general flow is called: it keeps every truck still inside.
      const rows =
        types.length === 0
          ? []
          : await reads.queuesOfDay(
              auth.branchId,
              types.map((t) => t.id),
              day,
              day === calendar.today ? calendar.insideSince : undefined,
            );
      return {
        find_date: day,
        flow_engine: engine,
        station_permission: types.flatMap((t) =>
          stationList.map((s) => ({ ...permissionOf(s), queue_type_id: t.id })),
        ),
        queue: rows.map(toFlowRow),
      };
    },

    /** Queue types (with products) the officer may issue tickets for. */
    async ticketOptions(auth: AuthContext) {
      const types = await scope.queueTypes(auth);
      return catalog.withProducts(
        types.map((t) => ({
          id: t.id,
          queue_type_name: t.name,
          prefix: t.prefix,
          flow_engine_id: t.flowEngineId,
        })),
      );
    },

    /** The branch's recent licences holding what the officer typed (the New ticket dialog's suggestions). */
    recentPlates(auth: AuthContext, typed: string): Promise<string[]> {
      return findRecentPlates(reads, clock, auth.branchId, typed, 'contains');
    },

    async issueByOfficer(auth: AuthContext, input: IssueInput) {
      await typeInScope(auth, input.branchQueueTypeId);
      return queue.issue(auth.branchId, input, { officerId: auth.officerId });
    },

    /**
     * doCalling, doRecheck, doFinish, doReject: the officer must work in that branch, call that
     * queue type, and (for a call or recheck) be assigned a station of the right type for its flow.
     * A recheck or reject may carry its reason from the branch's list.
     */
    async act(
      auth: AuthContext,
      branchId: number,
      queueId: number,
      action: StaffAction,
      stationId?: number,
      reason?: ReasonInput,
      outOfOrder?: ReasonInput,
    ) {
      const inScope = await scopeGuard(auth, branchId);
      const actor = { officerId: auth.officerId };
      const inLine =
        action === 'call' ? await lineCheck(auth.branchId, queueId, outOfOrder, false) : undefined;
      if (action === 'finish')
        return queue.change(auth.branchId, queueId, { kind: action }, actor, { guard: inScope });
      if (action === 'reject')
        return queue.change(auth.branchId, queueId, { kind: action, reason }, actor, { guard: inScope });

      // Call and recheck send the truck to one of the officer's stations of that type for its flow.
      if (stationId === undefined) throw new AppError('VALIDATION_FAILED', 'Choose a station.');
      const wanted = stationTypeFor(action);
      const stations = await scope.stations(auth);
      const command: QueueCommand =
        action === 'recheck' ? { kind: action, stationId, reason } : { kind: action, stationId };
      return queue.change(auth.branchId, queueId, command, actor, {
        inLine,
        guard: (target) => {
          inScope(target);
          const ok = stations.some(
            (s) => s.id === stationId && s.flowEngineId === target.flowEngineId && s.type === wanted,
          );
          if (!ok)
            throw forbidden(`Station ${stationId} is not one of your ${action} stations for this flow.`);
        },
      });
    },

    /**
     * doCallNext: the truck the line's rule calls next, to the officer's first station of the line
     * with no truck called to it, in one action. The oldest plant day's line goes first. Officers
     * pressing it at once each get a truck and a station of their own: the call is judged on the
     * locked truck (still waiting) and the held station (still free), and one beaten to either
     * looks again (CALL_NEXT_ATTEMPTS).
     */
    async callNext(auth: AuthContext, branchId: number, branchQueueTypeId: number): Promise<QueueView> {
      if (branchId !== auth.branchId) throw forbidden('This is not the branch you are working in.');
      const type = await typeInScope(auth, branchQueueTypeId);
      const inScope = await scopeGuard(auth, branchId);
      /** Stations another call took after the cards were read. */
      const taken = new Set<number>();
      for (let attempt = 1; ; attempt++) {
        const open = await openNow(auth.branchId);
        const lines = [...open.next.entries()]
          .filter(([, row]) => row.branchQueueTypeId === type.id)
          .sort(([, a], [, b]) => a.queueDate.localeCompare(b.queueDate));
        const next = lines[0]?.[1];
        if (!next) throw conflict(`No truck of ${type.name} may be called now.`, 'LINE_EMPTY');
        const busy = new Set(
          [...open.byType.values()]
            .flat()
            .filter((q) => isCalledState(q.queue_state) && q.station_name !== null)
            .map((q) => q.station_name),
        );
        const station = (await scope.stations(auth)).find(
          (s) =>
            s.flowEngineId === type.flowEngineId &&
            s.type === stationTypeFor('call') &&
            !busy.has(s.name) &&
            !taken.has(s.id),
        );
        if (!station)
          throw conflict(
            `Every ${type.name} station you call from has a truck called to it.`,
            'NO_FREE_STATION',
          );
        // Called by the rule: only a cap may still refuse it.
        const inLine = await lineCheck(auth.branchId, next.id, undefined, true);
        try {
          return await queue.change(
            auth.branchId,
            next.id,
            { kind: 'call', stationId: station.id },
            { officerId: auth.officerId },
            {
              inLine,
              freeStation: true,
              guard: (target) => {
                inScope(target);
                // Called meanwhile by another officer's Call next: this one takes the next truck.
                if (isCalledState(target.state))
                  throw conflict(`Queue ${next.queueNumber} was called meanwhile.`, 'WRONG_STATE');
              },
            },
          );
        } catch (error) {
          const code = error instanceof AppError ? error.reason : undefined;
          if (attempt >= CALL_NEXT_ATTEMPTS || (code !== 'NO_FREE_STATION' && code !== 'WRONG_STATE'))
            throw error;
          if (code === 'NO_FREE_STATION') taken.add(station.id);
        }
      }
    },

    /** A waiting truck moves to another class of its line, with a reason from the branch's list. */
    async reclass(auth: AuthContext, queueUuid: string, orderClass: string, reason: ReasonInput) {
      const { queueId, open } = await waitingTruck(auth, queueUuid);
      const guard = await scopeGuard(auth, auth.branchId);
      return queue.change(
        auth.branchId,
        queueId,
        { kind: 'reclass', orderClass, reason },
        { officerId: auth.officerId },
        {
          guard: (target) => {
            guard(target);
            if (orderClass === '') return;
            const rule = open.rules.get(target.branchQueueTypeId);
            if (!rule?.classes.some((c) => c.key === orderClass))
              throw new AppError('VALIDATION_FAILED', `The line has no class "${orderClass}".`, [
                { path: 'order_class', message: 'is not a class of the line' },
              ]);
          },
        },
      );
    },

    /** A manager admits a truck its class's daily cap holds, where the cap lets a manager (ask). */
    async admit(auth: AuthContext, queueUuid: string, reason: ReasonInput) {
      // A manager admits for the branch, whichever lines they call themselves.
      const { queueId, open } = await waitingTruck(auth, queueUuid);
      const place = open.places.get(queueId);
      if (!place?.hold) throw conflict('This truck is not held by a cap.', 'WRONG_STATE');
      if (place.hold.when_full !== 'ask')
        throw conflict('This line holds trucks over its cap until there is room.', 'CAP_FULL');
      return queue.change(auth.branchId, queueId, { kind: 'admit', reason }, { officerId: auth.officerId });
    },

    /** doNoShow: a called truck of the officer's queue types did not come; the branch's rule applies. */
    async noShow(auth: AuthContext, branchId: number, queueId: number) {
      const guard = await scopeGuard(auth, branchId);
      const settings = await yard.settings(auth.branchId);
      return queue.change(
        auth.branchId,
        queueId,
        { kind: 'no_show', settings },
        { officerId: auth.officerId },
        { guard },
      );
    },

    /** doTransfer: a waiting ticket of the officer's queue types moves to another type of its flow. */
    async transfer(auth: AuthContext, branchId: number, queueId: number, toQueueTypeId: number) {
      const guard = await scopeGuard(auth, branchId);
      const to = (await yard.queueTypes(auth.branchId)).find((t) => t.id === toQueueTypeId);
      if (!to) throw notFound('The queue type');
      const command: QueueCommand = { kind: 'transfer', toQueueTypeId, toFlowEngineId: to.flow_engine_id };
      return queue.change(auth.branchId, queueId, command, { officerId: auth.officerId }, { guard });
    },

    /** doVoid: an admin (the event's permission) voids a ticket of the branch, with a reason. */
    async void(auth: AuthContext, branchId: number, queueId: number, reason: ReasonInput) {
      if (branchId !== auth.branchId) throw forbidden('This is not the branch you are working in.');
      return queue.change(auth.branchId, queueId, { kind: 'void', reason }, { officerId: auth.officerId });
    },
  };
}

export type CallingService = ReturnType<typeof createCallingService>;
