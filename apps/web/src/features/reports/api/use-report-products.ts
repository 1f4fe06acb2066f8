import { useQuery } from '@tanstack/react-query';
import { reportProducts } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';

/** The branch's products for the in/out report's product filter, retired ones included. */
export function useReportProducts() {
  return useQuery({
    queryKey: reportKeys.products,
    queryFn: ({ signal }) => callApi(reportProducts, {}, { signal }),
    select: (data) => data.product,
    staleTime: 5 * 60_000,
  });
}
