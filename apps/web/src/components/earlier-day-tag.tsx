import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useDates } from '../lib/calendar-context.tsx';

/**
 * The mark of a truck on a "today" list whose ticket is of an earlier plant day (it is still
 * inside since then): its day and month, with the full date on hover. Nothing for today's.
 */
export function EarlierDayTag({ day, today }: { day: string; today: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (day >= today) return null;
  const date = dayjs(day);
  return (
    <Tooltip title={t('plantDay.earlierTicket', { date: dates.date(date) })}>
      <Tag color="warning" data-testid="earlier-day" style={{ marginInlineStart: 6 }}>
        {date.format('DD/MM')}
      </Tag>
    </Tooltip>
  );
}
