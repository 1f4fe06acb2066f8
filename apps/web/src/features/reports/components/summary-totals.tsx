import type { ReactNode } from 'react';
import { Flex, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductTotals, ReceiptTotals } from '@truck-queue/shared/contracts/report.contract';
import { formatKg } from '@truck-queue/shared/weight-format';
import { useDates } from '../../../lib/calendar-context.tsx';

/** A line of the totals table: a product of a day, or the day's total. */
interface TotalsLine extends ReceiptTotals {
  key: string;
  /** The plant day (YYYY-MM-DD), written on its first line only. */
  day: string;
  firstOfDay: boolean;
  /** The product's name; null on the day's total line. */
  product: string | null;
}

interface SummaryTotalsProps {
  days: (ReceiptTotals & { day: string; products: ProductTotals[] })[];
  period: ReceiptTotals;
  loading: boolean;
}

/** Kilograms as tonnes to three places: the manager's headline unit. */
const tonnes = (kg: number) => kg / 1000;

/**
 * The summary's totals (the same filter as its rows): the period's trucks and tonnes at a glance
 * (its total), then each day's products and the day's total. Weights count once a truck is
 * weighed in and out; every truck counts on the day of its ticket. The Excel file has the same
 * with the period's products.
 */
export function SummaryTotals({ days, period, loading }: SummaryTotalsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const dates = useDates();
  const kg = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatKg(value, locale)}</span>;

  const lines: TotalsLine[] = days.flatMap((day) => [
    ...day.products.map((p, index) => ({
      ...p,
      key: `${day.day} ${p.product_name}`,
      day: day.day,
      firstOfDay: index === 0,
      product: p.product_name || t('reports.summary.totals.noProduct'),
    })),
    { ...day, key: `${day.day} total`, firstOfDay: false, product: null },
  ]);
  const strong = (line: TotalsLine, text: ReactNode) =>
    line.product === null ? <Typography.Text strong>{text}</Typography.Text> : text;

  const columns: TableColumnsType<TotalsLine> = [
    {
      key: 'day',
      title: t('reports.summary.totals.day'),
      width: 120,
      render: (_v, line) => (line.firstOfDay ? dates.date(line.day) : ''),
    },
    {
      key: 'product',
      title: t('reports.summary.totals.product'),
      render: (_v, line) => strong(line, line.product ?? t('reports.summary.totals.dayTotal')),
    },
    {
      key: 'trucks',
      title: t('reports.summary.totals.trucks'),
      width: 110,
      align: 'end',
      render: (_v, line) => strong(line, line.trucks.toLocaleString(locale)),
    },
    {
      key: 'weighed',
      title: t('reports.summary.totals.weighed'),
      width: 110,
      align: 'end',
      render: (_v, line) => strong(line, line.weighed.toLocaleString(locale)),
    },
    {
      key: 'net',
      title: t('reports.summary.columns.netWeight'),
      width: 140,
      align: 'end',
      render: (_v, line) => strong(line, kg(line.net_kg)),
    },
    {
      key: 'deducted',
      title: t('reports.summary.columns.deducted'),
      width: 140,
      align: 'end',
      render: (_v, line) => strong(line, kg(line.deducted_kg)),
    },
    {
      key: 'paid',
      title: t('reports.summary.columns.paidWeight'),
      width: 150,
      align: 'end',
      render: (_v, line) => strong(line, kg(line.paid_kg)),
    },
  ];

  const figure = (title: string, value: number, precision: number) => (
    <Statistic
      title={title}
      value={value}
      precision={precision}
      formatter={(v) => Number(v).toLocaleString(locale, { maximumFractionDigits: precision })}
    />
  );

  return (
    <Flex vertical gap={16} data-testid="summary-totals">
      <Flex gap={32} wrap>
        {figure(t('reports.summary.totals.trucks'), period.trucks, 0)}
        {figure(t('reports.summary.totals.weighed'), period.weighed, 0)}
        {figure(t('reports.summary.totals.net'), tonnes(period.net_kg), 3)}
        {figure(t('reports.summary.totals.deducted'), tonnes(period.deducted_kg), 3)}
        {figure(t('reports.summary.totals.paid'), tonnes(period.paid_kg), 3)}
      </Flex>
      <Typography.Text type="secondary">{t('reports.summary.totals.hint')}</Typography.Text>
      <Table<TotalsLine>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={lines}
        loading={loading}
        pagination={false}
        // As wide as the card (the product column takes what is left): no sideways scroll.
        scroll={{ y: 320 }}
        locale={{ emptyText: t('reports.summary.totals.empty') }}
      />
    </Flex>
  );
}
