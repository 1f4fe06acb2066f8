import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { lineRule, saveLineRule } from '@truck-queue/shared/contracts/order.contract';
import { callApi } from '../../../lib/api-client.ts';
import { afterCatalogChange, catalogKeys } from '../catalog/api/query-keys.ts';

const orderRuleKey = (branchQueueTypeId: number) => ['catalog', 'orderRule', branchQueueTypeId] as const;

/** A line's order rule and the products its classes may name; fresh at each opening. */
export function useOrderRule(branchQueueTypeId: number | null) {
  return useQuery({
    queryKey: orderRuleKey(branchQueueTypeId ?? 0),
    queryFn: ({ signal }) => callApi(lineRule, { id_branchQT: branchQueueTypeId! }, { signal }),
    enabled: branchQueueTypeId !== null,
    staleTime: 0,
  });
}

/** Saves a line's rule (null: first come, first served); the Define Queue list shows it at once. */
export function useSaveOrderRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveLineRule>) => callApi(saveLineRule, body),
    onSuccess: (_response, body) =>
      afterCatalogChange(queryClient, [catalogKeys.branchQueueTypes, orderRuleKey(body.id_branchQT)]),
  });
}
