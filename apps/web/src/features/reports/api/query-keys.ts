import type { BodyOf } from '@truck-queue/shared/contracts/api';
import type {
  inOutTransaction,
  lineOrderReport,
  summaryReport,
  summaryTotals,
} from '@truck-queue/shared/contracts/report.contract';
import { queueKeys } from '../../../lib/query-keys.ts';

export type InOutFilter = Required<BodyOf<typeof inOutTransaction>>;
export type SummaryQuery = Required<BodyOf<typeof summaryReport>>;
export type LineOrderQuery = BodyOf<typeof lineOrderReport>;
export type SummaryTotalsQuery = Required<BodyOf<typeof summaryTotals>>;

/**
 * Query keys of the report screens. A summary whose period reaches today follows the trucks: its
 * key sits under `queueKeys.allLive`, so every queue change refetches it; a summary of past days
 * is final, and the in/out report shows the moment it was asked for: their keys start with
 * 'reports', out of the queue subscriber's reach.
 */
export const reportKeys = {
  products: ['reports', 'products'] as const,
  inOut: (filter: InOutFilter | null) => ['reports', 'inOut', filter] as const,
  summary: (query: SummaryQuery, live: boolean) =>
    live ? queueKeys.live('reports', 'summary', query) : (['reports', 'summary', query] as const),
  lineOrder: (query: LineOrderQuery, live: boolean) =>
    live ? queueKeys.live('reports', 'lineOrder', query) : (['reports', 'lineOrder', query] as const),
  summaryTotals: (query: SummaryTotalsQuery, live: boolean) =>
    live ? queueKeys.live('reports', 'summaryTotals', query) : (['reports', 'summaryTotals', query] as const),
};
