import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '../../../lib/languages.ts';
import { useNow } from '../../../lib/use-now.ts';

/** th-TH writes the Buddhist year (พ.ศ.), as a Thai wall clock does. */
const LOCALE_TAG: Record<Language, string> = {
  th: 'th-TH',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  ru: 'ru-RU',
};

export function useDateFormats() {
  const { i18n } = useTranslation();
  const tag = LOCALE_TAG[toLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE];
  return useMemo(
    () => ({
      date: new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      time: new Intl.DateTimeFormat(tag, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      shortTime: new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    }),
    [tag],
  );
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
      <div className="tqd-clock-date">{formats.date.format(now)}</div>
    </div>
  );
}
