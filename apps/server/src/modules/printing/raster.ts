import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * A 1-bit image as a thermal head prints it: `width` dots a line (a multiple of 8), `height`
 * lines, `bits` row after row, 8 dots a byte, the leftmost dot in the most significant bit,
 * 1 = black (burnt). The layout of ESC/POS raster images (GS v 0), so a job copies rows as they are.
 */
export interface Raster {
  width: number;
  height: number;
  bits: Uint8Array;
}

/** A canvas pixel darker than this (0-255 luminance) is printed black. */
const THRESHOLD = 128;

/**
 * The canvas area as 1-bit dots by a fixed threshold: text is solid black on white, so a plain
 * threshold keeps letters crisp where dithering would fray the edges of small Thai marks.
 */
export function toRaster(context: SKRSContext2D, width: number, height: number): Raster {
  if (width % 8 !== 0) throw new RangeError(`A raster is a whole number of bytes wide, not ${width} dots`);
  const { data } = context.getImageData(0, 0, width, height);
  const rowBytes = width / 8;
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Luminance over white: transparent counts as paper.
      const alpha = data[i + 3]! / 255;
      const luminance =
        255 - alpha * (255 - (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      if (luminance < THRESHOLD) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, bits };
}

/** Whether the dot at (x, y) is black. */
export function isBlack(raster: Raster, x: number, y: number): boolean {
  return (raster.bits[y * (raster.width / 8) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
}

/** The raster as a black-on-white PNG, dot for pixel: for docs, tests and looking at a ticket. */
export function ticketPng(raster: Raster): Buffer {
  const canvas = createCanvas(raster.width, raster.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(raster.width, raster.height);
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 4;
      const value = isBlack(raster, x, y) ? 0 : 255;
      image.data[i] = image.data[i + 1] = image.data[i + 2] = value;
      image.data[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return canvas.encodeSync('png');
}
