import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { PLATE_SEPARATOR } from '@truck-queue/shared/plates';
import { PAPER_DOTS, type PaperWidth } from '@truck-queue/shared/printing/printer-status';
import { SLIP_TEXT, type SlipText } from '@truck-queue/shared/printing/slip-text';
import { paperLanguage, ticketText } from '@truck-queue/shared/printing/ticket-text';
import { deductionPercent } from '@truck-queue/shared/queue/slip';
import { formatKg } from '@truck-queue/shared/weight-format';
import { blockKit, renderBlocks, type Block, type BlockStyles } from './raster-blocks.ts';
import type { TextStyle } from './raster-text.ts';
import type { Raster } from './raster.ts';
import { ditheredPhoto } from './raster-photo.ts';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';

/**
 * The receiving slip (issue 20) as the thermal printer burns it at weigh-out, with the words and
 * figures of the driver's page (shared slip-text.ts, slip.view.ts): company and branch, the
 * truck, both weighings with their time and where each came from (a typed weight says so, with
 * why), gross, tare and net, the lab's values, each deduction, then the paid weight in a black
 * band; last, the QR of the driver's page, which shows the same slip and takes his dispute.
 */
export interface SlipRasterInput {
  heading: string;
  subheading: string | null;
  queue_number: string;
  queue_type_name: string;
  product_name: string;
  truck_license: string;
  ticket_code: string;
  /** Its weighings' times already written on the site's clock, as the driver's page has them. */
  slip: SlipWire;
  /** When it was printed, written the same way. */
  printed_at: string;
  /** The driver's page: what the QR holds. */
  follow_url: string;
  language: string;
  /** A plate camera's latest picture of the truck (issue 42) and when, on the site's clock; null: none kept. */
  photo: { jpeg: Buffer; at: string } | null;
}

interface SlipLayout extends BlockStyles {
  company: TextStyle;
  branch: TextStyle;
  small: TextStyle;
  strong: TextStyle;
  paid: TextStyle;
  qrShare: number;
}

const LAYOUTS: Record<PaperWidth, SlipLayout> = {
  80: {
    margin: 8,
    gap: 10,
    company: { size: 32, weight: 700 },
    branch: { size: 26, weight: 400 },
    heading: { size: 34, weight: 700 },
    label: { size: 24, weight: 400 },
    value: { size: 26, weight: 400 },
    strong: { size: 28, weight: 700 },
    small: { size: 21, weight: 400 },
    paid: { size: 36, weight: 700 },
    qrShare: 0.42,
  },
  58: {
    margin: 4,
    gap: 8,
    company: { size: 26, weight: 700 },
    branch: { size: 22, weight: 400 },
    heading: { size: 28, weight: 700 },
    label: { size: 20, weight: 400 },
    value: { size: 21, weight: 400 },
    strong: { size: 23, weight: 700 },
    small: { size: 18, weight: 400 },
    paid: { size: 25, weight: 700 },
    qrShare: 0.6,
  },
};

/** The slip's words in `language` ('th-TH' reads as 'th'); Thai otherwise. */
export const slipText = (language: string): SlipText => SLIP_TEXT[paperLanguage(language)];

/** Renders the slip for a roll of `paper` mm: PAPER_DOTS wide, as tall as its content. */
export async function renderSlip(input: SlipRasterInput, paper: PaperWidth): Promise<Raster> {
  const width = PAPER_DOTS[paper];
  const layout = LAYOUTS[paper];
  // The camera's picture, two thirds of the paper wide, dithered for the head.
  const photo = input.photo
    ? await ditheredPhoto(input.photo.jpeg, Math.round(((width - 2 * layout.margin) * PHOTO_SHARE) / 8) * 8)
    : null;
  return renderBlocks(width, () => slipBlocks(input, width, layout, photo));
}

/** How much of the paper's inner width the camera's picture takes. */
const PHOTO_SHARE = 0.66;

function slipBlocks(
  input: SlipRasterInput,
  width: number,
  layout: SlipLayout,
  photo: Canvas | null,
): Block[] {
  const words = slipText(input.language);
  const ticket = ticketText(input.language);
  const kit = blockKit(width, layout);
  const { space, paragraph, rule, row } = kit;
  const { slip } = input;
  const kg = (value: number) => `${formatKg(value, input.language)} ${words.kg}`;
  const small = (text: string) => ({ text, style: layout.small });
  const plates = input.truck_license.split(PLATE_SEPARATOR).map((plate, i) => (i > 0 ? `/ ${plate}` : plate));
  const weighing = (label: string, w: SlipWire['weigh_in']) =>
    row(label, [
      { text: kg(w.kg), style: layout.strong },
      small(w.at),
      small(
        w.source === 'manual'
          ? w.reason
            ? `${words.typed}: ${w.reason}`
            : words.typed
          : w.source === 'stored_tare'
            ? words.storedTare(slip.stored_tare_at ?? '')
            : w.scale
              ? words.scale(w.scale)
              : '',
      ),
    ]);
  // What the weighbridge warned of and the officer confirmed: in bold under the sums, never missed.
  const warnings = slip.weight_warnings.map((code) => paragraph(words.warnings[code], layout.strong));
  const amount = (label: string, value: string, strong = false) =>
    row(label, [strong ? { text: value, style: layout.strong } : value], {
      align: 'right',
      labelShare: 0.55,
      ...(strong ? { labelStyle: layout.strong } : {}),
    });
  const lab =
    slip.lab_values.length === 0
      ? []
      : [
          rule(),
          row(
            words.lab,
            slip.lab_values.map(
              (v) =>
                `${v.name} ${v.value.toFixed(v.decimals)}${v.unit ? ` ${v.unit}` : ''} (${v.passed ? words.passed : words.failed})`,
            ),
          ),
        ];
  const deductions = slip.deductions.map((d) =>
    amount(words.deduction(d.name, deductionPercent(d, input.language)), `−${kg(d.kg)}`),
  );
  return [
    space(layout.gap),
    paragraph(input.heading, layout.company),
    ...(input.subheading ? [paragraph(input.subheading, layout.branch)] : []),
    space(layout.gap),
    paragraph(words.title, layout.heading),
    space(layout.gap / 2),
    row(ticket.queueNumber, [{ text: input.queue_number, style: layout.paid }]),
    row(
      ticket.licence,
      plates.map((p) => ({ text: p, style: layout.strong })),
    ),
    row(ticket.product, [input.product_name]),
    row(ticket.queueType, [input.queue_type_name]),
    rule(),
    weighing(words.weighIn, slip.weigh_in),
    weighing(words.weighOut, slip.weigh_out),
    rule(),
    amount(words.gross, kg(slip.gross_kg)),
    amount(words.tare, kg(slip.tare_kg)),
    amount(words.net, kg(slip.net_kg), true),
    ...(warnings.length > 0 ? [space(layout.gap / 2), ...warnings] : []),
    ...lab,
    ...(deductions.length > 0 ? [rule(), ...deductions] : []),
    space(layout.gap),
    kit.band(`${words.paid} ${kg(slip.paid_kg)}`, layout.paid),
    ...(photo && input.photo
      ? [
          space(layout.gap * 2),
          paragraph(words.photo(input.photo.at), layout.small),
          space(layout.gap / 2),
          {
            height: photo.height,
            draw: (g: SKRSContext2D, top: number) =>
              g.drawImage(photo, Math.round((width - photo.width) / 2), top),
          },
        ]
      : []),
    space(layout.gap * 2),
    kit.qr(input.follow_url, layout.qrShare),
    paragraph(words.scan, layout.small),
    space(layout.gap),
    paragraph(`${words.printedAt} ${input.printed_at} · ${input.ticket_code}`, layout.small),
    space(layout.gap * 3),
  ];
}
