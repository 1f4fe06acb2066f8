import { create as createQr } from 'qrcode';

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
