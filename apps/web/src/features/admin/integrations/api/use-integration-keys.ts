import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  createIntegrationKey,
  integrationKeyCalls,
  listIntegrationKeys,
  revokeIntegrationKey,
} from '@truck-queue/shared/contracts/integration.contract';
import { callApi } from '../../../../lib/api-client.ts';

const KEYS = ['integrationKeys'] as const;

/** The branch's integration keys (admins). */
export function useIntegrationKeys() {
  return useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => callApi(listIntegrationKeys, {}, { signal }).then((r) => r.keys),
  });
}

/** Makes a key: the answer holds the key itself, which the page shows once. */
export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createIntegrationKey>) => callApi(createIntegrationKey, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(revokeIntegrationKey, { id }).then((r) => r.key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

/** A key's calls (its audit), newest first, a page at a time. */
export function useIntegrationKeyCalls(id: number | null) {
  return useInfiniteQuery({
    queryKey: [...KEYS, 'calls', id],
    queryFn: ({ signal, pageParam }) =>
      callApi(integrationKeyCalls, { id: id!, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.more ? (last.calls.at(-1)?.at ?? null) : null),
    enabled: id !== null,
  });
}
