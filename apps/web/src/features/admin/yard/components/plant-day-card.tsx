import { useState } from 'react';
import { Alert, Button, Card, Flex, TimePicker, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDayStart, plantDayOf } from '@truck-queue/shared/plant-day';
import { config } from '../../../../lib/config.ts';
import { useDates } from '../../../../lib/calendar-context.tsx';

interface PlantDayCardProps {
  /** The branch's day start as saved (minutes after midnight); undefined while it loads. */
  dayStart: number | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (dayStartMinutes: number) => void;
}

const asTime = (minutes: number): Dayjs => dayjs().startOf('day').add(minutes, 'minute');

/**
 * When the plant's working day starts: queue numbers restart then, and every "today" (lists,
 * reports, dashboard) runs from it to the next day's. A plant that works through the night
 * chooses, say, 06:00 so the night shift stays on one day.
 */
export function PlantDayCard({ dayStart, saving, failure, onSave }: PlantDayCardProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const [draft, setDraft] = useState<number | null>(null);
  const chosen = draft ?? dayStart ?? 0;
  const todayWithIt = plantDayOf(new Date(), config.siteTimeZone, chosen);

  return (
    <Card title={t('yard.rules.plantDay.title')} loading={dayStart === undefined} data-testid="plant-day">
      <Typography.Paragraph type="secondary">{t('yard.rules.plantDay.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        <label htmlFor="plant-day-start">
          <Typography.Text strong>{t('yard.rules.plantDay.startsAt')}</Typography.Text>
        </label>
        <TimePicker
          id="plant-day-start"
          format="HH:mm"
          minuteStep={5}
          allowClear={false}
          needConfirm={false}
          // The locale's "select a time" is cut in German and Russian at this width (issue 36).
          placeholder="--:--"
          value={asTime(chosen)}
          onChange={(value) => value && setDraft(value.hour() * 60 + value.minute())}
          style={{ width: 120 }}
        />
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={dayStart === undefined || chosen === dayStart}
          onClick={() => onSave(chosen)}
        >
          {t('common.save')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('yard.rules.plantDay.example', {
          start: formatDayStart(chosen),
          today: dates.date(todayWithIt),
        })}
      </Typography.Paragraph>
    </Card>
  );
}
