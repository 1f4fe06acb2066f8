import { useCallback, useRef, useState } from 'react';
import { Button, Flex, Typography, type InputRef, type TableColumnsType } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { durationParts } from '@truck-queue/shared/durations';
import type { ExitRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { conflictReasonOf, errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useQueueChanges } from '../../lib/socket.ts';
import { CounterFormCard } from '../station-work/components/counter-form-card.tsx';
import { focusQueueNumber } from '../station-work/components/queue-number-input.tsx';
import { QueueNumberField } from '../station-work/components/queue-number-field.tsx';
import {
  useFailureDialog,
  type LastScan,
  type StationFailure,
} from '../station-work/components/station-feedback.tsx';
import { TodayTable } from '../station-work/components/today-table.tsx';
import { exitTodayQueryKey, useExitToday } from './api/use-exit-today.ts';
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

/** Why the gate could not record the exit, in the officer's words: from the server's reason. */
function exitFailure(t: TFunction, error: unknown, n: string): StationFailure {
  const subject = t('exit.typedNumber', { n });
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('exit.notFound'), subject };
  if (code === 'CONFLICT') {
    if (conflictReasonOf(error)) return { title: errorMessage(t, error) };
    return {
      title: t('exit.alreadyExitedNoTime', { n }),
      detail:
        error instanceof Error && error.message
          ? t('exit.serverSays', { message: error.message })
          : undefined,
    };
  }
  if (code === 'VALIDATION_FAILED') return { title: t('exit.invalidNumber'), subject };
  return { title: errorMessage(t, error), subject };
}

/** /System/exitFactory: the gate records each truck leaving the factory. */
export function ExitFactoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = useExitToday();
  const exit = useExitFactory();
  const showFailure = useFailureDialog();
  const inputRef = useRef<InputRef>(null);
  const [queueNumber, setQueueNumber] = useState('');
  const [missing, setMissing] = useState(false);
  const [last, setLast] = useState<LastScan | null>(null);

  useQueueChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: exitTodayQueryKey }), [queryClient]),
  );

  const submit = () => {
    const n = queueNumber.trim().toUpperCase();
    if (!n) {
      setMissing(true);
      focusQueueNumber(inputRef.current);
      return;
    }
    if (exit.isPending) return;
    exit.mutate(n, {
      onSuccess: ({ queue }) => {
        setLast({
          text: t('exit.recorded', { n: queue.queue_number }),
          detail: t('exit.recordedDetail', {
            license: queue.truck_license,
            time: clock(queue.exit),
            duration: timeInFactory(t, queue.time_in_factory),
          }),
        });
        setQueueNumber('');
        focusQueueNumber(inputRef.current);
      },
      onError: (error) => {
        setLast(null);
        showFailure(exitFailure(t, error, n), () => focusQueueNumber(inputRef.current, true));
      },
    });
  };

  const columns: TableColumnsType<ExitRecord> = [
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

  return (
    <Flex vertical gap={24}>
      <CounterFormCard
        icon={LogoutOutlined}
        title={t('exit.formTitle')}
        hint={t('exit.formHint')}
        last={last}
      >
        <QueueNumberField
          id="exit-queue-number"
          label={t('exit.queueNumber')}
          placeholder={t('exit.queueNumberPlaceholder')}
          requiredText={t('exit.queueNumberRequired')}
          missing={missing}
          value={queueNumber}
          onChange={(value) => {
            setQueueNumber(value);
            if (value) setMissing(false);
          }}
          onSubmit={submit}
          inputRef={inputRef}
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
        />
      </CounterFormCard>

      <TodayTable<ExitRecord>
        query={today}
        columns={columns}
        scrollX={950}
        texts={{
          title: t('exit.todayTitle'),
          total: (total) => t('exit.total', { total }),
          search: t('exit.search'),
          retry: t('exit.retry'),
          noMatch: t('exit.noMatch'),
          empty: t('exit.empty'),
        }}
      />
    </Flex>
  );
}
