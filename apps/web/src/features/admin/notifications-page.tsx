import { useMemo, useState } from 'react';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useSavedMessage } from './catalog/components/use-catalog-feedback.ts';
import { ChannelsCard } from './notifications/channels-card.tsx';
import { FailuresCard } from './notifications/failures-card.tsx';
import { MonthsCard } from './notifications/months-card.tsx';
import { monthsShown } from './notifications/notify-months.ts';
import { SettingsCard } from './notifications/settings-card.tsx';
import { useNotificationsOverview, useSaveNotifySettings } from './notifications/use-notifications.ts';

/**
 * /System/notifications: drivers follow their ticket by Web Push or the plant's LINE account
 * (issue 21). The admins write the privacy notice the driver reads before he subscribes and how
 * long his contact data and old plates are kept; they see whether LINE is connected, who
 * follows now, the messages of this month and the two before (LINE's quota is monthly), and
 * what failed.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const overview = useNotificationsOverview();
  const save = useSaveNotifySettings();
  const saved = useSavedMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const data = overview.data;
  // The month turns on the plant's clock; a refetch (every minute) brings a new `data`.
  const months = useMemo(
    () => (data ? monthsShown(data.months, new Date(), config.siteTimeZone) : undefined),
    [data],
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('notifications.description')}</Typography.Text>
      {overview.isError && (
        <Alert
          type="error"
          showIcon
          title={t('notifications.loadFailed')}
          description={errorMessage(t, overview.error)}
          action={
            <Button size="small" onClick={() => void overview.refetch()}>
              {t('catalog.common.retry')}
            </Button>
          }
        />
      )}
      <SettingsCard
        settings={data?.settings}
        saving={save.isPending}
        failure={failure}
        onSave={(settings) => {
          setFailure(null);
          save.mutate(settings, {
            onSuccess: saved,
            onError: (error) => setFailure(errorMessage(t, error)),
          });
        }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <ChannelsCard lineConfigured={data?.line_configured} following={data?.following} />
        </Col>
        <Col xs={24} xl={15}>
          <MonthsCard months={months} />
        </Col>
      </Row>
      <FailuresCard failures={data?.failures} />
    </Flex>
  );
}
