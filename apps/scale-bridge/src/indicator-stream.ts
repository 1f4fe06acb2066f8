import { createParser, type ScaleFormat } from '@truck-queue/shared/scale/formats';
import type { ScaleParser, ScaleReading } from '@truck-queue/shared/scale/reading';
import type { ByteSource, SourceHandlers } from './byte-source.ts';
import type { Log } from './log.ts';
import type { IndicatorSource } from './options.ts';
import { openSerialSource, SERIAL_RETRY_MS } from './serial-source.ts';
import { openTcpSource, TCP_TIMING, tcpAddress, type TcpTiming } from './tcp-source.ts';

export interface IndicatorStreamOptions {
  source: IndicatorSource;
  format: ScaleFormat;
  log: Log;
  /** Each reading as it is parsed, in order. */
  onReading: (reading: ScaleReading) => void;
  /** Garbled text is counted and logged at most this often (10 s). */
  garbledLogMs?: number;
  tcpTiming?: TcpTiming;
  serialRetryMs?: number;
}

export interface IndicatorStream {
  close(): Promise<void>;
}

export const GARBLED_LOG_MS = 10_000;

/** "/dev/ttyUSB0 at 9600 8N1" or "tcp 192.168.1.50:4001", as the log names the indicator. */
export function describeSource(source: IndicatorSource): string {
  if (source.kind === 'tcp') return `tcp ${tcpAddress(source)}`;
  const parity = source.parity[0]!.toUpperCase();
  return `${source.path} at ${source.baudRate} ${source.dataBits}${parity}${source.stopBits}`;
}

/**
 * Garbled text (a wrong --format or baud rate, a noisy cable) may come with every frame, many
 * times a second: it is counted and logged with one example at most once every `everyMs`.
 */
function garbledCounter(log: Log, everyMs: number) {
  let count = 0;
  let example = '';
  let lastAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (count === 0) return;
    const what = count === 1 ? '1 garbled frame' : `${count} garbled frames`;
    log.warn(
      `${what} from the indicator, e.g. ${JSON.stringify(example.slice(0, 80))}: check --format and the line settings.`,
    );
    count = 0;
    lastAt = Date.now();
  };
  return {
    add(texts: readonly string[]) {
      if (texts.length === 0) return;
      count += texts.length;
      example = texts[0]!;
      if (timer) return;
      const waitMs = lastAt + everyMs - Date.now();
      if (waitMs <= 0) flush();
      else timer = setTimeout(flush, waitMs);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The indicator's frames as readings, over whichever connection it has, kept up forever. */
export function openIndicatorStream(options: IndicatorStreamOptions): IndicatorStream {
  const { source, format, log, onReading } = options;
  const where = describeSource(source);
  const garbled = garbledCounter(log, options.garbledLogMs ?? GARBLED_LOG_MS);
  let parser: ScaleParser = createParser(format);
  let heard = false;

  const handlers: SourceHandlers = {
    connected() {
      // A new connection starts a new stream: a frame cut by the drop must not join the next one.
      parser = createParser(format);
      heard = false;
      log.info(`Indicator connected (${where}, format ${format}).`);
    },
    data(chunk) {
      const { readings, garbled: noise } = parser.push(chunk);
      garbled.add(noise);
      for (const reading of readings) {
        if (!heard) {
          // The first frame read tells an installer at once that the format and settings are right.
          heard = true;
          log.info(`Reading the indicator: first frame ${JSON.stringify(reading.raw)}.`);
        }
        onReading(reading);
      }
    },
    lost(why) {
      log.warn(`Indicator lost (${where}: ${why}); reconnecting.`);
    },
  };

  const connection: ByteSource =
    source.kind === 'tcp'
      ? openTcpSource(source, handlers, log, options.tcpTiming ?? TCP_TIMING)
      : openSerialSource(source, handlers, log, options.serialRetryMs ?? SERIAL_RETRY_MS);

  return {
    async close() {
      garbled.stop();
      await connection.close();
    },
  };
}
