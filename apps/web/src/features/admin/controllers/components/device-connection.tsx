import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import { useDates } from '../../../../lib/calendar-context.tsx';

/**
 * The device column: the Register button while no device is bound; else its id with "verified"
 * (the device has made contact; the tooltip says when) or "waiting for the device". A display's
 * sound and announcements are in the status column.
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
    </Flex>
  );
}
