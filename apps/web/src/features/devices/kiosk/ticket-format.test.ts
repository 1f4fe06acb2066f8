import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import {
  driverPageUrl,
  formatClock,
  formatTicketTime,
  PAGE_MARGIN_MM,
  QR_QUIET_ZONE,
  qrSymbol,
  ticketPageLengthMm,
} from './ticket-format.ts';

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

describe('the ticket', () => {
  it("points the QR code at the driver's page of the ticket", () => {
    const uuid = '0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a';
    expect(driverPageUrl('http://10.0.0.5:3000', uuid)).toBe(`http://10.0.0.5:3000/Queue/data/${uuid}`);
    expect(driverPageUrl('https://queue.example/', uuid)).toBe(`https://queue.example/Queue/data/${uuid}`);
    const url = driverPageUrl('http://192.168.1.20:3000', uuid);
    expect(decode(url)).toBe(url);
  });

  it('draws the QR code inside a quiet zone of 4 modules', () => {
    const symbol = qrSymbol('http://localhost/Queue/data/x');
    expect(symbol.size).toBe(symbol.modules + 2 * QR_QUIET_ZONE);
    const xs = [...symbol.path.matchAll(/M(\d+) (\d+)/g)].flatMap(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...xs)).toBe(QR_QUIET_ZONE);
    expect(Math.max(...xs)).toBe(QR_QUIET_ZONE + symbol.modules - 1);
  });

  it('prints the time in the site time zone, Thai with the Buddhist year', () => {
    // 07:05 UTC is 14:05 in Bangkok.
    const th = formatTicketTime('2025-03-07T07:05:00.000Z', 'th');
    expect(th).toContain('2568');
    expect(th).toContain('14:05');
    expect(th).toContain('มี.ค.');
    const en = formatTicketTime('2025-03-07T07:05:00.000Z', 'en');
    expect(en).toContain('2025');
    expect(en).toContain('14:05');
    // Late evening UTC is already the next day at the plant.
    expect(formatTicketTime('2025-03-07T20:30:00.000Z', 'en')).toMatch(/^8 Mar 2025,? 03:30$/);
    expect(formatTicketTime('not a date', 'th')).toBe('-');
  });

  it('shows the clock in site time', () => {
    const clock = formatClock(new Date('2025-03-07T17:00:00.000Z'), 'th');
    expect(clock.time).toBe('00:00');
    expect(clock.date).toContain('8');
    expect(clock.date).toContain('2568');
  });

  it('sizes the paper to the ticket, whatever the screen zoom', () => {
    const mmPx = 96 / 25.4;
    const natural = { width: 72 * mmPx, height: 100 * mmPx };
    const expected = 100 + PAGE_MARGIN_MM.top + PAGE_MARGIN_MM.bottom + 4;
    expect(ticketPageLengthMm(natural)).toBe(expected);
    expect(ticketPageLengthMm({ width: natural.width * 2.5, height: natural.height * 2.5 })).toBe(expected);
    expect(ticketPageLengthMm({ width: 0, height: 10 })).toBeNull();
  });
});
