import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendar } from '../../../lib/calendar-context.tsx';
import { formatLongDate, intlLocale } from '../../../lib/format.ts';
import { DEFAULT_LANGUAGE } from '../../../lib/languages.ts';
import { useNow } from '../../../lib/use-now.ts';

/**
 * The board's clocks in the screen's language: the date in words with the year in the branch's
 * calendar ("วันจันทร์ที่ 23 พฤศจิกายน 2569"), the times on a 24-hour clock.
 */
export function useDateFormats() {
  const { i18n } = useTranslation();
  const calendar = useCalendar();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(() => {
    const tag = intlLocale(language);
    return {
      date: { format: (at: Date) => formatLongDate(at, language, calendar) },
      time: new Intl.DateTimeFormat(tag, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      shortTime: new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
  }, [language, calendar]);
}

/** The board's wall clock: time large, the date under it. */
export function Clock() {
  const now = useNow(1000);
  const formats = useDateFormats();
  return (
    <div className="tqd-clock" data-testid="display-clock">
      <time className="tqd-clock-time" dateTime={now.toISOString()}>
        {formats.time.format(now)}
      </time>
      <div className="tqd-clock-date" data-testid="display-clock-date">
        {formats.date.format(now)}
      </div>
    </div>
  );
}
