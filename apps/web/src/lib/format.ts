import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { calendarYear, formatInCalendar, numericDateTime, type Calendar } from '@truck-queue/shared/calendar';
import { wallClock } from '@truck-queue/shared/plant-day';
import { formatTicketTime as formatSharedTicketTime } from '@truck-queue/shared/printing/ticket-text';
import { buddhistEraParse } from './buddhist-era-parse.ts';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './languages.ts';

/**
 * Every date a person reads: day/month/year and a 24-hour clock (SPEC.md section 9), the year
 * in the branch's calendar (shared/calendar.ts: "23/11/2569" in BE, "23/11/2026" in CE).
 * Screens take the calendar from lib/calendar-context.tsx (useDates); only the year changes.
 */

// Installed once, in this order: BBBB is written (buddhistEra) and read (buddhistEraParse).
dayjs.extend(customParseFormat);
dayjs.extend(buddhistEra);
dayjs.extend(buddhistEraParse);

/** The dayjs year token of each calendar: BBBB is buddhistEra's BE year. */
const YEAR_TOKEN: Record<Calendar, string> = { BE: 'BBBB', CE: 'YYYY' };

/** 'DD/MM/BBBB' or 'DD/MM/YYYY': the date pickers' format and the tables' dates. */
export function datePattern(calendar: Calendar): string {
  return `DD/MM/${YEAR_TOKEN[calendar]}`;
}

/** The year alone ('BBBB' or 'YYYY'): the date pickers' year panels. */
export function yearPattern(calendar: Calendar): string {
  return YEAR_TOKEN[calendar];
}

export function dateTimePattern(calendar: Calendar): string {
  return `${datePattern(calendar)} HH:mm`;
}

/** Dates sent to the server as filters: always Gregorian. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '-';
}

/** '2025-03-07T14:05:00' -> '07/03/2568 14:05' (BE) or '07/03/2025 14:05' (CE); empty or invalid -> '-'. */
export function formatDateTime(value: DateInput, calendar: Calendar): string {
  return format(value, dateTimePattern(calendar));
}

/** '2025-03-07' -> '07/03/2568' (BE) or '07/03/2025' (CE). */
export function formatDate(value: DateInput, calendar: Calendar): string {
  return format(value, datePattern(calendar));
}

/**
 * An instant as day/month/year hh:mm on the plant's wall clock, whatever the zone of the PC
 * showing it (reports, a ticket's history); '-' when empty or not a time.
 */
export function formatSiteDateTime(
  instant: string | null | undefined,
  timeZone: string,
  calendar: Calendar,
): string {
  if (!instant) return '-';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '-';
  return numericDateTime(wallClock(date, timeZone), calendar);
}

/** The Intl locale of each language: the language's own month and weekday names. */
const INTL_LOCALE: Record<Language, string> = {
  th: 'th-TH',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  ru: 'ru-RU',
};

export function intlLocale(language: string | undefined): string {
  return INTL_LOCALE[toLanguage(language) ?? DEFAULT_LANGUAGE];
}

/**
 * A date in words: month and weekday names in the reader's language, the year in the branch's
 * calendar ("23 พ.ย. 2569 14:05", "23 Nov 2569, 14:05"). `options` as Intl's, by field.
 */
export function formatDateText(
  at: Date,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions,
  calendar: Calendar,
): string {
  return formatInCalendar(at, intlLocale(language), options, calendar);
}

/** This year in the calendar (the footer's copyright). */
export function currentYear(calendar: Calendar): number {
  return calendarYear(dayjs().year(), calendar);
}

/**
 * When a ticket was issued, on the plant's clock: "7 มี.ค. 2568 14:05" (th, BE), "7 Mar 2025,
 * 14:05" (en, CE). The same words as the thermal ticket the server draws (shared ticket-text.ts).
 */
export function formatTicketTime(instant: string, language: string, calendar: Calendar, timeZone: string) {
  return formatSharedTicketTime(new Date(instant), language, calendar, timeZone);
}

const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

/** A wall clock's date: "วันศุกร์ที่ 7 มีนาคม 2568", "Friday, 7 March 2568"; the PC's zone unless one is given. */
export function formatLongDate(at: Date, language: string, calendar: Calendar, timeZone?: string): string {
  return formatDateText(at, language, timeZone ? { ...LONG_DATE, timeZone } : LONG_DATE, calendar);
}
