import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { notificationsOverview } from '@truck-queue/shared/contracts/notification.contract';
import { useDates } from '../../../lib/calendar-context.tsx';
import { config } from '../../../lib/config.ts';

export type NotifyFailure = ResponseOf<typeof notificationsOverview>['failures'][number];

interface FailuresCardProps {
  /** Newest first; undefined while it loads. */
  failures: NotifyFailure[] | undefined;
}

/**
 * Messages that failed: still being retried (when next), or given up. The server lists the
 * latest fifty; times on the plant's clock.
 */
export function FailuresCard({ failures }: FailuresCardProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const at = (instant: string) => dates.siteDateTime(instant, config.siteTimeZone);

  const columns: TableColumnsType<NotifyFailure> = [
    {
      key: 'created',
      title: t('notifications.failures.columns.time'),
      width: 160,
      render: (_v, row) => <span style={{ whiteSpace: 'nowrap' }}>{at(row.created)}</span>,
    },
    {
      key: 'channel',
      title: t('notifications.failures.columns.channel'),
      width: 100,
      render: (_v, row) =>
        row.channel === 'line' ? <Tag color="green">LINE</Tag> : <Tag color="blue">Web Push</Tag>,
    },
    {
      key: 'moment',
      title: t('notifications.failures.columns.moment'),
      width: 130,
      render: (_v, row) => t(`notifications.moments.${row.moment}`),
    },
    {
      key: 'queue',
      title: t('notifications.failures.columns.queue'),
      width: 100,
      render: (_v, row) => <Typography.Text strong>{row.queue_number}</Typography.Text>,
    },
    {
      key: 'attempts',
      title: t('notifications.failures.columns.attempts'),
      width: 110,
      align: 'end',
      render: (_v, row) => row.attempts,
    },
    {
      key: 'error',
      title: t('notifications.failures.columns.error'),
      render: (_v, row) => (
        <Typography.Text style={{ wordBreak: 'break-word' }}>{row.error || '-'}</Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('notifications.failures.columns.status'),
      width: 200,
      render: (_v, row) =>
        row.next_attempt_at ? (
          <Flex vertical gap={2} align="start">
            <Tag color="warning">{t('notifications.failures.retrying')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('notifications.failures.retryAt', { at: at(row.next_attempt_at) })}
            </Typography.Text>
          </Flex>
        ) : (
          <Tag color="error">{t('notifications.failures.givenUp')}</Tag>
        ),
    },
  ];

  return (
    <Card title={t('notifications.failures.title')} data-testid="notify-failures">
      <Typography.Paragraph type="secondary">{t('notifications.failures.description')}</Typography.Paragraph>
      <Table<NotifyFailure>
        rowKey="id"
        columns={columns}
        dataSource={failures ?? []}
        loading={failures === undefined}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('notifications.failures.empty') }}
      />
    </Card>
  );
}
