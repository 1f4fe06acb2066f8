import { SerialPort } from 'serialport';
import { errorText, type ByteSource, type SourceHandlers } from './byte-source.ts';
import { quietRepeats, type Log } from './log.ts';
import type { SerialSource } from './options.ts';

/** How long the bridge waits before opening the port again (a USB adapter pulled and put back). */
export const SERIAL_RETRY_MS = 1000;

/** An RS-232 port, or a USB-serial adapter, with the line settings the indicator is set to. */
export function openSerialSource(
  source: SerialSource,
  handlers: SourceHandlers,
  log: Log,
  retryMs = SERIAL_RETRY_MS,
): ByteSource {
  const failures = quietRepeats((message) => log.warn(message));
  let closed = false;
  let port: SerialPort | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Resolves once the port being opened is open or has failed, so close() never races an open. */
  let opening: Promise<void> = Promise.resolve();

  function reopenLater() {
    if (!closed && retry === null) retry = setTimeout(open, retryMs);
  }

  function open() {
    retry = null;
    if (closed) return;
    const current = new SerialPort({
      path: source.path,
      baudRate: source.baudRate,
      dataBits: source.dataBits,
      parity: source.parity,
      stopBits: source.stopBits,
      autoOpen: false,
    });
    port = current;
    current.on('data', (chunk: Buffer) => handlers.data(chunk));
    // A read or write failure after opening closes the port (with a disconnect error): handled there.
    current.on('error', () => undefined);
    current.on('close', (error?: Error | null) => {
      if (port === current) port = null;
      if (closed) return;
      handlers.lost(error ? errorText(error) : 'the port was closed');
      reopenLater();
    });
    // A port whose device has no more to give (end of file) is closed, then opened again.
    current.on('end', () => {
      if (current.isOpen) current.close();
    });
    opening = new Promise<void>((resolve) => {
      current.open((error) => {
        resolve();
        if (error) {
          if (port === current) port = null;
          if (!closed) failures.say(`Cannot open the serial port ${source.path}: ${errorText(error)}`);
          reopenLater();
          return;
        }
        failures.reset();
        // Opened after close() was called: close() shuts it once this settles.
        if (!closed) handlers.connected();
      });
    });
  }

  open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await opening;
      const current = port;
      if (!current?.isOpen) return;
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
