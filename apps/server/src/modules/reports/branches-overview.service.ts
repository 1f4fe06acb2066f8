import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import type { BranchOverview } from '@truck-queue/shared/contracts/branches-overview.contract';
import { canPrint, PRINTER_HEALTHS } from '@truck-queue/shared/printing/printer-status';
import { isQueueState } from '@truck-queue/shared/queue/queue-machine';
import { YARD_STAGES, yardStageOf, type YardStage } from '@truck-queue/shared/queue/yard-stage';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { plantCalendar } from '../../lib/plant-days.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import type { LiveConnections } from '../module-host.ts';
import { createBranchesOverviewRepository, type HeldBranchDays } from './branches-overview.repository.ts';

type Device = Awaited<ReturnType<DeviceGatewayRepository['registeredDevicesOf']>>[number];
type Offline = BranchOverview['devices']['offline'][number];

const tenth = (kg: number) => Math.round(kg * 10) / 10;

/**
 * Which of these devices are offline now: a display, kiosk or scale whose screen or bridge is
 * not connected (asked of the live connections once per kind, for every branch at once), or a
 * kiosk whose network or USB printer cannot print (its health as last read).
 */
async function offlineDevices(
  devices: readonly Device[],
  live: Pick<LiveConnections, 'displayConnections' | 'connectedKiosks' | 'scaleWeights'>,
): Promise<Map<number, Offline[]>> {
  const ids = (kind: Device['kind']) => devices.filter((d) => d.kind === kind).map((d) => d.id);
  const [displays, kiosks, scales] = await Promise.all([
    live.displayConnections(ids('display')),
    live.connectedKiosks(ids('printer')),
    live.scaleWeights(ids('scale')),
  ]);
  const byBranch = new Map<number, Offline[]>();
  for (const device of devices) {
    // A plate camera or tag reader keeps no connection to judge: it posts when a truck passes.
    if (device.kind === 'reader') continue;
    const connected =
      device.kind === 'display'
        ? displays.has(device.id)
        : device.kind === 'printer'
          ? kiosks.has(device.id)
          : (scales.get(device.id)?.state ?? 'offline') !== 'offline';
    const health = PRINTER_HEALTHS.find((h) => h === device.printerHealth) ?? 'unknown';
    const printerDown = device.kind === 'printer' && device.printTarget !== 'browser' && !canPrint(health);
    if (connected && !printerDown) continue;
    const list = byBranch.get(device.branchId) ?? [];
    list.push({ kind: device.kind, name: device.name, reason: connected ? 'printer' : 'disconnected' });
    byBranch.set(device.branchId, list);
  }
  return byBranch;
}

/**
 * Every branch the officer holds at a glance (issue 41): trucks inside by stage, the longest
 * wait, today's trucks and tonnage, and devices offline. The branches are exactly those the
 * branch switcher offers (auth.branches: every active branch for role 1000, else the officer's
 * own), so the page never shows a branch its officer could not switch to. Each figure is one
 * statement over all of them.
 */
export function createBranchesOverviewService(deps: {
  db: Db;
  auth: Pick<AuthService, 'branches'>;
  devices: Pick<DeviceGatewayRepository, 'registeredDevicesOf'>;
  live: Pick<LiveConnections, 'displayConnections' | 'connectedKiosks' | 'scaleWeights'>;
  clock: Clock;
  timeZone: string;
}) {
  const { auth, devices, live, clock, timeZone } = deps;
  const repo = createBranchesOverviewRepository(deps.db);

  return {
    async overview(session: AuthContext): Promise<{ at: string; branches: BranchOverview[] }> {
      const now = clock.now();
      const held: Branch[] = await auth.branches(session);
      if (held.length === 0) return { at: now.toISOString(), branches: [] };
      const days: HeldBranchDays[] = held.map((b) => {
        const calendar = plantCalendar(now, b.day_start_minutes, timeZone);
        return { id: b.id, insideSince: calendar.insideSince, today: calendar.today };
      });
      const [byState, waits, today, registered, alerts] = await Promise.all([
        repo.insideByState(days),
        repo.longestWaits(days),
        repo.today(days),
        devices.registeredDevicesOf(held.map((b) => b.id)),
        repo.alertsWaiting(held.map((b) => b.id)),
      ]);
      const offline = await offlineDevices(registered, live);

      const stagesOf = new Map<number, Record<YardStage, number>>();
      for (const row of byState) {
        if (!isQueueState(row.state)) continue;
        const stage = yardStageOf(row.flow_engine_id, row.state);
        if (!stage) continue;
        let stages = stagesOf.get(row.branch_id);
        if (!stages) {
          stages = Object.fromEntries(YARD_STAGES.map((s) => [s, 0])) as Record<YardStage, number>;
          stagesOf.set(row.branch_id, stages);
        }
        stages[stage] += row.n;
      }
      const waitOf = new Map(waits.map((w) => [w.branch_id, w]));
      const todayOf = new Map(today.map((d) => [d.branch_id, d]));
      const alertsOf = new Map(alerts.map((a) => [a.branchId, a.n]));

      const rows = held.map((branch, i): BranchOverview => {
        const stages =
          stagesOf.get(branch.id) ??
          (Object.fromEntries(YARD_STAGES.map((s) => [s, 0])) as Record<YardStage, number>);
        const wait = waitOf.get(branch.id);
        const day = todayOf.get(branch.id);
        return {
          branch_id: branch.id,
          name: branch.name,
          current: branch.id === session.branchId,
          inside: YARD_STAGES.reduce((n, s) => n + stages[s], 0),
          stages,
          longest_wait: wait
            ? {
                queue_number: wait.queue_number,
                minutes: Math.max(0, Math.floor((now.getTime() - wait.created_ms) / 60_000)),
                since: new Date(wait.created_ms).toISOString(),
              }
            : null,
          today: {
            day: days[i]!.today,
            trucks: day?.trucks ?? 0,
            weighed: day?.weighed ?? 0,
            net_kg: tenth(day?.net_kg ?? 0),
          },
          alerts_open: alertsOf.get(branch.id) ?? 0,
          devices: {
            registered: registered.filter((d) => d.branchId === branch.id).length,
            offline: offline.get(branch.id) ?? [],
          },
        };
      });
      // The session's branch first, then by name as a Thai reader sorts them: a board whose cards
      // keep their places while the figures change.
      rows.sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name, 'th'));
      return { at: now.toISOString(), branches: rows };
    },
  };
}

export type BranchesOverviewService = ReturnType<typeof createBranchesOverviewService>;
