import { stat, type Stats } from 'node:fs';
import { SerialPort } from 'serialport';
import { errorText, type ByteSource, type SourceHandlers } from './byte-source.ts';
import { quietRepeats, type Log } from './log.ts';
import type { SerialSource } from './options.ts';

/**
 * How long the bridge waits before opening the port again (a USB adapter pulled and put back),
 * and how often an open port's device is looked at to still be there.
 */
export const SERIAL_RETRY_MS = 1000;

/** The same device node: a pulled adapter's path is gone, or names a new node once put back. */
const sameDevice = (a: Stats, b: Stats) => a.rdev === b.rdev && a.ino === b.ino;

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

  /**
   * A port whose device goes away mid-read is not always told: a pseudo-terminal hung up then
   * reads end-of-file, and serialport's binding reads again at once, forever, without an error.
   * So an open port's path is looked at every `retryMs`; gone or another device, the port is
   * closed (and opened again as after any loss).
   */
  function watchDevice(current: SerialPort, opened: Stats, gone: (why: string) => void): NodeJS.Timeout {
    return setInterval(() => {
      stat(source.path, (error, now) => {
        if (port !== current || !current.isOpen) return;
        if (error) gone(`the device is gone: ${errorText(error)}`);
        else if (!sameDevice(opened, now)) gone('the path names another device now');
      });
    }, retryMs);
  }

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
    let watch: NodeJS.Timeout | null = null;
    let goneWhy: string | null = null;
    current.on('data', (chunk: Buffer) => handlers.data(chunk));
    // A read or write failure after opening closes the port (with a disconnect error): handled there.
    current.on('error', () => undefined);
    current.on('close', (error?: Error | null) => {
      if (watch) clearInterval(watch);
      if (port === current) port = null;
      if (closed) return;
      handlers.lost(goneWhy ?? (error ? errorText(error) : 'the port was closed'));
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
        if (closed) return;
        handlers.connected();
        stat(source.path, (statError, opened) => {
          if (statError || closed || port !== current || !current.isOpen) return;
          watch = watchDevice(current, opened, (why) => {
            if (goneWhy !== null) return;
            goneWhy = why;
            current.close();
          });
        });
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
