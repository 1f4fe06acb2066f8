import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/use-now.ts';
import { useOpenAlerts } from './api/use-alerts.ts';
import { AlertLine } from './alert-bell.tsx';

/**
 * Urgent alerts no one has acknowledged yet, above every page: the first in full with its
 * "acknowledge", and how many more there are (the bell lists them).
 */
export function AlertBanner() {
  const { t } = useTranslation();
  const alerts = useOpenAlerts();
  const now = useNow(30_000).getTime();
  const urgent = (alerts.data?.alerts ?? []).filter((a) => a.urgent && !a.acknowledged_at);
  if (urgent.length === 0) return null;
  const [first] = urgent;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="alert-banner"
      style={{ marginBottom: 16 }}
      title={
        <Flex vertical gap={4}>
          <AlertLine alert={first!} now={now} />
          {urgent.length > 1 && (
            <Typography.Text type="secondary">
              {t('alerts.bannerMore', { count: urgent.length - 1 })}
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
