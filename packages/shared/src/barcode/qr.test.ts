import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrSymbol } from './qr.ts';

/** Paints the symbol as a browser would (scale px per module, quiet zone white) and reads it back. */
function decode(text: string, scale = 4): string | undefined {
  const symbol = qrSymbol(text);
  const side = symbol.size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  // Paint from the path's rectangles, so the test checks what the SVG draws.
  for (const [, x, y, w] of symbol.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++) {
        const i = (py * side + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe("the ticket's QR code", () => {
  it("holds the driver's page of the ticket", () => {
    const url = 'http://192.168.1.20:3000/Queue/data/0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a';
    expect(decode(url)).toBe(url);
  });

  it('draws the QR code inside a quiet zone of 4 modules', () => {
    const symbol = qrSymbol('http://localhost/Queue/data/x');
    expect(symbol.size).toBe(symbol.modules + 2 * QR_QUIET_ZONE);
    const xs = [...symbol.path.matchAll(/M(\d+) (\d+)/g)].flatMap(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...xs)).toBe(QR_QUIET_ZONE);
    expect(Math.max(...xs)).toBe(QR_QUIET_ZONE + symbol.modules - 1);
  });
});
