import { Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConnectionBanner } from './connection-banner.tsx';
import { formatDeviceId } from './identity.ts';
import type { DeviceState } from './use-device.ts';

/**
 * What an unregistered (or cancelled) display or kiosk shows: its short id, large enough to
 * read across a room, and where an officer registers it. The page turns into the board or the
 * kiosk by itself as soon as the registration arrives.
 */
export function UnregisteredScreen({ state }: { state: DeviceState }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (state.status === 'starting') {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  const menu = t(state.kind === 'display' ? 'pages.display' : 'pages.printing');
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={24}
      style={{ minHeight: '100vh', padding: '4vh 4vw', background: token.colorBgLayout, textAlign: 'center' }}
    >
      <Typography.Title level={1} style={{ margin: 0, fontSize: 'clamp(28px, 4vw, 56px)' }}>
        {t(
          state.kind === 'display' ? 'device.unregistered.titleDisplay' : 'device.unregistered.titlePrinter',
        )}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: 'clamp(18px, 2vw, 28px)' }}>
        {t('device.unregistered.idLabel')}
      </Typography.Text>
      <div
        data-testid="device-id"
        aria-label={t('device.unregistered.idLabel')}
        style={{
          fontFamily: "'Noto Sans Mono', 'DejaVu Sans Mono', ui-monospace, monospace",
          fontWeight: 700,
          fontSize: 'clamp(64px, 11vw, 200px)',
          letterSpacing: '0.12em',
          lineHeight: 1.1,
          padding: '2vh 4vw',
          borderRadius: 24,
          color: token.colorPrimary,
          background: token.colorBgContainer,
          border: `4px solid ${token.colorPrimaryBorder}`,
        }}
      >
        {formatDeviceId(state.identity.id)}
      </div>
      <Typography.Paragraph style={{ margin: 0, maxWidth: 900, fontSize: 'clamp(18px, 1.8vw, 28px)' }}>
        {t('device.unregistered.howTo', { menu })}
      </Typography.Paragraph>
      <ConnectionBanner state={state} />
      {state.connected && !state.unreachable && (
        <Typography.Text type="secondary" style={{ fontSize: 'clamp(16px, 1.4vw, 22px)' }}>
          {t('device.unregistered.waiting')}
        </Typography.Text>
      )}
    </Flex>
  );
}
