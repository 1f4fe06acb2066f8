import { config } from '../../../lib/config.ts';
import { toLanguage } from '../../../lib/languages.ts';

/** The plant's wall clock (SITE_TIMEZONE), whatever the kiosk PC's own zone is. */
export const SITE_TIME_ZONE = config.siteTimeZone;

/**
 * Thai dates use the Buddhist era, as a Thai reader expects on a printed slip; English puts
 * the day first, like the rest of the app (DD/MM/YYYY).
 */
function intlLocale(language: string): string {
  const lang = toLanguage(language) ?? 'th';
  if (lang === 'th') return 'th-TH';
  return lang === 'en' ? 'en-GB' : lang;
}

/** "7 มี.ค. 2568 14:05" (th) or "7 Mar 2025, 14:05" (en): when the ticket was issued, site time. */
export function formatTicketTime(instant: string, language: string, timeZone = SITE_TIME_ZONE): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** The header's clock: "14:05" and "วันศุกร์ที่ 7 มีนาคม 2568", site time. */
export function formatClock(now: Date, language: string, timeZone = SITE_TIME_ZONE) {
  const locale = intlLocale(language);
  return {
    time: new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now),
    date: new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full' }).format(now),
  };
}

export const TICKET_WIDTH_MM = 72;
/** @page margins around the ticket on 80 mm paper: top, sides, bottom. */
export const PAGE_MARGIN_MM = { top: 2, side: 4, bottom: 6 } as const;
const PX_PER_MM = 96 / 25.4;

/**
 * The length of paper the ticket needs, in whole millimetres. Measured on screen, where the
 * ticket may be zoomed: its width (always TICKET_WIDTH_MM at print size) gives the scale. A
 * thermal printer's roll has no fixed page length, and CSS has no "as long as the content",
 * so the page is sized to the ticket (plus a little slack for the print layout's rounding).
 */
export function ticketPageLengthMm(measured: { width: number; height: number }, slackMm = 4): number | null {
  if (!(measured.width > 0) || !(measured.height > 0)) return null;
  const scale = measured.width / (TICKET_WIDTH_MM * PX_PER_MM);
  const heightMm = measured.height / scale / PX_PER_MM;
  return Math.ceil(heightMm + PAGE_MARGIN_MM.top + PAGE_MARGIN_MM.bottom + slackMm);
}
