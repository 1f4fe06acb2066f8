import net from 'node:net';

/** Where the proxy forwards to: a TCP address, or a Unix socket (the embedded database's). */
export type ProxyTarget = { host: string; port: number } | { path: string };

/**
 * A TCP proxy on 127.0.0.1 in front of a database, for tests of what the server does when the
 * database stalls or goes away. The database itself is untouched; only the way to it changes:
 *
 * - `pause()`: stops forwarding bytes, both ways, on every connection, without closing any;
 *   new connections are accepted and get nothing either. What arrives meanwhile is held, in
 *   order, closes included, and delivered on `resume()`, as a network that stalls and recovers
 *   delivers it (so a statement sent during the pause does reach the database afterwards);
 * - `pauseAfter(text)`: forwards normally until the client sends a message containing `text`
 *   (a statement), forwards that message, then pauses: the database runs it, its answer is held;
 * - `refuse()`: closes every connection and stops listening, so new ones are refused
 *   (ECONNREFUSED), as a database that is down; `accept()` listens again on the same port.
 */
export interface StallProxy {
  port: number;
  pause(): void;
  pauseAfter(text: string): void;
  resume(): void;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

/** What one side of a connection did, for the other side: held in order while paused. */
type Step = { to: net.Socket; chunk: Buffer } | { end: net.Socket } | { destroy: net.Socket };

export async function startStallProxy(target: ProxyTarget): Promise<StallProxy> {
  let paused = false;
  let pauseAfter: string | null = null;
  let held: Step[] = [];
  const sockets = new Set<net.Socket>();

  const apply = (step: Step) => {
    if ('chunk' in step) step.to.write(step.chunk);
    else if ('end' in step) step.end.end();
    else step.destroy.destroy();
  };
  /** Passes a step on now, or holds it for resume() while paused. */
  const pass = (step: Step) => {
    if (paused) held.push(step);
    else apply(step);
  };

  const onConnection = (client: net.Socket) => {
    const server = net.connect(target);
    for (const [from, to] of [
      [client, server],
      [server, client],
    ] as const) {
      sockets.add(from);
      from.on('close', () => sockets.delete(from));
      from.on('data', (chunk: Buffer) => {
        pass({ to, chunk });
        if (from === client && pauseAfter !== null && chunk.includes(pauseAfter)) {
          pauseAfter = null;
          paused = true;
        }
      });
      // A side that closes, or breaks, closes the other once what it sent before has passed.
      from.on('end', () => pass({ end: to }));
      from.on('error', () => pass({ destroy: to }));
    }
  };

  const listener = net.createServer({ allowHalfOpen: true }, onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listener.listening) return resolve();
      listener.close(() => resolve());
    });
  const dropAll = () => {
    held = [];
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  await listen(0);
  const port = (listener.address() as net.AddressInfo).port;

  return {
    port,
    pause() {
      paused = true;
    },
    pauseAfter(text) {
      pauseAfter = text;
    },
    resume() {
      paused = false;
      pauseAfter = null;
      const steps = held;
      held = [];
      for (const step of steps) apply(step);
    },
    async refuse() {
      paused = false;
      pauseAfter = null;
      dropAll();
      await stopListening();
    },
    async accept() {
      if (!listener.listening) await listen(port);
    },
    async close() {
      dropAll();
      await stopListening();
    },
  };
}
