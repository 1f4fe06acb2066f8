import { describe, expect, it } from 'vitest';
import {
  calendarForLanguage,
  calendarYear,
  DEFAULT_CALENDAR,
  formatInCalendar,
  gregorianYear,
  isCalendar,
  numericDate,
  numericDateTime,
} from './calendar.ts';
import { wallClock } from './plant-day.ts';

describe('the branch calendar', () => {
  it('writes the Buddhist year by default, as Thai documents do', () => {
    expect(DEFAULT_CALENDAR).toBe('BE');
    expect(calendarYear(2026, 'BE')).toBe(2569);
    expect(calendarYear(2026, 'CE')).toBe(2026);
  });

  it('reads a typed year back to the Gregorian one, whatever the calendar', () => {
    expect(gregorianYear(2569, 'BE')).toBe(2026);
    expect(gregorianYear(2026, 'CE')).toBe(2026);
    for (const year of [1999, 2024, 2026, 2100]) {
      expect(gregorianYear(calendarYear(year, 'BE'), 'BE')).toBe(year);
    }
  });

  it('knows only BE and CE', () => {
    expect(isCalendar('BE')).toBe(true);
    expect(isCalendar('CE')).toBe(true);
    for (const other of ['be', 'AD', 'buddhist', '', null, 543]) expect(isCalendar(other)).toBe(false);
  });

  it('writes day/month/year, only the year changing', () => {
    const fields = { year: 2026, month: 11, day: 3, hour: 7, minute: 5 };
    expect(numericDate(fields, 'BE')).toBe('03/11/2569');
    expect(numericDate(fields, 'CE')).toBe('03/11/2026');
    expect(numericDateTime(fields, 'BE')).toBe('03/11/2569 07:05');
    expect(numericDateTime(fields, 'CE')).toBe('03/11/2026 07:05');
    // A leap day keeps its day: 2024 CE is 2567 BE.
    expect(numericDate({ year: 2024, month: 2, day: 29 }, 'BE')).toBe('29/02/2567');
  });

  it('takes the plant’s wall clock, not UTC’s', () => {
    // 31 Dec 2026 18:30 UTC is already New Year's Day 2027 in Bangkok.
    const fields = wallClock(new Date('2026-12-31T18:30:00Z'), 'Asia/Bangkok');
    expect(numericDateTime(fields, 'BE')).toBe('01/01/2570 01:30');
    expect(numericDateTime(fields, 'CE')).toBe('01/01/2027 01:30');
  });

  it('writes dates in words in the reader’s language, the year in the branch’s calendar', () => {
    const at = new Date('2026-11-23T07:05:00Z');
    const short = {
      timeZone: 'Asia/Bangkok',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    } as const;
    expect(formatInCalendar(at, 'th-TH', short, 'BE')).toBe('23 พ.ย. 2569 14:05');
    expect(formatInCalendar(at, 'th-TH', short, 'CE')).toBe('23 พ.ย. 2026 14:05');
    // English with a BE branch: the plant chose the year, the reader's language the month name.
    expect(formatInCalendar(at, 'en-GB', short, 'BE')).toBe('23 Nov 2569, 14:05');
    expect(formatInCalendar(at, 'en-GB', short, 'CE')).toBe('23 Nov 2026, 14:05');
    const long = {
      timeZone: 'Asia/Bangkok',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    } as const;
    // No era words ("พ.ศ.", "ค.ศ.", "BE"): only the year.
    expect(formatInCalendar(at, 'th-TH', long, 'BE')).toBe('วันจันทร์ที่ 23 พฤศจิกายน 2569');
    expect(formatInCalendar(at, 'th-TH', long, 'CE')).toBe('วันจันทร์ที่ 23 พฤศจิกายน 2026');
    expect(formatInCalendar(at, 'en-GB', long, 'BE')).toBe('Monday, 23 November 2569');
    expect(formatInCalendar(at, 'de-DE', long, 'BE')).toBe('Montag, 23. November 2569');
    expect(formatInCalendar(new Date('nonsense'), 'th-TH', long, 'BE')).toBe('-');
  });
});

describe('the calendar a reader sees', () => {
  it('is the branch calendar in Thai and the Common era in other languages, unless the branch says every language', () => {
    expect(calendarForLanguage('BE', 'th', false)).toBe('BE');
    expect(calendarForLanguage('BE', 'en', false)).toBe('CE');
    expect(calendarForLanguage('BE', 'de', false)).toBe('CE');
    expect(calendarForLanguage('BE', 'en', true)).toBe('BE');
    expect(calendarForLanguage('CE', 'th', false)).toBe('CE');
  });
});
