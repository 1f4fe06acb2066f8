const siteClocks = new Map<string, Intl.DateTimeFormat>();

function siteClock(timeZone: string): Intl.DateTimeFormat {
  let clock = siteClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    siteClocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * An instant as day/month/year hh:mm on the plant's wall clock (SPEC.md section 9), whatever
 * the zone of the PC showing it; '-' when empty or not a time.
 */
export function formatSiteDateTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '-';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '-';
  const parts = siteClock(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Kilograms with the language's thousands separator and one decimal: 29962 -> '29,962.0'; null -> '-'. */
export function formatKgOneDecimal(kg: number | null | undefined, locale: string): string {
  if (kg === null || kg === undefined) return '-';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kg);
}
