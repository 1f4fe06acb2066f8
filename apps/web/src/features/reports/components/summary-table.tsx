import type { ReactNode } from 'react';
import { Flex, theme, Typography, type TableColumnsType, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SummaryRow, SummarySortField } from '@truck-queue/shared/contracts/report.contract';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { DATE_TIME_COLUMN_WIDTH, DateTimeText } from '../../../components/date-time-text.tsx';
import { DurationTitle } from '../../../components/duration-title.tsx';
import { ReportTable } from '../../../components/report-table.tsx';
import { formatDuration } from '../../../lib/durations.ts';
import { config } from '../../../lib/config.ts';
import { formatKg } from '@truck-queue/shared/weight-format';
import { useDates } from '../../../lib/calendar-context.tsx';
import { nextSort, type SummarySort } from '../summary-paging.ts';
import { PlatesText } from '../../plates/plates-text.tsx';
import { LicenceFilter } from './licence-filter.tsx';
import { TypedWeightTag } from '../../../components/typed-weight-tag.tsx';

interface SummaryTableProps {
  rows: SummaryRow[];
  loading: boolean;
  sort: SummarySort;
  onSort: (sort: SummarySort) => void;
  licence: string;
  onLicence: (licence: string) => void;
  emptyText: string;
  /** The report's own pager (it pages on the server), measured with the table (`ReportTable`). */
  pager: ReactNode;
}

/** Weights and durations keep one line: the table is as wide as they need. */
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** The summary report's page of rows; every header sorts on the server, the licence one also filters. */
export function SummaryTable({
  rows,
  loading,
  sort,
  onSort,
  licence,
  onLicence,
  emptyText,
  pager,
}: SummaryTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { token } = theme.useToken();
  const dates = useDates();
  /** A time puts its clock under its date (DATE_TIME_COLUMN_WIDTH), never cut. */
  const time = (instant: string | null) => (
    <DateTimeText text={dates.siteDateTime(instant, config.siteTimeZone)} />
  );

  const sortable = (field: SummarySortField) => ({
    key: field,
    sorter: true,
    sortOrder: sort.field === field ? sort.order : null,
    showSorterTooltip: false,
  });
  const kg = (value: number | null) => nowrap(formatKg(value, locale));

  const columns: TableColumnsType<SummaryRow> = [
    {
      ...sortable('license_no'),
      title: t('reports.summary.columns.licence'),
      dataIndex: 'license_no',
      width: 140,
      // Pinned: the truck stays named while the times scroll into view.
      fixed: 'start',
      filteredValue: licence ? [licence] : null,
      filterIcon: (filtered: boolean) => (
        <SearchOutlined
          aria-label={t('reports.summary.licenceFilter.open')}
          style={filtered ? { color: token.colorPrimary } : undefined}
        />
      ),
      filterDropdown: ({ close }) => (
        <LicenceFilter key={licence} value={licence} onApply={onLicence} close={close} />
      ),
      // The licence, its queue number and product under it; a tractor and trailer break between plates.
      render: (value: string, row) => (
        <Flex vertical>
          <Typography.Text strong>{value ? <PlatesText licence={value} /> : '-'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('reports.summary.queueNumber', { n: row.queue_number })}
          </Typography.Text>
          {row.product_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.product_name}
            </Typography.Text>
          )}
          {row.supplier_code !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="summary-supplier">
              {`${row.supplier_code} ${row.supplier_name ?? ''}`.trim()}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      ...sortable('incoming_weight'),
      title: t('reports.summary.columns.incomingWeight'),
      dataIndex: 'incoming_weight',
      width: 96,
      align: 'end',
      render: (value: number | null, row) => (
        <Flex vertical align="end" gap={2}>
          {kg(value)}
          <TypedWeightTag source={row.weigh_in_source} reason={row.weigh_in_reason} />
        </Flex>
      ),
    },
    {
      ...sortable('output_weight'),
      title: t('reports.summary.columns.outgoingWeight'),
      dataIndex: 'output_weight',
      width: 96,
      align: 'end',
      render: (value: number | null, row) => (
        <Flex vertical align="end" gap={2}>
          {kg(value)}
          <TypedWeightTag source={row.weigh_out_source} reason={row.weigh_out_reason} />
        </Flex>
      ),
    },
    {
      key: 'net_weight',
      title: t('reports.summary.columns.netWeight'),
      dataIndex: 'net_weight',
      width: 104,
      align: 'end',
      // What the lab's values take off, under the net (its own column in the Excel file).
      render: (value: number | null, row) => (
        <Flex vertical align="end" gap={2}>
          {kg(value)}
          {row.deducted_weight ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('reports.summary.deductedUnder', { kg: formatKg(row.deducted_weight, locale) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'paid_weight',
      title: t('reports.summary.columns.paidWeight'),
      dataIndex: 'paid_weight',
      width: 112,
      align: 'end',
      render: (value: number | null) => <Typography.Text strong>{kg(value)}</Typography.Text>,
    },
    {
      ...sortable('document_pick_up'),
      title: t('reports.summary.columns.documentPickUp'),
      dataIndex: 'document_pick_up',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      ...sortable('time_works'),
      title: t('reports.summary.columns.resultsReady'),
      dataIndex: 'time_works',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      ...sortable('weigh_in'),
      title: t('reports.summary.columns.weighIn'),
      dataIndex: 'weigh_in',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      ...sortable('weigh_out'),
      title: t('reports.summary.columns.weighOut'),
      dataIndex: 'weigh_out',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      ...sortable('total_time'),
      title: (
        <DurationTitle
          title={t('reports.summary.columns.totalTime')}
          rule={DURATION_RULES.summaryTotalTime}
        />
      ),
      dataIndex: 'total_time',
      width: 96,
      // Ticket to exit, the in/out report's time in factory: the same rounding, the same figure.
      render: (seconds: number | null) => nowrap(formatDuration(t, seconds, DURATION_RULES.summaryTotalTime)),
    },
    {
      ...sortable('time_wait'),
      title: (
        <DurationTitle
          title={t('reports.summary.columns.waitingTime')}
          rule={DURATION_RULES.summaryWaitingTime}
        />
      ),
      dataIndex: 'time_wait',
      width: 96,
      render: (seconds: number | null) =>
        nowrap(formatDuration(t, seconds, DURATION_RULES.summaryWaitingTime)),
    },
  ];

  const onChange: TableProps<SummaryRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    onSort(nextSort(sorter.columnKey as SummarySortField | undefined, sorter.order));
  };

  return (
    <ReportTable<SummaryRow>
      rowKey="uuid"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      emptyText={emptyText}
      pages={false}
      below={pager}
    />
  );
}
