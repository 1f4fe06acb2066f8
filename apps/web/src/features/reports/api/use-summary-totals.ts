import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { summaryTotals } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { reportKeys, type SummaryTotalsQuery } from './query-keys.ts';

/**
 * The summary's totals per day and product for its period and licence filter: asked once per
 * filter, not per page or sort; `live` (the period reaches today) follows every queue change.
 */
export function useSummaryTotals(query: SummaryTotalsQuery, live: boolean) {
  return useQuery({
    queryKey: reportKeys.summaryTotals(query, live),
    queryFn: ({ signal }) => callApi(summaryTotals, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
