import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listDisputes, resolveDispute } from '@truck-queue/shared/contracts/dispute.contract';
import { callApi } from '../../../lib/api-client.ts';

const DISPUTES_KEY = ['admin', 'disputes'] as const;
/** Drivers file disputes from their phones: the list looks again this often while open. */
const REFRESH_MS = 30_000;

/** The branch's disputes of receiving slips, open ones first. */
export function useDisputes() {
  return useQuery({
    queryKey: DISPUTES_KEY,
    queryFn: ({ signal }) => callApi(listDisputes, {}, { signal }).then((r) => r.dispute),
    refetchInterval: REFRESH_MS,
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; resolution: string }) => callApi(resolveDispute, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
  });
}
