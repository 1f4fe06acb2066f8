import { describe, expect, it } from 'vitest';
import {
  SCALE_HEARTBEAT_MS,
  SCALE_REPORT_MIN_MS,
  ScaleWeightReportSchema,
  type ScaleWeightReport,
} from '@truck-queue/shared/contracts/socket-events';
import { createParser } from '@truck-queue/shared/scale/formats';
import type { ScaleReading } from '@truck-queue/shared/scale/reading';
import { createReporter, REPORT_GAP_MS, type Reporter } from './reporter.ts';
import { stGsFrame } from './test-helpers.ts';

const T0 = Date.parse('2025-11-25T07:00:00.000Z');

function reading(frame: string): ScaleReading {
  const [parsed] = createParser('st-gs').push(frame).readings;
  if (!parsed) throw new Error(`not a frame: ${frame}`);
  return parsed;
}

/**
 * A weighing as the bridge lives it: frames at their times (ms after T0) and the 100 ms timer
 * in between, until `untilMs`. Every report sent, with when, each checked against the schema
 * the server reads it with.
 */
function play(reporter: Reporter, frames: { atMs: number; frame: string }[], untilMs: number) {
  const sent: { atMs: number; report: ScaleWeightReport }[] = [];
  const keep = (atMs: number, report: ScaleWeightReport | null) => {
    if (!report) return;
    expect(ScaleWeightReportSchema.safeParse(report).error).toBeUndefined();
    sent.push({ atMs, report });
  };
  let next = 0;
  for (let t = 0; t <= untilMs; t += 10) {
    while (next < frames.length && frames[next]!.atMs <= t) {
      keep(t, reporter.reading(reading(frames[next]!.frame), T0 + t));
      next += 1;
    }
    if (t % 100 === 0) keep(t, reporter.tick(T0 + t));
  }
  return sent;
}

/** The same frame every `everyMs` from `fromMs` up to (not including) `toMs`. */
function repeat(frame: (atMs: number) => string, fromMs: number, toMs: number, everyMs = 100) {
  const frames: { atMs: number; frame: string }[] = [];
  for (let atMs = fromMs; atMs < toMs; atMs += everyMs) frames.push({ atMs, frame: frame(atMs) });
  return frames;
}

const settings = { toleranceKg: 10, holdMs: 3000, noSignalMs: 1500 };
const states = (sent: { report: ScaleWeightReport }[]) => sent.map(({ report }) => report.state);

describe('what the server hears of the indicator', () => {
  it('says no signal before any frame, then moving, then stable the moment the weight has held', () => {
    const reporter = createReporter(settings);
    const sent = play(
      reporter,
      repeat(() => stGsFrame(12340, true), 500, 6000),
      5000,
    );
    expect(sent[0]).toEqual({
      atMs: 0,
      report: { state: 'no-signal', kg: null, raw: '', at: new Date(T0).toISOString() },
    });
    expect(sent[1]).toEqual({
      atMs: 500,
      report: { state: 'moving', kg: 12340, raw: 'ST,GS,+0012340kg', at: new Date(T0 + 500).toISOString() },
    });
    const stable = sent.find(({ report }) => report.state === 'stable');
    // Held from 500 ms: stable at 3500 ms, sent with the frame that made it so (not at the next heartbeat).
    expect(stable).toEqual({
      atMs: 3500,
      report: { state: 'stable', kg: 12340, raw: 'ST,GS,+0012340kg', at: new Date(T0 + 3500).toISOString() },
    });
  });

  it('sends a moving weight at most every 200 ms, and its latest value once the wait is over', () => {
    const reporter = createReporter(settings);
    // A truck rolling on: a new weight every 50 ms for 2 s, then frames stop changing.
    const rolling = repeat((atMs) => stGsFrame(1000 + atMs * 5, false), 0, 2000, 50);
    const sent = play(reporter, [...rolling, ...repeat(() => stGsFrame(11000, false), 2000, 2500, 50)], 2500);
    const moving = sent.filter(({ report }) => report.state === 'moving');
    for (let i = 1; i < moving.length; i += 1) {
      expect(moving[i]!.atMs - moving[i - 1]!.atMs).toBeGreaterThanOrEqual(SCALE_REPORT_MIN_MS);
    }
    expect(moving.length).toBeGreaterThanOrEqual(2000 / SCALE_REPORT_MIN_MS);
    expect(moving.length).toBeLessThanOrEqual(2500 / SCALE_REPORT_MIN_MS + 1);
    expect(moving.at(-1)!.report.kg).toBe(11000);
    // The last weight of the roll goes within 200 ms of it, not at the next heartbeat.
    const settled = moving.find(({ report }) => report.kg === 11000)!;
    expect(settled.atMs).toBeLessThanOrEqual(2000 + SCALE_REPORT_MIN_MS);
  });

  it('repeats an unchanged weight every second, so the server knows the bridge is there', () => {
    const reporter = createReporter(settings);
    const sent = play(
      reporter,
      repeat(() => stGsFrame(25000, true), 0, 10_000),
      9950,
    );
    const stable = sent.filter(({ report }) => report.state === 'stable');
    expect(stable[0]!.atMs).toBe(3000);
    const gaps = stable.slice(1).map((s, i) => s.atMs - stable[i]!.atMs);
    expect(gaps).toEqual(Array<number>(gaps.length).fill(SCALE_HEARTBEAT_MS));
    expect(gaps.length).toBe(6);
    expect(stable.every(({ report }) => report.kg === 25000)).toBe(true);
    // Heartbeats carry the latest frame's time.
    expect(stable.at(-1)!.report.at).toBe(new Date(T0 + 9000).toISOString());
  });

  it('skips the tare value an indicator sends between weights', () => {
    const reporter = createReporter(settings);
    const frames = repeat(() => stGsFrame(30000, true), 0, 4000).map((frame, i) =>
      i % 5 === 4 ? { ...frame, frame: 'ST,TR,+0008000kg\r\n' } : frame,
    );
    const sent = play(reporter, frames, 3950);
    expect(sent.every(({ report }) => report.kg === null || report.kg === 30000)).toBe(true);
    expect(sent.some(({ report }) => report.raw.includes('TR'))).toBe(false);
    expect(states(sent)).toContain('stable');

    // Tare frames alone are no weight at all: no signal.
    const tareOnly = createReporter(settings);
    expect(tareOnly.reading(reading('ST,TR,+0008000kg\r\n'), T0)).toBeNull();
    expect(tareOnly.tick(T0)).toMatchObject({ state: 'no-signal' });
  });

  it('says no signal 1.5 s after the last frame (a pulled cable), and starts over when frames return', () => {
    const reporter = createReporter(settings);
    const frames = [
      ...repeat(() => stGsFrame(12340, true), 0, 4000),
      ...repeat(() => stGsFrame(12340, true), 7000, 8000),
    ];
    const sent = play(reporter, frames, 8000);
    const lost = sent.find(({ atMs, report }) => report.state === 'no-signal' && atMs > 0);
    // The last frame came at 3900 ms: no signal from 5400 ms, on the timer.
    expect(lost).toEqual({
      atMs: 5400,
      report: { state: 'no-signal', kg: null, raw: '', at: new Date(T0 + 5400).toISOString() },
    });
    const after = sent.filter(({ atMs }) => atMs >= 7000);
    expect(after[0]).toMatchObject({ atMs: 7000, report: { state: 'moving', kg: 12340 } });
    // Nobody knows what the weight did meanwhile: it must hold again before it is stable.
    expect(states(after)).not.toContain('stable');
    // Between the loss and the return, only no-signal heartbeats.
    expect(new Set(states(sent.filter(({ atMs }) => atMs >= 5400 && atMs < 7000)))).toEqual(
      new Set(['no-signal']),
    );
  });

  it('keeps within the server budget when the stable flag flickers', () => {
    const reporter = createReporter(settings);
    // Held for 3 s, then the indicator's flag flips every 50 ms frame.
    const frames = [
      ...repeat(() => stGsFrame(15000, true), 0, 3000, 50),
      ...repeat((atMs) => stGsFrame(15000, atMs % 100 === 0), 3000, 5000, 50),
    ];
    const sent = play(reporter, frames, 5000);
    const flicker = sent.filter(({ atMs }) => atMs >= 3000);
    expect(new Set(states(flicker))).toEqual(new Set(['stable', 'moving']));
    for (let i = 1; i < sent.length; i += 1) {
      expect(sent[i]!.atMs - sent[i - 1]!.atMs).toBeGreaterThanOrEqual(REPORT_GAP_MS);
    }
    expect(flicker.length).toBeLessThanOrEqual(2000 / REPORT_GAP_MS + 1);
  });

  it('reports over and under the range at once, without a weight', () => {
    const reporter = createReporter(settings);
    expect(reporter.reading(reading(stGsFrame(500, true)), T0)).toMatchObject({ state: 'moving' });
    expect(reporter.reading(reading('OL,GS,+    .  kg\r\n'), T0 + 100)).toEqual({
      state: 'overload',
      kg: null,
      raw: 'OL,GS,+    .  kg',
      at: new Date(T0 + 100).toISOString(),
    });
    expect(reporter.reading(reading('OL,GS,-            \r\n'), T0 + 200)).toMatchObject({
      state: 'underload',
      kg: null,
    });
  });

  it('counts a weight beyond any weighbridge as out of range, and cuts a long frame', () => {
    const reporter = createReporter(settings);
    const huge: ScaleReading = {
      kg: 123_456_789,
      status: 'ok',
      stableFlag: null,
      unit: 'kg',
      raw: `W${'9'.repeat(300)}`,
    };
    const report = reporter.reading(huge, T0)!;
    expect(report).toMatchObject({ state: 'overload', kg: null });
    expect(report.raw).toHaveLength(200);
    expect(ScaleWeightReportSchema.safeParse(report).success).toBe(true);
  });

  it('sends the weight of now to a socket that has just connected', () => {
    const reporter = createReporter(settings);
    reporter.reading(reading(stGsFrame(8000, false)), T0);
    expect(reporter.resend(T0 + 50)).toMatchObject({ state: 'moving', kg: 8000 });
    // That counts as sent: no second report of the same for a second.
    expect(reporter.tick(T0 + 100)).toBeNull();
    expect(reporter.resend(T0 + 2000)).toMatchObject({ state: 'no-signal', kg: null, raw: '' });
  });
});
