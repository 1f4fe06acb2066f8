import { Card, Flex, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/format.ts';
import { useDates } from '../../../lib/calendar-context.tsx';
import { monthLabel, type MonthFigures } from './notify-months.ts';

interface MonthsCardProps {
  /** Newest first (notify-months.ts monthsShown); undefined while it loads. */
  months: MonthFigures[] | undefined;
}

/**
 * Messages sent and given up per month and channel, this month marked: LINE counts its quota
 * per month, so this month's row is what is being used.
 */
export function MonthsCard({ months }: MonthsCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { calendar } = useDates();
  const { token } = theme.useToken();
  const count = (n: number) => n.toLocaleString(intlLocale(language));

  const channelColumns = (channel: 'web_push' | 'line', title: string) => ({
    key: channel,
    title,
    children: [
      {
        key: `${channel}-sent`,
        title: t('notifications.months.sent'),
        align: 'end' as const,
        width: 90,
        render: (_v: unknown, row: MonthFigures) => count(row[channel].sent),
      },
      {
        key: `${channel}-failed`,
        title: t('notifications.months.failed'),
        align: 'end' as const,
        width: 90,
        render: (_v: unknown, row: MonthFigures) =>
          row[channel].failed > 0 ? (
            <Typography.Text type="danger">{count(row[channel].failed)}</Typography.Text>
          ) : (
            count(0)
          ),
      },
    ],
  });

  const columns: TableColumnsType<MonthFigures> = [
    {
      key: 'month',
      title: t('notifications.months.month'),
      render: (_v, row) => (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong={row.current}>{monthLabel(row.month, language, calendar)}</Typography.Text>
          {row.current && <Tag color="processing">{t('notifications.months.thisMonth')}</Tag>}
        </Flex>
      ),
    },
    channelColumns('web_push', 'Web Push'),
    channelColumns('line', 'LINE'),
  ];

  return (
    <Card title={t('notifications.months.title')} data-testid="notify-months" style={{ height: '100%' }}>
      <Table<MonthFigures>
        rowKey="month"
        size="small"
        bordered
        columns={columns}
        dataSource={months ?? []}
        loading={months === undefined}
        pagination={false}
        scroll={{ x: 520 }}
        onRow={(row) => ({
          'data-current': row.current ? 'true' : undefined,
          style: row.current ? { background: token.colorPrimaryBg } : undefined,
        })}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('notifications.months.lineQuota')}
      </Typography.Paragraph>
    </Card>
  );
}
