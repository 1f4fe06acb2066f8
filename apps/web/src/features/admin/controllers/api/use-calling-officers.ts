import { useQuery } from '@tanstack/react-query';
import { mainCalling } from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys } from './query-keys.ts';

export function getCallingOfficers(signal?: AbortSignal) {
  return callApi(mainCalling, {}, { signal });
}

/** Calling controller: every officer of the branch with the queue types and stations they handle. */
export function useCallingOfficers() {
  return useQuery({
    queryKey: controllerKeys.calling,
    queryFn: ({ signal }) => getCallingOfficers(signal),
    select: (response) => response.officer,
  });
}
