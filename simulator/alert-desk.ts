import {
  acknowledgeAlert,
  alertHistory,
  openAlerts,
  saveAlertRule,
} from '@truck-queue/shared/contracts/alert.contract';
import { TRUCK_ALERT_KINDS, type AlertKind } from '@truck-queue/shared/alerts/alert-rules';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { Ledger } from './ledger.ts';
import type { Officer } from './plant-setup.ts';

/**
 * The manager's control room (issue 41), played: the admin sets the rules a plant would set (in
 * simulated minutes: the server runs with ALERT_TIME_SCALE = the acceleration), and the manager
 * looks at the open alerts every few simulated minutes and acknowledges those raised a while ago
 * (a person takes time to see and react). The figures are read back from the alerts' history
 * (its summary counts the whole run; its list, the checks' rows, the latest 500).
 */

/** The cap_near rule: a class's share at this percent of its cap or more. */
const CAP_NEAR_PERCENT = 80;
/** The rules, in simulated minutes; a cap's at a percent of the cap (the ruled line's burnt loads). */
const RULES: {
  kind: AlertKind;
  threshold: number | null;
  percent: number | null;
  repeat: number;
  urgent: boolean;
}[] = [
  { kind: 'waiting_call', threshold: 120, percent: null, repeat: 60, urgent: true },
  { kind: 'in_lab', threshold: 60, percent: null, repeat: 0, urgent: false },
  { kind: 'at_station', threshold: 40, percent: null, repeat: 0, urgent: false },
  { kind: 'station_idle', threshold: 30, percent: null, repeat: 0, urgent: false },
  { kind: 'cap_near', threshold: null, percent: CAP_NEAR_PERCENT, repeat: 0, urgent: false },
];
/** The manager looks this often, and acknowledges what was raised at least this long ago (simulated minutes). */
const LOOK_EVERY_MIN = 5;
const REACT_AFTER_MIN = 10;

export class AlertDesk {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  /** The alerts the manager acknowledged, by id. */
  readonly acknowledged = new Set<number>();

  constructor(
    private readonly api: ApiClient,
    private readonly ledger: Ledger,
    private readonly manager: Officer,
    /** Simulated seconds per real second. */
    private readonly accel: number,
  ) {}

  /** The admin's rules, before the day starts. */
  async setRules(admin: Officer): Promise<void> {
    for (const rule of RULES)
      await this.api.call(
        saveAlertRule,
        {
          kind: rule.kind,
          branch_queue_type_id: null,
          threshold_minutes: rule.threshold,
          threshold_percent: rule.percent,
          repeat_minutes: rule.repeat,
          urgent: rule.urgent,
          active: true,
        },
        admin,
      );
  }

  private realMs(simMinutes: number): number {
    return (simMinutes * 60_000) / this.accel;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.looking) return;
      this.looking = this.look()
        .catch((error: unknown) => this.ledger.error(`alert desk: ${(error as Error).message}`))
        .finally(() => {
          this.looking = null;
        });
    }, this.realMs(LOOK_EVERY_MIN));
  }

  private async look(): Promise<void> {
    const { alerts } = await this.api.call(openAlerts, {}, this.manager);
    const due = Date.now() - this.realMs(REACT_AFTER_MIN);
    for (const alert of alerts) {
      if (alert.acknowledged_at || Date.parse(alert.raised_at) > due) continue;
      const { alert: done } = await this.api.call(acknowledgeAlert, { id: alert.id }, this.manager);
      if (done.acknowledged_at) this.acknowledged.add(alert.id);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.looking;
  }

  /**
   * The run's alerts from the history, the figures printed, and the checks: what the manager
   * acknowledged is kept so, and no alert of a truck that left is still open (it ends on its own).
   */
  async report(
    period: { find_start: string; find_finish: string },
    leftTrucks: ReadonlySet<string>,
  ): Promise<Check[]> {
    // The server looks at its rules at most once a real second: wait for the look after the last exit.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const { alerts, summary } = await this.api.call(alertHistory, period, this.manager);
    const median = summary.median_acknowledge_minutes;
    console.log(
      `Alerts: ${summary.raised} raised (${summary.by_kind.map((k) => `${k.kind} ${k.count}`).join(', ') || 'none'}), ` +
        `${summary.acknowledged} acknowledged by the manager` +
        (median === null ? '' : ` (median ${median} simulated min after raised)`) +
        `, ${summary.ended} ended on their own, ${summary.raised - summary.ended} still open.`,
    );
    const truckKinds: readonly string[] = TRUCK_ALERT_KINDS;
    const openOfLeft = alerts.filter(
      (a) =>
        a.resolved_at === null &&
        truckKinds.includes(a.kind) &&
        a.queue_uuid !== null &&
        leftTrucks.has(a.queue_uuid),
    ).length;
    // Those the history lists (its latest 500 in a long run).
    const mine = alerts.filter((a) => this.acknowledged.has(a.id));
    const keptAcked = mine.filter((a) => a.acknowledged_by !== null).length;
    // A cap's alert is raised only once its class's share reached the rule's part of the cap.
    const caps = alerts.filter((a) => a.kind === 'cap_near');
    const capsRaised = summary.by_kind.find((k) => k.kind === 'cap_near')?.count ?? 0;
    const capsBelow = caps.filter(
      (a) =>
        a.share_percent === null ||
        a.max_percent === null ||
        a.share_percent < (a.max_percent * CAP_NEAR_PERCENT) / 100 - 1e-9,
    ).length;
    return [
      check(
        'alerts: the history counts every acknowledgement the manager made',
        this.acknowledged.size,
        summary.acknowledged,
      ),
      check('alerts: every one the manager acknowledged is kept with who did', mine.length, keptAcked),
      check('alerts: none still open for a truck that left the plant', 0, openOfLeft),
      check(
        `alerts: every cap alert raised at ${CAP_NEAR_PERCENT} % of its cap or more (${capsRaised} raised, ${caps.length} in the history's list)`,
        0,
        capsBelow,
      ),
    ];
  }
}
