import net from 'node:net';
import type { Log } from './log.ts';

/** Test helper: waits until `check` holds, polling, and fails saying what it waited for after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Test helper: a log that keeps its lines. */
export function memoryLog(): Log & { lines: string[]; has(text: string): boolean } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    warn: (message) => lines.push(message),
    has: (text) => lines.some((line) => line.includes(text)),
  };
}

/** An st-gs frame as an A&D indicator sends it: "ST,GS,+0012340kg" (stable) or "US,…" (moving). */
export function stGsFrame(kg: number, stable: boolean): string {
  const digits = String(Math.abs(kg)).padStart(7, '0');
  return `${stable ? 'ST' : 'US'},GS,${kg < 0 ? '-' : '+'}${digits}kg\r\n`;
}

/**
 * Test helper: a serial-to-Ethernet converter with an indicator behind it, streaming whatever
 * `frame()` gives every `everyMs` to each client. It can drop its clients and stop listening
 * (the converter unplugged), then listen again on the same port.
 */
export interface FakeIndicator {
  port: number;
  /** Clients connected so far, in total. */
  connections: number;
  frame: () => string;
  /** Closes every client's connection (the converter restarting); it keeps listening. */
  drop(): void;
  /** Closes every client's connection and stops listening. */
  unplug(): Promise<void>;
  /** Listens again on the same port. */
  plugIn(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeIndicator(frame: () => string, everyMs = 50): Promise<FakeIndicator> {
  const clients = new Set<net.Socket>();
  let server: net.Server | null = null;
  const indicator: FakeIndicator = {
    port: 0,
    connections: 0,
    frame,
    drop() {
      for (const client of clients) client.destroy();
      clients.clear();
    },
    async unplug() {
      indicator.drop();
      const listening = server;
      server = null;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
    async plugIn() {
      server = net.createServer((client) => {
        indicator.connections += 1;
        clients.add(client);
        const timer = setInterval(() => client.write(indicator.frame()), everyMs);
        client.on('close', () => {
          clearInterval(timer);
          clients.delete(client);
        });
        client.on('error', () => undefined);
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(indicator.port, '127.0.0.1', resolve));
      indicator.port = (listening.address() as net.AddressInfo).port;
    },
    close: () => indicator.unplug(),
  };
  await indicator.plugIn();
  return indicator;
}
