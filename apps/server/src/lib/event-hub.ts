import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';

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
   * A display or kiosk was registered, verified, cancelled or edited. `shortIds`: the device ids
   * involved (before and after), whose unregistered screens may be waiting for this.
   */
  deviceChanged: {
    branchId: number;
    deviceId: number;
    uuid: string;
    kind: 'display' | 'printer';
    shortIds: string[];
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
}

type Listener<T> = (event: T) => void | Promise<void>;

export interface EventHub {
  publish<K extends keyof HubEvents>(name: K, event: HubEvents[K]): void;
  subscribe<K extends keyof HubEvents>(name: K, listener: Listener<HubEvents[K]>): () => void;
}

export function createEventHub(onError: (error: unknown) => void = () => undefined): EventHub {
  const listeners = new Map<keyof HubEvents, Set<Listener<never>>>();
  return {
    publish(name, event) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          const result = (listener as Listener<typeof event>)(event);
          if (result instanceof Promise) result.catch(onError);
        } catch (error) {
          onError(error);
        }
      }
    },
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
