import { Flex, Table, theme, Typography, type TableColumnsType, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SummaryRow, SummarySortField } from '@truck-queue/shared/contracts/report.contract';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { DurationTitle } from '../../../components/duration-title.tsx';
import { formatDuration } from '../../../lib/durations.ts';
import { config } from '../../../lib/config.ts';
import { formatKgOneDecimal, formatSiteDateTime } from '../report-format.ts';
import { nextSort, type SummarySort } from '../summary-paging.ts';
import { LicenceFilter } from './licence-filter.tsx';

interface SummaryTableProps {
  rows: SummaryRow[];
  loading: boolean;
  sort: SummarySort;
  onSort: (sort: SummarySort) => void;
  licence: string;
  onLicence: (licence: string) => void;
  emptyText: string;
}

const time = (instant: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatSiteDateTime(instant, config.siteTimeZone)}</span>
);

/** The summary report's page of rows; every header sorts on the server, the licence one also filters. */
export function SummaryTable({
  rows,
  loading,
  sort,
  onSort,
  licence,
  onLicence,
  emptyText,
}: SummaryTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { token } = theme.useToken();

  const sortable = (field: SummarySortField) => ({
    key: field,
    sorter: true,
    sortOrder: sort.field === field ? sort.order : null,
    showSorterTooltip: false,
  });
  const kg = (value: number | null) => (
    <span style={{ whiteSpace: 'nowrap' }}>{formatKgOneDecimal(value, locale)}</span>
  );

  const columns: TableColumnsType<SummaryRow> = [
    {
      ...sortable('license_no'),
      title: t('reports.summary.columns.licence'),
      dataIndex: 'license_no',
      width: 250,
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
      render: (value: string, row) => (
        <Flex gap={8} align="baseline" style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>{value || '-'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('reports.summary.queueNumber', { n: row.queue_number })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      ...sortable('incoming_weight'),
      title: t('reports.summary.columns.incomingWeight'),
      dataIndex: 'incoming_weight',
      width: 140,
      align: 'end',
      render: kg,
    },
    {
      ...sortable('output_weight'),
      title: t('reports.summary.columns.outgoingWeight'),
      dataIndex: 'output_weight',
      width: 140,
      align: 'end',
      render: kg,
    },
    {
      ...sortable('document_pick_up'),
      title: t('reports.summary.columns.documentPickUp'),
      dataIndex: 'document_pick_up',
      width: 160,
      render: time,
    },
    {
      ...sortable('time_works'),
      title: t('reports.summary.columns.resultsReady'),
      dataIndex: 'time_works',
      width: 160,
      render: time,
    },
    {
      ...sortable('weigh_in'),
      title: t('reports.summary.columns.weighIn'),
      dataIndex: 'weigh_in',
      width: 160,
      render: time,
    },
    {
      ...sortable('weigh_out'),
      title: t('reports.summary.columns.weighOut'),
      dataIndex: 'weigh_out',
      width: 160,
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
      width: 150,
      // Ticket to exit, the in/out report's time in factory: the same rounding, the same figure.
      render: (seconds: number | null) => formatDuration(t, seconds, DURATION_RULES.summaryTotalTime),
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
      width: 150,
      render: (seconds: number | null) => formatDuration(t, seconds, DURATION_RULES.summaryWaitingTime),
    },
  ];

  const onChange: TableProps<SummaryRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    onSort(nextSort(sorter.columnKey as SummarySortField | undefined, sorter.order));
  };

  return (
    <Table<SummaryRow>
      rowKey="uuid"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      pagination={false}
      scroll={{ x: 1510 }}
      locale={{ emptyText }}
    />
  );
}
