import { describe, expect, it } from 'vitest';
import { PAGE_MARGIN_MM, ticketHeading, ticketPageLengthMm } from './ticket-layout.ts';

describe('the ticket', () => {
  it('sizes the paper to the ticket, whatever the screen zoom', () => {
    const mmPx = 96 / 25.4;
    const natural = { width: 72 * mmPx, height: 100 * mmPx };
    const expected = 100 + PAGE_MARGIN_MM.top + PAGE_MARGIN_MM.bottom + 4;
    expect(ticketPageLengthMm(natural)).toBe(expected);
    expect(ticketPageLengthMm({ width: natural.width * 2.5, height: natural.height * 2.5 })).toBe(expected);
    expect(ticketPageLengthMm({ width: 0, height: 10 })).toBeNull();
  });

  it('heads the ticket with the company, then the branch; the branch alone without a company', () => {
    expect(ticketHeading('บริษัท สยามแป้งมัน จำกัด', 'สาขานครราชสีมา')).toEqual({
      heading: 'บริษัท สยามแป้งมัน จำกัด',
      subheading: 'สาขานครราชสีมา',
    });
    expect(ticketHeading('  ', 'สาขานครราชสีมา')).toEqual({ heading: 'สาขานครราชสีมา', subheading: null });
    expect(ticketHeading('Siam Starch', 'Siam Starch')).toEqual({ heading: 'Siam Starch', subheading: null });
  });
});
