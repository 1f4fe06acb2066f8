import { create as createQr } from 'qrcode';
import { config } from '../../../lib/config.ts';
import { toLanguage } from '../../../lib/languages.ts';

/** The plant's wall clock (SITE_TIMEZONE), whatever the kiosk PC's own zone is. */
export const SITE_TIME_ZONE = config.siteTimeZone;

/**
 * The driver's page for a ticket: what the ticket's QR code holds. `base` is PUBLIC_URL when
 * the server has one (the kiosk may reach the server by an address phones cannot), else the
 * kiosk's own origin.
 */
export function driverPageUrl(origin: string, uuid: string): string {
  return `${origin.replace(/\/+$/, '')}/Queue/data/${encodeURIComponent(uuid)}`;
}

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

/** Modules of quiet zone around the symbol (the QR standard asks for 4). */
export const QR_QUIET_ZONE = 4;

export interface QrSymbol {
  /** Modules per side, quiet zone included: the SVG's viewBox. */
  size: number;
  /** One SVG path of the dark modules, one unit per module. */
  path: string;
  /** Dark modules, row by row, without the quiet zone (for tests and other renderers). */
  dark: (row: number, col: number) => boolean;
  modules: number;
}

/** A QR code (error correction M: survives a smudge on thermal paper) as an SVG path. */
export function qrSymbol(text: string): QrSymbol {
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const dark = (row: number, col: number) => modules.data[row * n + col] === 1;
  let path = '';
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      // One rectangle per run of dark modules in the row keeps the path short.
      const start = col;
      while (col < n && dark(row, col)) col++;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return { size: n + 2 * QR_QUIET_ZONE, path, dark, modules: n };
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
