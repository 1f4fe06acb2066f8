import type { ScaleWeightReport } from '@truck-queue/shared/contracts/socket-events';
import { formatDeviceId, loadIdentity } from './identity.ts';
import { describeSource, openIndicatorStream } from './indicator-stream.ts';
import { consoleLog, type Log } from './log.ts';
import type { BridgeOptions } from './options.ts';
import { createReporter } from './reporter.ts';
import { openServerLink } from './server-link.ts';
import type { TcpTiming } from './tcp-source.ts';

/** What main leaves at its defaults and tests shorten: the log, and the waits between retries. */
export interface BridgeTuning {
  log?: Log;
  /** How often the weight is checked without a frame (no-signal, heartbeats), in ms. */
  tickMs?: number;
  /** Waits before another hello (server-link.ts). */
  retryMs?: number;
  slowRetryMs?: number;
  tcpTiming?: TcpTiming;
  serialRetryMs?: number;
  garbledLogMs?: number;
}

export interface Bridge {
  /** The id an officer registers on the Weighbridge page. */
  deviceId: string;
  /** Closes the indicator's port or socket and the server's socket; nothing is retried after. */
  stop(): Promise<void>;
}

/** The weight is checked this often between frames, so no-signal shows within a tenth of a second of its time. */
export const TICK_MS = 100;

function describeReport(report: ScaleWeightReport): string {
  switch (report.state) {
    case 'stable':
      return `stable at ${report.kg} kg`;
    case 'moving':
      return `moving (${report.kg} kg)`;
    case 'overload':
      return 'over the indicator range';
    case 'underload':
      return 'under the indicator range';
    case 'no-signal':
      return 'no signal from the indicator';
  }
}

/**
 * The whole bridge: this PC's identity, the indicator's stream through the reporter, and the
 * link that carries the reports to the server. An identity file that cannot be read or made
 * rejects (IdentityError); nothing after that stops it but `stop()`.
 */
export async function startBridge(options: BridgeOptions, tuning: BridgeTuning = {}): Promise<Bridge> {
  const log = tuning.log ?? consoleLog();
  const { identity, created } = await loadIdentity(options.identityFile);
  const shownId = formatDeviceId(identity.device_id);
  if (created) log.info(`Made a new identity for this scale in ${options.identityFile}.`);
  log.info('='.repeat(64));
  log.info(`  Register this scale on the Weighbridge page with id ${shownId}`);
  log.info('='.repeat(64));
  log.info(
    `Indicator: ${describeSource(options.source)}, format ${options.format}. Server: ${options.server}.`,
  );

  const reporter = createReporter({
    toleranceKg: options.toleranceKg,
    holdMs: options.holdMs,
    noSignalMs: options.noSignalMs,
  });
  let lastState: string | null = null;
  const send = (report: ScaleWeightReport | null) => {
    if (!report) return;
    // The console shows what the weight does (not every new kg), to compare with the indicator.
    if (report.state !== lastState) {
      lastState = report.state;
      log.info(`Weight: ${describeReport(report)}.`);
    }
    link.send(report);
  };

  const link = openServerLink({
    server: options.server,
    apiKey: options.apiKey,
    identity,
    identityFile: options.identityFile,
    log,
    onConnect: () => send(reporter.resend(Date.now())),
    retryMs: tuning.retryMs,
    slowRetryMs: tuning.slowRetryMs,
  });
  const indicator = openIndicatorStream({
    source: options.source,
    format: options.format,
    log,
    onReading: (reading) => send(reporter.reading(reading, Date.now())),
    tcpTiming: tuning.tcpTiming,
    serialRetryMs: tuning.serialRetryMs,
    garbledLogMs: tuning.garbledLogMs,
  });
  const ticker = setInterval(() => send(reporter.tick(Date.now())), tuning.tickMs ?? TICK_MS);

  let stopping: Promise<void> | null = null;
  return {
    deviceId: identity.device_id,
    stop() {
      stopping ??= (async () => {
        clearInterval(ticker);
        link.close();
        await indicator.close();
      })();
      return stopping;
    },
  };
}
