import { useState } from 'react';
import { Card, Empty, Flex, Progress, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CapDayRow, LineWaitRow, OfficerOrderRow } from '@truck-queue/shared/contracts/report.contract';
import { useCalendar, useDates } from '../../lib/calendar-context.tsx';
import { formatDuration } from '../../lib/durations.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { useLineOrderReport } from './api/use-line-order-report.ts';
import { periodLabel, periodProblemText } from './components/period-text.ts';
import { type DayRange } from './components/period-picker.tsx';
import { ReportFilters } from './components/report-filters.tsx';
import { QueryFailure } from './components/query-failure.tsx';
import { ResultHeading } from './components/result-heading.tsx';
import { useCardSize } from './components/use-card-size.ts';
import { periodProblem, type Period } from './period.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';

/**
 * /Report/lineOrder: who went first (issue 38) over a period of plant days — how long each line's
 * classes waited for their first call, which officers called out of the rule's order and why,
 * and each capped class's share of the day against its cap.
 */
export function LineOrderPage() {
  const { t, i18n } = useTranslation();
  const cardSize = useCardSize();
  const calendar = useCalendar();
  const dates = useDates();
  const today = usePlantToday();
  const [range, setRange] = useState<DayRange>(() => [dayjs(today).subtract(6, 'day'), dayjs(today)]);
  const [period, setPeriod] = useState<Period>(() => ({
    start: dayjs(today).subtract(6, 'day').format(API_DATE_FORMAT),
    finish: today,
  }));
  const live = period.finish >= today;
  const report = useLineOrderReport({ find_start: period.start, find_finish: period.finish }, live);

  const start = range[0]?.format(API_DATE_FORMAT) ?? null;
  const finish = range[1]?.format(API_DATE_FORMAT) ?? null;
  const problem = periodProblem(start, finish);
  const search = () => {
    if (problem || !start || !finish) return;
    if (start === period.start && finish === period.finish) void report.refetch();
    else setPeriod({ start, finish });
  };

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const number = (n: number, digits = 0) =>
    n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const wait = (seconds: number | null) => formatDuration(t, seconds, 'floor', { days: true });
  const line = (row: { queue_type_name: string; prefix: string }) => (
    <Flex gap={6} align="baseline" wrap>
      <Typography.Text strong>{row.prefix}</Typography.Text>
      <Typography.Text>{row.queue_type_name}</Typography.Text>
    </Flex>
  );
  const classTag = (row: { class_key: string; class_name: string }) =>
    row.class_key === '' ? (
      <Tag style={{ marginInlineEnd: 0 }}>{t('reports.lineOrder.ordinary')}</Tag>
    ) : (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {row.class_name || row.class_key}
      </Tag>
    );
  const data = report.data;

  const waitColumns: TableColumnsType<LineWaitRow> = [
    { key: 'line', title: t('reports.lineOrder.line'), render: (_v, row) => line(row) },
    { key: 'class', title: t('reports.lineOrder.class'), render: (_v, row) => classTag(row) },
    {
      key: 'trucks',
      title: t('reports.lineOrder.trucks'),
      align: 'end',
      render: (_v, row) => number(row.trucks),
    },
    {
      key: 'median',
      title: t('reports.lineOrder.median'),
      align: 'end',
      render: (_v, row) => <Typography.Text strong>{wait(row.median_seconds)}</Typography.Text>,
    },
    {
      key: 'p90',
      title: (
        <Tooltip title={t('reports.lineOrder.p90Hint')}>
          <span>{t('reports.lineOrder.p90')}</span>
        </Tooltip>
      ),
      align: 'end',
      render: (_v, row) => wait(row.p90_seconds),
    },
  ];

  const officerColumns: TableColumnsType<OfficerOrderRow> = [
    {
      key: 'officer',
      title: t('reports.lineOrder.officer'),
      render: (_v, row) => row.officer_name || t('reports.lineOrder.noOfficer'),
    },
    {
      key: 'calls',
      title: t('reports.lineOrder.calls'),
      align: 'end',
      render: (_v, row) => number(row.calls),
    },
    {
      key: 'passed',
      title: t('reports.lineOrder.passed'),
      align: 'end',
      render: (_v, row) =>
        row.passed === 0 ? (
          <Typography.Text type="secondary">0</Typography.Text>
        ) : (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('reports.lineOrder.passedOf', {
              count: row.passed,
              percent: number((row.passed / Math.max(1, row.calls)) * 100),
            })}
          </Tag>
        ),
    },
    {
      key: 'reasons',
      title: t('reports.lineOrder.reasons'),
      render: (_v, row) =>
        row.passed === 0 ? null : (
          <Flex gap={4} wrap>
            {row.reasons.map((r) => (
              <Tag key={r.name} style={{ marginInlineEnd: 0 }}>
                {t('reports.lineOrder.reasonCount', { name: r.name, count: r.count })}
              </Tag>
            ))}
            {row.without_reason > 0 && (
              <Tooltip title={t('reports.lineOrder.withoutReasonHint')}>
                <Tag color="default" style={{ marginInlineEnd: 0 }}>
                  {t('reports.lineOrder.withoutReason', { count: row.without_reason })}
                </Tag>
              </Tooltip>
            )}
          </Flex>
        ),
    },
  ];

  const amount = (row: CapDayRow, value: number) =>
    row.of === 'loads'
      ? t('reports.lineOrder.loads', { count: value, n: number(value) })
      : t('reports.lineOrder.tonnes', { n: number(value, 1) });
  const capColumns: TableColumnsType<CapDayRow> = [
    {
      key: 'day',
      title: t('reports.lineOrder.day'),
      render: (_v, row) => dates.date(row.day),
    },
    { key: 'line', title: t('reports.lineOrder.line'), render: (_v, row) => line(row) },
    { key: 'class', title: t('reports.lineOrder.class'), render: (_v, row) => classTag(row) },
    {
      key: 'share',
      title: t('reports.lineOrder.share'),
      width: 260,
      render: (_v, row) => {
        const over = row.percent !== null && row.percent > row.max_percent;
        return (
          <Flex vertical gap={0}>
            <Progress
              percent={Math.min(100, row.percent ?? 0)}
              success={{ percent: 0 }}
              status={over ? 'exception' : 'normal'}
              format={() => (row.percent === null ? '-' : `${number(row.percent, 1)} %`)}
              size="small"
              aria-label={t('reports.lineOrder.share')}
            />
            <Typography.Text type={over ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t('reports.lineOrder.ofMax', {
                // "1 of 11 loads": the unit once, after the whole.
                amount: number(row.class_amount, row.of === 'loads' ? 0 : 1),
                total: amount(row, row.total_amount),
                max: row.max_percent,
              })}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'admitted',
      title: t('reports.lineOrder.admitted'),
      align: 'end',
      render: (_v, row) =>
        row.admitted === 0 ? (
          <Typography.Text type="secondary">0</Typography.Text>
        ) : (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {number(row.admitted)}
          </Tag>
        ),
    },
  ];

  const section = <T extends object>(
    testId: string,
    title: string,
    hint: string,
    columns: TableColumnsType<T>,
    rows: T[] | undefined,
    rowKey: (row: T) => string,
    empty: string,
  ) => (
    <Card size={cardSize} data-testid={testId}>
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
      <Table<T>
        size="small"
        columns={columns}
        dataSource={rows ?? []}
        rowKey={rowKey}
        loading={report.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        period={{
          id: 'line-order-range',
          value: range,
          onChange: setRange,
          today,
          error: problem ? periodProblemText(t, problem) : null,
        }}
        searching={report.isFetching}
        onSearch={search}
      />
      <ResultHeading title={t('reports.lineOrder.title', { period: periodLabel(period, calendar) })} />
      {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
      {section(
        'line-order-waits',
        t('reports.lineOrder.waitsTitle'),
        t('reports.lineOrder.waitsHint'),
        waitColumns,
        data?.waits,
        (row) => `${row.branch_queue_type_id}|${row.class_key}`,
        t('reports.lineOrder.waitsEmpty'),
      )}
      {section(
        'line-order-officers',
        t('reports.lineOrder.officersTitle'),
        t('reports.lineOrder.officersHint'),
        officerColumns,
        data?.officers,
        (row) => String(row.officer_id),
        t('reports.lineOrder.officersEmpty'),
      )}
      {section(
        'line-order-caps',
        t('reports.lineOrder.capsTitle'),
        t('reports.lineOrder.capsHint'),
        capColumns,
        data?.caps,
        (row) => `${row.branch_queue_type_id}|${row.day}|${row.class_key}`,
        t('reports.lineOrder.capsEmpty'),
      )}
    </Flex>
  );
}
