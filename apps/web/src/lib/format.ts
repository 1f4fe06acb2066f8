import dayjs from 'dayjs';

/** Report times show day/month/year and a 24-hour clock (SPEC.md section 9). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';
/** Dates sent to the server as filters. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '-';
}

/** '2025-03-07T14:05:00' -> '07/03/2025 14:05'; empty or invalid -> '-'. */
export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

export function currentYear(): number {
  return dayjs().year();
}
