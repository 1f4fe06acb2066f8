import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  Table,
  Typography,
  type InputRef,
  type TableColumnsType,
} from 'antd';
import { DashboardOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useQueueChanges } from '../../lib/socket.ts';
import { focusQueueNumber, QueueNumberInput } from '../lab/components/queue-number-input.tsx';
import { LastResult, useFailureDialog, type StationFailure } from '../lab/components/station-feedback.tsx';
import { ListEmpty, matchesSearch, TodayListCard } from '../lab/components/today-list-card.tsx';
import { useWeighIn } from './api/use-weigh-in.ts';
import { useWeighOut } from './api/use-weigh-out.ts';
import { useWeighToday, weighTodayQueryKey } from './api/use-weigh-today.ts';
import {
  formatKg,
  formatWeightText,
  MAX_WEIGHT_KG,
  numberSymbols,
  parseWeightText,
  suggestedDirection,
  weightProblem,
  type WeighDirection,
  type WeightProblem,
} from './weight.ts';

const PAGE_SIZE = 20;

/** The weight field's ref: antd's InputNumber handle focuses with a caret option like Input's. */
interface FocusableField {
  focus: (options?: { cursor?: 'start' | 'end' | 'all' }) => void;
}

function clock(instant: string | null): string {
  return instant ? dayjs(instant).format('HH:mm') : '-';
}

/** Why the weighbridge could not record the weight, in the officer's words. */
function weighFailure(
  t: TFunction,
  error: unknown,
  direction: WeighDirection,
  n: string,
  row: WeighRecord | undefined,
  locale: string,
): StationFailure {
  const subject = t('weighing.typedNumber', { n });
  const detail =
    error instanceof Error && error.message
      ? t('weighing.serverSays', { message: error.message })
      : undefined;
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('weighing.notFound'), subject };
  if (code === 'VALIDATION_FAILED') return { title: t('weighing.invalidInput'), subject, detail };
  if (code !== 'CONFLICT') return { title: errorMessage(t, error), subject };
  if (direction === 'in') {
    return row && row.weigh_in_kg !== null
      ? {
          title: t('weighing.alreadyWeighedIn', {
            n,
            weight: formatKg(row.weigh_in_kg, locale),
            time: clock(row.weigh_in_at),
          }),
          subject: row.weigh_out_kg === null ? t('weighing.useWeighOut') : undefined,
        }
      : { title: t('weighing.weighInConflict', { n }), detail };
  }
  return row && row.weigh_out_kg !== null
    ? {
        title: t('weighing.alreadyWeighedOut', {
          n,
          weight: formatKg(row.weigh_out_kg, locale),
          time: clock(row.weigh_out_at),
        }),
      }
    : { title: t('weighing.weighOutConflict', { n }), detail };
}

/** A weighing time: the clock alone when it is today, else the full date and time. */
function timeOfDay(instant: string | null): string {
  if (!instant) return '-';
  return dayjs(instant).isSame(dayjs(), 'day') ? dayjs(instant).format('HH:mm') : formatDateTime(instant);
}

function WeightCell({ kg, at, locale }: { kg: number | null; at: string | null; locale: string }) {
  if (kg === null) return <>-</>;
  return (
    <Flex vertical align="end">
      <Typography.Text strong>{formatKg(kg, locale)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {timeOfDay(at)}
      </Typography.Text>
    </Flex>
  );
}

/** /System/weighing: the weighbridge records each truck's weight in and out. */
export function WeighingPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const symbols = useMemo(() => numberSymbols(locale), [locale]);
  const queryClient = useQueryClient();
  const today = useWeighToday();
  const weighIn = useWeighIn();
  const weighOut = useWeighOut();
  const showFailure = useFailureDialog();
  const queueRef = useRef<InputRef>(null);
  const weightRef = useRef<FocusableField | null>(null);
  const [queueNumber, setQueueNumber] = useState('');
  const [weight, setWeight] = useState<number | null>(null);
  const [missingNumber, setMissingNumber] = useState(false);
  const [problem, setProblem] = useState<WeightProblem | null>(null);
  const [last, setLast] = useState<{ text: string; detail: string } | null>(null);
  const [search, setSearch] = useState('');
  const pending = weighIn.isPending || weighOut.isPending;

  useQueueChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }), [queryClient]),
  );

  const rows = useMemo(() => today.data ?? [], [today.data]);
  const shown = useMemo(
    () => rows.filter((row) => matchesSearch(search, row.queue_number, row.truck_license)),
    [rows, search],
  );
  const typed = queueNumber.trim().toUpperCase();
  const known = typed ? rows.find((row) => row.queue_number === typed) : undefined;
  const suggestion = suggestedDirection(known);

  const focusWeight = (select = false) => weightRef.current?.focus(select ? { cursor: 'all' } : undefined);

  const submit = (direction: WeighDirection) => {
    if (pending) return;
    if (!typed) {
      setMissingNumber(true);
      focusQueueNumber(queueRef.current);
      return;
    }
    const wrong = weightProblem(weight);
    if (wrong || weight === null) {
      setProblem(wrong ?? 'required');
      focusWeight(true);
      return;
    }
    const mutation = direction === 'in' ? weighIn : weighOut;
    const row = known;
    mutation.mutate(
      { queue_number: typed, weight },
      {
        onSuccess: ({ queue }) => {
          const text = t(direction === 'in' ? 'weighing.weighedIn' : 'weighing.weighedOut', {
            n: queue.queue_number,
            weight: formatKg(direction === 'in' ? queue.weigh_in_kg : queue.weigh_out_kg, locale),
          });
          const detail =
            queue.net_kg !== null
              ? t('weighing.netResult', {
                  license: queue.truck_license,
                  gross: formatKg(queue.gross_kg, locale),
                  tare: formatKg(queue.tare_kg, locale),
                  net: formatKg(queue.net_kg, locale),
                })
              : t('weighing.recordedDetail', { license: queue.truck_license, product: queue.product_name });
          setLast({ text, detail });
          setQueueNumber('');
          setWeight(null);
          focusQueueNumber(queueRef.current);
        },
        onError: (error) => {
          setLast(null);
          const code = errorCodeOf(error);
          showFailure(weighFailure(t, error, direction, typed, row, locale), () =>
            code === 'VALIDATION_FAILED' ? focusWeight(true) : focusQueueNumber(queueRef.current, true),
          );
        },
      },
    );
  };

  const status = known
    ? known.weigh_out_kg !== null
      ? t('weighing.statusDone', {
          weighIn: formatKg(known.weigh_in_kg, locale),
          weighOut: formatKg(known.weigh_out_kg, locale),
        })
      : known.weigh_in_kg !== null
        ? t('weighing.statusWeighedIn', {
            weight: formatKg(known.weigh_in_kg, locale),
            time: clock(known.weigh_in_at),
          })
        : null
    : null;

  const problemText = problem
    ? problem === 'range'
      ? t('weighing.weightRange', { max: formatKg(MAX_WEIGHT_KG, locale) })
      : problem === 'decimals'
        ? t('weighing.weightDecimals')
        : t('weighing.weightRequired')
    : undefined;

  const kgColumn = (
    key: 'gross_kg' | 'tare_kg' | 'net_kg',
    title: string,
    strong = false,
  ): TableColumnsType<WeighRecord>[number] => ({
    key,
    title,
    dataIndex: key,
    width: key === 'gross_kg' ? 105 : 115,
    align: 'end',
    render: (value: number | null) =>
      strong && value !== null ? (
        <Typography.Text strong>{formatKg(value, locale)}</Typography.Text>
      ) : (
        formatKg(value, locale)
      ),
  });

  const columns: TableColumnsType<WeighRecord> = [
    {
      key: 'queue_number',
      title: t('weighing.columns.queueNumber'),
      dataIndex: 'queue_number',
      width: 100,
      fixed: 'start',
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    {
      key: 'truck_license',
      title: t('weighing.columns.truckLicense'),
      dataIndex: 'truck_license',
      width: 140,
    },
    {
      key: 'product_name',
      title: t('weighing.columns.productAndType'),
      dataIndex: 'product_name',
      width: 170,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.product_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.queue_type_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'weigh_in',
      title: t('weighing.columns.weighIn'),
      width: 115,
      align: 'end',
      render: (_value, row) => <WeightCell kg={row.weigh_in_kg} at={row.weigh_in_at} locale={locale} />,
    },
    {
      key: 'weigh_out',
      title: t('weighing.columns.weighOut'),
      width: 115,
      align: 'end',
      render: (_value, row) => <WeightCell kg={row.weigh_out_kg} at={row.weigh_out_at} locale={locale} />,
    },
    kgColumn('gross_kg', t('weighing.columns.gross')),
    kgColumn('tare_kg', t('weighing.columns.tare')),
    kgColumn('net_kg', t('weighing.columns.net'), true),
  ];

  return (
    <Flex vertical gap={24}>
      <Card>
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              <DashboardOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
              {t('weighing.formTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('weighing.formHint')}</Typography.Text>
          </div>
          <Form layout="vertical" component="div">
            <Flex gap={16} wrap align="start">
              <Form.Item
                label={t('weighing.queueNumber')}
                htmlFor="weighing-queue-number"
                validateStatus={missingNumber ? 'error' : undefined}
                help={missingNumber ? t('weighing.queueNumberRequired') : (status ?? undefined)}
                style={{ flex: '1 1 220px', maxWidth: 300, marginBottom: 0 }}
              >
                <QueueNumberInput
                  id="weighing-queue-number"
                  inputRef={queueRef}
                  value={queueNumber}
                  onChange={(value) => {
                    setQueueNumber(value);
                    if (value) setMissingNumber(false);
                  }}
                  onSubmit={() => {
                    if (typed) focusWeight(true);
                    else setMissingNumber(true);
                  }}
                  placeholder={t('weighing.queueNumberPlaceholder')}
                  ariaLabel={t('weighing.queueNumber')}
                  error={missingNumber}
                />
              </Form.Item>
              <Form.Item
                label={t('weighing.weight')}
                htmlFor="weighing-weight"
                validateStatus={problem ? 'error' : undefined}
                help={problemText}
                style={{ flex: '1 1 220px', maxWidth: 300, marginBottom: 0 }}
              >
                <InputNumber<number | string>
                  id="weighing-weight"
                  ref={(node) => {
                    weightRef.current = node;
                  }}
                  size="large"
                  value={weight}
                  onChange={(value) => {
                    setWeight(value === null || value === '' ? null : Number(value));
                    setProblem(null);
                  }}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    submit(suggestion);
                  }}
                  step={0.1}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('weighing.weightPlaceholder', { example: formatKg(25340, locale) })}
                  formatter={(value, info) =>
                    info.userTyping ? info.input : formatWeightText(value, symbols)
                  }
                  parser={(text) => parseWeightText(text, symbols)}
                  suffix={t('weighing.kg')}
                  status={problem ? 'error' : undefined}
                  style={{ width: '100%', fontSize: 20, fontWeight: 600 }}
                />
              </Form.Item>
              <Form.Item
                label={<span aria-hidden>&nbsp;</span>}
                colon={false}
                extra={t('weighing.enterHint', {
                  action: t(suggestion === 'in' ? 'weighing.weighIn' : 'weighing.weighOut'),
                })}
                style={{ marginBottom: 0 }}
              >
                <Flex gap={12} wrap>
                  <Button
                    size="large"
                    type={suggestion === 'in' ? 'primary' : 'default'}
                    icon={<LoginOutlined aria-hidden />}
                    loading={weighIn.isPending}
                    disabled={weighOut.isPending}
                    onClick={() => submit('in')}
                    style={{ minWidth: 130 }}
                  >
                    {t('weighing.weighIn')}
                  </Button>
                  <Button
                    size="large"
                    type={suggestion === 'out' ? 'primary' : 'default'}
                    icon={<LogoutOutlined aria-hidden />}
                    loading={weighOut.isPending}
                    disabled={weighIn.isPending}
                    onClick={() => submit('out')}
                    style={{ minWidth: 130 }}
                  >
                    {t('weighing.weighOut')}
                  </Button>
                </Flex>
              </Form.Item>
            </Flex>
          </Form>
          <LastResult text={last?.text ?? null} detail={last?.detail} />
        </Flex>
      </Card>

      <TodayListCard
        title={t('weighing.todayTitle')}
        count={today.data ? shown.length : undefined}
        countLabel={(count) => t('weighing.total', { total: count })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('weighing.search')}
        error={today.isError ? errorMessage(t, today.error) : null}
        retryLabel={t('weighing.retry')}
        onRetry={() => void today.refetch()}
        refreshing={today.isFetching}
      >
        <Table<WeighRecord>
          rowKey="uuid"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={today.isPending}
          scroll={{ x: 975 }}
          pagination={shown.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          locale={{
            emptyText: (
              <ListEmpty
                loading={today.isPending}
                failed={today.isError}
                text={search && rows.length > 0 ? t('weighing.noMatch') : t('weighing.empty')}
              />
            ),
          }}
        />
      </TodayListCard>
    </Flex>
  );
}
