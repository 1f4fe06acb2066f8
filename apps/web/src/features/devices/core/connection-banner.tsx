import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceState } from './use-device.ts';

/** Time the first connection gets before the screen says it is offline. */
const FIRST_CONNECT_GRACE_MS = 3_000;

/**
 * "Cannot reach the server" / "Reconnecting…" on a device screen, in large type: a display
 * may be showing stale calls and a kiosk cannot issue tickets while it shows.
 */
export function ConnectionBanner({ state }: { state: DeviceState }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(true), FIRST_CONNECT_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const down = state.unreachable || !state.connected;
  if (!down || !settled) return null;
  return (
    <Alert
      data-testid="connection-banner"
      type={state.unreachable ? 'error' : 'warning'}
      showIcon
      role="status"
      style={{ fontSize: 'clamp(16px, 1.6vw, 24px)', maxWidth: 1100, width: '100%' }}
      title={t(state.unreachable ? 'device.offline.title' : 'device.reconnecting.title')}
      description={t(state.unreachable ? 'device.offline.description' : 'device.reconnecting.description')}
    />
  );
}
