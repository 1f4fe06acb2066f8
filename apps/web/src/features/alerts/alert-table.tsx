import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertRow } from '@truck-queue/shared/contracts/alert.contract';
import { DateTimeText, DATE_TIME_COLUMN_WIDTH } from '../../components/date-time-text.tsx';
import { useDates } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { useNow } from '../../lib/use-now.ts';
import { AlertLine } from './alert-bell.tsx';

/** Alerts as a table: what, when raised, what became of it, and how often LINE told it. */
export function AlertTable({ rows, loading, empty }: { rows: AlertRow[]; loading: boolean; empty: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const now = useNow(30_000).getTime();
  const at = (instant: string) => dates.siteDateTime(instant, config.siteTimeZone);
  const columns: TableColumnsType<AlertRow> = [
    {
      key: 'alert',
      title: t('alerts.columns.alert'),
      render: (_v, row) =>
        row.resolved_at ? (
          <Typography.Text>
            {row.urgent && <Tag color="red">{t('alerts.urgent')}</Tag>}
            {t(`alerts.kind.${row.kind}`)}:{' '}
            {[row.queue_number, row.truck_license, row.station_name, row.device_name]
              .filter(Boolean)
              .join(' ')}
          </Typography.Text>
        ) : (
          <AlertLine alert={row} now={now} showWho={false} />
        ),
    },
    {
      key: 'raised',
      title: t('alerts.columns.raised'),
      width: DATE_TIME_COLUMN_WIDTH,
      render: (_v, row) => <DateTimeText text={at(row.raised_at)} />,
    },
    {
      key: 'status',
      title: t('alerts.columns.status'),
      width: 220,
      render: (_v, row) => (
        <Typography.Text type={row.acknowledged_at || row.resolved_at ? 'secondary' : 'danger'}>
          {row.acknowledged_at
            ? t('alerts.acknowledgedBy', { name: row.acknowledged_by ?? '-', at: at(row.acknowledged_at) })
            : t('alerts.status.open')}
          {row.resolved_at && (
            <>
              <br />
              {t('alerts.status.ended', { at: at(row.resolved_at) })}
            </>
          )}
        </Typography.Text>
      ),
    },
    {
      key: 'line',
      title: t('alerts.columns.line'),
      width: 100,
      render: (_v, row) => (row.rounds > 0 ? t('alerts.rounds', { count: row.rounds }) : '-'),
    },
  ];
  return (
    <Table<AlertRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 720 }}
      locale={{ emptyText: empty }}
    />
  );
}
