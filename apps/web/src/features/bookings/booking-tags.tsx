import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Booking, BookingStatus } from '@truck-queue/shared/contracts/booking.contract';

const STATUS_COLOR: Record<BookingStatus, string | undefined> = {
  booked: 'processing',
  checked_in: 'success',
  lapsed: 'warning',
  cancelled: undefined,
};

/** Where a booking stands, as a tag. */
export function BookingStatusTag({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="booking-status">
      {t(`bookings.statuses.${status}`)}
    </Tag>
  );
}

/** A re-issue's number and the over-quota warning, when the booking has them. */
export function BookingMarks({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <>
      {booking.reissue > 0 && (
        <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="booking-reissue">
          {t('bookings.reissued', { n: booking.reissue })}
        </Tag>
      )}
      {booking.over_quota && (
        <Tooltip title={booking.note ?? undefined}>
          <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="booking-over-quota-mark">
            {t('bookings.overQuota')}
          </Tag>
        </Tooltip>
      )}
    </>
  );
}
