import type { TFunction } from 'i18next';
import type { AlertRow, AlertRule } from '@truck-queue/shared/contracts/alert.contract';
import { formatDuration } from '../../lib/durations.ts';
import { printerHealthText } from '../../components/printer-health.tsx';
import type { PrinterHealth } from '@truck-queue/shared/printing/printer-status';

/**
 * What an alert says, in the reader's language, as of `now`: the truck, the station or the device
 * and how long its stage has lasted ("คิว B012 กข 1234 รอเรียกมาแล้ว 45 นาที"); a cap near its
 * limit names its line, its class, the class's share of the day when raised and its cap.
 */
export function alertText(t: TFunction, alert: AlertRow, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(alert.since)) / 1000);
  return t(`alerts.text.${alert.kind}`, {
    queue: alert.queue_number ?? '-',
    plate: alert.truck_license ?? '',
    station: alert.station_name ?? '-',
    device: alert.device_name ?? '-',
    health: alert.health ? printerHealthText(t, alert.health as PrinterHealth) : '-',
    type: alert.queue_type_name ?? '-',
    class: alert.class_name ?? '-',
    share: alert.share_percent ?? '-',
    max: alert.max_percent ?? '-',
    duration: formatDuration(t, seconds, 'floor'),
  });
}

/** A rule's threshold as its table and the officer's list write it: "60 นาที", or "80% ของเพดาน". */
export function thresholdText(
  t: TFunction,
  rule: Pick<AlertRule, 'threshold_minutes' | 'threshold_percent'>,
): string {
  return rule.threshold_percent !== null
    ? t('alerts.percentOfCap', { percent: rule.threshold_percent })
    : t('alerts.minutes', { count: rule.threshold_minutes ?? 0 });
}
