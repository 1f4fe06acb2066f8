import { afterEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@truck-queue/shared/scale/reading';
import { openIndicatorStream, type IndicatorStream } from './indicator-stream.ts';
import { memoryLog, startFakeIndicator, stGsFrame, waitFor, type FakeIndicator } from './test-helpers.ts';

const FAST = { minRetryMs: 50, maxRetryMs: 200, idleMs: 30_000 };

let indicator: FakeIndicator | null = null;
let stream: IndicatorStream | null = null;
afterEach(async () => {
  await stream?.close();
  await indicator?.close();
  stream = null;
  indicator = null;
});

function readFrom(fake: FakeIndicator, extra: { garbledLogMs?: number } = {}) {
  const log = memoryLog();
  const readings: ScaleReading[] = [];
  stream = openIndicatorStream({
    source: { kind: 'tcp', host: '127.0.0.1', port: fake.port },
    format: 'st-gs',
    log,
    onReading: (reading) => readings.push(reading),
    tcpTiming: FAST,
    ...extra,
  });
  return { log, readings };
}

describe('an indicator behind a serial-to-Ethernet converter', () => {
  it('gives its frames as readings', async () => {
    indicator = await startFakeIndicator(() => stGsFrame(12340, true));
    const { log, readings } = readFrom(indicator);
    await waitFor('three readings', () => readings.length >= 3);
    expect(readings[0]).toEqual({
      kg: 12340,
      status: 'ok',
      stableFlag: true,
      grossNet: 'gross',
      unit: 'kg',
      raw: 'ST,GS,+0012340kg',
    });
    expect(log.lines).toContain('Indicator connected (tcp 127.0.0.1:' + indicator.port + ', format st-gs).');
    expect(log.lines).toContain('Reading the indicator: first frame "ST,GS,+0012340kg".');
  });

  it('reconnects when the converter drops the connection, without joining a cut frame to the next', async () => {
    indicator = await startFakeIndicator(() => stGsFrame(5000, false));
    const { log, readings } = readFrom(indicator);
    await waitFor('a reading', () => readings.length >= 1);
    // Half a frame, then the connection goes.
    indicator.frame = () => 'ST,GS,+00';
    await new Promise((resolve) => setTimeout(resolve, 120));
    indicator.frame = () => stGsFrame(7000, true);
    indicator.drop();
    await waitFor('a reading after the drop', () => readings.some((r) => r.kg === 7000));
    expect(indicator.connections).toBe(2);
    expect(log.has('Indicator lost (tcp 127.0.0.1:')).toBe(true);
    expect(log.lines.filter((line) => line.startsWith('Indicator connected'))).toHaveLength(2);
    expect(readings.every((r) => r.kg === 5000 || r.kg === 7000)).toBe(true);
    expect(log.has('garbled')).toBe(false);
  });

  it('keeps trying while the converter is unplugged, and reads again once it is back', async () => {
    indicator = await startFakeIndicator(() => stGsFrame(9000, true));
    const { log, readings } = readFrom(indicator);
    await waitFor('a reading', () => readings.length >= 1);
    await indicator.unplug();
    await waitFor('a failed reconnect', () =>
      log.has(`Cannot reach the indicator at 127.0.0.1:${indicator!.port}`),
    );
    const before = readings.length;
    await indicator.plugIn();
    await waitFor('readings once plugged in again', () => readings.length > before + 2);
    // One line for the outage, not one per retry.
    expect(log.lines.filter((line) => line.startsWith('Cannot reach the indicator'))).toHaveLength(1);
  });

  it('logs garbled text with a count at most once per period, not per frame', async () => {
    indicator = await startFakeIndicator(() => 'garbage at the wrong baud\r\n', 10);
    const { log } = readFrom(indicator, { garbledLogMs: 400 });
    await waitFor('a garbled line', () => log.has('garbled'));
    const first = Date.now();
    await waitFor(
      'a second garbled line',
      () => log.lines.filter((line) => line.includes('garbled')).length >= 2,
    );
    expect(Date.now() - first).toBeGreaterThanOrEqual(300);
    const garbled = log.lines.filter((line) => line.includes('garbled'));
    expect(garbled[0]).toMatch(
      /^\d+ garbled frames? from the indicator, e\.g\. "garbage at the wrong baud": check --format and the line settings\.$/,
    );
    // Everything that came meanwhile, counted in one line (a frame every 10 ms for 400 ms).
    expect(Number(garbled[1]!.split(' ')[0])).toBeGreaterThan(10);
  });
});
