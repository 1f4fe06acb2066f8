import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  InputNumber,
  Switch,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BOOKING_WINDOWS_MAX,
  CLOSED_DAYS_MAX,
  type BookingLine,
  type BookingLineInput,
  type BookingWindow,
} from '@truck-queue/shared/contracts/booking.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { useSavedMessage } from '../admin/catalog/components/use-catalog-feedback.ts';
import { useSaveBookingLine } from './api/use-bookings.ts';
import { bookableLoads, windowProblems, type WindowProblem } from '@truck-queue/shared/booking/windows';
import { lineRefusals, withClosedDay } from './booking-rules.ts';

type LineValues = Omit<BookingLineInput, 'id_branchQT'>;

/** A time field holds 'HH:MM'; its picker a dayjs. */
const timeProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, 'HH:mm') : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};

/**
 * One line's booking plan: whether it takes bookings, its day's capacity and the walk-ins'
 * share, its windows (each with its capacity and what that leaves to book), its closed days.
 * A refusal of the server lands on its field.
 */
export function BookingLineCard({ line, dayStartMinutes }: { line: BookingLine; dayStartMinutes: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [form] = Form.useForm<LineValues>();
  const save = useSaveBookingLine();
  const saved = useSavedMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const walkIn = Form.useWatch('walk_in_percent', form) ?? line.walk_in_percent;
  const windows = (Form.useWatch('windows', form) ?? line.windows) as Partial<BookingWindow>[];
  const id = `line-${line.id_branchQT}`;

  const submit = (values: LineValues) => {
    if (save.isPending) return;
    setFailure(null);
    save.mutate(
      {
        id_branchQT: line.id_branchQT,
        ...values,
        windows: values.windows ?? [],
        closed_days: values.closed_days ?? [],
      },
      {
        onSuccess: saved,
        onError: (error) => {
          const refusals = lineRefusals(error);
          if (refusals.length === 0 || refusals.some((r) => r.field === null)) {
            setFailure(errorMessage(t, error));
          }
          for (const refusal of refusals) {
            if (refusal.field === 'windows' && refusal.index !== undefined) {
              form.setFields([
                {
                  name: ['windows', refusal.index, 'start'],
                  errors: [t('bookings.plan.refused.window', { n: refusal.index + 1 })],
                },
              ]);
            } else if (refusal.field !== null) {
              form.setFields([
                { name: refusal.field, errors: [t(`bookings.plan.refused.${refusal.field}`)] },
              ]);
            }
          }
        },
      },
    );
  };

  // The shared rule the server refuses by, on the windows whose times are set (by their rows).
  const timed = windows.flatMap((w, index) =>
    w?.start && w.end ? [{ index, start: w.start, end: w.end }] : [],
  );
  const problems = new Map<number, WindowProblem>(
    windowProblems(timed, dayStartMinutes).map((p) => [timed[p.index]!.index, p.problem]),
  );

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{line.queue_type_name}</span>
          {line.enabled ? (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('bookings.plan.takesBookings')}
            </Tag>
          ) : (
            <Tag style={{ marginInlineEnd: 0 }}>{t('bookings.plan.noBookings')}</Tag>
          )}
        </Flex>
      }
      data-testid="booking-line"
      data-line={line.queue_type_name}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<LineValues>
        key={JSON.stringify(line)}
        // Named by the line: each card's fields have ids of their own.
        name={id}
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          enabled: line.enabled,
          day_capacity: line.day_capacity,
          walk_in_percent: line.walk_in_percent,
          windows: line.windows,
          closed_days: line.closed_days,
        }}
        onFinish={submit}
      >
        <Flex gap="0 24px" wrap align="flex-start">
          <Form.Item name="enabled" label={t('bookings.plan.enabled')} valuePropName="checked">
            <Switch aria-label={t('bookings.plan.enabled')} />
          </Form.Item>
          <Form.Item
            name="day_capacity"
            label={t('bookings.plan.dayCapacity')}
            extra={t('bookings.plan.dayCapacityHint')}
            rules={[{ required: true, message: t('bookings.plan.capacityRequired') }]}
            style={{ flex: '0 1 240px' }}
          >
            <InputNumber
              min={1}
              max={100_000}
              precision={0}
              suffix={t('bookings.units.loads')}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item
            name="walk_in_percent"
            label={t('bookings.plan.walkIn')}
            extra={t('bookings.plan.walkInHint')}
            rules={[{ required: true, message: t('bookings.plan.walkInRequired') }]}
            style={{ flex: '0 1 240px' }}
          >
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 120 }} />
          </Form.Item>
        </Flex>

        <Typography.Text strong>{t('bookings.plan.windows')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('bookings.plan.windowsHint')}
        </Typography.Paragraph>
        <Form.List name="windows">
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={0}>
              {fields.map((field, index) => {
                const window = windows[index];
                const bookable =
                  window?.capacity !== undefined && window.capacity !== null
                    ? bookableLoads(window.capacity, walkIn ?? 0)
                    : null;
                return (
                  <Flex key={field.key} gap={8} align="flex-start" wrap data-testid="booking-window">
                    <Form.Item
                      name={[field.name, 'start']}
                      {...timeProps}
                      rules={[
                        { required: true, message: t('bookings.plan.timeRequired') },
                        {
                          validator: () => {
                            const problem = problems.get(index);
                            return problem
                              ? Promise.reject(new Error(t(`bookings.plan.problems.${problem}`)))
                              : Promise.resolve();
                          },
                        },
                      ]}
                      style={{ marginBottom: 12, width: 160 }}
                    >
                      <TimePicker
                        id={`${id}-window-${index}-start`}
                        format="HH:mm"
                        minuteStep={5}
                        needConfirm={false}
                        placeholder="--:--"
                        aria-label={t('bookings.plan.windowStart', { n: index + 1 })}
                        prefix={<Typography.Text type="secondary">{t('bookings.plan.from')}</Typography.Text>}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'end']}
                      {...timeProps}
                      rules={[{ required: true, message: t('bookings.plan.timeRequired') }]}
                      style={{ marginBottom: 12, width: 160 }}
                    >
                      <TimePicker
                        id={`${id}-window-${index}-end`}
                        format="HH:mm"
                        minuteStep={5}
                        needConfirm={false}
                        placeholder="--:--"
                        aria-label={t('bookings.plan.windowEnd', { n: index + 1 })}
                        prefix={<Typography.Text type="secondary">{t('bookings.plan.to')}</Typography.Text>}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'capacity']}
                      rules={[{ required: true, message: t('bookings.plan.capacityRequired') }]}
                      style={{ marginBottom: 12 }}
                    >
                      <InputNumber
                        id={`${id}-window-${index}-capacity`}
                        min={1}
                        max={10_000}
                        precision={0}
                        aria-label={t('bookings.plan.windowCapacity', { n: index + 1 })}
                        suffix={t('bookings.units.loads')}
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                    <Typography.Text
                      type="secondary"
                      style={{ lineHeight: '32px', minWidth: 130 }}
                      data-testid="window-bookable"
                    >
                      {bookable === null ? '' : t('bookings.plan.bookable', { n: bookable })}
                    </Typography.Text>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('bookings.plan.removeWindow', { n: index + 1 })}
                      title={t('bookings.plan.removeWindow', { n: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                );
              })}
              <Form.ErrorList errors={errors} />
              <div>
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  disabled={fields.length >= BOOKING_WINDOWS_MAX}
                  onClick={() => add({ capacity: undefined })}
                  style={{ marginTop: 4, marginBottom: 16 }}
                >
                  {t('bookings.plan.addWindow')}
                </Button>
              </div>
            </Flex>
          )}
        </Form.List>

        <Form.Item
          name="closed_days"
          label={t('bookings.plan.closedDays')}
          extra={t('bookings.plan.closedDaysHint')}
        >
          <ClosedDays format={dates.date} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** Closed days as tags (each removable), and a picker in the branch's calendar to add one. */
function ClosedDays({
  id,
  value: days = [],
  format,
  onChange,
}: {
  /** The form item's: the picker's. */
  id?: string;
  value?: string[];
  format: (day: string) => string;
  onChange?: (days: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <DatePicker
        id={id}
        value={null}
        needConfirm={false}
        disabled={days.length >= CLOSED_DAYS_MAX}
        placeholder={t('bookings.plan.addClosedDay')}
        aria-label={t('bookings.plan.addClosedDay')}
        onChange={(value: Dayjs | null) =>
          value && onChange?.(withClosedDay(days, value.format(API_DATE_FORMAT)))
        }
        style={{ width: 200 }}
      />
      {days.length > 0 ? (
        <Flex wrap gap={4} data-testid="closed-days">
          {days.map((day) => (
            <Tag
              key={day}
              closable={{
                closeIcon: true,
                'aria-label': t('bookings.plan.removeClosedDay', { day: format(day) }),
              }}
              onClose={() => onChange?.(days.filter((d) => d !== day))}
              style={{ marginInlineEnd: 0 }}
            >
              {format(day)}
            </Tag>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('bookings.plan.noClosedDays')}</Typography.Text>
      )}
    </Flex>
  );
}
