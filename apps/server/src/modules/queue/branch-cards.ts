import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import { isWaitingState } from '@truck-queue/shared/queue/queue-machine';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { PlantCalendar, PlantDays } from '../../lib/plant-days.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';
import { toCardQueue } from './queue.views.ts';
import type { LabOf } from '../lab/lab.service.ts';
import type { EtaService } from './eta.service.ts';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import type { LineOrderRepository } from './line-order.repository.ts';
import { lineKey, placeLines, type Placed } from './line-order.ts';
import type { QueueView } from './queue.repository.ts';

/**
 * How long a branch's snapshot may serve at most, whatever happened. Queue changes drop it at
 * once (the events below); this bounds what no event announces: an admin renaming a product, a
 * station or a reason shows on the cards at most this long after the edit.
 */
export const CARD_SNAPSHOT_MAX_AGE_MS = 5_000;
/** A line's usual time at a station: the median of the last days, read again at most this often. */
const USUAL_MAX_AGE_MS = 10 * 60_000;
const USUAL_DAYS = 7;

/** A branch's open queues (waiting or called, inside since a plant day). */
export interface OpenQueues {
  /** By queue type, in line order: the waiting trucks of each line as its order rule calls them. */
  byType: ReadonlyMap<number, readonly CardQueue[]>;
  /** The branch's lines that have an order rule (issue 38), by branch queue type. */
  rules: ReadonlyMap<number, LineRule>;
  /** Each waiting truck's place in its line, by queue id. */
  places: ReadonlyMap<number, Placed>;
  /** Each line's next truck (lineKey): the first its rule calls that no cap holds. */
  next: ReadonlyMap<string, QueueView>;
  /**
   * Each waiting ticket's trucks ahead, by uuid, as the driver's page counts them (countAhead):
   * the waiting trucks of its type and plant day before it in the line's order. A ticket not
   * waiting (called, at a station) is not listed.
   */
  ahead: ReadonlyMap<string, number>;
}

/**
 * The calling cards' queues, read once per branch per change and shared by every officer of
 * the branch: after a call, 30 screens refetch at once and each one's answer is this snapshot
 * cut to the officer's queue types (calling.service.ts), not one more query each. Concurrent
 * readers after a change share one read (single flight).
 *
 * A snapshot is dropped when anything on the cards may have changed: `branchCardsChanged`, which
 * this module publishes on this instance's queue changes, print states and branch settings and
 * which lib/shared-events.ts carries to the other instances. The hub publishes after the commit,
 * so a read started after the drop sees the change.
 */
export function createBranchCards(deps: {
  reads: QueueReadsRepository;
  events: EventHub;
  clock: Clock;
  days: PlantDays;
  /** The lab's values of these queues (lab/lab.service.ts); none when not given. */
  labResults?: (queueIds: readonly number[]) => Promise<ReadonlyMap<number, LabOf>>;
  /** Each waiting truck's expected wait (issue 21); none when not given. */
  eta?: EtaService;
  /** The lines' order rules and the day's calls they count (issue 38); first come, first served without. */
  lineOrder?: Pick<LineOrderRepository, 'rules' | 'calls' | 'usualStationMinutes' | 'bookedWindows'>;
}) {
  const { reads, events, clock, days } = deps;
  const snapshots = createBranchMemo<OpenQueues>({
    clock,
    maxAgeMs: CARD_SNAPSHOT_MAX_AGE_MS,
    // One per day start the branch is read since: a second only around the day's turn.
    maxKeys: 2,
  });
  // Each line's usual time at a station moves slowly: read at most every ten minutes per branch.
  const usual = createBranchMemo<Map<number, number>>({ clock, maxAgeMs: USUAL_MAX_AGE_MS, maxKeys: 1 });
  /** Each branch's calendar as last read: its day start changes only with `branchChanged`. */
  const calendars = new Map<number, Promise<PlantCalendar>>();

  function drop(branchId: number) {
    snapshots.drop(branchId);
    calendars.delete(branchId);
  }

  // Subscriptions for the hub's (the app's) lifetime.
  const changed = ({ branchId }: { branchId: number }) => events.publish('branchCardsChanged', { branchId });
  events.subscribe('queueChanged', changed);
  events.subscribe('ticketPrintChanged', changed);
  events.subscribe('branchChanged', changed);
  // Local and remote alike (a remote one is another instance's change).
  events.subscribe('branchCardsChanged', ({ branchId }) => drop(branchId));

  async function read(branchId: number, sinceDate: string): Promise<OpenQueues> {
    const [inLineOrder, rules] = await Promise.all([
      reads.openQueuesOfBranch(branchId, sinceDate),
      deps.lineOrder ? deps.lineOrder.rules(branchId) : new Map<number, LineRule>(),
    ]);
    // The day's calls count only for lines with a rule and trucks waiting in them.
    const ruled = inLineOrder.filter(
      (row) => rules.has(row.branchQueueTypeId) && isWaitingState(row.flowEngineId, row.state),
    );
    const calls =
      ruled.length > 0 && deps.lineOrder
        ? await deps.lineOrder.calls(
            branchId,
            [...new Set(ruled.map((row) => row.branchQueueTypeId))],
            [...new Set(ruled.map((row) => row.queueDate))],
          )
        : [];
    const bookingIds = inLineOrder
      .filter((row) => row.bookingId !== null && isWaitingState(row.flowEngineId, row.state))
      .map((row) => row.bookingId!);
    const booked =
      bookingIds.length > 0 && deps.lineOrder ? await deps.lineOrder.bookedWindows(bookingIds) : new Map();
    const { rows, places, next } = placeLines(inLineOrder, rules, calls, clock.now(), booked);
    // Only a truck whose sample came out of the lab has values.
    const tested = rows.filter((row) => row.labFinish !== null).map((row) => row.id);
    const lab =
      tested.length > 0 && deps.labResults ? await deps.labResults(tested) : new Map<number, LabOf>();
    // The expected waits: each queue type's pace read once (eta.service.ts), and the trucks
    // ahead of each counted here, as the driver's page counts them (countAhead): the waiting
    // trucks of its type and plant day before it in the line's order, which is these rows'.
    const waiting = rows.filter((row) => isWaitingState(row.flowEngineId, row.state));
    const estimate = deps.eta && waiting.length > 0 ? await deps.eta.estimator(waiting) : null;
    const inLine = new Map<string, number>();
    const ahead = new Map<string, number>();
    const byType = new Map<number, CardQueue[]>();
    for (const row of rows) {
      let wait: CardQueue['expected_wait'] = null;
      if (isWaitingState(row.flowEngineId, row.state)) {
        const line = lineKey(row);
        const before = inLine.get(line) ?? 0;
        inLine.set(line, before + 1);
        ahead.set(row.uuid, before);
        if (estimate) wait = estimate(row, before);
      }
      const card = toCardQueue(row, lab.get(row.id), wait, places.get(row.id) ?? null);
      const list = byType.get(row.branchQueueTypeId);
      if (list) list.push(card);
      else byType.set(row.branchQueueTypeId, [card]);
    }
    return { byType, ahead, rules, places, next };
  }

  return {
    /**
     * The branch's plant calendar without reading its day start again: the one held serves
     * while now is still in its `today` (and not after the branch's settings changed).
     */
    async calendar(branchId: number): Promise<PlantCalendar> {
      const held = calendars.get(branchId);
      if (held) {
        const calendar = await held.catch(() => null);
        if (calendar && calendar.dayOf(clock.now()) === calendar.today) return calendar;
        if (calendars.get(branchId) === held) calendars.delete(branchId);
      }
      const read = days.calendar(branchId);
      calendars.set(branchId, read);
      read.catch(() => {
        if (calendars.get(branchId) === read) calendars.delete(branchId);
      });
      return read;
    },

    /** How long a truck of each line usually stays at its station (minutes, by branch queue type). */
    usualStationMinutes(branchId: number): Promise<Map<number, number>> {
      const lineOrder = deps.lineOrder;
      if (!lineOrder) return Promise.resolve(new Map<number, number>());
      return usual.get(branchId, 'usual', () =>
        lineOrder.usualStationMinutes(branchId, new Date(clock.now().getTime() - USUAL_DAYS * 86_400_000)),
      );
    },

    /**
     * The branch's queues waiting or called, inside since `sinceDate` (PlantCalendar.insideSince:
     * it moves at the day start, and a new one reads afresh), by queue type.
     */
    openQueues(branchId: number, sinceDate: string): Promise<OpenQueues> {
      return snapshots.get(branchId, sinceDate, () => read(branchId, sinceDate));
    },
  };
}

export type BranchCards = ReturnType<typeof createBranchCards>;
