import { useTranslation } from 'react-i18next';
import { CALENDARS, type Calendar } from '@truck-queue/shared/calendar';
import { formatDate } from '../../../../lib/format.ts';
import { usePlantToday } from '../../../auth/use-plant-today.ts';
import { SettingChoiceCard } from './setting-choice-card.tsx';

interface CalendarCardProps {
  /** The branch's calendar as saved; undefined while it loads. */
  calendar: Calendar | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (calendar: Calendar) => void;
}

/**
 * The year every date of the branch is written in (shared/calendar.ts): the Buddhist era, as
 * Thai documents use, or the Common era. Each choice shows today's date as it would read.
 */
export function CalendarCard({ calendar, saving, failure, onSave }: CalendarCardProps) {
  const { t } = useTranslation();
  const today = usePlantToday();
  return (
    <SettingChoiceCard
      name="calendar"
      title={t('yard.rules.calendar.title')}
      description={t('yard.rules.calendar.description')}
      saved={calendar}
      saving={saving}
      failure={failure}
      onSave={onSave}
      choices={CALENDARS.map((value) => ({
        value,
        label: t(`yard.rules.calendar.${value}`),
        sample: formatDate(today, value),
      }))}
    />
  );
}
