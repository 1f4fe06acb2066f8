import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  PUBLIC_NAMESPACE,
  STAFF_ROOM,
  type Ack,
} from '@truck-queue/shared/contracts/socket-events';
import type { Ledger } from './ledger.ts';

/**
 * Socket.IO connections as the web app, the TV displays and the drivers' phones open them.
 * Reconnection is off: during the soak any drop is an error, not something to paper over.
 */

const ACK_TIMEOUT_MS = 10_000;

function watch(socket: Socket, label: string, ledger: Ledger): Promise<Socket> {
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') ledger.error(`${label}: socket dropped (${reason})`);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      ledger.error(`${label}: connection refused (${error.message})`);
      reject(error);
    });
  });
}

const base = { reconnection: false, forceNew: true } as const;

/**
 * An officer's socket, joined to the branch room as the back office does on connect.
 * `polling` starts on HTTP long-polling and upgrades, as a browser does; others go straight to WebSocket.
 */
export async function staffSocket(
  url: string,
  auth: { session: string; apiKey: string },
  branchId: number,
  label: string,
  ledger: Ledger,
  polling = false,
): Promise<Socket> {
  const socket = await watch(
    io(url, { ...base, auth, transports: polling ? ['polling', 'websocket'] : ['websocket'] }),
    label,
    ledger,
  );
  const joined = new Promise((resolve) => socket.once('joinRoomCompleted', resolve));
  const ack = await emitAck(socket, ledger, 'joinRoom', branchId, STAFF_ROOM);
  if (ack.status !== 1) throw new Error(`${label}: joinRoom refused: ${JSON.stringify(ack)}`);
  await joined;
  return socket;
}

export function deviceSocket(
  url: string,
  auth: { apiKey: string; kind: 'display' | 'printer'; device_id: string; secret: string },
  label: string,
  ledger: Ledger,
): Promise<Socket> {
  return watch(io(`${url}${DEVICE_NAMESPACE}`, { ...base, auth, transports: ['websocket'] }), label, ledger);
}

/**
 * A driver's page socket. `listen` sets its listeners before it connects: a push sent as the
 * server lets it in can come in the same read as the welcome, before a listener set afterwards.
 */
export function publicSocket(
  url: string,
  queueUuid: string,
  label: string,
  ledger: Ledger,
  listen: (socket: Socket) => void = () => {},
): Promise<Socket> {
  const socket = io(`${url}${PUBLIC_NAMESPACE}`, {
    ...base,
    auth: { queue: queueUuid },
    transports: ['websocket'],
  });
  listen(socket);
  return watch(socket, label, ledger);
}

/** Emits an event and waits for the server's acknowledgement (timed; a timeout is an error). */
export async function emitAck(
  socket: Socket,
  ledger: Ledger,
  event: string,
  ...args: unknown[]
): Promise<Ack> {
  const started = performance.now();
  try {
    const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args)) as Ack;
    ledger.latency(`socket ${event}`, performance.now() - started);
    return ack;
  } catch (error) {
    ledger.error(`socket ${event}: no acknowledgement (${(error as Error).message})`);
    return { status: 0, code: 'NO_ACK', message: (error as Error).message };
  }
}

/** Counts every `event` the socket receives. */
export function counter(socket: Socket, event: string): { count: number } {
  const tally = { count: 0 };
  socket.on(event, () => tally.count++);
  return tally;
}
