import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inOutTransaction } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { reportKeys, type InOutFilter } from './query-keys.ts';

/** The in/out report for the filter the officer last asked for; nothing until then. */
export function useInOutReport(filter: InOutFilter | null) {
  return useQuery({
    queryKey: reportKeys.inOut(filter),
    queryFn: ({ signal }) => callApi(inOutTransaction, filter!, { signal }),
    enabled: filter !== null,
    // A report shows the moment it was asked for: no silent refetch of up to 5,000 rows.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}
