import { useCallback, useRef, useState } from 'react';
import { App, Button, Flex, Popconfirm, Typography, type InputRef, type TableColumnsType } from 'antd';
import { CheckOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { durationParts } from '@truck-queue/shared/durations';
import type { LabRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { isInLab } from '@truck-queue/shared/queue/queue-machine';
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
import { acceptTodayQueryKey, useAcceptToday } from './api/use-accept-today.ts';
import { useLabAccept } from './api/use-lab-accept.ts';
import { useLabCompleted } from './api/use-lab-completed.ts';
import { QueueStateTag } from './components/queue-state-tag.tsx';

/** Lab duration as the spec shows it: hours and minutes, one minute added; '-' while in the lab. */
function labDuration(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '-';
  const { hours, minutes } = durationParts(seconds, 'plusOne');
  return hours > 0
    ? t('lab.durationHoursMinutes', { hours, minutes })
    : t('lab.durationMinutes', { minutes });
}

function clock(instant: string | null): string {
  return instant ? dayjs(instant).format('HH:mm') : '-';
}

/**
 * Why the lab could not take the sample, in the officer's words: the server's reason (already
 * taken, not a lab queue, already left) says it; the general text only when it gave none.
 */
function acceptFailure(t: TFunction, error: unknown, n: string): StationFailure {
  const subject = t('lab.typedNumber', { n });
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('lab.notFound'), subject };
  if (code === 'CONFLICT') {
    if (conflictReasonOf(error)) return { title: errorMessage(t, error) };
    return { title: t('lab.acceptConflict', { n }), detail: serverText(t, error) };
  }
  if (code === 'VALIDATION_FAILED') return { title: t('lab.invalidNumber'), subject };
  return { title: errorMessage(t, error), subject };
}

function checkoutFailure(t: TFunction, error: unknown, n: string): StationFailure {
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('lab.notFound'), subject: t('lab.typedNumber', { n }) };
  if (code === 'CONFLICT') {
    if (conflictReasonOf(error)) return { title: errorMessage(t, error) };
    return { title: t('lab.checkoutConflict', { n }), detail: serverText(t, error) };
  }
  return { title: errorMessage(t, error) };
}

function serverText(t: TFunction, error: unknown): string | undefined {
  return error instanceof Error && error.message
    ? t('lab.serverSays', { message: error.message })
    : undefined;
}

/** /System/manageResultLab: the lab counter takes samples in (scan) and checks results out. */
export function ResultLabPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const today = useAcceptToday();
  const accept = useLabAccept();
  const checkout = useLabCompleted();
  const showFailure = useFailureDialog();
  const inputRef = useRef<InputRef>(null);
  const [queueNumber, setQueueNumber] = useState('');
  const [missing, setMissing] = useState(false);
  const [last, setLast] = useState<LastScan | null>(null);

  useQueueChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }), [queryClient]),
  );

  const submit = () => {
    const n = queueNumber.trim().toUpperCase();
    if (!n) {
      setMissing(true);
      focusQueueNumber(inputRef.current);
      return;
    }
    if (accept.isPending) return;
    accept.mutate(n, {
      onSuccess: ({ queue }) => {
        setLast({
          text: t('lab.recorded', { n: queue.queue_number }),
          detail: t('lab.recordedDetail', {
            license: queue.truck_license,
            time: clock(queue.stamp_lab_start),
          }),
        });
        setQueueNumber('');
        focusQueueNumber(inputRef.current);
      },
      onError: (error) => {
        setLast(null);
        showFailure(acceptFailure(t, error, n), () => focusQueueNumber(inputRef.current, true));
      },
    });
  };

  const checkOut = (row: LabRecord) => {
    checkout.mutate(row.queue_number, {
      onSuccess: ({ queue }) => {
        void message.success(t('lab.checkedOut', { n: queue.queue_number }));
        focusQueueNumber(inputRef.current);
      },
      onError: (error) =>
        showFailure(checkoutFailure(t, error, row.queue_number), () => focusQueueNumber(inputRef.current)),
    });
  };

  const columns: TableColumnsType<LabRecord> = [
    {
      key: 'queue_number',
      title: t('lab.columns.queueNumber'),
      dataIndex: 'queue_number',
      width: 110,
      fixed: 'start',
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    { key: 'truck_license', title: t('lab.columns.truckLicense'), dataIndex: 'truck_license', width: 170 },
    {
      key: 'stamp_lab_start',
      title: t('lab.columns.labStart'),
      dataIndex: 'stamp_lab_start',
      width: 150,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      key: 'stamp_lab_finish',
      title: t('lab.columns.labFinish'),
      dataIndex: 'stamp_lab_finish',
      width: 150,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      key: 'duration',
      title: t('lab.columns.labDuration'),
      dataIndex: 'stamp_second_ls_to_lf',
      width: 120,
      render: (value: number | null) => labDuration(t, value),
    },
    {
      key: 'state',
      title: t('lab.columns.state'),
      dataIndex: 'queue_state',
      width: 130,
      render: (value: string) => <QueueStateTag state={value} />,
    },
    {
      key: 'action',
      title: t('lab.columns.action'),
      width: 150,
      align: 'center',
      render: (_value, row) =>
        isInLab(row.queue_state) && row.exit === null ? (
          <Popconfirm
            title={t('lab.checkoutConfirmTitle', { n: row.queue_number })}
            description={t('lab.checkoutConfirmDescription')}
            okText={t('lab.checkoutConfirmOk')}
            cancelText={t('lab.cancel')}
            onConfirm={() => checkOut(row)}
          >
            <Button
              type="primary"
              ghost
              icon={<CheckOutlined aria-hidden />}
              loading={checkout.isPending && checkout.variables === row.queue_number}
            >
              {t('lab.checkout')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={24}>
      <CounterFormCard
        icon={ExperimentOutlined}
        title={t('lab.formTitle')}
        hint={t('lab.formHint')}
        last={last}
      >
        <QueueNumberField
          id="lab-queue-number"
          label={t('lab.queueNumber')}
          placeholder={t('lab.queueNumberPlaceholder')}
          requiredText={t('lab.queueNumberRequired')}
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
              icon={<CheckOutlined aria-hidden />}
              loading={accept.isPending}
              onClick={submit}
              style={{ minWidth: 120 }}
            >
              {t('lab.confirm')}
            </Button>
          }
        />
      </CounterFormCard>

      <TodayTable<LabRecord>
        query={today}
        columns={columns}
        scrollX={980}
        texts={{
          title: t('lab.todayTitle'),
          total: (total) => t('lab.total', { total }),
          search: t('lab.search'),
          retry: t('lab.retry'),
          noMatch: t('lab.noMatch'),
          empty: t('lab.empty'),
        }}
      />
    </Flex>
  );
}
