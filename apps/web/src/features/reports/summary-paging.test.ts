import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUMMARY_SORT,
  nextSort,
  pageCount,
  pageKeepingFirstRow,
  pageToJumpTo,
} from './summary-paging.ts';

describe('pageCount', () => {
  it('rounds up and never drops below one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
  });
});

describe('pageKeepingFirstRow', () => {
  it('keeps the first row on screen when the page size changes', () => {
    // Page 3 of 10 starts at row 21: with 20 a page that is page 2 (rows 21-40).
    expect(pageKeepingFirstRow(3, 10, 20)).toBe(2);
    // Page 2 of 50 starts at row 51: with 10 a page that is page 6.
    expect(pageKeepingFirstRow(2, 50, 10)).toBe(6);
    expect(pageKeepingFirstRow(1, 10, 100)).toBe(1);
  });
});

describe('nextSort', () => {
  it('sorts by the clicked column, and back to the issue order when the sort is cleared', () => {
    expect(nextSort('total_time', 'descend')).toEqual({ field: 'total_time', order: 'descend' });
    expect(nextSort('total_time', null)).toEqual(DEFAULT_SUMMARY_SORT);
    expect(nextSort(undefined, 'ascend')).toEqual(DEFAULT_SUMMARY_SORT);
  });
});

describe('pageToJumpTo', () => {
  it('takes the typed page as it stands, within the pages there are', () => {
    expect(pageToJumpTo('5', 27)).toBe(5);
    expect(pageToJumpTo(5, 27)).toBe(5);
    expect(pageToJumpTo(' 12 ', 27)).toBe(12);
    expect(pageToJumpTo('30', 27)).toBe(27);
    expect(pageToJumpTo('0', 27)).toBe(1);
    expect(pageToJumpTo('-3', 27)).toBe(1);
    expect(pageToJumpTo('2.4', 27)).toBe(2);
  });

  it('asks for nothing when nothing usable was typed', () => {
    expect(pageToJumpTo('', 27)).toBeNull();
    expect(pageToJumpTo(null, 27)).toBeNull();
    expect(pageToJumpTo('abc', 27)).toBeNull();
  });
});
