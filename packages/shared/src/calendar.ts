/**
 * The calendar a branch writes its dates in (the Yard rules page): the Buddhist era (BE, พ.ศ.,
 * the Gregorian year + 543), as Thai documents use, or the Common era (CE). Only the year a
 * person reads changes: days and months are the Gregorian ones in both (the Thai solar calendar
 * is the Gregorian one), and every date stored, sent or filtered on (YYYY-MM-DD, ISO instants)
 * stays Gregorian. Screens, tickets, slips, reports and exports all write the year through here.
 */

export const CALENDARS = ['BE', 'CE'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** Thai documents use the Buddhist era: a branch that has not chosen writes BE. */
export const DEFAULT_CALENDAR: Calendar = 'BE';

/**
 * The calendar a reader sees: the branch's in Thai; in any other language the Common era, as
 * its readers expect, unless the branch writes its calendar in every language (issue 36).
 */
export function calendarForLanguage(
  branchCalendar: Calendar,
  language: string,
  allLanguages: boolean,
): Calendar {
  return allLanguages || language.toLowerCase().startsWith('th') ? branchCalendar : 'CE';
}

/** BE year = CE year + 543 (2026 CE is 2569 BE). */
export const BUDDHIST_ERA_OFFSET = 543;

const YEAR_OFFSET: Record<Calendar, number> = { BE: BUDDHIST_ERA_OFFSET, CE: 0 };

export function isCalendar(value: unknown): value is Calendar {
  return (CALENDARS as readonly unknown[]).includes(value);
}

/** The year a reader of `calendar` sees for a Gregorian year: 2026 → 2569 (BE) or 2026 (CE). */
export function calendarYear(gregorianYear: number, calendar: Calendar): number {
  return gregorianYear + YEAR_OFFSET[calendar];
}

/** The Gregorian year of a year written in `calendar`: what a typed 2569 (BE) means, 2026. */
export function gregorianYear(year: number, calendar: Calendar): number {
  return year - YEAR_OFFSET[calendar];
}

/** A wall-clock date (and time), field by field, Gregorian: shared/plant-day.ts's wallClock gives one. */
export interface DateFields {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Day/month/year as SPEC.md section 9 writes dates: "23/11/2569" (BE) or "23/11/2026" (CE). */
export function numericDate(fields: DateFields, calendar: Calendar): string {
  return `${two(fields.day)}/${two(fields.month)}/${calendarYear(fields.year, calendar)}`;
}

/** Day/month/year and a 24-hour clock: "23/11/2569 14:05". */
export function numericDateTime(fields: DateFields, calendar: Calendar): string {
  return `${numericDate(fields, calendar)} ${two(fields.hour ?? 0)}:${two(fields.minute ?? 0)}`;
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per locale and options. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function gregorianFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, calendar: 'gregory' });
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date in words in the reader's language with the year in `calendar`: the language's own
 * month and weekday names ("23 พ.ย. 2569", "23 Nov 2569", "вторник, 24 ноября 2569 г."). Intl's
 * own Buddhist calendar is not used: outside Thai it adds an era ("2569 BE") and Thai with the
 * Gregorian one adds "ค.ศ." to long dates; here the year alone changes. `options` name fields
 * (day, month, year, weekday, hour, minute, timeZone), not a dateStyle.
 */
export function formatInCalendar(
  at: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  calendar: Calendar,
): string {
  if (Number.isNaN(at.getTime())) return '-';
  return gregorianFormatter(locale, options)
    .formatToParts(at)
    .map((part) => (part.type === 'year' ? String(calendarYear(Number(part.value), calendar)) : part.value))
    .join('');
}
