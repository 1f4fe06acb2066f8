/**
 * The expected wait as drivers read it (issues 21 and 40): the server plays each line forward
 * (line-forecast.ts) and gives each waiting truck a range of minutes; these put that range into
 * the words a driver plans by, "about 35–50 min" or "about 3–5 hours".
 */
import type { CallRange } from './line-forecast.ts';

/**
 * The range as a driver reads it: whole minutes, to the nearest 5 above 15 min and 10 above an
 * hour, the high end at least a step above the low one. A wait of under a minute reads 0–1.
 */
export function roundedRange(range: CallRange): { low: number; high: number } {
  const step = (minutes: number) => (minutes >= 60 ? 10 : minutes >= 15 ? 5 : 1);
  const low = Math.floor(range.low / step(range.low)) * step(range.low);
  const high = Math.max(Math.ceil(range.high / step(range.high)) * step(range.high), low + step(low));
  return { low, high };
}

/** A range as words can carry it: minutes, or whole hours once it reaches two hours. */
export interface WaitInUnits {
  unit: 'minutes' | 'hours';
  low: number;
  high: number;
}

/** "about 30–45 min", or from two hours on "about 3–6 hours" (never "180–360 min"). */
export function waitInUnits(range: { low: number; high: number }): WaitInUnits {
  if (range.high < 120) return { unit: 'minutes', low: range.low, high: range.high };
  const low = Math.floor(range.low / 60);
  return { unit: 'hours', low, high: Math.max(Math.ceil(range.high / 60), low + 1) };
}
