import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { qrSymbol } from '@truck-queue/shared/barcode/qr';
import { drawText, layoutText, type Align, type TextStyle } from './raster-text.ts';
import { toRaster, type Raster } from './raster.ts';
import { registerTicketFonts } from './ticket-fonts.ts';

/**
 * The pieces a printed paper (the queue ticket, the receiving slip) is stacked from, top to
 * bottom: each knows its height before anything is drawn, so the paper is exactly as tall as
 * its content. Sizes are in dots (203 dpi: 8 dots a millimetre).
 */
export interface Block {
  height: number;
  draw: (context: SKRSContext2D, top: number) => void;
}

/** What the shared pieces need of a paper's layout. */
export interface BlockStyles {
  /** White at the left and right edges. */
  margin: number;
  /** The space between pieces. */
  gap: number;
  /** A row's label and its value. */
  label: TextStyle;
  value: TextStyle;
  /** The words on a band. */
  heading: TextStyle;
}

/** A value of a row: its text, in the row's value style unless it brings its own. */
export type RowValue = string | { text: string; style: TextStyle };

/** The smallest QR module a thermal head and a phone camera read reliably. */
const MIN_QR_MODULE = 4;

/** The pieces for a paper `width` dots wide, measured with the ticket's fonts. */
export function blockKit(width: number, styles: BlockStyles) {
  registerTicketFonts();
  const context = createCanvas(width, 1).getContext('2d');
  const inner = width - 2 * styles.margin;
  const left = styles.margin;

  const space = (height: number): Block => ({ height, draw: () => {} });

  /** Text wrapped to the paper's inner width. */
  const paragraph = (value: string, style: TextStyle, align: Align = 'center'): Block => {
    const lines = layoutText(context, value, style, inner);
    return { height: lines.height, draw: (g, top) => drawText(g, lines, top, left, inner, align) };
  };

  /** A thin line across, with a gap above and below. */
  const rule = (thickness = 2): Block => ({
    height: thickness + 2 * styles.gap,
    draw: (g, top) => g.fillRect(left, top + styles.gap, inner, thickness),
  });

  /**
   * A label and its value side by side, each wrapping in its own column; several values stack
   * under each other. `labelShare` is the label column's share of the inner width.
   */
  const row = (
    label: string,
    values: readonly RowValue[],
    options: { labelStyle?: TextStyle; labelShare?: number; align?: Align } = {},
  ): Block => {
    const labelWidth = Math.round(inner * (options.labelShare ?? 0.36));
    const valueLeft = left + labelWidth + styles.gap;
    const valueWidth = inner - labelWidth - styles.gap;
    const labelLines = layoutText(context, label, options.labelStyle ?? styles.label, labelWidth);
    const valueLines = values.map((value) =>
      typeof value === 'string'
        ? layoutText(context, value, styles.value, valueWidth)
        : layoutText(context, value.text, value.style, valueWidth),
    );
    const valueHeight = valueLines.reduce((sum, lines) => sum + lines.height, 0);
    // The label's baseline sits on the value's first baseline.
    const labelShift = Math.max(0, valueLines[0]!.ascent - labelLines.ascent);
    return {
      height: Math.max(labelShift + labelLines.height, valueHeight) + Math.round(styles.gap / 2),
      draw: (g, top) => {
        drawText(g, labelLines, top + labelShift, left, labelWidth, 'left');
        let y = top;
        for (const lines of valueLines) {
          drawText(g, lines, y, valueLeft, valueWidth, options.align ?? 'left');
          y += lines.height;
        }
      },
    };
  };

  /** A QR code of `url`, centred, whole modules of at least MIN_QR_MODULE dots, `share` of the inner width. */
  const qr = (url: string, share: number): Block => {
    const symbol = qrSymbol(url);
    const module = Math.max(MIN_QR_MODULE, Math.floor((inner * share) / symbol.size));
    const side = symbol.size * module;
    if (side > width) throw new RangeError(`The QR of ${url} is too large for the paper`);
    const quiet = (symbol.size - symbol.modules) / 2;
    return {
      height: side,
      draw: (g, top) => {
        const x0 = Math.floor((width - side) / 2) + quiet * module;
        const y0 = top + quiet * module;
        for (let r = 0; r < symbol.modules; r++) {
          for (let c = 0; c < symbol.modules; c++) {
            if (symbol.dark(r, c)) g.fillRect(x0 + c * module, y0 + r * module, module, module);
          }
        }
      },
    };
  };

  /** A black band across the paper with the words in white (a test print; the paid weight). */
  const band = (words: string, style: TextStyle = styles.heading): Block => {
    const lines = layoutText(context, words, style, inner);
    const height = lines.height + 2 * styles.gap;
    return {
      height,
      draw: (g, top) => {
        g.fillRect(0, top, width, height);
        g.fillStyle = '#fff';
        drawText(g, lines, top + styles.gap, left, inner, 'center');
        g.fillStyle = '#000';
      },
    };
  };

  return { context, inner, space, paragraph, rule, row, qr, band };
}

/**
 * A paper `width` dots wide from the blocks `build` gives. A promise so callers do not change if
 * drawing moves off the event loop; today it takes a few milliseconds (docs/benchmarks.md).
 */
export function renderBlocks(width: number, build: () => Block[]): Promise<Raster> {
  try {
    return Promise.resolve(drawBlocks(width, build()));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The blocks drawn top to bottom on white: the 1-bit raster of a paper `width` dots wide. */
function drawBlocks(width: number, blocks: readonly Block[]): Raster {
  const height = blocks.reduce((sum, block) => sum + block.height, 0);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000';
  let top = 0;
  for (const block of blocks) {
    block.draw(context, top);
    top += block.height;
  }
  return toRaster(context, width, height);
}
