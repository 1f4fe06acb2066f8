import { DEFAULT_CALENDAR } from '@truck-queue/shared/calendar';
import type { PublicLineUpdate, PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import {
  ISSUED_STATE,
  isAtStation,
  isQueueState,
  waitingStates,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import { addDays, formatSiteTime, siteDate } from '../../lib/site-time.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';
import { NO_LAB, type LabService } from '../lab/lab.service.ts';
import { toSlip } from './slip.view.ts';
import { toPublicDispute, type DisputesService } from '../disputes/disputes.service.ts';
import type { EtaService } from './eta.service.ts';
import type { BranchCards, OpenQueues } from './branch-cards.ts';
import { createPublicAnswers } from './public-answers.ts';
import type { PublicDispute } from '@truck-queue/shared/contracts/dispute.contract';

/**
 * The driver's page answers a ticket issued within this many site days (today included), then
 * the ticket is gone from it, as if it never existed. A week covers any stay in the plant (a
 * ticket stops counting as active after ACTIVE_TICKET_DAYS) and a driver looking back at it
 * afterwards; past that the uuid, printed on a paper slip, would tell anyone who finds it where
 * and when the truck was, for ever.
 */
export const PUBLIC_TICKET_DAYS = 7;

/** The first site day whose tickets the driver's page (and what follows a ticket) still answers for. */
export const oldestPublicDay = (now: Date, siteTimeZone: string) =>
  addDays(siteDate(now, siteTimeZone), 1 - PUBLIC_TICKET_DAYS);

/** A ticket as its pages are answered, with the rooms its socket joins. */
type TicketAnswer = PublicQueue & { branchId: number; branchQueueTypeId: number };

/** The driver's page: one ticket by its uuid, and how many trucks of its type wait before it. */
export function createPublicQueueService(deps: {
  db: Db;
  siteTimeZone: string;
  companyName: string;
  clock: Clock;
  /** The expected wait (one per app: its paces are shared with the calling cards and the board). */
  eta: EtaService;
  reads: QueueReadsRepository;
  /** The branch's names and calendar (auth's branches). */
  branches: Pick<AuthRepository, 'findBranchNames'>;
  labs: Pick<LabService, 'resultsOf'>;
  disputes: Pick<DisputesService, 'latestOf' | 'file'>;
  /** The branch's open queues in line order, one read per change shared with the calling cards. */
  cards: Pick<BranchCards, 'openQueues' | 'calendar'>;
  /** Calls waiting for a database connection now: the pages give way when they queue. */
  databaseWaiting: () => number;
}) {
  const { db, siteTimeZone, companyName, clock, eta, reads, branches, labs, disputes, cards } = deps;
  /** A waiting truck's hold by its class's daily cap, as its driver reads it (the class by name). */
  function holdOf(open: OpenQueues, queueId: number, branchQueueTypeId: number): PublicQueue['line_hold'] {
    const hold = open.places.get(queueId)?.hold;
    if (!hold) return null;
    const name = open.rules.get(branchQueueTypeId)?.classes.find((c) => c.key === hold.class_key)?.name;
    return { class_name: name ?? hold.class_key, max_percent: hold.max_percent, of: hold.of };
  }

  const answers = createPublicAnswers<TicketAnswer>({ clock, waiting: deps.databaseWaiting });

  /** A ticket the driver's page answers for: issued within PUBLIC_TICKET_DAYS, else NOT_FOUND. */
  async function ticket(uuid: string) {
    const oldest = oldestPublicDay(clock.now(), siteTimeZone);
    const q = await reads.findTicketSince(uuid, oldest);
    // An old ticket and an unknown one get the same answer: nothing tells them apart.
    if (!q) throw notFound('The queue');
    return q;
  }
  const siteClock = async (branchId: number) => {
    const branch = await branches.findBranchNames(branchId);
    const calendar = branch?.calendar ?? DEFAULT_CALENDAR;
    return { branch, at: (instant: Date) => formatSiteTime(instant, siteTimeZone, calendar) };
  };
  /**
   * The ticket's answer. `pushed` (its changed ticket pushed to its pages, public-push.ts): the
   * wait comes off the line's last play when the next is not ready, as on the cards. A push
   * that waited for the next play (up to its spacing, seconds at the peak) held every push of
   * the branch after it: at the harvest peak some drivers' pages heard nothing for 30 s.
   */
  async function information(uuid: string, pushed = false): Promise<TicketAnswer> {
    const q = await ticket(uuid);
    const { branch, at } = await siteClock(q.branchId);
    const state: QueueState = isQueueState(q.state) ? q.state : ISSUED_STATE;
    // The slip once weighed out: only then are the lab's values and a dispute read.
    const weighed = q.weighOutAt !== null;
    const [lab, dispute] = weighed
      ? await Promise.all([
          labs.resultsOf(db, [q.id]).then((found) => found.get(q.id) ?? NO_LAB),
          disputes.latestOf(q.id),
        ])
      : [NO_LAB, null];
    const waiting = waitingStates(q.flowEngineId);
    let ahead: number | null = null;
    let lineHold: PublicQueue['line_hold'] = null;
    if (!q.exitAt && waiting.includes(state)) {
      // A line with an order rule (issue 38): as the officers' cards place it, from the branch's
      // snapshot; first come, first served: counted in the line's order of arrival.
      const calendar = await cards.calendar(q.branchId);
      const open = await cards.openQueues(q.branchId, calendar.insideSince);
      const placed = open.rules.has(q.branchQueueTypeId) ? open.ahead.get(q.uuid) : undefined;
      ahead = placed ?? (await reads.countAhead(q, waiting));
      if (placed !== undefined) lineHold = holdOf(open, q.id, q.branchQueueTypeId);
    }
    const expectedWait = ahead === null ? null : await eta.waitOf(q, ahead, { lastPlayOk: pushed });
    return {
      branchId: q.branchId,
      branchQueueTypeId: q.branchQueueTypeId,
      uuid: q.uuid,
      ticket_code: encodeTicketCode(q.id),
      company_name: branch?.companyName || companyName,
      branch_name: branch?.name ?? '',
      queue_number: q.queueNumber,
      queue_type_info: { queue_type_name: q.queueTypeName },
      product_info: { name: q.productName },
      created_view: at(q.created),
      flow_engine_id: q.flowEngineId,
      queue_state: state,
      ahead,
      expected_wait: expectedWait,
      station_name: isAtStation(state) ? q.stationName : null,
      line_hold: lineHold,
      lab_done: q.labFinish !== null,
      exited: q.exitAt !== null,
      previous_number: q.previousNumber,
      reason_name: q.reasonName,
      slip: toSlip(q, lab, at),
      dispute: dispute ? toPublicDispute(dispute, at) : null,
    };
  }

  return {
    /** The ticket's answer read now (the push of a changed ticket, tests). */
    information,

    /**
     * The answer a page asks for (its call, its server render, its socket's handshake): read,
     * or its last one when the ticket is over its budget or the database is busy
     * (public-answers.ts).
     */
    async page(uuid: string): Promise<TicketAnswer> {
      try {
        return await answers.answer(uuid, () => information(uuid));
      } catch (error) {
        answers.forget(uuid);
        throw error;
      }
    },

    /** No page of these open here to be pushed (public-push.ts): their last answers go stale, so they go. */
    forgetTicket: (uuid: string) => answers.forget(uuid),
    forgetLines: (branchQueueTypeIds: readonly number[]) => answers.forgetLines(branchQueueTypeIds),

    /** The changed ticket's answer for its pages (public-push.ts): read now, and their last from now on. */
    async fresh(uuid: string): Promise<TicketAnswer> {
      try {
        return await answers.refresh(() => information(uuid, true));
      } catch (error) {
        answers.forget(uuid);
        throw error;
      }
    },

    /**
     * Every ticket's place in these lines (queue types of the branch), by uuid: what each open
     * page of them is pushed when a line moves. One snapshot of the branch's open queues
     * (branch-cards.ts, already read for the officers' cards after the change) serves every
     * page: the trucks ahead counted as `information` counts them (countAhead: the waiting
     * trucks of its type and plant day before it in the line's order), the wait from the same
     * paces. A ticket the snapshot does not hold (out, or inside since before the cards' days)
     * is not listed: its own changes still reach its page.
     */
    async lines(
      branchId: number,
      branchQueueTypeIds: readonly number[],
    ): Promise<Map<string, PublicLineUpdate>> {
      const calendar = await cards.calendar(branchId);
      const open = await cards.openQueues(branchId, calendar.insideSince);
      const updates = new Map<string, PublicLineUpdate>();
      for (const typeId of branchQueueTypeIds) {
        for (const card of open.byType.get(typeId) ?? []) {
          const ahead = open.ahead.get(card.uuid) ?? null;
          const place = {
            queue_state: card.queue_state,
            ahead,
            expected_wait: ahead === null ? null : card.expected_wait,
            station_name: isAtStation(card.queue_state) ? card.station_name : null,
            line_hold: holdOf(open, card._id, typeId),
          };
          updates.set(card.uuid, place);
          answers.patch(card.uuid, place);
        }
      }
      return updates;
    },

    /** The driver disputes his slip from his page (disputes.service.ts says when he may). */
    async dispute(uuid: string, note: string): Promise<PublicDispute> {
      const q = await ticket(uuid);
      const filed = await disputes.file(q, note);
      const { at } = await siteClock(q.branchId);
      return toPublicDispute(filed, at);
    },
  };
}

export type PublicQueueService = ReturnType<typeof createPublicQueueService>;
