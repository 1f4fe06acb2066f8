import { DEFAULT_CALENDAR } from '@truck-queue/shared/calendar';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
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
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createQueueReadsRepository } from './queue-reads.repository.ts';
import { createLabService, NO_LAB } from '../lab/lab.service.ts';
import { toSlip } from './slip.view.ts';
import { createDisputesService, toPublicDispute } from '../disputes/disputes.service.ts';
import { createEtaService, type EtaService } from './eta.service.ts';
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

/** The driver's page: one ticket by its uuid, and how many trucks of its type wait before it. */
export function createPublicQueueService(deps: {
  db: Db;
  siteTimeZone: string;
  companyName: string;
  clock: Clock;
  /** The expected wait (one per app: its paces are shared with the calling cards and the board). */
  eta?: EtaService;
}) {
  const { db, siteTimeZone, companyName, clock } = deps;
  const reads = createQueueReadsRepository(db);
  const authRepo = createAuthRepository(db);
  const labs = createLabService(db);
  const disputes = createDisputesService({ db, clock });
  const eta = deps.eta ?? createEtaService({ db, clock });

  /** A ticket the driver's page answers for: issued within PUBLIC_TICKET_DAYS, else NOT_FOUND. */
  async function ticket(uuid: string) {
    const oldest = oldestPublicDay(clock.now(), siteTimeZone);
    const q = await reads.findTicketSince(uuid, oldest);
    // An old ticket and an unknown one get the same answer: nothing tells them apart.
    if (!q) throw notFound('The queue');
    return q;
  }
  const siteClock = async (branchId: number) => {
    const branch = await authRepo.findBranchNames(branchId);
    const calendar = branch?.calendar ?? DEFAULT_CALENDAR;
    return { branch, at: (instant: Date) => formatSiteTime(instant, siteTimeZone, calendar) };
  };
  return {
    async information(uuid: string): Promise<PublicQueue & { branchId: number; branchQueueTypeId: number }> {
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
      if (!q.exitAt && waiting.includes(state)) ahead = await reads.countAhead(q, waiting);
      const expectedWait = ahead === null ? null : await eta.waitOf(q, ahead);
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
        lab_done: q.labFinish !== null,
        exited: q.exitAt !== null,
        previous_number: q.previousNumber,
        reason_name: q.reasonName,
        slip: toSlip(q, lab, at),
        dispute: dispute ? toPublicDispute(dispute, at) : null,
      };
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
