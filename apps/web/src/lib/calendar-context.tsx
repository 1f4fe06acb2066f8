import { createContext, use, useMemo, type ComponentProps, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { calendarForLanguage, DEFAULT_CALENDAR, type Calendar } from '@truck-queue/shared/calendar';
import {
  datePattern,
  formatDate,
  formatDateText,
  formatDateTime,
  formatSiteDateTime,
  yearPattern,
} from './format.ts';

/** null outside a branch's pages (the sign-in page): the default calendar, as the language writes it. */
const CalendarContext = createContext<Calendar | null>(null);

type AntdLocale = NonNullable<ComponentProps<typeof ConfigProvider>['locale']>;

/**
 * Ant Design's pickers in the calendar: the field shows and reads "23/11/2569" (BE) or
 * "23/11/2026" (CE), the panels' years follow, and the value a picker gives stays a Gregorian
 * dayjs (sent to the API as YYYY-MM-DD). Screens give their pickers no format of their own.
 */
export function withCalendar(locale: AntdLocale | undefined, calendar: Calendar): AntdLocale | undefined {
  const picker = locale?.DatePicker;
  if (!locale || !picker) return locale;
  const year = yearPattern(calendar);
  return {
    ...locale,
    DatePicker: {
      ...picker,
      lang: {
        ...picker.lang,
        fieldDateFormat: datePattern(calendar),
        fieldDateTimeFormat: `${datePattern(calendar)} HH:mm:ss`,
        fieldYearFormat: year,
        yearFormat: year,
        cellYearFormat: year,
      },
    },
  };
}

/**
 * The calendar of the branch whose pages these are: the officer's branch (the signed-in shell),
 * or the device's (a display's board, a kiosk), as the reader's language writes it: the Buddhist
 * era only in Thai unless the branch writes it in every language (`allLanguages`, issue 36).
 * Every date below it follows, pickers included.
 */
export function CalendarProvider({
  calendar: branchCalendar,
  allLanguages = false,
  children,
}: {
  calendar: Calendar;
  allLanguages?: boolean;
  children: ReactNode;
}) {
  const { locale } = use(ConfigProvider.ConfigContext);
  const { i18n } = useTranslation();
  const calendar = calendarForLanguage(branchCalendar, i18n.resolvedLanguage ?? i18n.language, allLanguages);
  const pickers = useMemo(() => withCalendar(locale, calendar), [locale, calendar]);
  return (
    <CalendarContext value={calendar}>
      <ConfigProvider locale={pickers}>{children}</ConfigProvider>
    </CalendarContext>
  );
}

export function useCalendar(): Calendar {
  const calendar = use(CalendarContext);
  const { i18n } = useTranslation();
  return calendar ?? calendarForLanguage(DEFAULT_CALENDAR, i18n.resolvedLanguage ?? i18n.language, false);
}

export interface Dates {
  calendar: Calendar;
  /** "23/11/2569" */
  date: (value: Parameters<typeof formatDate>[0]) => string;
  /** "23/11/2569 14:05" on this PC's clock. */
  dateTime: (value: Parameters<typeof formatDateTime>[0]) => string;
  /** "23/11/2569 14:05" on the plant's clock. */
  siteDateTime: (instant: string | null | undefined, timeZone: string) => string;
  /** In words, in the reader's language. */
  text: (at: Date, options: Intl.DateTimeFormatOptions) => string;
}

/** lib/format.ts's formatters bound to the branch's calendar and the reader's language. */
export function useDates(): Dates {
  const calendar = useCalendar();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      calendar,
      date: (value) => formatDate(value, calendar),
      dateTime: (value) => formatDateTime(value, calendar),
      siteDateTime: (instant, timeZone) => formatSiteDateTime(instant, timeZone, calendar),
      text: (at, options) => formatDateText(at, language, options, calendar),
    }),
    [calendar, language],
  );
}
