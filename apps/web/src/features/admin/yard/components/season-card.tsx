import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { isSeasonDay, thisSeason, type HarvestSeason } from '@truck-queue/shared/season';
import { useDates } from '../../../../lib/calendar-context.tsx';
import { usePlantToday } from '../../../auth/use-plant-today.ts';

interface SeasonCardProps {
  /** The branch's season as saved; undefined while it loads. */
  season: HarvestSeason | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (season: HarvestSeason) => void;
}

/** A season day ('MM-DD') in a year that is not a leap year, for the picker; only the day and month are read back. */
const asDate = (monthDay: string): Dayjs => dayjs(`2025-${monthDay}`);
const monthDayOf = (date: Dayjs) => date.format('MM-DD');
/** 29 February is in no season: a season's days exist every year. */
const notEveryYear = (date: Dayjs) => !isSeasonDay(monthDayOf(date));

/**
 * The harvest season: the dashboard's and the reports' "this season" runs from its first day to
 * today, or, between seasons, is the last season whole. A finish before the start runs over the
 * new year (1 November to 30 April, the Thai cassava harvest, by default).
 */
export function SeasonCard({ season, saving, failure, onSave }: SeasonCardProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const today = usePlantToday();
  const [draft, setDraft] = useState<HarvestSeason | null>(null);
  const chosen = draft ?? season;
  const now = chosen ? thisSeason(today, chosen) : null;
  const changed = !!season && !!chosen && (chosen.start !== season.start || chosen.finish !== season.finish);

  const picker = (id: string, label: string, end: keyof HarvestSeason) => (
    <Flex gap={8} align="center">
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <DatePicker
        id={id}
        format="D MMMM"
        allowClear={false}
        needConfirm={false}
        disabledDate={notEveryYear}
        value={chosen ? asDate(chosen[end]) : null}
        onChange={(value: Dayjs | null) =>
          value && chosen && setDraft({ ...chosen, [end]: monthDayOf(value) })
        }
        style={{ width: 170 }}
      />
    </Flex>
  );

  return (
    <Card title={t('yard.rules.season.title')} loading={season === undefined} data-testid="harvest-season">
      <Typography.Paragraph type="secondary">{t('yard.rules.season.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        {picker('season-start', t('yard.rules.season.start'), 'start')}
        {picker('season-finish', t('yard.rules.season.finish'), 'finish')}
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={!changed}
          onClick={() => chosen && onSave(chosen)}
        >
          {t('common.save')}
        </Button>
      </Flex>
      {now && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('yard.rules.season.example', { start: dates.date(now.start), finish: dates.date(now.finish) })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
