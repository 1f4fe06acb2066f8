import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkAccess } from '@truck-queue/shared/contracts/auth.contract';
import { callApi } from '../../../lib/api-client.ts';

/** The officer and the permissions their roles grant; behind the route guard and the side menu. */
export function getAccess(signal?: AbortSignal) {
  return callApi(checkAccess, {}, { signal });
}

export function accessQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'access'],
    queryFn: ({ signal }) => getAccess(signal),
  });
}

export function useAccess() {
  return useQuery(accessQueryOptions());
}
