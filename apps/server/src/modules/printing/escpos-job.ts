import type { Raster } from './raster.ts';

/**
 * The bytes that print a ticket raster on an ESC/POS printer (network or USB alike):
 *
 *   1B 40                       ESC @        initialise: forget any mode a previous job left
 *   1D 76 30 00 xL xH yL yH d…  GS v 0 m=0   a raster band: x = bytes a line, y = lines,
 *                                            then x*y bytes, rows top first, MSB the left dot
 *   … one GS v 0 per band of at most BAND_LINES lines, top to bottom …
 *   1B 64 04                    ESC d 4      feed 4 lines: the last lines clear the cutter
 *   1D 56 42 00                 GS V 66 0    feed to the cutter and cut, leaving a hinge
 *
 * Written here in some forty lines rather than through an encoder library: the raster is
 * already 1-bit in exactly GS v 0's layout, so a library would only add an image re-encoding
 * step and its own code-page and column settings we do not use (docs/devices-and-printing.md,
 * "The ticket as a thermal raster").
 */

/** Lines a band holds: small enough for the receive buffers of cheap printers. */
export const BAND_LINES = 256;
/** Lines fed after the image so its end has passed the cutter. */
export const FEED_LINES = 4;

export const ESC_INIT = Uint8Array.of(0x1b, 0x40);
export const PARTIAL_CUT = Uint8Array.of(0x1d, 0x56, 0x42, 0x00);

function rasterBand(raster: Raster, firstLine: number, lines: number): Uint8Array {
  const rowBytes = raster.width / 8;
  const header = Uint8Array.of(
    0x1d,
    0x76,
    0x30,
    0x00,
    rowBytes & 0xff,
    rowBytes >> 8,
    lines & 0xff,
    lines >> 8,
  );
  const band = new Uint8Array(header.length + rowBytes * lines);
  band.set(header);
  band.set(raster.bits.subarray(firstLine * rowBytes, (firstLine + lines) * rowBytes), header.length);
  return band;
}

/** The print job for one ticket: initialise, the raster in bands, feed, partial cut. */
export function ticketJob(raster: Raster): Uint8Array {
  if (raster.width % 8 !== 0 || raster.bits.length !== (raster.width / 8) * raster.height) {
    throw new RangeError('A raster is width/8 bytes a line, height lines');
  }
  const parts: Uint8Array[] = [ESC_INIT];
  for (let line = 0; line < raster.height; line += BAND_LINES) {
    parts.push(rasterBand(raster, line, Math.min(BAND_LINES, raster.height - line)));
  }
  parts.push(Uint8Array.of(0x1b, 0x64, FEED_LINES), PARTIAL_CUT);
  const job = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    job.set(part, at);
    at += part.length;
  }
  return job;
}
