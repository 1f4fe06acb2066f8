import { Button, Typography, type TableColumnsType } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { durationParts } from '@truck-queue/shared/durations';
import type { ExitRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { formatDateTime } from '../../lib/format.ts';
import { CounterPage, useCounterScan } from '../station-work/components/counter-page.tsx';
import { useExitToday } from './api/use-exit-today.ts';
import { useExitFactory } from './api/use-exit-factory.ts';

/** Time in factory as the spec shows it: hours and minutes, one minute added. */
function timeInFactory(t: TFunction, seconds: number): string {
  const { hours, minutes } = durationParts(seconds, 'plusOne');
  return hours > 0
    ? t('exit.durationHoursMinutes', { hours, minutes })
    : t('exit.durationMinutes', { minutes });
}

function clock(instant: string): string {
  return dayjs(instant).format('HH:mm');
}

function exitColumns(t: TFunction): TableColumnsType<ExitRecord> {
  return [
    {
      key: 'queue_number',
      title: t('exit.columns.queueNumber'),
      dataIndex: 'queue_number',
      width: 120,
      fixed: 'start',
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    { key: 'truck_license', title: t('exit.columns.truckLicense'), dataIndex: 'truck_license', width: 190 },
    { key: 'queue_type_name', title: t('exit.columns.queueType'), dataIndex: 'queue_type_name', width: 170 },
    {
      key: 'created',
      title: t('exit.columns.created'),
      dataIndex: 'created',
      width: 160,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'exit',
      title: t('exit.columns.exit'),
      dataIndex: 'exit',
      width: 160,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'time_in_factory',
      title: t('exit.columns.timeInFactory'),
      dataIndex: 'time_in_factory',
      width: 150,
      render: (value: number) => timeInFactory(t, value),
    },
  ];
}

/** /System/exitFactory: the gate records each truck leaving the factory. */
export function ExitFactoryPage() {
  const { t } = useTranslation();
  const today = useExitToday();
  const exit = useExitFactory();
  const scan = useCounterScan('exit');

  const submit = () => {
    const n = scan.take();
    if (!n || exit.isPending) return;
    exit.mutate(n, {
      onSuccess: ({ queue }) =>
        scan.recorded({
          text: t('exit.recorded', { n: queue.queue_number }),
          detail: t('exit.recordedDetail', {
            license: queue.truck_license,
            time: clock(queue.exit),
            duration: timeInFactory(t, queue.time_in_factory),
          }),
        }),
      onError: (error) =>
        scan.refused(error, n, {
          conflict: t('exit.alreadyExitedNoTime', { n }),
          invalid: { title: t('exit.invalidNumber') },
        }),
    });
  };

  return (
    <CounterPage<ExitRecord>
      scan={scan}
      icon={LogoutOutlined}
      onEnter={submit}
      action={
        <Button
          type="primary"
          size="large"
          icon={<LogoutOutlined aria-hidden />}
          loading={exit.isPending}
          onClick={submit}
          style={{ minWidth: 120 }}
        >
          {t('exit.submit')}
        </Button>
      }
      today={today}
      columns={exitColumns(t)}
      scrollX={950}
    />
  );
}
