import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  RECONNECT_DELAY_MS,
  STAFF_ROOM,
  type Ack,
  type CallingCardsPush,
  type QueueChangedPayload,
  type ReadsChangedPayload,
  type ScaleWeightPush,
  type StaffClientToServer,
  type StaffServerToClient,
} from '@truck-queue/shared/contracts/socket-events';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import type { PrinterHealth } from '@truck-queue/shared/printing/printer-status';
import { config } from './config.ts';
import { readBranch, readSession } from './session.ts';

type StaffSocket = Socket<StaffServerToClient, StaffClientToServer>;

let socket: StaffSocket | null = null;

/**
 * The officer's one Socket.IO connection (SPEC.md section 7): session in the handshake,
 * reconnects forever every 10 s, and joins the branch's room on every (re)connect.
 */
export function staffSocket(): StaffSocket {
  if (socket) return socket;
  const created: StaffSocket = io({
    auth: (send) => send({ session: readSession() ?? '', apiKey: config.apiKey }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
  });
  created.on('connect', () => {
    const branch = readBranch();
    if (branch) created.emit('joinRoom', branch.id, STAFF_ROOM);
  });
  created.on('connect_error', (error) => console.warn('Real-time connection failed', error.message));
  // Socket.IO does not retry after the server closed the socket on purpose; try once more after
  // the usual delay (if the session has ended, the handshake is refused and that is the end).
  created.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    window.setTimeout(() => {
      if (socket === created && !created.connected && readSession()) created.connect();
    }, RECONNECT_DELAY_MS);
  });
  created.on('joinRoomCompleted', (room) => console.debug('Joined the branch room', room));
  socket = created;
  return created;
}

/** Ends the connection (sign-out). */
export function closeStaffSocket(): void {
  socket?.disconnect();
  socket = null;
}

/**
 * Calls `onChange` on every committed queue change in the branch and on every (re)connect, when
 * what changed while the connection was down (or before it was up) is unknown. Returns the
 * unsubscribe. Only useQueueRefresh (lib/queue-refresh.ts) listens: pages read queries under
 * `queueKeys` (lib/query-keys.ts), which it invalidates.
 */
export function onQueueChanges(onChange: (change: QueueChangedPayload | null) => void): () => void {
  const s = staffSocket();
  const changed = (change: QueueChangedPayload) => onChange(change);
  const connected = () => onChange(null);
  s.on('refreshUI', changed);
  s.on('connect', connected);
  return () => {
    s.off('refreshUI', changed);
    s.off('connect', connected);
  };
}

/** Calls `onChange` when an alert of the branch is raised, acknowledged or ends, and on every (re)connect. */
export function onAlertChanges(onChange: () => void): () => void {
  const s = staffSocket();
  s.on('alertsChanged', onChange);
  s.on('connect', onChange);
  return () => {
    s.off('alertsChanged', onChange);
    s.off('connect', onChange);
  };
}

/**
 * Calls `onChange` when a plate camera or RFID reader of the branch read a truck or an officer
 * decided a read, and (null) on every (re)connect, when what happened meanwhile is unknown.
 */
export function onReadChanges(onChange: (change: ReadsChangedPayload | null) => void): () => void {
  const s = staffSocket();
  const connected = () => onChange(null);
  s.on('readsChanged', onChange);
  s.on('connect', connected);
  return () => {
    s.off('readsChanged', onChange);
    s.off('connect', connected);
  };
}

/**
 * Calls `onChange` when a dispute of the branch is filed or resolved, and on every (re)connect,
 * when what happened while the connection was down is unknown. Returns the stop.
 */
export function onDisputeChanges(onChange: () => void): () => void {
  const s = staffSocket();
  s.on('disputesChanged', onChange);
  s.on('connect', onChange);
  return () => {
    s.off('disputesChanged', onChange);
    s.off('connect', onChange);
  };
}

/**
 * Watches the calling cards for these days: the server sends them (with the proof of their
 * called trucks) at once and after every change of the branch, and `onStale` when it could not.
 * Asked again on every reconnect. Returns the stop.
 */
export function watchCallingCards(
  days: 1 | 3,
  onState: (state: CallingCardsPush) => void,
  onStale: () => void,
): () => void {
  const s = staffSocket();
  const watch = (which: 1 | 3 | null) => {
    const branch = readBranch();
    if (branch && s.connected) s.emit('watchCards', branch.id, which);
  };
  const ask = () => watch(days);
  const received = (state: CallingCardsPush) => {
    if (state.days === days) onState(state);
  };
  s.on('callingCards', received);
  s.on('callingCardsStale', onStale);
  s.on('connect', ask);
  ask();
  return () => {
    s.off('callingCards', received);
    s.off('callingCardsStale', onStale);
    s.off('connect', ask);
    watch(null);
  };
}

/**
 * Watches one scale's weight: the server sends what it shows at once and on every report of its
 * bridge, and offline when the bridge goes. Asked again on every reconnect; while the socket is
 * down the page shows `onLost`. Returns the stop.
 */
export function watchScale(
  scaleUuid: string,
  onWeight: (weight: ScaleWeightPush) => void,
  onLost: () => void,
): () => void {
  const s = staffSocket();
  const watch = (which: string | null) => {
    const branch = readBranch();
    if (branch && s.connected) s.emit('watchScale', branch.id, which);
  };
  const ask = () => watch(scaleUuid);
  const received = (weight: ScaleWeightPush) => {
    if (weight.uuid === scaleUuid) onWeight(weight);
  };
  s.on('scaleWeight', received);
  s.on('connect', ask);
  s.on('disconnect', onLost);
  ask();
  return () => {
    s.off('scaleWeight', received);
    s.off('connect', ask);
    s.off('disconnect', onLost);
    watch(null);
  };
}

/**
 * The branches page (admins): `onChange` when any branch the officer holds changed (the server
 * paces its hints, a few seconds apart per branch) and on every (re)connect, when what changed
 * while the connection was down is unknown. Asked again on every reconnect. Returns the stop.
 */
export function watchBranches(onChange: () => void): () => void {
  const s = staffSocket();
  const watch = (on: boolean) => {
    const branch = readBranch();
    if (branch && s.connected) s.emit('watchBranches', branch.id, on);
  };
  const connected = () => {
    watch(true);
    onChange();
  };
  s.on('branchesChanged', onChange);
  s.on('connect', connected);
  watch(true);
  return () => {
    s.off('branchesChanged', onChange);
    s.off('connect', connected);
    watch(false);
  };
}

/** Calls `onChange` when a display or kiosk of the branch is registered, verified, cancelled or edited. */
export function useDeviceChanges(onChange: (change: { kind: DeviceKind; uuid: string }) => void): void {
  useEffect(() => {
    const s = staffSocket();
    s.on('deviceChanged', onChange);
    return () => {
      s.off('deviceChanged', onChange);
    };
  }, [onChange]);
}

/** Calls `onChange` when a display reported an announcement of a call, or a call was re-announced. */
export function useAnnouncementChanges(
  onChange: (change: { call_id: number; device_uuid: string | null }) => void,
): void {
  useEffect(() => {
    const s = staffSocket();
    s.on('announcementChanged', onChange);
    return () => {
      s.off('announcementChanged', onChange);
    };
  }, [onChange]);
}

/** Calls `onChange` when a kiosk's printer changed health (paper near end, paper out, back to ok...). */
export function usePrinterChanges(onChange: (change: { uuid: string; health: PrinterHealth }) => void): void {
  useEffect(() => {
    const s = staffSocket();
    s.on('printerChanged', onChange);
    return () => {
      s.off('printerChanged', onChange);
    };
  }, [onChange]);
}

/** Calls `onChange` when the branch's calendar or day start changed (the Yard rules page). */
export function useBranchChanges(onChange: () => void): void {
  useEffect(() => {
    const s = staffSocket();
    s.on('branchChanged', onChange);
    return () => {
      s.off('branchChanged', onChange);
    };
  }, [onChange]);
}

function subscribeConnection(onChange: () => void): () => void {
  const s = staffSocket();
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
  };
}

/**
 * Whether the real-time connection is up, for a "reconnecting" banner and to poll while it is
 * down (useQueueRefresh refetches what was missed when it comes back).
 */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeConnection, () => socket?.connected ?? false);
}

/** The staff events that act on a queue (every one but joining the room). */
export type StaffActionEvent = Exclude<keyof StaffClientToServer, 'joinRoom'>;

/**
 * Emits a staff action and resolves with the server's acknowledgement (10 s at most). `args`
 * are the event's arguments before the acknowledgement: ids, and for recheck, reject and void
 * the reason object (never `undefined`: the wire would turn it into null).
 */
export function emitAction(event: StaffActionEvent, ...args: (number | ReasonArg)[]): Promise<Ack> {
  const s = staffSocket();
  // Never queue an action for later: the officer is told now that it did not go through.
  if (!s.connected) return Promise.resolve({ status: 0, code: 'NETWORK', message: 'Not connected' });
  return new Promise((resolve) => {
    const emitter = s.timeout(10_000) as unknown as {
      emit: (event: string, ...rest: unknown[]) => void;
    };
    emitter.emit(event, ...args, (error: Error | null, ack: Ack) => {
      resolve(error ? { status: 0, code: 'NETWORK', message: error.message } : ack);
    });
  });
}
