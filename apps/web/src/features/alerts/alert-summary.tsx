import { Card, Flex, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertSummary } from '@truck-queue/shared/contracts/alert.contract';

/** A period's alerts counted whole, above its list (which stops at 500): how many, and how fast they were taken in hand. */
export function AlertSummaryCard({ summary }: { summary: AlertSummary }) {
  const { t } = useTranslation();
  const median = summary.median_acknowledge_minutes;
  return (
    <Card size="small" data-testid="alert-summary">
      <Flex wrap gap={24}>
        <Statistic title={t('alerts.summary.raised')} value={summary.raised} />
        <Statistic title={t('alerts.summary.acknowledged')} value={summary.acknowledged} />
        <Statistic
          title={t('alerts.summary.medianAcknowledge')}
          value={median === null ? '-' : t('alerts.minutes', { count: median })}
        />
        <Statistic title={t('alerts.summary.ended')} value={summary.ended} />
      </Flex>
      {summary.by_kind.length > 0 && (
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          {summary.by_kind.map((k) => (
            <Tag key={k.kind}>
              {t(`alerts.kind.${k.kind}`)} {k.count}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}
