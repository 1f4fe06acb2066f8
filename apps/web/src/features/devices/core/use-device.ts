import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { deviceContracts, type DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import {
  DEVICE_NAMESPACE,
  RECONNECT_DELAY_MS,
  type AnnouncementReport,
  type DeviceCall,
  type DeviceClientToServer,
  type DeviceServerToClient,
  type DisplayStatus,
  type PrinterStatusReport,
} from '@truck-queue/shared/contracts/socket-events';
import { callApi, type DeviceCredentials } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { isIdTaken, loadDeviceIdentity, newDeviceIdentity } from './identity.ts';
import { ReportOutbox } from './report-outbox.ts';

type DeviceSocket = Socket<DeviceServerToClient, DeviceClientToServer>;

export type DeviceStatus =
  /** The first hello has not come back yet. */
  | 'starting'
  /** The server does not know this browser as a device: show the short id to register. */
  | 'unregistered'
  | 'registered'
  /** The server cannot be reached and nothing is known yet. */
  | 'offline';

export interface DeviceState {
  kind: DeviceKind;
  identity: DeviceCredentials;
  status: DeviceStatus;
  device: DeviceInfo | null;
  /** The real-time connection is up (calls arrive, registration changes arrive live). */
  connected: boolean;
  /** The last hello failed: the server could not be reached. */
  unreachable: boolean;
  /**
   * Displays: tells the server what became of an announcement; while the socket is down the
   * last few wait in memory and go on the next connect.
   */
  announced: (report: AnnouncementReport) => void;
  /**
   * USB kiosks: tells the server its printer's health (sent now when connected, and the latest
   * again on every connect).
   */
  printerStatus: (report: PrinterStatusReport) => void;
  /** Kiosks: listens for the server's `printJob` (an officer's reprint); returns the unsubscribe. */
  onPrintJob: (listener: PrintJobListener) => () => void;
}

type PrintJobListener = (job: { job_id: number }) => void;

export const helloQueryKey = (kind: DeviceKind) => ['device', kind, 'hello'] as const;

/** Polling while unregistered is only a fallback: registration normally arrives over the socket. */
const UNREGISTERED_POLL_MS = 30_000;

/**
 * A display's or kiosk's link to the server: its identity, its hello (registered or not, and
 * with what), and its socket, which brings calls and registration changes live. On
 * `deviceChanged` and on every reconnect it says hello again. When the server says another
 * browser already shows this id, the page takes a new identity and shows the new id.
 */
export function useDevice(
  kind: DeviceKind,
  handlers: {
    /** Displays: a call of one of its queue types (to announce). */
    onCall?: (call: DeviceCall) => void;
    /** Every (re)connect: refetch whatever may have been missed while the socket was down. */
    onConnect?: () => void;
    /** Displays: the branch's voice clips changed (fetch them again). */
    onVoiceChanged?: () => void;
    /**
     * Displays: whether sound may play and what speaks, told on every connect and whenever it
     * changes (the calling page warns of a muted display).
     */
    status?: DisplayStatus | null;
  } = {},
): DeviceState {
  const [identity, setIdentity] = useState(() => loadDeviceIdentity(kind));
  const current = useRef(identity);
  /** Another browser holds `refused`'s id: take a new identity (once, whoever noticed first). */
  const idTaken = useCallback(
    (refused: DeviceCredentials) => {
      if (current.current.id !== refused.id) return;
      current.current = newDeviceIdentity(kind);
      setIdentity(current.current);
    },
    [kind],
  );
  const queryClient = useQueryClient();
  const hello = useQuery({
    queryKey: [...helloQueryKey(kind), identity.id],
    queryFn: async ({ signal }) => {
      try {
        return await callApi(
          deviceContracts.hello,
          { device_id: identity.id, kind },
          { signal, device: identity },
        );
      } catch (error) {
        if (isIdTaken(error)) idTaken(identity);
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.registered ? false : UNREGISTERED_POLL_MS),
    refetchOnWindowFocus: false,
    // A taken id is not retried: the page has a new identity, with its own hello.
    retry: (_failures, error) => !isIdTaken(error),
    retryDelay: RECONNECT_DELAY_MS,
  });

  const socketRef = useRef<DeviceSocket | null>(null);
  const onCall = useRef(handlers.onCall);
  const onConnect = useRef(handlers.onConnect);
  const onVoiceChanged = useRef(handlers.onVoiceChanged);
  /** Announcement reports not sent yet (the socket was down). */
  const [outbox] = useState(() => new ReportOutbox<AnnouncementReport>());
  const soundStatus = useRef(handlers.status ?? null);
  const printerReport = useRef<PrinterStatusReport | null>(null);
  const printJobListeners = useRef(new Set<PrintJobListener>());
  useEffect(() => {
    onCall.current = handlers.onCall;
    onConnect.current = handlers.onConnect;
    onVoiceChanged.current = handlers.onVoiceChanged;
  });

  const listeners = useRef(new Set<() => void>());
  const notify = useCallback(() => listeners.current.forEach((l) => l()), []);

  useEffect(() => {
    const socket: DeviceSocket = io(DEVICE_NAMESPACE, {
      auth: { apiKey: config.apiKey, kind, device_id: identity.id, secret: identity.secret },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MS,
    });
    socketRef.current = socket;
    const timers = new Set<number>();
    const later = (action: () => void, ms: number) => {
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        action();
      }, ms);
      timers.add(timer);
    };
    const rehello = () => queryClient.invalidateQueries({ queryKey: helloQueryKey(kind) });
    socket.on('connect', () => {
      notify();
      outbox.flush((report) => socket.emit('announced', report));
      if (soundStatus.current) socket.emit('status', soundStatus.current);
      if (printerReport.current) socket.emit('printerStatus', printerReport.current);
      void rehello();
      onConnect.current?.();
    });
    socket.on('disconnect', (reason) => {
      notify();
      // The server closes a device's socket on purpose only when its registration changed.
      if (reason === 'io server disconnect') later(() => socket.connect(), 1000);
    });
    socket.on('deviceChanged', () => {
      // Registered, cancelled or edited: learn the new state, then reconnect so the server puts
      // this socket in the rooms that state allows.
      void rehello().then(() => {
        socket.disconnect();
        socket.connect();
      });
    });
    // The branch's calendar or day start changed: the hello's device info carries the one, the
    // board's lists follow the other.
    socket.on('branchChanged', () => {
      void rehello();
      onConnect.current?.();
    });
    socket.on('called', (call) => onCall.current?.(call));
    socket.on('voiceChanged', () => onVoiceChanged.current?.());
    socket.on('printJob', (job) => {
      for (const listener of printJobListeners.current) listener(job);
    });
    socket.on('connect_error', (error) => {
      console.warn('Device connection failed', error.message);
      if (isIdTaken(error)) {
        idTaken(identity);
      } else if (!socket.active) {
        // Refused by the server (busy, or too many screens waiting): Socket.IO does not retry
        // a refusal by itself, so the page does, as it does when the server cannot be reached.
        later(() => socket.connect(), RECONNECT_DELAY_MS);
      }
    });
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      notify();
    };
  }, [identity, kind, queryClient, notify, idTaken, outbox]);

  // A change while connected is told at once; a connect tells the latest (above).
  const reportedStatus = handlers.status ?? null;
  const statusKey = reportedStatus ? `${reportedStatus.sound}/${reportedStatus.voice}` : '';
  useEffect(() => {
    soundStatus.current = reportedStatus;
    const socket = socketRef.current;
    if (reportedStatus && socket?.connected) socket.emit('status', reportedStatus);
    // Only a change of what it says is told again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusKey]);

  const announced = useCallback(
    (report: AnnouncementReport) => {
      const socket = socketRef.current;
      outbox.send(report, socket?.connected ? (r) => socket.emit('announced', r) : null);
    },
    [outbox],
  );

  const printerStatus = useCallback((report: PrinterStatusReport) => {
    printerReport.current = report;
    const socket = socketRef.current;
    if (socket?.connected) socket.emit('printerStatus', report);
  }, []);

  const onPrintJob = useCallback((listener: PrintJobListener) => {
    printJobListeners.current.add(listener);
    return () => {
      printJobListeners.current.delete(listener);
    };
  }, []);

  const connected = useSyncExternalStore(
    (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
    () => socketRef.current?.connected ?? false,
  );

  const data = hello.data;
  const status: DeviceStatus = data
    ? data.registered && data.device
      ? 'registered'
      : 'unregistered'
    : hello.failureCount > 0 || hello.isError
      ? 'offline'
      : 'starting';
  return {
    kind,
    identity,
    status,
    device: data?.device ?? null,
    connected,
    unreachable: hello.failureCount > 0 || hello.isError,
    announced,
    printerStatus,
    onPrintJob,
  };
}
