import type { SummarySortField } from '@truck-queue/shared/contracts/report.contract';

/** Pages of `total` rows, `pageSize` a page; at least one (an empty report still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type SortOrder = 'ascend' | 'descend';

export interface SummarySort {
  field: SummarySortField;
  order: SortOrder;
}

/** Tickets in the order they were issued, until the officer sorts by a column. */
export const DEFAULT_SUMMARY_SORT: SummarySort = { field: 'created', order: 'ascend' };

/**
 * The sort a header click asks for: antd's table cycles ascend, descend, none; "none" goes
 * back to the issue order.
 */
export function nextSort(
  field: SummarySortField | undefined,
  order: SortOrder | null | undefined,
): SummarySort {
  return field && order ? { field, order } : DEFAULT_SUMMARY_SORT;
}

/** The page that still shows the first row of `page` once the page size changes. */
export function pageKeepingFirstRow(page: number, pageSize: number, newPageSize: number): number {
  return Math.floor(((Math.max(1, page) - 1) * pageSize) / newPageSize) + 1;
}

/**
 * The page a typed number asks for, brought within 1 to `pages` ("0" is the first page, "30"
 * of 27 the last); null when nothing usable was typed.
 */
export function pageToJumpTo(typed: string | number | null | undefined, pages: number): number | null {
  const text = typeof typed === 'number' ? String(typed) : (typed ?? '').trim();
  if (text === '') return null;
  const wanted = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(wanted)) return null;
  return Math.min(Math.max(1, Math.round(wanted)), Math.max(1, pages));
}
