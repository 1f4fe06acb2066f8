import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, open, rm, unlink, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@truck-queue/shared/scale/reading';
import { openIndicatorStream, type IndicatorStream } from './indicator-stream.ts';
import { memoryLog, stGsFrame, waitFor } from './test-helpers.ts';

const SOCAT = '/usr/bin/socat';
const hasSocat = existsSync(SOCAT);

/**
 * A null-modem cable in software: two pseudo-terminals joined by socat. The test writes the
 * indicator's frames into one end; the bridge opens the other through serialport, as it opens
 * /dev/ttyUSB0.
 */
async function startCable(dir: string): Promise<ChildProcess> {
  const cable = spawn(SOCAT, [
    '-d',
    '-d',
    `pty,raw,echo=0,link=${path.join(dir, 'indicator')}`,
    `pty,raw,echo=0,link=${path.join(dir, 'bridge')}`,
  ]);
  let said = '';
  cable.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await waitFor('socat to join the two terminals', () => said.includes('starting data transfer loop'));
  return cable;
}

async function stopCable(cable: ChildProcess): Promise<void> {
  if (cable.exitCode !== null || cable.signalCode !== null) return;
  await new Promise((resolve) => {
    cable.once('exit', resolve);
    cable.kill('SIGTERM');
  });
}

let dir: string;
let cable: ChildProcess | null = null;
let stream: IndicatorStream | null = null;
let indicatorEnd: FileHandle | null = null;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scale-serial-'));
});
afterEach(async () => {
  await stream?.close();
  await indicatorEnd?.close();
  if (cable) await stopCable(cable);
  await rm(dir, { recursive: true, force: true });
  stream = null;
  cable = null;
  indicatorEnd = null;
});

/** Writes a frame into the indicator's end every 50 ms until `done`. */
async function playFrames(frame: string, done: () => boolean): Promise<void> {
  indicatorEnd = await open(path.join(dir, 'indicator'), 'w');
  const end = indicatorEnd;
  await waitFor('readings from the serial port', () => {
    if (!done()) void end.write(frame).catch(() => undefined);
    return done();
  });
}

/** The bridge's stream on the cable's far end, as an A&D indicator's port: 9600 8N1, st-gs. */
function openSerial(log: ReturnType<typeof memoryLog>, readings: ScaleReading[], serialRetryMs?: number) {
  return openIndicatorStream({
    source: {
      kind: 'serial',
      path: path.join(dir, 'bridge'),
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    },
    format: 'st-gs',
    log,
    onReading: (reading) => readings.push(reading),
    ...(serialRetryMs === undefined ? {} : { serialRetryMs }),
  });
}

/** The cable put back: the bridge opens the port a second time and reads `kg` from it. */
async function putBackAndRead(log: ReturnType<typeof memoryLog>, readings: ScaleReading[], kg: number) {
  cable = await startCable(dir);
  await waitFor(
    'the port to open again',
    () => log.lines.filter((l) => l.startsWith('Indicator connected')).length === 2,
  );
  await playFrames(stGsFrame(kg, true), () => readings.some((r) => r.kg === kg));
}

describe.skipIf(!hasSocat)(`an indicator on a serial port (needs ${SOCAT})`, () => {
  it('gives the frames it reads from the port as readings', async () => {
    cable = await startCable(dir);
    const log = memoryLog();
    const readings: ScaleReading[] = [];
    stream = openSerial(log, readings);
    await waitFor('the port to open', () => log.has('Indicator connected'));
    expect(log.lines[0]).toBe(`Indicator connected (${path.join(dir, 'bridge')} at 9600 8N1, format st-gs).`);
    await playFrames(stGsFrame(23450, true), () => readings.length >= 3);
    expect(readings[0]).toMatchObject({ kg: 23450, stableFlag: true, raw: 'ST,GS,+0023450kg' });
  });

  it('opens the port again after the adapter was pulled out and put back', async () => {
    cable = await startCable(dir);
    const log = memoryLog();
    const readings: ScaleReading[] = [];
    stream = openSerial(log, readings, 100);
    await waitFor('the port to open', () => log.has('Indicator connected'));
    await playFrames(stGsFrame(1000, false), () => readings.length >= 1);
    await indicatorEnd?.close();
    indicatorEnd = null;

    await stopCable(cable);
    await waitFor('the loss to be noticed', () => log.has('Indicator lost'));
    await waitFor('a failed reopen', () => log.has('Cannot open the serial port'));
    await putBackAndRead(log, readings, 2000);
    expect(log.lines.filter((line) => line.startsWith('Cannot open the serial port'))).toHaveLength(1);
  });

  it("notices the port's device gone even when reading it says nothing, and opens it again once back", async () => {
    // A hung-up pseudo-terminal may read end-of-file forever, which serialport never reports
    // (the simulated cable's pull then went unseen). Here the port stays readable and silent
    // while its path goes: only the bridge's look at the path can notice.
    cable = await startCable(dir);
    const log = memoryLog();
    const readings: ScaleReading[] = [];
    stream = openSerial(log, readings, 100);
    await waitFor('the port to open', () => log.has('Indicator connected'));
    await playFrames(stGsFrame(1000, false), () => readings.length >= 1);
    await unlink(path.join(dir, 'bridge'));
    await waitFor('the loss to be noticed', () => log.has('the device is gone'));
    await waitFor('a failed reopen', () => log.has('Cannot open the serial port'));

    await indicatorEnd?.close();
    indicatorEnd = null;
    await stopCable(cable);
    await putBackAndRead(log, readings, 2000);
  });
});
