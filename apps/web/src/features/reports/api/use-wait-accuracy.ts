import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { waitAccuracy } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';

/**
 * How often the expected wait held over the last `days` plant days: today's figures move with
 * every issue and call, so they follow the queues, throttled as the dashboard's figures are.
 */
export function useWaitAccuracy(days: number) {
  return useQuery({
    queryKey: queueKeys.throttled('reports', 'waitAccuracy', days),
    queryFn: ({ signal }) => callApi(waitAccuracy, { days }, { signal }),
    placeholderData: keepPreviousData,
  });
}
