import type { FastifyBaseLogger } from 'fastify';
import {
  SCALE_SILENT_MS,
  ScaleWeightReportSchema,
  type ScaleLive,
  type ScaleWeightReport,
} from '@truck-queue/shared/contracts/socket-events';
import { readsEmpty } from '@truck-queue/shared/scale/capture';
import type { DeviceContext } from '../lib/auth-context.ts';
import type { Clock } from '../lib/clock.ts';
import type { ScaleReading } from '../modules/queue/station-work.service.ts';
import { RATE_LIMITS, TokenBucket } from '../lib/rate-limit.ts';
import type { DeviceNamespace, DeviceSocket } from './device-namespace.ts';
import { deviceRoom, scaleRoom } from './rooms.ts';
import type { RealtimeServer, StaffSocket } from './server.ts';

/** What a scale's socket keeps: its bridge's last report and when the server got it. */
export interface ScaleWeightData {
  report: ScaleWeightReport;
  /**
   * The app's clock (ms since the epoch), not the bridge's: freshness never depends on the bridge
   * PC's clock.
   */
  receivedAt: number;
}

export const OFFLINE: ScaleLive = { state: 'offline', kg: null, raw: '', at: null };

/** What the weighing page and the controller show of a report received at `receivedAt`. */
export function liveOf(weight: ScaleWeightData | undefined, nowMs: number): ScaleLive {
  if (!weight) return { state: 'no-signal', kg: null, raw: '', at: null };
  if (nowMs - weight.receivedAt > SCALE_SILENT_MS)
    return { state: 'no-signal', kg: null, raw: '', at: weight.report.at };
  const { state, kg, raw, at } = weight.report;
  return { state, kg, raw, at };
}

/**
 * The live weights of the branch's scales. A scale's bridge reports on its device socket
 * (`weight`); the report is kept on that socket (plain data: another instance reads it through
 * the Redis adapter) and pushed to the staff sockets watching the scale (`scaleRoom`, across
 * instances too). A bridge that goes quiet is pushed as no signal after SCALE_SILENT_MS by the
 * instance it is connected to, and one that disconnects as offline.
 *
 * Time is the app's `clock`: its wall clock for freshness and when the deck read empty (kept on
 * the socket for the other instances to read, and compared with the capture's stamp,
 * station-work.service.ts), its monotonic reading for the bucket that bounds a bridge's reports.
 * The 500 ms timer only says when to look for bridges gone quiet.
 */
export function createScaleWeights(
  io: RealtimeServer,
  deviceSpace: () => DeviceNamespace,
  log: FastifyBaseLogger,
  clock: Clock,
) {
  const now = () => clock.now().getTime();
  /** This instance's scale sockets, to notice the ones that went quiet. */
  const connected = new Set<DeviceSocket>();
  const pushed = new WeakMap<DeviceSocket, ScaleLive['state']>();

  const push = (device: DeviceContext, live: ScaleLive) =>
    io.to(scaleRoom(device.deviceId)).emit('scaleWeight', { ...live, uuid: device.uuid });

  const sweep = setInterval(() => {
    for (const socket of connected) {
      const device = socket.data.device;
      if (!device || pushed.get(socket) === 'no-signal') continue;
      const live = liveOf(socket.data.weight, now());
      if (live.state !== 'no-signal') continue;
      pushed.set(socket, 'no-signal');
      push(device, live);
    }
  }, 500);
  sweep.unref();

  return {
    /** A registered scale's socket: its reports are checked, kept and pushed. */
    follow(socket: DeviceSocket): void {
      const device = socket.data.device;
      if (device?.kind !== 'scale') return;
      connected.add(socket);
      // What the deck held before this bridge connected is unknown: it counts as emptied now.
      socket.data.emptyAt = now();
      const reports = new TokenBucket(RATE_LIMITS.scaleReports, clock);
      socket.on('weight', (raw: unknown) => {
        if (reports.take() > 0) return;
        const report = ScaleWeightReportSchema.safeParse(raw);
        if (!report.success) {
          log.debug({ device: device.deviceId }, 'a scale bridge sent a malformed weight');
          return;
        }
        socket.data.weight = { report: report.data, receivedAt: now() };
        if (readsEmpty(report.data.kg)) socket.data.emptyAt = socket.data.weight.receivedAt;
        const live = liveOf(socket.data.weight, now());
        pushed.set(socket, live.state);
        push(device, live);
      });
      socket.on('disconnect', () => {
        connected.delete(socket);
        push(device, OFFLINE);
      });
    },

    /** What each of these scales shows now, on every instance; offline when no bridge is connected. */
    async readings(deviceIds: readonly number[]): Promise<Map<number, ScaleReading>> {
      const offline = { live: OFFLINE, emptyAt: null };
      const found = new Map<number, ScaleReading>(deviceIds.map((id) => [id, offline]));
      if (deviceIds.length === 0) return found;
      const sockets = await deviceSpace().in(deviceIds.map(deviceRoom)).fetchSockets();
      for (const { data } of sockets) {
        const id = data.device?.deviceId;
        if (id === undefined || data.device?.kind !== 'scale') continue;
        const live = liveOf(data.weight, now());
        const known = found.get(id)?.live;
        // One scale with two bridges (a mistake) shows the one that reports.
        if (!known || known.state === 'offline' || known.state === 'no-signal') {
          found.set(id, { live, emptyAt: data.emptyAt ?? null });
        }
      }
      return found;
    },

    /** The weight each of these scales shows now (readings without the interlock's time). */
    async live(deviceIds: readonly number[]): Promise<Map<number, ScaleLive>> {
      const readings = await this.readings(deviceIds);
      return new Map([...readings].map(([id, reading]) => [id, reading.live]));
    },

    /** The weighing page watches this scale (null: none): it gets the weight at once and on every report. */
    async watch(socket: StaffSocket, scale: DeviceContext | null): Promise<void> {
      if (socket.data.scaleRoom) await socket.leave(socket.data.scaleRoom);
      socket.data.scaleRoom = undefined;
      if (!scale) return;
      socket.data.scaleRoom = scaleRoom(scale.deviceId);
      await socket.join(socket.data.scaleRoom);
      const live = (await this.live([scale.deviceId])).get(scale.deviceId) ?? OFFLINE;
      socket.emit('scaleWeight', { ...live, uuid: scale.uuid });
    },

    close(): void {
      clearInterval(sweep);
      connected.clear();
    },
  };
}

export type ScaleWeights = ReturnType<typeof createScaleWeights>;
