import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiErrorSchema } from '@truck-queue/shared/contracts/api';
import { doMainStation } from '@truck-queue/shared/contracts/catalog.contract';
import { scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { ScaleLive, ScaleWeightPush } from '@truck-queue/shared/contracts/socket-events';
import { readsEmpty } from '@truck-queue/shared/scale/capture';
import { startBridge, type Bridge } from '../apps/scale-bridge/src/bridge.ts';
import { startFakeIndicator, stGsFrame, type FakeIndicator } from '../apps/scale-bridge/src/test-helpers.ts';
import type { ApiClient } from './api-client.ts';
import type { Desk } from './desks.ts';
import type { Ledger } from './ledger.ts';
import type { Officer } from './plant-setup.ts';
import { emitAck } from './sockets.ts';

/**
 * The plant's wired weighbridge: an A&D-style indicator ("ST,GS,+0041250kg") behind a
 * serial-to-Ethernet converter on 127.0.0.1, read by the real scale bridge (apps/scale-bridge,
 * in this process) that streams its weight to the server as a registered scale. The weighbridge
 * clerk's screen watches it (`watchScale`) as the weighing page does, and captures a truck's
 * weight once the server holds it stable. One truck at a time stands on it: a truck that finds
 * it taken goes to the plant's second bridge, whose indicator is not wired, and its weight is
 * typed. So part of the day's trucks are weighed through the indicator, the rest typed.
 */

/** The bridge's stable detector here: 300 ms within 10 kg (a real indicator settles in seconds). */
const HOLD_MS = 300;
/** The indicator sends a frame this often. */
const FRAME_MS = 50;
/** The needle swings this long on the way to the truck's weight. */
const SWING_MS = 150;
/** A truck whose weight the clerk's screen has not seen stable in this long is an error. */
const SETTLE_TIMEOUT_MS = 10_000;
/** The bridge's first report after registration. */
const LIVE_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimScale {
  /** Weighings captured from the indicator. */
  captured = 0;
  /** Weighings typed because a truck stood on the wired bridge already. */
  typedWhileBusy = 0;
  /** What the bridge warned of (a healthy day has nothing). */
  readonly warnings: string[] = [];
  private busy = false;
  private live: ScaleLive | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly uuid: string,
    /** The weighbridge station its deck is (its camera's). */
    readonly stationId: number,
    private readonly indicator: FakeIndicator,
    private readonly bridge: { current: Bridge | null },
    private readonly identityDir: string,
  ) {}

  /** The weighbridge clerk's screen watches the scale, as the weighing page does once it is chosen. */
  async watchFrom(desk: Desk, ledger: Ledger, branchId: number): Promise<void> {
    desk.socket.on('scaleWeight', (push: ScaleWeightPush) => this.seen(push));
    const ack = await emitAck(desk.socket, ledger, 'watchScale', branchId, this.uuid);
    if (ack.status !== 1) throw new Error(`watchScale refused: ${JSON.stringify(ack)}`);
  }

  /** The clerk's screen got the scale's weight (a `scaleWeight` push). */
  private seen(push: ScaleWeightPush): void {
    if (push.uuid !== this.uuid) return;
    this.live = push;
    for (const wake of [...this.waiters]) wake();
  }

  /** A truck drives on, if the wired bridge is free; false: another stands on it. */
  driveOn(): boolean {
    if (this.busy) {
      this.typedWhileBusy++;
      return false;
    }
    this.busy = true;
    return true;
  }

  /** The indicator swings to `kg`, then holds it; resolves once the clerk's screen shows it stable. */
  async settle(kg: number): Promise<void> {
    this.indicator.frame = () => stGsFrame(Math.round(kg * 0.6), false);
    await sleep(SWING_MS / 2);
    this.indicator.frame = () => stGsFrame(kg + 40, false);
    await sleep(SWING_MS / 2);
    this.indicator.frame = () => stGsFrame(kg, true);
    await this.until(
      () => this.live?.state === 'stable' && this.live.kg === kg,
      `the scale to show ${kg} kg stable`,
    );
  }

  /**
   * The truck drives off: the indicator reads zero, and once the clerk's screen shows the deck
   * empty the next truck may drive on (the server captures again only after it read empty).
   */
  async driveOff(): Promise<void> {
    this.indicator.frame = () => stGsFrame(0, true);
    try {
      await this.until(() => this.live !== null && readsEmpty(this.live.kg), 'the scale to read empty');
    } finally {
      this.busy = false;
    }
  }

  private until(done: () => boolean, what: string): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`Timed out waiting for ${what} (last seen: ${JSON.stringify(this.live)})`));
      }, SETTLE_TIMEOUT_MS);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  async stop(): Promise<void> {
    await this.bridge.current?.stop();
    await this.indicator.close();
    rmSync(this.identityDir, { recursive: true, force: true });
  }
}

/**
 * The wired weighbridge set up as an admin does: a station for it, the bridge started on the PC
 * beside the indicator (it shows its id), the scale added on the Weighbridge controller with
 * that id; it is ready once the controller shows its first weight.
 */
export async function openSimScale(api: ApiClient, admin: Officer): Promise<SimScale> {
  const as = { session: admin.session };
  const { station } = await api.call(doMainStation, { name: 'ตาชั่ง 1 (ต่อเครื่องชั่ง)', weighbridge: true }, as);
  const { device } = await api.call(scaleContracts.save, { name: 'ตาชั่ง 1', station_id: station.id }, as);
  const indicator = await startFakeIndicator(() => stGsFrame(0, true), FRAME_MS);
  const identityDir = mkdtempSync(join(tmpdir(), 'sim-scale-'));
  const bridge: { current: Bridge | null } = { current: null };
  const scale = new SimScale(device.uuid, station.id, indicator, bridge, identityDir);
  bridge.current = await startBridge(
    {
      server: api.baseUrl,
      apiKey: api.apiKey,
      source: { kind: 'tcp', host: '127.0.0.1', port: indicator.port },
      format: 'st-gs',
      toleranceKg: 10,
      holdMs: HOLD_MS,
      noSignalMs: 1500,
      identityFile: join(identityDir, 'identity.json'),
    },
    {
      log: { info: () => undefined, warn: (message) => scale.warnings.push(message) },
      retryMs: 200,
      slowRetryMs: 1000,
    },
  );
  // The admin types the id the bridge shows; until its first hello reaches the server, the
  // server knows no scale showing it (DEVICE_NOT_WAITING) and the admin tries again.
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  const registration = { uuid: device.uuid, device_id: bridge.current.deviceId };
  for (;;) {
    const answer = await api.post(scaleContracts.addDevice, registration, as);
    const refusal = ApiErrorSchema.safeParse(answer.json);
    if (answer.status !== 409 || refusal.data?.reason !== 'DEVICE_NOT_WAITING' || Date.now() > deadline) {
      api.expectOk(scaleContracts.addDevice, registration, answer);
      break;
    }
    await sleep(100);
  }
  for (;;) {
    const { scale: rows } = await api.call(scaleContracts.main, {}, as);
    if (rows.find((row) => row.uuid === device.uuid)?.scale?.state === 'stable') return scale;
    if (Date.now() > deadline) {
      await scale.stop();
      throw new Error(
        `The scale bridge did not report within ${LIVE_TIMEOUT_MS / 1000} s: ${scale.warnings.join(' | ')}`,
      );
    }
    await sleep(250);
  }
}
