import {
  SCALE_HEARTBEAT_MS,
  SCALE_MAX_KG,
  SCALE_REPORT_MIN_MS,
  type ScaleWeightReport,
} from '@truck-queue/shared/contracts/socket-events';
import type { ScaleReading } from '@truck-queue/shared/scale/reading';
import {
  createStableDetector,
  type StableDetectorOptions,
  type WeightState,
} from '@truck-queue/shared/scale/stable';

export interface ReporterOptions extends StableDetectorOptions {
  /** A moving weight is reported at most this often (SCALE_REPORT_MIN_MS). */
  reportMinMs?: number;
  /** An unchanged state is reported again this often (SCALE_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/**
 * Decides what the server hears of the indicator. Every method takes the time (`nowMs`) and
 * answers the report to send now, or null: the bridge calls `reading` for each frame and `tick`
 * on a short timer (so no-signal shows once frames stop, and heartbeats go out).
 */
export interface Reporter {
  reading(reading: ScaleReading, nowMs: number): ScaleWeightReport | null;
  tick(nowMs: number): ScaleWeightReport | null;
  /** The report of now, whatever was sent before: for a socket that has just connected. */
  resend(nowMs: number): ScaleWeightReport;
}

/** The server refuses a report's frame beyond this length; a frame is never near it. */
const RAW_MAX = 200;

/**
 * No two reports closer than this, even for a change of state: an indicator whose stable flag
 * flickers at 10 to 20 frames a second would otherwise go over the server's budget for a scale
 * (10 a second) and lose reports. A change that comes sooner goes out on the next tick.
 */
export const REPORT_GAP_MS = 100;

/**
 * A reading the server could not take as a weight (far beyond any road weighbridge: a regex
 * format that caught the wrong digits) counts as out of range rather than as a weight.
 */
function inRange(reading: ScaleReading): ScaleReading {
  if (reading.kg === null || Math.abs(reading.kg) <= SCALE_MAX_KG) return reading;
  return { ...reading, kg: null, status: reading.kg > 0 ? 'overload' : 'underload' };
}

export function createReporter(options: ReporterOptions): Reporter {
  const reportMinMs = options.reportMinMs ?? SCALE_REPORT_MIN_MS;
  const heartbeatMs = options.heartbeatMs ?? SCALE_HEARTBEAT_MS;
  const detector = createStableDetector(options);
  let latest: { raw: string; atMs: number } | null = null;
  let current: WeightState = { state: 'no-signal', kg: null };
  let sent: { state: WeightState; atMs: number } | null = null;

  function report(state: WeightState, nowMs: number): ScaleWeightReport {
    const frame = state.state === 'no-signal' ? null : latest;
    return {
      state: state.state,
      kg: state.kg,
      raw: frame ? frame.raw.slice(0, RAW_MAX) : '',
      at: new Date(frame ? frame.atMs : nowMs).toISOString(),
    };
  }

  function send(nowMs: number): ScaleWeightReport {
    sent = { state: current, atMs: nowMs };
    return report(current, nowMs);
  }

  /**
   * A change of state goes at once (REPORT_GAP_MS after the last report at the soonest); a new
   * weight waits out reportMinMs; the same one goes again as a heartbeat.
   */
  function decide(nowMs: number): ScaleWeightReport | null {
    if (sent === null) return send(nowMs);
    const since = nowMs - sent.atMs;
    if (since < REPORT_GAP_MS) return null;
    if (sent.state.state !== current.state) return send(nowMs);
    if (sent.state.kg !== current.kg) return since >= reportMinMs ? send(nowMs) : null;
    return since >= heartbeatMs ? send(nowMs) : null;
  }

  return {
    reading(reading, nowMs) {
      // A tare value the indicator sends between weights is not what is on the deck.
      if (reading.grossNet === 'tare') return null;
      const checked = inRange(reading);
      latest = { raw: checked.raw, atMs: nowMs };
      current = detector.update(checked, nowMs);
      return decide(nowMs);
    },
    tick(nowMs) {
      current = detector.check(nowMs);
      return decide(nowMs);
    },
    resend(nowMs) {
      current = detector.check(nowMs);
      return send(nowMs);
    },
  };
}
