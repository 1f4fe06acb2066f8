import { useState } from 'react';
import { Alert, App, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Booking, BookingLine, BookingRules } from '@truck-queue/shared/contracts/booking.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { typedTextRule } from '../../lib/form-rules.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useCancelBooking, useReissueBooking } from './api/use-bookings.ts';
import { bookingRefusalOf, refusalField } from './booking-rules.ts';
import { SlotFields, type SlotValues } from './slot-fields.tsx';

/** Who, what and when a booking is, above a dialog that acts on it. */
function BookingSummary({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 16 }}
      items={[
        { key: 'code', label: t('bookings.columns.code'), children: booking.code },
        {
          key: 'supplier',
          label: t('bookings.columns.supplier'),
          children: `${booking.supplier.code} · ${booking.supplier.name}`,
        },
        {
          key: 'slot',
          label: t('bookings.columns.slot'),
          children: `${dates.date(booking.day)} ${booking.window_start}–${booking.window_end} · ${booking.queue_type_name}`,
        },
      ]}
    />
  );
}

/** Cancels a booking not yet checked in, with the office's reason. */
export function CancelBookingDialog({
  booking,
  onClose,
}: {
  booking: Booking | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelBooking();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <FormDialog<{ reason: string }>
      open={booking !== undefined}
      title={t('bookings.cancel.title')}
      form={form}
      initialValues={{ reason: '' }}
      okText={t('bookings.cancel.ok')}
      cancelText={t('common.close')}
      danger
      loading={cancel.isPending}
      onCancel={onClose}
      afterClose={() => {
        setFailure(null);
        cancel.reset();
      }}
      onFinish={({ reason }) => {
        if (!booking) return;
        setFailure(null);
        cancel.mutate(
          { booking_id: booking.id, reason: reason.trim() },
          {
            onSuccess: () => {
              void message.success(t('bookings.cancel.done', { code: booking.code }));
              onClose();
            },
            onError: (error) => setFailure(errorMessage(t, error)),
          },
        );
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {booking && <BookingSummary booking={booking} />}
      <Form.Item
        name="reason"
        label={t('bookings.cancel.reason')}
        rules={[
          { required: true, whitespace: true, message: t('bookings.cancel.reasonRequired') },
          typedTextRule(t),
        ]}
      >
        <Input.TextArea
          id="booking-cancel-reason"
          maxLength={200}
          autoSize={{ minRows: 2, maxRows: 4 }}
          showCount
        />
      </Form.Item>
    </FormDialog>
  );
}

/** Re-issues a lapsed booking to a new slot of its line (a new booking, marked a re-issue). */
export function ReissueBookingDialog({
  booking,
  line,
  rules,
  onClose,
  onMade,
}: {
  booking: Booking | undefined;
  line: BookingLine | undefined;
  rules: BookingRules | undefined;
  onClose: () => void;
  onMade: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SlotValues>();
  const reissue = useReissueBooking();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <FormDialog<SlotValues>
      open={booking !== undefined}
      title={t('bookings.reissue.title')}
      form={form}
      initialValues={{ day: undefined, window_start: undefined }}
      okText={t('bookings.reissue.ok')}
      loading={reissue.isPending}
      onCancel={onClose}
      width={560}
      afterClose={() => {
        setFailure(null);
        reissue.reset();
      }}
      onFinish={({ day, window_start }) => {
        if (!booking || !day || !window_start) return;
        setFailure(null);
        reissue.mutate(
          { booking_id: booking.id, day, window_start },
          {
            onSuccess: ({ booking: made }) => {
              void message.success(t('bookings.reissue.done', { code: made.code }));
              onMade(made);
            },
            onError: (error) => {
              const reason = bookingRefusalOf(error);
              const field = reason ? refusalField(reason, false) : null;
              const text = errorMessage(t, error);
              if (field === 'day' || field === 'window_start')
                form.setFields([{ name: field, errors: [text] }]);
              else setFailure(text);
            },
          },
        );
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {booking && <BookingSummary booking={booking} />}
      <SlotFields form={form} line={line} rules={rules} idPrefix="reissue" />
    </FormDialog>
  );
}
