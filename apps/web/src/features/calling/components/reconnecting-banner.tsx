import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Time the first connection gets before the page says it is offline. */
const FIRST_CONNECT_GRACE_MS = 3_000;

/** "Reconnecting…" while the real-time channel is down: the lists may be out of date meanwhile. */
export function ReconnectingBanner({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(true), FIRST_CONNECT_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (connected || !settled) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={t('calling.reconnecting.title')}
      description={t('calling.reconnecting.description')}
    />
  );
}
