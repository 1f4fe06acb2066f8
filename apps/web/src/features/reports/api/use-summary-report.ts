import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { summaryReport } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { reportKeys, type SummaryQuery } from './query-keys.ts';

/**
 * One page of the summary report, filtered and sorted on the server; `live` (the period reaches
 * today) refetches it on every queue change.
 */
export function useSummaryReport(query: SummaryQuery, live: boolean) {
  return useQuery({
    queryKey: reportKeys.summary(query, live),
    queryFn: ({ signal }) => callApi(summaryReport, query, { signal }),
    // The previous page stays on screen while the next one loads: no jump to an empty table.
    placeholderData: keepPreviousData,
  });
}
