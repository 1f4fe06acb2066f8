import { Tag, theme, Typography } from 'antd';
import {
  CheckCircleOutlined,
  DisconnectOutlined,
  LoadingOutlined,
  WarningOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import { formatKg } from '@truck-queue/shared/weight-format';

/** Each state as the officer reads it: a colour, an icon and words (scaleStatus.*). */
const LOOKS: Record<ScaleLive['state'], { color: string; icon: React.ReactNode }> = {
  stable: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  moving: { color: 'processing', icon: <LoadingOutlined aria-hidden /> },
  overload: { color: 'error', icon: <WarningOutlined aria-hidden /> },
  underload: { color: 'warning', icon: <WarningOutlined aria-hidden /> },
  'no-signal': { color: 'default', icon: <WifiOutlined aria-hidden /> },
  offline: { color: 'default', icon: <DisconnectOutlined aria-hidden /> },
};

const STATE_KEYS = {
  stable: 'stable',
  moving: 'moving',
  overload: 'overload',
  underload: 'underload',
  'no-signal': 'noSignal',
  offline: 'offline',
} as const;

/** What a scale shows, as one tag: stable / moving / no signal..., with the weight when there is one. */
export function ScaleWeightTag({ live }: { live: ScaleLive }) {
  const { t, i18n } = useTranslation();
  const look = LOOKS[live.state];
  return (
    <Tag color={look.color} icon={look.icon} data-scale-state={live.state}>
      {t(`scaleStatus.${STATE_KEYS[live.state]}`)}
      {live.kg !== null && ` · ${formatKg(live.kg, i18n.language)} ${t('weighing.kg')}`}
    </Tag>
  );
}

/**
 * The weight a scale shows, large, as the weighbridge clerk reads it across the desk: the number
 * (or a dash without one), the unit, and the state under it. Colour says stable at a glance.
 */
export function ScaleWeightDisplay({ live, name }: { live: ScaleLive; name: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const stable = live.state === 'stable';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="scale-weight"
      data-scale-state={live.state}
      style={{ textAlign: 'center', padding: '8px 0' }}
    >
      <Typography.Text type="secondary">{name}</Typography.Text>
      <div
        style={{
          fontSize: 56,
          lineHeight: 1.15,
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          color: stable ? token.colorSuccess : token.colorText,
          opacity: live.kg === null ? 0.45 : 1,
        }}
      >
        {live.kg === null ? '-' : formatKg(live.kg, i18n.language)}{' '}
        <span style={{ fontSize: 24, fontWeight: 500 }}>{t('weighing.kg')}</span>
      </div>
      <ScaleWeightTag live={{ ...live, kg: null }} />
    </div>
  );
}
