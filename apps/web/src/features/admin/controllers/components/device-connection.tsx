import { Alert, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, LinkOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import { useDates } from '../../../../lib/calendar-context.tsx';

/**
 * The device column: the Register button while no device is bound; else its id with "verified"
 * (the device has made contact; the tooltip says when) or "waiting for the device", and for a
 * connected display without a Thai voice, a warning (what to install is above the table).
 */
export function DeviceConnection({ device, onRegister }: { device: DeviceRow; onRegister: () => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (!device.device_id) {
    return (
      <Button size="small" icon={<LinkOutlined aria-hidden />} onClick={onRegister}>
        {t('admin.devices.register.button')}
      </Button>
    );
  }
  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text code copyable={{ text: device.device_id }} style={{ letterSpacing: 1 }}>
        {device.device_id}
      </Typography.Text>
      {device.verified_date ? (
        <Tooltip title={t('admin.devices.verifiedAt', { date: dates.dateTime(device.verified_date) })}>
          <Tag color="success" icon={<CheckCircleOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
            {t('admin.devices.verified')}
          </Tag>
        </Tooltip>
      ) : (
        <Tooltip title={t('admin.devices.waitingHint')}>
          <Tag color="warning" icon={<ClockCircleOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
            {t('admin.devices.waiting')}
          </Tag>
        </Tooltip>
      )}
      {device.voice && device.voice !== 'thai' && (
        <Tag
          color="warning"
          icon={<SoundOutlined aria-hidden />}
          data-testid="voice-warning"
          style={{ marginInlineEnd: 0 }}
        >
          {t(device.voice === 'none' ? 'admin.devices.voice.noVoiceTag' : 'admin.devices.voice.noSpeechTag')}
        </Tag>
      )}
    </Flex>
  );
}

/** The connected displays that cannot speak Thai: each by name, with what to install. */
export function VoiceWarnings({ devices }: { devices: readonly DeviceRow[] }) {
  const { t } = useTranslation();
  const silent = devices.filter((d) => d.voice && d.voice !== 'thai');
  if (silent.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {silent.map((device) => {
        const key = device.voice === 'none' ? 'noVoice' : 'noSpeech';
        return (
          <Alert
            key={device.uuid}
            type="warning"
            showIcon
            data-testid="voice-notice"
            title={t(`admin.devices.voice.${key}Title`, { name: device.name })}
            description={t(`admin.devices.voice.${key}Text`)}
          />
        );
      })}
    </Flex>
  );
}
