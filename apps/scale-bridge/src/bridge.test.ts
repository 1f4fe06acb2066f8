import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICE_NAMESPACE,
  ScaleWeightReportSchema,
  type ScaleWeightReport,
} from '@truck-queue/shared/contracts/socket-events';
import { startBridge, type Bridge } from './bridge.ts';
import type { BridgeOptions } from './options.ts';
import { memoryLog, startFakeIndicator, stGsFrame, waitFor, type FakeIndicator } from './test-helpers.ts';

const API_KEY = 'plant-api-key';

/**
 * The truck queue server as the bridge sees it: POST /api/device/hello, and Socket.IO on
 * /device with the device handshake. It keeps what it was told, and can refuse a handshake,
 * register the scale, or drop its socket, as the real server does.
 */
async function startStandIn(port = 0) {
  const hellos: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const handshakes: Record<string, unknown>[] = [];
  const reports: { receivedAt: number; socketId: string; report: ScaleWeightReport }[] = [];
  const sockets: Socket[] = [];
  const state = { registered: false, refuse: null as string | null };
  const httpServer = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/api/device/hello') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(text) as { device_id: string };
      hellos.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status: 1,
          registered: state.registered,
          device_id: body.device_id,
          device: state.registered ? { name: 'Scale 1', branch_name: 'Plant A', kind: 'scale' } : null,
        }),
      );
    });
  });
  const io = new Server(httpServer);
  const devices = io.of(DEVICE_NAMESPACE);
  devices.use((socket, next) => {
    handshakes.push(socket.handshake.auth);
    if (state.refuse) {
      const code = state.refuse;
      state.refuse = null;
      next(new Error(code));
      return;
    }
    next();
  });
  devices.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('weight', (report: ScaleWeightReport) =>
      reports.push({ receivedAt: Date.now(), socketId: socket.id, report }),
    );
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    hellos,
    handshakes,
    reports,
    sockets,
    state,
    connected: () => sockets.filter((socket) => socket.connected),
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

type StandIn = Awaited<ReturnType<typeof startStandIn>>;

let dir: string;
let standIn: StandIn | null = null;
let indicator: FakeIndicator | null = null;
let bridge: Bridge | null = null;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scale-bridge-'));
});
afterEach(async () => {
  await bridge?.stop();
  await indicator?.close();
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
  bridge = null;
  indicator = null;
  standIn = null;
});

function options(server: string, indicatorPort: number): BridgeOptions {
  return {
    server,
    apiKey: API_KEY,
    source: { kind: 'tcp', host: '127.0.0.1', port: indicatorPort },
    format: 'st-gs',
    toleranceKg: 10,
    holdMs: 500,
    noSignalMs: 1500,
    identityFile: path.join(dir, 'identity.json'),
  };
}

const tuning = (log: ReturnType<typeof memoryLog>) => ({
  log,
  retryMs: 100,
  slowRetryMs: 100,
  tcpTiming: { minRetryMs: 50, maxRetryMs: 200, idleMs: 30_000 },
});

/** A truck driving on: ten moving weights, then the weight settles at 12 340 kg. */
function truckDrivingOn() {
  let frames = 0;
  return () => {
    frames += 1;
    return frames <= 10 ? stGsFrame(frames * 1200, false) : stGsFrame(12340, true);
  };
}

/** Each state once per run of equal ones: what the weighing page would show in turn. */
const changes = (reports: { report: ScaleWeightReport }[]) =>
  reports.map(({ report }) => report.state).filter((state, i, all) => state !== all[i - 1]);

describe('the scale bridge against the server', () => {
  it('streams moving then stable, no signal within 2 s of losing the indicator, and the weight again once back', async () => {
    standIn = await startStandIn();
    indicator = await startFakeIndicator(truckDrivingOn());
    const log = memoryLog();
    bridge = await startBridge(options(standIn.url, indicator.port), tuning(log));
    const identity = JSON.parse(await readFile(path.join(dir, 'identity.json'), 'utf8'));
    expect(bridge.deviceId).toBe(identity.device_id);
    expect(
      log.has(`Register this scale on the Weighbridge page with id ${identity.device_id.slice(0, 4)} `),
    ).toBe(true);

    await waitFor('a stable weight at the server', () =>
      standIn!.reports.some((r) => r.report.state === 'stable'),
    );
    expect(standIn.hellos[0]).toMatchObject({
      headers: { authorization: API_KEY, 'device-secret': identity.secret },
      body: { device_id: identity.device_id, kind: 'scale' },
    });
    expect(standIn.handshakes[0]).toEqual({
      apiKey: API_KEY,
      kind: 'scale',
      device_id: identity.device_id,
      secret: identity.secret,
    });
    expect(log.has('The server does not know this scale yet: register id')).toBe(true);
    const seen = changes(standIn.reports);
    expect(seen.indexOf('moving')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('stable')).toBeGreaterThan(seen.indexOf('moving'));
    expect(standIn.reports.find((r) => r.report.state === 'stable')!.report).toMatchObject({
      kg: 12340,
      raw: 'ST,GS,+0012340kg',
    });

    // The cable is pulled: the weighing page must show it within 2 s.
    const pulledAt = Date.now();
    await indicator.unplug();
    await waitFor(
      'no signal at the server',
      () => standIn!.reports.some((r) => r.receivedAt >= pulledAt && r.report.state === 'no-signal'),
      3000,
    );
    const noSignal = standIn.reports.find((r) => r.receivedAt >= pulledAt && r.report.state === 'no-signal')!;
    expect(noSignal.receivedAt - pulledAt).toBeLessThan(2000);
    expect(noSignal.report).toMatchObject({ kg: null, raw: '' });
    expect(log.has('Indicator lost')).toBe(true);

    const backAt = Date.now();
    indicator.frame = () => stGsFrame(12340, true);
    await indicator.plugIn();
    await waitFor('the weight again', () =>
      standIn!.reports.some((r) => r.receivedAt >= backAt && r.report.state === 'stable'),
    );
    // Nobody knows what the weight did meanwhile: it must hold again before it is stable.
    const after = changes(standIn.reports.filter((r) => r.receivedAt >= backAt));
    expect(after.filter((state) => state !== 'no-signal')).toEqual(['moving', 'stable']);
    for (const { report } of standIn.reports)
      expect(ScaleWeightReportSchema.safeParse(report).error).toBeUndefined();
  });

  it('says hello again and reconnects when the server says its registration changed', async () => {
    standIn = await startStandIn();
    indicator = await startFakeIndicator(() => stGsFrame(8000, true));
    const log = memoryLog();
    bridge = await startBridge(options(standIn.url, indicator.port), tuning(log));
    await waitFor('a weight', () => standIn!.reports.some((r) => r.report.state !== 'no-signal'));
    const first = standIn.sockets[0]!;

    standIn.state.registered = true;
    first.emit('deviceChanged');
    await waitFor('a second hello', () => standIn!.hellos.length === 2);
    await waitFor(
      'a new socket',
      () => standIn!.connected().length === 1 && standIn!.connected()[0] !== first,
    );
    const second = standIn.connected()[0]!;
    await waitFor('reports on the new socket', () => standIn!.reports.some((r) => r.socketId === second.id));
    expect(first.connected).toBe(false);
    expect(log.has('The server knows this scale: registered as "Scale 1" at Plant A.')).toBe(true);
    // The new socket hears the weight at once, not after a heartbeat.
    const firstOnSecond = standIn.reports.find((r) => r.socketId === second.id)!;
    expect(firstOnSecond.report.state).not.toBe('no-signal');
  });

  it('waits for a server that is down at start, and for one that refuses it for a while', async () => {
    // A port nothing listens on (yet).
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    indicator = await startFakeIndicator(() => stGsFrame(4000, true));
    const log = memoryLog();
    bridge = await startBridge(options(`http://127.0.0.1:${port}`, indicator.port), tuning(log));
    await waitFor('a failed hello', () => log.has(`Cannot reach the server at http://127.0.0.1:${port}`));

    standIn = await startStandIn(port);
    standIn.state.refuse = 'RATE_LIMITED';
    await waitFor('a report once the server is up', () => standIn!.reports.length > 0);
    expect(log.has("The server refused this scale's connection (RATE_LIMITED): trying again.")).toBe(true);
    expect(standIn.handshakes.length).toBe(2);
    // One line for the outage, however many retries.
    expect(log.lines.filter((line) => line.startsWith('Cannot reach the server'))).toHaveLength(1);
  });

  it('comes back when the server drops its socket', async () => {
    standIn = await startStandIn();
    indicator = await startFakeIndicator(() => stGsFrame(6000, true));
    const log = memoryLog();
    bridge = await startBridge(options(standIn.url, indicator.port), tuning(log));
    await waitFor('a connection', () => standIn!.connected().length === 1);
    standIn.sockets[0]!.disconnect(true);
    await waitFor(
      'a new connection',
      () => standIn!.sockets.length === 2 && standIn!.connected().length === 1,
    );
    expect(log.has('Disconnected from the server (io server disconnect).')).toBe(true);
    expect(standIn.hellos.length).toBe(2);
  });
});
