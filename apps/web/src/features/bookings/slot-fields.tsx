import { Col, DatePicker, Form, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { BookingLine, BookingRules } from '@truck-queue/shared/contracts/booking.contract';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useBookingCalendar } from './api/use-bookings.ts';
import { dayBookable, leftIn, windowKey } from './booking-rules.ts';

/** The slot fields' values: a plant day ('YYYY-MM-DD') and a window's start. */
export interface SlotValues {
  day: string | undefined;
  window_start: string | undefined;
}

/** A day field holds 'YYYY-MM-DD'; its picker a dayjs. */
const dayProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(API_DATE_FORMAT) : undefined),
};

/**
 * A booking's slot: a day the line takes bookings (today to the rules' days ahead, not a closed
 * day), then one of its windows, each with the loads it may still book (a full one cannot be
 * chosen). Inside a form whose values hold `day` and `window_start`.
 */
export function SlotFields<V extends SlotValues>({
  form,
  line,
  rules,
  idPrefix,
}: {
  form: FormInstance<V>;
  line: BookingLine | undefined;
  rules: BookingRules | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const today = usePlantToday();
  const day = Form.useWatch('day', form) as string | undefined;
  const calendar = useBookingCalendar(line?.id_branchQT, day ?? '', 1);
  const loads = day && !calendar.isPlaceholderData ? (calendar.data?.days[0]?.windows ?? []) : [];
  const options = (line?.windows ?? []).map((window) => {
    const load = loads.find((l) => l.start === window.start);
    const left = load ? leftIn(load) : undefined;
    return {
      value: window.start,
      label:
        left === undefined
          ? windowKey(window)
          : t('bookings.make.windowLeft', { window: windowKey(window), n: left }),
      disabled: left === 0,
    };
  });

  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="day"
          label={t('bookings.columns.day')}
          {...dayProps}
          rules={[{ required: true, message: t('bookings.make.dayRequired') }]}
        >
          <DatePicker
            id={`${idPrefix}-day`}
            needConfirm={false}
            allowClear={false}
            disabled={!line}
            disabledDate={(value: Dayjs) =>
              !dayBookable(
                value.format(API_DATE_FORMAT),
                today,
                rules?.days_ahead ?? 0,
                line?.closed_days ?? [],
              )
            }
            // Another day: its windows are chosen afresh, without a word of the one left.
            onChange={() => form.setFields([{ name: 'window_start' as never, value: undefined, errors: [] }])}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="window_start"
          label={t('bookings.columns.window')}
          rules={[{ required: true, message: t('bookings.make.windowRequired') }]}
        >
          <Select<string>
            id={`${idPrefix}-window`}
            disabled={!line || !day}
            loading={calendar.isFetching}
            placeholder={day ? t('bookings.make.windowChoose') : t('bookings.make.windowPlaceholder')}
            options={options}
            notFoundContent={t('bookings.make.noWindows')}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
