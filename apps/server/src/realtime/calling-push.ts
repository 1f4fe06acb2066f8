import type { FastifyBaseLogger } from 'fastify';
import { calledQueueIds, type CallingCardsPush } from '@truck-queue/shared/contracts/socket-events';
import { can } from '@truck-queue/shared/roles';
import type { AuthContext } from '../lib/auth-context.ts';
import type { EventHub } from '../lib/event-hub.ts';
import type { AnnouncementsService } from '../modules/announcements/announcements.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import { createPacedRounds, PUSH_PACE_MS } from './paced-rounds.ts';
import type { RealtimeServer, StaffSocket } from './server.ts';

/**
 * The calling page's cards, pushed (issue 19, goal 3): a page that watches its cards
 * (`watchCards`) gets, at once and after every change of its branch, exactly what
 * getCardInProcess and calling/announcements would answer its officer, instead of 30 pages
 * refetching both after every call. The answers come from the same service functions, so the
 * same scope and the same per-branch memos (one cards read per change, one proof per scope).
 *
 * Each instance pushes to its own sockets: `branchCardsChanged` and `announcementsChanged` reach
 * every instance (lib/shared-events.ts). A branch's pushes run one at a time, PUSH_PACE_MS apart
 * at least; a change while one runs asks for one more round after it, so a burst of changes
 * costs two rounds, not one each, and a later round never loses to an earlier one
 * (paced-rounds.ts).
 */
export function createCallingPush(deps: {
  io: RealtimeServer;
  auth: Pick<AuthService, 'authenticate'>;
  calling: Pick<CallingService, 'cards'>;
  announcements: Pick<AnnouncementsService, 'proof'>;
  events: EventHub;
  log: FastifyBaseLogger;
}) {
  const { io, auth, calling, announcements, events, log } = deps;

  async function stateFor(context: AuthContext, days: 1 | 3): Promise<CallingCardsPush> {
    const card = await calling.cards(context, days);
    const proof = await announcements.proof(context, calledQueueIds(card));
    return { days, card, calls: proof.calls, displays: proof.displays };
  }

  /**
   * Sends the socket its watched cards as of now. The session is checked first (from the
   * session cache, as every request is): an ended one stops the watch, and the sweep
   * disconnects the socket. A newer push to the same socket wins over this one.
   */
  async function pushTo(socket: StaffSocket, known?: AuthContext): Promise<void> {
    const days = socket.data.cardsDays;
    if (!days) return;
    const seq = (socket.data.cardsSeq = (socket.data.cardsSeq ?? 0) + 1);
    try {
      const context = known ?? (await auth.authenticate(socket.data.token));
      if (!context || !can(context.roles, 'calling') || context.branchId !== socket.data.auth.branchId) {
        socket.data.cardsDays = null;
        return;
      }
      const state = await stateFor(context, days);
      if (socket.data.cardsSeq === seq && socket.data.cardsDays === days) socket.emit('callingCards', state);
    } catch (error) {
      log.warn({ err: error, officerId: socket.data.auth.officerId }, 'could not push the calling cards');
      // The page refetches over HTTP, which shows the failure as any request does.
      if (socket.data.cardsSeq === seq) socket.emit('callingCardsStale');
    }
  }

  /** This instance's sockets watching the branch's cards. */
  function watchers(branchId: number): StaffSocket[] {
    const found: StaffSocket[] = [];
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.cardsDays && socket.data.auth.branchId === branchId) found.push(socket);
    }
    return found;
  }

  const rounds = createPacedRounds<null>({
    paceMs: PUSH_PACE_MS,
    empty: () => null,
    run: async (branchId) => {
      await Promise.all(watchers(branchId).map((socket) => pushTo(socket)));
    },
    // pushTo reports its own failures to its socket.
    failed: (branchId, error) => log.warn({ err: error, branchId }, 'could not push the calling cards'),
  });

  const changed = ({ branchId }: { branchId: number }) => rounds.ask(branchId, () => undefined);
  const unsubscribe = [
    events.subscribe('branchCardsChanged', changed),
    events.subscribe('announcementsChanged', changed),
  ];

  return {
    pushTo,
    stop() {
      for (const stop of unsubscribe) stop();
    },
  };
}

export type CallingPush = ReturnType<typeof createCallingPush>;
