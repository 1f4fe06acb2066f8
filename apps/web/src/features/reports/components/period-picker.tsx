import type { CSSProperties } from 'react';
import { DatePicker, Flex, Form, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { thisSeason } from '@truck-queue/shared/season';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import { useHarvestSeason } from '../../auth/use-harvest-season.ts';
import { addDays, lastDays, type Period } from '../period.ts';

export type DayRange = [dayjs.Dayjs | null, dayjs.Dayjs | null];

export interface PeriodPickerProps {
  /** id of the first input (the e2e tests and labels find it by this). */
  id: string;
  value: DayRange;
  onChange: (value: DayRange) => void;
  /** The plant's today, YYYY-MM-DD: the presets count back from it, and later days cannot be chosen. */
  today: string;
  /** Why the period cannot be sent, already translated. */
  error: string | null;
}

const toRange = (period: Period): [dayjs.Dayjs, dayjs.Dayjs] => [dayjs(period.start), dayjs(period.finish)];

const FIELD: CSSProperties = { flex: '1 1 150px', minWidth: 0, marginBottom: 0 };

/**
 * A report period, the same on the reports and the dashboard: one range picker with presets
 * (today, yesterday, 7 and 30 days, this month, this harvest season); on a phone, where the range
 * picker's two months do not fit, a start and an end date. Days after today cannot be chosen.
 */
export function PeriodPicker({ id, value, onChange, today, error }: PeriodPickerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const season = useHarvestSeason();
  const status = error ? 'error' : undefined;
  const future = (day: dayjs.Dayjs) => day.format(API_DATE_FORMAT) > today;

  if (screens.sm === false) {
    return (
      <Flex gap={12} wrap style={{ flex: '1 1 100%' }}>
        <Form.Item label={t('reports.period.start')} htmlFor={id} style={FIELD} validateStatus={status}>
          <DatePicker
            id={id}
            value={value[0]}
            onChange={(day) => onChange([day, value[1]])}
            disabledDate={future}
            allowClear={false}
            inputReadOnly
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          label={t('reports.period.finish')}
          htmlFor={`${id}-finish`}
          style={FIELD}
          validateStatus={status}
          help={error}
        >
          <DatePicker
            id={`${id}-finish`}
            value={value[1]}
            onChange={(day) => onChange([value[0], day])}
            disabledDate={future}
            allowClear={false}
            inputReadOnly
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
    );
  }

  const presets = [
    { label: t('reports.period.presets.today'), value: toRange(lastDays(today, 1)) },
    { label: t('reports.period.presets.yesterday'), value: toRange(lastDays(addDays(today, -1), 1)) },
    { label: t('reports.period.presets.last7'), value: toRange(lastDays(today, 7)) },
    { label: t('reports.period.presets.last30'), value: toRange(lastDays(today, 30)) },
    {
      label: t('reports.period.presets.thisMonth'),
      value: toRange({ start: `${today.slice(0, 8)}01`, finish: today }),
    },
    { label: t('reports.period.presets.thisSeason'), value: toRange(thisSeason(today, season)) },
  ];

  return (
    <Form.Item
      label={t('reports.period.range')}
      htmlFor={id}
      validateStatus={status}
      help={error}
      style={{ flex: '0 1 340px', minWidth: 0, marginBottom: 0 }}
    >
      <DatePicker.RangePicker
        id={{ start: id }}
        value={value}
        onChange={(range) => onChange(range ?? [null, null])}
        presets={presets}
        disabledDate={future}
        allowClear={false}
        // An end typed before the start stays where it was typed, and the error says so; antd
        // would otherwise swap the two dates without a word.
        order={false}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
