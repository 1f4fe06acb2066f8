import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import {
  PrinterStatusReportSchema,
  type DeviceClientToServer,
  type DeviceServerToClient,
} from '@truck-queue/shared/contracts/socket-events';
import type { PrinterHealth } from '@truck-queue/shared/printing/printer-status';
import type { DeviceContext } from '../lib/auth-context.ts';
import { RATE_LIMITS, TokenBucket, type BucketClock } from '../lib/rate-limit.ts';
import type { DeviceData, DeviceNamespace } from './device-namespace.ts';
import { deviceRoom } from './rooms.ts';

type DeviceSocket = Socket<DeviceClientToServer, DeviceServerToClient, Record<string, never>, DeviceData>;

/** What a kiosk's socket reports of its printer goes here (printing.service.ts kioskHealth). */
export type KioskHealthSink = (device: DeviceContext, health: PrinterHealth) => Promise<void>;

/**
 * A registered USB kiosk reports its printer's health (`printerStatus`, as WebUSB reads it):
 * kept like a network printer's, and the branch's staff told on a change. Bounded per socket
 * like a display's reports; a malformed report, or one from a display, changes nothing.
 */
export function followPrinterStatus(
  socket: DeviceSocket,
  sink: KioskHealthSink,
  log: FastifyBaseLogger,
  clock: BucketClock,
): void {
  const device = socket.data.device;
  if (device?.kind !== 'printer') return;
  const reports = new TokenBucket(RATE_LIMITS.deviceReports, clock);
  socket.on('printerStatus', (raw: unknown) => {
    if (reports.take() > 0) return;
    const report = PrinterStatusReportSchema.safeParse(raw);
    if (!report.success) return;
    sink(device, report.data.health).catch((error: unknown) =>
      log.warn({ err: error, device: device.deviceId }, "could not keep a kiosk's printer health"),
    );
  });
}

/** The kiosks among these whose screen is connected now, on every instance (Redis adapter too). */
export async function connectedDevices(
  deviceSpace: DeviceNamespace,
  deviceIds: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  if (deviceIds.length === 0) return found;
  const sockets = await deviceSpace.in(deviceIds.map(deviceRoom)).fetchSockets();
  for (const { data } of sockets) if (data.device) found.add(data.device.deviceId);
  return found;
}
