import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  API_DATE_FORMAT,
  datePattern,
  dateTimePattern,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatSiteDateTime,
  formatTicketTime,
} from './format.ts';

describe('formatDateTime', () => {
  it('shows day/month/year and a 24-hour clock, the year in the branch’s calendar', () => {
    expect(formatDateTime('2025-03-07T14:05:00', 'CE')).toBe('07/03/2025 14:05');
    expect(formatDateTime('2025-03-07T14:05:00', 'BE')).toBe('07/03/2568 14:05');
    expect(formatDate('2025-12-31T23:59:00', 'CE')).toBe('31/12/2025');
    expect(formatDate('2025-12-31T23:59:00', 'BE')).toBe('31/12/2568');
    expect(formatDate('2024-02-29', 'BE')).toBe('29/02/2567');
  });

  it('shows a dash for empty or invalid values', () => {
    for (const calendar of ['BE', 'CE'] as const) {
      expect(formatDateTime(null, calendar)).toBe('-');
      expect(formatDateTime(undefined, calendar)).toBe('-');
      expect(formatDateTime('', calendar)).toBe('-');
      expect(formatDateTime('not a date', calendar)).toBe('-');
    }
  });
});

describe('formatSiteDateTime', () => {
  it('shows day/month/year hh:mm on the plant’s clock', () => {
    expect(formatSiteDateTime('2025-03-07T07:05:00Z', 'Asia/Bangkok', 'CE')).toBe('07/03/2025 14:05');
    expect(formatSiteDateTime('2025-03-07T07:05:00Z', 'Asia/Bangkok', 'BE')).toBe('07/03/2568 14:05');
    // Past midnight in Bangkok while still the day before in UTC: a new year on the plant's clock.
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'Asia/Bangkok', 'CE')).toBe('01/01/2026 00:30');
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'Asia/Bangkok', 'BE')).toBe('01/01/2569 00:30');
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'UTC', 'CE')).toBe('31/12/2025 17:30');
  });

  it('shows a dash when there is no time', () => {
    expect(formatSiteDateTime(null, 'Asia/Bangkok', 'BE')).toBe('-');
    expect(formatSiteDateTime('', 'Asia/Bangkok', 'BE')).toBe('-');
    expect(formatSiteDateTime('not a time', 'Asia/Bangkok', 'BE')).toBe('-');
  });
});

describe('a date typed into a picker', () => {
  /** What antd's picker does with typed text: a strict parse with the field's format. */
  const typed = (text: string, pattern: string) => {
    const date = dayjs(text, pattern, true);
    return date.isValid() ? date.format(API_DATE_FORMAT) : null;
  };

  it('reads the BE year back to the Gregorian day sent to the API', () => {
    expect(typed('23/11/2569', datePattern('BE'))).toBe('2026-11-23');
    expect(typed('01/01/2570', datePattern('BE'))).toBe('2027-01-01');
    // A leap day is judged by the Gregorian year: 2567 BE is 2024, a leap year; 2569 BE is not.
    expect(typed('29/02/2567', datePattern('BE'))).toBe('2024-02-29');
    expect(typed('29/02/2569', datePattern('BE'))).toBeNull();
    expect(dayjs('23/11/2569 14:05', dateTimePattern('BE'), true).format('YYYY-MM-DD HH:mm')).toBe(
      '2026-11-23 14:05',
    );
  });

  it('reads the CE year as it is', () => {
    expect(typed('23/11/2026', datePattern('CE'))).toBe('2026-11-23');
    expect(typed('29/02/2024', datePattern('CE'))).toBe('2024-02-29');
  });

  it('refuses what is not a whole date', () => {
    for (const text of ['31/02/2569', '23/11/69', '23/11/', 'xx/11/2569', '23-11-2569', '23/11/2569x', '']) {
      expect(typed(text, datePattern('BE')), text).toBeNull();
    }
  });

  it('reads back every date it writes, in either calendar', () => {
    for (const calendar of ['BE', 'CE'] as const) {
      for (const day of ['2026-01-01', '2026-11-23', '2024-02-29', '2027-12-31']) {
        expect(typed(formatDate(day, calendar), datePattern(calendar))).toBe(day);
      }
    }
  });

  it('leaves other formats to dayjs as before', () => {
    expect(dayjs('2026-11-23', API_DATE_FORMAT, true).format('DD/MM/YYYY')).toBe('23/11/2026');
    expect(dayjs('2026-11-23T10:00:00').isValid()).toBe(true);
  });
});

describe('dates in words (tickets, clocks)', () => {
  it('prints the ticket’s time on the plant’s clock, month names in the reader’s language', () => {
    // 07:05 UTC is 14:05 in Bangkok.
    const at = '2025-03-07T07:05:00.000Z';
    expect(formatTicketTime(at, 'th', 'BE', 'Asia/Bangkok')).toBe('7 มี.ค. 2568 14:05');
    expect(formatTicketTime(at, 'th', 'CE', 'Asia/Bangkok')).toBe('7 มี.ค. 2025 14:05');
    // English with a BE branch: the plant's year, English month names.
    expect(formatTicketTime(at, 'en', 'BE', 'Asia/Bangkok')).toBe('7 Mar 2568, 14:05');
    expect(formatTicketTime(at, 'en', 'CE', 'Asia/Bangkok')).toBe('7 Mar 2025, 14:05');
    // Late evening UTC is already the next day at the plant.
    expect(formatTicketTime('2025-03-07T20:30:00.000Z', 'en', 'CE', 'Asia/Bangkok')).toBe(
      '8 Mar 2025, 03:30',
    );
    expect(formatTicketTime('not a date', 'th', 'BE', 'Asia/Bangkok')).toBe('-');
  });

  it('writes a clock’s date in full', () => {
    const at = new Date('2025-03-07T17:00:00.000Z');
    expect(formatLongDate(at, 'th', 'BE', 'Asia/Bangkok')).toBe('วันเสาร์ที่ 8 มีนาคม 2568');
    expect(formatLongDate(at, 'th', 'CE', 'Asia/Bangkok')).toBe('วันเสาร์ที่ 8 มีนาคม 2025');
    expect(formatLongDate(at, 'en', 'BE', 'Asia/Bangkok')).toBe('Saturday, 8 March 2568');
  });
});
