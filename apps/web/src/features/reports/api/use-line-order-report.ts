import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lineOrderReport } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { reportKeys, type LineOrderQuery } from './query-keys.ts';

/** Who went first over a period; `live` (the period reaches today) follows every queue change. */
export function useLineOrderReport(query: LineOrderQuery, live: boolean) {
  return useQuery({
    queryKey: reportKeys.lineOrder(query, live),
    queryFn: ({ signal }) => callApi(lineOrderReport, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
