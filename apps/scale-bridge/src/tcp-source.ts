import net from 'node:net';
import { errorText, type ByteSource, type SourceHandlers } from './byte-source.ts';
import { quietRepeats, type Log } from './log.ts';
import type { TcpSource } from './options.ts';

export interface TcpTiming {
  /** The first wait before reconnecting, doubled after each failure up to `maxRetryMs`. */
  minRetryMs: number;
  maxRetryMs: number;
  /**
   * A connection that brings nothing for this long is dropped and made again: a converter that
   * rebooted without closing it would otherwise leave the bridge waiting on a dead socket.
   */
  idleMs: number;
}

export const TCP_TIMING: TcpTiming = { minRetryMs: 500, maxRetryMs: 5000, idleMs: 30_000 };

/** "192.168.1.50:4001", or "[fe80::1]:4001" for an IPv6 address. */
export function tcpAddress(source: TcpSource): string {
  return source.host.includes(':') ? `[${source.host}]:${source.port}` : `${source.host}:${source.port}`;
}

/** A serial-to-Ethernet converter (or an indicator with its own network port) in raw TCP mode. */
export function openTcpSource(
  source: TcpSource,
  handlers: SourceHandlers,
  log: Log,
  timing: TcpTiming = TCP_TIMING,
): ByteSource {
  const address = tcpAddress(source);
  const failures = quietRepeats((message) => log.warn(message));
  let closed = false;
  let socket: net.Socket | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = timing.minRetryMs;

  function reconnectLater() {
    retry = setTimeout(connect, delayMs);
    delayMs = Math.min(delayMs * 2, timing.maxRetryMs);
  }

  function connect() {
    retry = null;
    if (closed) return;
    const current = net.connect({ host: source.host, port: source.port });
    socket = current;
    let up = false;
    let failure: unknown = null;
    current.setKeepAlive(true, 5000);
    current.setTimeout(timing.idleMs);
    current.on('connect', () => {
      up = true;
      failures.reset();
      handlers.connected();
    });
    current.on('data', (chunk: Buffer) => {
      // Only a connection that brings data resets the wait: one that is accepted and dropped
      // at once (a converter busy with another client) still backs off.
      delayMs = timing.minRetryMs;
      handlers.data(chunk);
    });
    current.on('timeout', () => {
      current.destroy(new Error(`no data for ${Math.round(timing.idleMs / 1000)} s`));
    });
    current.on('error', (error) => {
      failure = error;
    });
    current.on('close', () => {
      if (socket === current) socket = null;
      if (closed) return;
      if (up) handlers.lost(failure ? errorText(failure) : 'the converter closed the connection');
      else failures.say(`Cannot reach the indicator at ${address} (${errorText(failure)}): trying again.`);
      reconnectLater();
    });
  }

  connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = socket;
      if (!open || open.destroyed) return;
      await new Promise<void>((resolve) => {
        open.once('close', () => resolve());
        open.destroy();
      });
    },
  };
}
