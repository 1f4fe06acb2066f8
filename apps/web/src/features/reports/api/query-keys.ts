import type { BodyOf } from '@truck-queue/shared/contracts/api';
import type { inOutTransaction, summaryReport } from '@truck-queue/shared/contracts/report.contract';

export type InOutFilter = Required<BodyOf<typeof inOutTransaction>>;
export type SummaryQuery = Required<BodyOf<typeof summaryReport>>;

/** Query keys of the report screens; every key starts with 'reports'. */
export const reportKeys = {
  products: ['reports', 'products'] as const,
  inOut: (filter: InOutFilter | null) => ['reports', 'inOut', filter] as const,
  allSummaries: ['reports', 'summary'] as const,
  summary: (query: SummaryQuery) => ['reports', 'summary', query] as const,
};
