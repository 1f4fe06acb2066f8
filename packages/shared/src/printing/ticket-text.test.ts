import { describe, expect, it } from 'vitest';
import {
  aheadLine,
  fillTicketText,
  formatTicketTime,
  TICKET_LANGUAGES,
  TICKET_TEXT,
  ticketText,
} from './ticket-text.ts';

describe("the ticket's paper words", () => {
  it('are complete in every language, with the numbers they need', () => {
    const keys = Object.keys(TICKET_TEXT.th).sort();
    for (const language of TICKET_LANGUAGES) {
      const text = TICKET_TEXT[language];
      expect(Object.keys(text).sort(), language).toEqual(keys);
      for (const value of Object.values(text)) expect(value.trim(), language).not.toBe('');
      expect(text.ahead, language).toContain('{{n}}');
      expect(text.code, language).toContain('{{code}}');
    }
  });

  it('say how many trucks were ahead, and say so when none were', () => {
    expect(aheadLine(ticketText('th'), 7)).toBe('คิวก่อนหน้า 7 คัน');
    expect(aheadLine(ticketText('th'), 0)).toBe('ไม่มีคิวก่อนหน้า');
    expect(aheadLine(ticketText('en'), 1)).toBe('Trucks ahead of you: 1');
    expect(aheadLine(ticketText('en'), null)).toBeNull();
  });

  it('fall back to Thai for a language not offered, and read regional tags', () => {
    expect(ticketText('fr').heading).toBe('บัตรคิว');
    expect(ticketText('en-GB').heading).toBe('Queue ticket');
    expect(fillTicketText(TICKET_TEXT.th.code, { code: 'T-016JD' })).toBe('รหัสบัตร T-016JD');
  });

  it('write the issue time on the plant clock in the branch calendar', () => {
    const at = new Date('2025-03-07T07:05:00Z');
    expect(formatTicketTime(at, 'th', 'BE', 'Asia/Bangkok')).toBe('7 มี.ค. 2568 14:05');
    expect(formatTicketTime(at, 'en', 'CE', 'Asia/Bangkok')).toBe('7 Mar 2025, 14:05');
    expect(formatTicketTime(new Date('x'), 'th', 'BE', 'Asia/Bangkok')).toBe('-');
  });
});
