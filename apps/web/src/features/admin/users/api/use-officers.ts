import { useQuery } from '@tanstack/react-query';
import { mainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { userKeys } from './query-keys.ts';

export function getOfficers(signal?: AbortSignal) {
  return callApi(mainOfficer, {}, { signal });
}

/** Manage users: the officers of the session's branch. */
export function useOfficers() {
  return useQuery({
    queryKey: userKeys.officers,
    queryFn: ({ signal }) => getOfficers(signal),
    select: (response) => response.officer,
  });
}
