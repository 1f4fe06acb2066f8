import { useCallback, useMemo, useRef, useState } from 'react';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Popconfirm,
  Table,
  Typography,
  type InputRef,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { durationParts } from '@truck-queue/shared/durations';
import type { LabRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useQueueChanges } from '../../lib/socket.ts';
import { acceptTodayQueryKey, useAcceptToday } from './api/use-accept-today.ts';
import { useLabAccept } from './api/use-lab-accept.ts';
import { useLabCompleted } from './api/use-lab-completed.ts';
import { focusQueueNumber, QueueNumberInput } from './components/queue-number-input.tsx';
import { QueueStateTag } from './components/queue-state-tag.tsx';
import { LastResult, useFailureDialog, type StationFailure } from './components/station-feedback.tsx';
import { ListEmpty, matchesSearch, TodayListCard } from './components/today-list-card.tsx';

const IN_LAB = new Set(['LS', 'L']);
const PAGE_SIZE = 20;

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

/** Why the lab could not take the sample, in the officer's words. */
function acceptFailure(t: TFunction, error: unknown, n: string, rows: readonly LabRecord[]): StationFailure {
  const subject = t('lab.typedNumber', { n });
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('lab.notFound'), subject };
  if (code === 'CONFLICT') {
    const known = rows.find((row) => row.queue_number === n);
    if (known) return { title: t('lab.alreadyAccepted', { n, time: clock(known.stamp_lab_start) }) };
    return { title: t('lab.acceptConflict', { n }), detail: serverText(t, error) };
  }
  if (code === 'VALIDATION_FAILED') return { title: t('lab.invalidNumber'), subject };
  return { title: errorMessage(t, error), subject };
}

function checkoutFailure(t: TFunction, error: unknown, n: string): StationFailure {
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('lab.notFound'), subject: t('lab.typedNumber', { n }) };
  if (code === 'CONFLICT') return { title: t('lab.checkoutConflict', { n }), detail: serverText(t, error) };
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
  const [last, setLast] = useState<{ text: string; detail: string } | null>(null);
  const [search, setSearch] = useState('');

  useQueueChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }), [queryClient]),
  );

  const rows = useMemo(() => today.data ?? [], [today.data]);
  const shown = useMemo(
    () => rows.filter((row) => matchesSearch(search, row.queue_number, row.truck_license)),
    [rows, search],
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
        showFailure(acceptFailure(t, error, n, rows), () => focusQueueNumber(inputRef.current, true));
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
        IN_LAB.has(row.queue_state) && row.exit === null ? (
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
      <Card>
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              <ExperimentOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
              {t('lab.formTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('lab.formHint')}</Typography.Text>
          </div>
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('lab.queueNumber')}
              htmlFor="lab-queue-number"
              validateStatus={missing ? 'error' : undefined}
              help={missing ? t('lab.queueNumberRequired') : undefined}
              style={{ marginBottom: 0 }}
            >
              <Flex gap={12} wrap>
                <div style={{ flex: '1 1 240px', maxWidth: 360 }}>
                  <QueueNumberInput
                    id="lab-queue-number"
                    inputRef={inputRef}
                    value={queueNumber}
                    onChange={(value) => {
                      setQueueNumber(value);
                      if (value) setMissing(false);
                    }}
                    onSubmit={submit}
                    placeholder={t('lab.queueNumberPlaceholder')}
                    ariaLabel={t('lab.queueNumber')}
                    error={missing}
                  />
                </div>
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
              </Flex>
            </Form.Item>
          </Form>
          <LastResult text={last?.text ?? null} detail={last?.detail} />
        </Flex>
      </Card>

      <TodayListCard
        title={t('lab.todayTitle')}
        count={today.data ? shown.length : undefined}
        countLabel={(count) => t('lab.total', { total: count })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('lab.search')}
        error={today.isError ? errorMessage(t, today.error) : null}
        retryLabel={t('lab.retry')}
        onRetry={() => void today.refetch()}
        refreshing={today.isFetching}
      >
        <Table<LabRecord>
          rowKey="uuid"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={today.isPending}
          scroll={{ x: 980 }}
          pagination={shown.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          locale={{
            emptyText: (
              <ListEmpty
                loading={today.isPending}
                failed={today.isError}
                text={search && rows.length > 0 ? t('lab.noMatch') : t('lab.empty')}
              />
            ),
          }}
        />
      </TodayListCard>
    </Flex>
  );
}
