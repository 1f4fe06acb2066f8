import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import type { TestContext } from './harness.ts';

/** Puts the test app on a real port (once) and returns its URL. */
export async function listen(t: TestContext): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const open: Socket[] = [];

/** Resolves once the socket connected, rejects with the server's refusal; closed by closeSockets. */
function connected(socket: Socket): Promise<Socket> {
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** A staff socket that has connected (or a rejection with the server's refusal). */
export function staffSocket(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return connected(socket);
}

export function publicSocket(url: string, queue: string): Promise<Socket> {
  const socket = connect(`${url}/public`, {
    auth: { queue },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return connected(socket);
}

/**
 * A display's or kiosk's socket (registered or not), connected; or the server's refusal.
 * `before` sets listeners up before it connects: the server may speak in the same packet as its
 * welcome, before a listener added once connected would hear it.
 */
export function deviceSocket(
  url: string,
  auth: { apiKey: string; kind: string; device_id: string; secret: string },
  before?: (socket: Socket) => void,
): Promise<Socket> {
  const socket = connect(`${url}/device`, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  before?.(socket);
  return connected(socket);
}

export function emitAck(socket: Socket, event: string, ...args: unknown[]): Promise<Ack> {
  return socket.timeout(10_000).emitWithAck(event, ...args) as Promise<Ack>;
}

/** Resolves with the next `event` on the socket, or rejects after `ms`. */
export function next<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every `event` the socket receives from now on. */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export function closeSockets(): void {
  for (const socket of open.splice(0)) socket.close();
}
