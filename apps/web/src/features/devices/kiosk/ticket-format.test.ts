import { describe, expect, it } from 'vitest';
import { formatClock, formatTicketTime, PAGE_MARGIN_MM, ticketPageLengthMm } from './ticket-format.ts';

describe('the ticket', () => {
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
