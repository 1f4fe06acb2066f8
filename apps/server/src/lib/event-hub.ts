import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { DeviceCall, ReadsChangedPayload } from '@truck-queue/shared/contracts/socket-events';
import type { PrinterHealth } from '@truck-queue/shared/printing/printer-status';

/**
 * Services announce what they committed; realtime/ turns announcements into socket emits.
 * Listeners run after the transaction, and one that throws never fails the caller's request.
 */
export interface QueueChange {
  /** The audit row of this change. */
  transitionId: number;
  at: Date;
  branchId: number;
  queueId: number;
  queueUuid: string;
  queueNumber: string;
  branchQueueTypeId: number;
  /** A transfer: the queue type the ticket left. */
  previousQueueTypeId?: number;
  queueTypeName: string;
  action: string;
  fromState: string | null;
  toState: string;
  stationId: number | null;
  stationName: string | null;
}

export interface HubEvents {
  queueChanged: QueueChange;
  /** Sessions that ended (sign-out, password change): their sockets must go. */
  sessionsEnded: { sessionIds: number[] };
  /**
   * A display, kiosk or scale was registered, verified, cancelled or edited. `shortIds`: the
   * device ids involved (before and after), whose unregistered screens may be waiting for this.
   * `revoked`: the browser or bridge that was this device no longer is (cancelled, or registered
   * to another id): its sockets are disconnected on every instance (realtime/broadcasts.ts).
   */
  deviceChanged: {
    branchId: number;
    deviceId: number;
    uuid: string;
    kind: DeviceKind;
    shortIds: string[];
    revoked: boolean;
  };
  /**
   * A branch's settings that every screen shows changed (its calendar, its day start): its
   * officers' pages, displays, kiosks and drivers' pages fetch them again.
   */
  branchChanged: { branchId: number };
  /** An officer re-announced a call: the displays showing its queue type announce it again. */
  /** `call` without its plate: each display gets the plate as its branch shows it (masked or not). */
  callReannounced: { branchId: number; branchQueueTypeId: number; queueId: number; call: DeviceCall };
  /** A voice clip of the branch was recorded, replaced or removed: its displays fetch clips again. */
  voiceChanged: { branchId: number };
  /**
   * What became of a ticket's paper changed (printed, failed, sent to a kiosk): the branch's
   * calling pages refetch, so a card says "not printed" as soon as it is known.
   */
  ticketPrintChanged: {
    branchId: number;
    queueUuid: string;
    queueNumber: string;
    branchQueueTypeId: number;
    state: string;
    stationName: string | null;
  };
  /** A job waits for a USB kiosk (an officer's print or reprint): its sockets are told to fetch it. */
  printJobQueued: { deviceId: number; jobId: number };
  /** A dispute of the branch was filed or resolved: its admins' screens count the open ones again. */
  disputesChanged: { branchId: number };
  /** An alert of the branch was raised, acknowledged or ended (modules/alerts): the bells refetch. */
  alertsChanged: { branchId: number };
  /** A kiosk's printer's stored health changed (printing/printer-health.ts). */
  printerChanged: { branchId: number; deviceId: number; uuid: string; health: PrinterHealth };
  /**
   * Something on the branch's calling cards may have changed (a queue, a print state, the day
   * start): every instance drops the cards it holds for the branch (queue/branch-cards.ts).
   */
  branchCardsChanged: { branchId: number };
  /**
   * The proof that calls were heard may have changed for the branch (a display's report, a
   * display connected, went away or said its sound changed, a re-announcement, a display's
   * settings): every instance drops the proofs it holds (announcements.service.ts).
   */
  announcementsChanged: { branchId: number };
  /**
   * Reference data an admin edits changed (queue types, stations and their states, an officer's
   * assignments, names or roles, a branch's settings, a session's branch): every instance drops
   * what it holds in memory of it (the calling scope, the session cache).
   */
  referenceChanged: { branchId: number };
  /**
   * Lines (queue types) of the branch moved, because ticket `queueUuid` changed: every instance
   * pushes its drivers' pages of those lines their new place (realtime/public-push.ts).
   */
  linesChanged: { branchId: number; branchQueueTypeIds: number[]; queueUuid: string };
  /**
   * A driver's subscription was made or changed: every instance's notifier reads again which
   * tickets are followed (notifications/followed-tickets.ts).
   */
  followersChanged: { branchId: number };
  /** A reader's read was made or decided (modules/identification): the gate's and weighbridge's pages hear it. */
  readsChanged: { branchId: number; change: ReadsChangedPayload };
}

/** Where an event came from: this instance, or another one through Redis (shared-events.ts). */
export interface EventOrigin {
  remote: boolean;
}

type Listener<T> = (event: T, origin: EventOrigin) => void | Promise<void>;

export interface EventHub {
  /** Announces a change made by this instance. */
  publish<K extends keyof HubEvents>(name: K, event: HubEvents[K]): void;
  /** Hands this instance's listeners an event another instance published (shared-events.ts only). */
  deliverRemote<K extends keyof HubEvents>(name: K, event: HubEvents[K]): void;
  subscribe<K extends keyof HubEvents>(name: K, listener: Listener<HubEvents[K]>): () => void;
}

export function createEventHub(onError: (error: unknown) => void = () => undefined): EventHub {
  const listeners = new Map<keyof HubEvents, Set<Listener<never>>>();
  function deliver<K extends keyof HubEvents>(name: K, event: HubEvents[K], origin: EventOrigin) {
    for (const listener of listeners.get(name) ?? []) {
      try {
        const result = (listener as Listener<HubEvents[K]>)(event, origin);
        if (result instanceof Promise) result.catch(onError);
      } catch (error) {
        onError(error);
      }
    }
  }
  const local: EventOrigin = { remote: false };
  const remote: EventOrigin = { remote: true };
  return {
    publish: (name, event) => deliver(name, event, local),
    deliverRemote: (name, event) => deliver(name, event, remote),
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
}

/** For work with nobody listening (the demo history). */
export const silentHub: EventHub = createEventHub();
