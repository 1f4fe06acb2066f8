import { formatInCalendar, type Calendar } from '../calendar.ts';

/**
 * The words printed on a queue ticket, in the six languages: one table for the HTML ticket
 * (the web merges it into i18next as `kiosk.ticket.*` and `ticket.code`) and for the thermal
 * raster the server draws (the server has no i18next). Paper and screen say the same because
 * they read the same strings. `{{n}}` and `{{code}}` are filled in as i18next would.
 */

export const TICKET_LANGUAGES = ['th', 'en', 'es', 'de', 'it', 'ru'] as const;
export type TicketLanguage = (typeof TICKET_LANGUAGES)[number];

export interface TicketText {
  heading: string;
  queueNumber: string;
  queueType: string;
  product: string;
  licence: string;
  issuedAt: string;
  /** Trucks queued before this one when it was issued; `{{n}}` is at least 1. */
  ahead: string;
  /** No truck was queued before this one. */
  aheadNone: string;
  scan: string;
  keep: string;
  /** The band across a test print, so nobody takes it for a ticket. */
  testPrint: string;
  /** The ticket code under its barcode: `{{code}}`. */
  code: string;
  /** Under the smaller QR that opens the plant's LINE chat (only when the plant has a LINE account). */
  lineFollow: string;
}

export const TICKET_TEXT: Record<TicketLanguage, TicketText> = {
  th: {
    heading: 'บัตรคิว',
    queueNumber: 'หมายเลขคิว',
    queueType: 'ประเภทคิว',
    product: 'สินค้า',
    licence: 'ทะเบียนรถ',
    issuedAt: 'เวลาออกบัตร',
    ahead: 'คิวก่อนหน้า {{n}} คัน',
    aheadNone: 'ไม่มีคิวก่อนหน้า',
    scan: 'สแกนเพื่อติดตามคิวของคุณ',
    keep: 'กรุณาเก็บบัตรนี้ไว้จนกว่ารถจะออกจากโรงงาน',
    testPrint: 'พิมพ์ทดสอบ',
    code: 'รหัสบัตร {{code}}',
    lineFollow: 'ติดตามคิวทาง LINE',
  },
  en: {
    heading: 'Queue ticket',
    queueNumber: 'Queue number',
    queueType: 'Queue type',
    product: 'Product',
    licence: 'Licence plate',
    issuedAt: 'Issued at',
    ahead: 'Trucks ahead of you: {{n}}',
    aheadNone: 'No trucks ahead of you',
    scan: 'Scan to follow your queue',
    keep: 'Keep this ticket until your truck leaves the plant',
    testPrint: 'TEST PRINT',
    code: 'Ticket code {{code}}',
    lineFollow: 'Follow your queue on LINE',
  },
  es: {
    heading: 'Ticket de turno',
    queueNumber: 'Número de turno',
    queueType: 'Tipo de cola',
    product: 'Producto',
    licence: 'Matrícula',
    issuedAt: 'Emitido',
    ahead: 'Camiones delante de usted: {{n}}',
    aheadNone: 'No hay camiones delante de usted',
    scan: 'Escanee para seguir su turno',
    keep: 'Conserve este ticket hasta que su camión salga de la planta',
    testPrint: 'IMPRESIÓN DE PRUEBA',
    code: 'Código del ticket {{code}}',
    lineFollow: 'Siga su turno en LINE',
  },
  de: {
    heading: 'Warteticket',
    queueNumber: 'Wartenummer',
    queueType: 'Warteschlange',
    product: 'Produkt',
    licence: 'Kennzeichen',
    issuedAt: 'Ausgestellt',
    ahead: 'Lkw vor Ihnen: {{n}}',
    aheadNone: 'Kein Lkw vor Ihnen',
    scan: 'Scannen, um Ihre Wartenummer zu verfolgen',
    keep: 'Bewahren Sie dieses Ticket auf, bis Ihr Lkw das Werk verlässt',
    testPrint: 'TESTDRUCK',
    code: 'Ticketcode {{code}}',
    lineFollow: 'Wartenummer in LINE verfolgen',
  },
  it: {
    heading: 'Biglietto di coda',
    queueNumber: 'Numero di coda',
    queueType: 'Tipo di coda',
    product: 'Prodotto',
    licence: 'Targa',
    issuedAt: 'Emesso',
    ahead: 'Camion davanti a te: {{n}}',
    aheadNone: 'Nessun camion davanti a te',
    scan: 'Scansiona per seguire la tua coda',
    keep: 'Conserva questo biglietto finché il tuo camion non lascia lo stabilimento',
    testPrint: 'STAMPA DI PROVA',
    code: 'Codice biglietto {{code}}',
    lineFollow: 'Segui la tua coda su LINE',
  },
  ru: {
    heading: 'Талон очереди',
    queueNumber: 'Номер в очереди',
    queueType: 'Тип очереди',
    product: 'Товар',
    licence: 'Госномер',
    issuedAt: 'Выдан',
    ahead: 'Машин перед вами: {{n}}',
    aheadNone: 'Перед вами нет машин',
    scan: 'Отсканируйте, чтобы следить за очередью',
    keep: 'Сохраните этот талон, пока ваш грузовик не покинет завод',
    testPrint: 'ПРОБНАЯ ПЕЧАТЬ',
    code: 'Код талона {{code}}',
    lineFollow: 'Следите за очередью в LINE',
  },
};

export function isTicketLanguage(value: unknown): value is TicketLanguage {
  return typeof value === 'string' && (TICKET_LANGUAGES as readonly string[]).includes(value);
}

/** The paper's language for `language` ('th-TH' reads as 'th'); Thai, the product default, otherwise. */
export function paperLanguage(language: string): TicketLanguage {
  const base = language.trim().toLowerCase().split(/[-_]/)[0];
  return isTicketLanguage(base) ? base : 'th';
}

/** The ticket's words in `language` (paperLanguage). */
export function ticketText(language: string): TicketText {
  return TICKET_TEXT[paperLanguage(language)];
}

/** Fills `{{name}}` as i18next does. */
export function fillTicketText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The trucks-ahead line; null when the ticket did not record it. */
export function aheadLine(text: TicketText, ahead: number | null): string | null {
  if (ahead === null) return null;
  return ahead > 0 ? fillTicketText(text.ahead, { n: ahead }) : text.aheadNone;
}

/** The Intl locale of each language: the language's own month names. */
const INTL_LOCALE: Record<TicketLanguage, string> = {
  th: 'th-TH',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  ru: 'ru-RU',
};

const TICKET_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * When a ticket was issued, on the plant's clock and in the branch's calendar: "7 มี.ค. 2568
 * 14:05" (th, BE), "7 Mar 2025, 14:05" (en, CE); '-' for an invalid date.
 */
export function formatTicketTime(at: Date, language: string, calendar: Calendar, timeZone: string): string {
  const locale = INTL_LOCALE[paperLanguage(language)];
  return formatInCalendar(at, locale, { ...TICKET_TIME, timeZone }, calendar);
}
