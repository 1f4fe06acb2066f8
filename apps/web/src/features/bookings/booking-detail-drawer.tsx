import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { SlipPrintout } from '../../components/slip-printout.tsx';
import { QrSvg } from '../../lib/barcode/qr-svg.tsx';
import { useDates, type Dates } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { readBranch } from '../../lib/session.ts';
import { BookingMarks, BookingStatusTag } from './booking-tags.tsx';

/** Who may come when, for the driver: plant, code (large, and as a QR), supplier, plate, product, line, day and window. */
function BookingSlip({ booking, dates }: { booking: Booking; dates: Dates }) {
  const { t } = useTranslation();
  const branch = readBranch();
  const row = (label: string, value: string) => (
    <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between', fontSize: 13 }}>
      <span>{label}</span>
      <strong style={{ textAlign: 'end' }}>{value}</strong>
    </div>
  );
  return (
    <div
      data-testid="booking-slip"
      style={{
        width: '72mm',
        maxWidth: '100%',
        margin: '0 auto',
        padding: 12,
        background: '#fff',
        color: '#000',
        fontFamily: 'inherit',
        textAlign: 'center',
      }}
    >
      <div style={{ fontWeight: 700 }}>{branch?.company_name || config.companyName}</div>
      {branch?.name && <div style={{ fontSize: 12 }}>{branch.name}</div>}
      <div style={{ marginTop: 6, fontSize: 13 }}>{t('bookings.slip.heading')}</div>
      <QrSvg text={booking.code} label={t('bookings.slip.qr')} className="tq-booking-qr" />
      <div
        data-testid="booking-code"
        style={{ fontSize: 30, fontWeight: 700, letterSpacing: '0.12em', fontFamily: 'monospace' }}
      >
        {booking.code}
      </div>
      <hr style={{ border: 0, borderTop: '1px dashed #000', margin: '8px 0' }} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2, textAlign: 'start' }}>
        {row(t('bookings.columns.day'), dates.date(booking.day))}
        {row(t('bookings.columns.window'), `${booking.window_start}–${booking.window_end}`)}
        {row(t('bookings.columns.line'), booking.queue_type_name)}
        {row(t('bookings.columns.product'), booking.product_name)}
        {row(t('bookings.columns.vehicle'), booking.truck_license ?? t('bookings.anyVehicle'))}
        {row(t('bookings.columns.supplier'), `${booking.supplier.code} ${booking.supplier.name}`)}
      </div>
      <div style={{ marginTop: 8, fontSize: 12 }}>{t('bookings.slip.hint')}</div>
    </div>
  );
}

/** A booking's details, its QR and code in large letters, and a button that prints its slip alone. */
export function BookingDetailDrawer({
  booking,
  onClose,
}: {
  booking: Booking | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const [printing, setPrinting] = useState(false);

  return (
    <Drawer
      open={booking !== undefined}
      onClose={onClose}
      title={booking ? t('bookings.detail.title', { code: booking.code }) : ''}
      size={420}
      afterOpenChange={(open) => !open && setPrinting(false)}
      extra={
        <Button
          type="primary"
          icon={<PrinterOutlined aria-hidden />}
          onClick={() => {
            flushSync(() => setPrinting(true));
            window.print();
          }}
        >
          {t('bookings.detail.print')}
        </Button>
      }
      data-testid="booking-detail"
    >
      {booking && (
        <Flex vertical gap={16}>
          <div style={{ border: '1px solid rgba(128,128,128,0.35)', borderRadius: 8, background: '#fff' }}>
            <BookingSlip booking={booking} dates={dates} />
          </div>
          <Flex gap={4} wrap>
            <BookingStatusTag status={booking.status} />
            <BookingMarks booking={booking} />
          </Flex>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'source',
                label: t('bookings.columns.source'),
                children: t(`bookings.sources.${booking.source}`),
              },
              {
                key: 'ticket',
                label: t('bookings.columns.ticket'),
                children: booking.queue ? (
                  <Typography.Text strong>{booking.queue.queue_number}</Typography.Text>
                ) : (
                  '–'
                ),
              },
              {
                key: 'checked',
                label: t('bookings.detail.checkedInAt'),
                children: booking.checked_in_at
                  ? dates.siteDateTime(booking.checked_in_at, config.siteTimeZone)
                  : '–',
              },
              {
                key: 'created',
                label: t('bookings.detail.created'),
                children: dates.siteDateTime(booking.created, config.siteTimeZone),
              },
              ...(booking.note
                ? [{ key: 'note', label: t('bookings.detail.note'), children: booking.note }]
                : []),
            ]}
          />
        </Flex>
      )}
      {printing && booking && (
        <SlipPrintout testId="booking-printout">
          <BookingSlip booking={booking} dates={dates} />
        </SlipPrintout>
      )}
    </Drawer>
  );
}
