import type { SKRSContext2D } from '@napi-rs/canvas';
import { encodeCode128B, QUIET_ZONE } from '@truck-queue/shared/barcode/code128';
import type { Calendar } from '@truck-queue/shared/calendar';
import { PLATE_SEPARATOR } from '@truck-queue/shared/plates';
import { PAPER_DOTS, type PaperWidth } from '@truck-queue/shared/printing/printer-status';
import {
  aheadLine,
  fillTicketText,
  formatTicketTime,
  ticketText,
} from '@truck-queue/shared/printing/ticket-text';
import { blockKit, renderBlocks, type Block } from './raster-blocks.ts';
import type { TextStyle } from './raster-text.ts';
import type { Raster } from './raster.ts';
import { ticketFont } from './ticket-fonts.ts';

export { ticketPng, type Raster } from './raster.ts';

/**
 * The queue ticket drawn once on the server as the 1-bit image a thermal printer burns, so Thai
 * vowels and tone marks come out right on any ESC/POS printer whatever its code pages, and a
 * network printer and a kiosk's USB printer print the same dots. Top to bottom, as the HTML
 * ticket (web features/ticket/printed-ticket.tsx), with the same words (shared ticket-text.ts):
 * company, branch, "บัตรคิว", the number as large as the paper allows, queue type, product,
 * licence, issue time, trucks ahead at issue, the QR of the driver's page (and, when the plant
 * has a LINE account, a smaller QR of its chat), the Code 128 of the ticket code and the code in
 * letters, and the keep-this-ticket line.
 */
export interface TicketRasterInput {
  /** The company (ticket-layout's heading). */
  heading: string;
  /** The branch under it, when the plant has more than one. */
  subheading: string | null;
  queue_number: string;
  queue_type_name: string;
  product_name: string;
  truck_license: string;
  issued_at: Date;
  /** Trucks queued before this one when it was issued; null when not recorded. */
  ahead_at_issue: number | null;
  /** The driver's page: what the QR holds. */
  follow_url: string;
  /**
   * The plant's LINE chat with the ticket's code typed (issue 21): a second, smaller QR under
   * the first, "ติดตามคิวทาง LINE". Absent or null: no LINE account, and the ticket as before.
   */
  line_chat_url?: string | null;
  ticket_code: string;
  language: string;
  calendar: Calendar;
  time_zone: string;
  /** A test print: a band across the top and bottom says so. */
  test?: boolean;
}

/** Sizes in dots for each paper (203 dpi: 8 dots a millimetre). */
interface PaperLayout {
  margin: number;
  company: TextStyle;
  branch: TextStyle;
  heading: TextStyle;
  label: TextStyle;
  value: TextStyle;
  small: TextStyle;
  code: TextStyle;
  /** The largest queue number font: digits about 23 mm tall on 80 mm paper. */
  numberMax: number;
  /** The QR's side, quiet zone included, as a share of the printable width. */
  qrShare: number;
  /** The LINE chat's QR: smaller, the driver's page stays the first thing to scan. */
  lineQrShare: number;
  barHeight: number;
  gap: number;
}

const LAYOUTS: Record<PaperWidth, PaperLayout> = {
  80: {
    margin: 8,
    company: { size: 34, weight: 700 },
    branch: { size: 28, weight: 400 },
    heading: { size: 30, weight: 700 },
    label: { size: 24, weight: 400 },
    value: { size: 28, weight: 700 },
    small: { size: 22, weight: 400 },
    code: { size: 28, weight: 700 },
    numberMax: 260,
    qrShare: 0.55,
    lineQrShare: 0.4,
    barHeight: 88,
    gap: 12,
  },
  58: {
    margin: 4,
    company: { size: 28, weight: 700 },
    branch: { size: 24, weight: 400 },
    heading: { size: 26, weight: 700 },
    label: { size: 20, weight: 400 },
    value: { size: 24, weight: 700 },
    small: { size: 20, weight: 400 },
    code: { size: 24, weight: 700 },
    numberMax: 200,
    qrShare: 0.7,
    lineQrShare: 0.55,
    barHeight: 72,
    gap: 10,
  },
};

/** The smallest Code 128 bar a thermal head and a scanner read reliably. */
const MIN_BAR_MODULE = 2;

/** Renders the ticket for a roll of `paper` mm: PAPER_DOTS wide, as tall as its content. */
export function renderTicket(input: TicketRasterInput, paper: PaperWidth): Promise<Raster> {
  const width = PAPER_DOTS[paper];
  return renderBlocks(width, () => ticketBlocks(input, width, LAYOUTS[paper]));
}

function ticketBlocks(input: TicketRasterInput, width: number, layout: PaperLayout): Block[] {
  const text = ticketText(input.language);
  const kit = blockKit(width, layout);
  const { space, paragraph, rule } = kit;
  const testBand = input.test ? [kit.band(text.testPrint), space(layout.gap)] : [];
  const ahead = aheadLine(text, input.ahead_at_issue);
  const plates = input.truck_license.split(PLATE_SEPARATOR).map((plate, i) => (i > 0 ? `/ ${plate}` : plate));
  return [
    ...testBand,
    space(layout.gap),
    paragraph(input.heading, layout.company),
    ...(input.subheading ? [paragraph(input.subheading, layout.branch)] : []),
    space(layout.gap),
    paragraph(text.heading, layout.heading),
    queueNumber(kit.context, input.queue_number, width, layout),
    rule(),
    kit.row(text.queueType, [input.queue_type_name]),
    kit.row(text.product, [input.product_name]),
    kit.row(text.licence, plates),
    kit.row(text.issuedAt, [
      formatTicketTime(input.issued_at, input.language, input.calendar, input.time_zone),
    ]),
    ...(ahead === null ? [] : [space(layout.gap), paragraph(ahead, layout.value)]),
    rule(),
    kit.qr(input.follow_url, layout.qrShare),
    paragraph(text.scan, layout.small),
    ...(input.line_chat_url
      ? [
          space(layout.gap * 2),
          kit.qr(input.line_chat_url, layout.lineQrShare),
          paragraph(text.lineFollow, layout.small),
        ]
      : []),
    space(layout.gap * 2),
    barcode(input.ticket_code, width, layout),
    space(layout.gap),
    paragraph(fillTicketText(text.code, { code: input.ticket_code }), layout.code),
    space(layout.gap),
    paragraph(text.keep, layout.small),
    space(layout.gap * 2),
    ...testBand.slice().reverse(),
  ];
}

/** The queue number as large as fits the paper (up to numberMax): read from arm's length. */
function queueNumber(context: SKRSContext2D, number: string, width: number, layout: PaperLayout): Block {
  const inner = width - 2 * layout.margin;
  context.font = ticketFont(100, 700);
  const at100 = context.measureText(number).width;
  const size = Math.max(40, Math.min(layout.numberMax, Math.floor((100 * inner) / Math.max(at100, 1))));
  context.font = ticketFont(size, 700);
  const metrics = context.measureText(number);
  const ascent = Math.ceil(metrics.actualBoundingBoxAscent);
  const descent = Math.ceil(metrics.actualBoundingBoxDescent);
  return {
    height: ascent + descent + 2 * layout.gap,
    draw: (g, top) => {
      g.font = ticketFont(size, 700);
      g.textBaseline = 'alphabetic';
      g.fillText(number, Math.round((width - metrics.width) / 2), top + layout.gap + ascent);
    },
  };
}

/** The Code 128 of the ticket code, centred, bars of whole dots, quiet zones kept white. */
function barcode(code: string, width: number, layout: PaperLayout): Block {
  const { widths, modules } = encodeCode128B(code);
  const total = modules + 2 * QUIET_ZONE;
  const module = Math.min(4, Math.floor(width / total));
  if (module < MIN_BAR_MODULE) throw new RangeError(`The ticket code ${code} is too long for the paper`);
  return {
    height: layout.barHeight,
    draw: (g, top) => {
      let x = Math.floor((width - modules * module) / 2);
      widths.forEach((bar, index) => {
        if (index % 2 === 0) g.fillRect(x, top, bar * module, layout.barHeight);
        x += bar * module;
      });
    },
  };
}
