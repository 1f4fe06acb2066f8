import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { QrSvg } from '../../lib/barcode/qr-svg.tsx';
import { useDates, type Dates } from '../../lib/calendar-context.tsx';
import { BookingStatusTag } from '../bookings/booking-tags.tsx';

/** A plant day ('2026-11-21') in words, in the branch's calendar: "ส. 21 พ.ย. 2569". */
export function dayText(dates: Dates, day: string, year = true): string {
  return dates.text(new Date(`${day}T00:00:00Z`), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong style={{ textAlign: 'end' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/**
 * An open booking as the driver shows it at the kiosk: its QR and code in large letters, the day
 * and window, the plate (or any vehicle), the line and product; a cancel button when given.
 */
export function PortalBookingCard({
  booking,
  onCancel,
  cancelling = false,
}: {
  booking: Booking;
  onCancel?: (() => void) | undefined;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <Card size="small" data-testid="portal-booking" data-code={booking.code}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 17 }}>
            {dayText(dates, booking.day)}
          </Typography.Text>
          <Flex gap={4}>
            <BookingStatusTag status={booking.status} />
            {booking.over_quota && (
              <Tag color="error" style={{ marginInlineEnd: 0 }}>
                {t('bookings.overQuota')}
              </Tag>
            )}
          </Flex>
        </Flex>
        <Typography.Text style={{ fontSize: 20 }} data-testid="portal-booking-window">
          {t('supplierPortal.booking.window', { start: booking.window_start, end: booking.window_end })}
        </Typography.Text>
        <div style={{ background: '#fff', borderRadius: 8, padding: 8, textAlign: 'center' }}>
          <div style={{ width: 200, maxWidth: '100%', margin: '0 auto' }}>
            <QrSvg text={booking.code} label={t('bookings.slip.qr')} />
          </div>
          <div
            data-testid="booking-code"
            style={{
              color: '#000',
              fontSize: 30,
              fontWeight: 700,
              letterSpacing: '0.12em',
              fontFamily: 'monospace',
            }}
          >
            {booking.code}
          </div>
        </div>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('bookings.slip.hint')}
        </Typography.Text>
        <Line
          label={t('bookings.columns.vehicle')}
          value={booking.truck_license ?? t('supplierPortal.anyVehicle')}
        />
        <Line label={t('bookings.columns.product')} value={booking.product_name} />
        <Line label={t('bookings.columns.line')} value={booking.queue_type_name} />
        {onCancel && (
          <Button danger block onClick={onCancel} loading={cancelling} data-testid="portal-cancel">
            {t('supplierPortal.booking.cancel')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** A booking of the past week, one line: day, window, code, status. */
export function PortalPastBooking({ booking }: { booking: Booking }) {
  const dates = useDates();
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      wrap
      data-testid="portal-past-booking"
      style={{ padding: '8px 0' }}
    >
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong>
          {dayText(dates, booking.day)} · {booking.window_start}–{booking.window_end}
        </Typography.Text>
        <Typography.Text type="secondary">
          {booking.code} · {booking.truck_license ?? booking.product_name}
        </Typography.Text>
      </Flex>
      <BookingStatusTag status={booking.status} />
    </Flex>
  );
}
