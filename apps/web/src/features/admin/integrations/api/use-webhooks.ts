import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  replayWebhook,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  webhookDeliveries,
} from '@truck-queue/shared/contracts/webhook.contract';
import type { WebhookDeliveryStatus } from '@truck-queue/shared/integrations/webhooks';
import { callApi } from '../../../../lib/api-client.ts';

const HOOKS = ['webhooks'] as const;

/** The branch's webhook endpoints (admins), with what waits and what failed. */
export function useWebhooks() {
  return useQuery({
    queryKey: HOOKS,
    queryFn: ({ signal }) => callApi(listWebhooks, {}, { signal }).then((r) => r.endpoints),
  });
}

/** Every change to an endpoint or its log refreshes the list and the logs. */
function useHookMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: HOOKS }) });
}

/** Makes an endpoint: the answer holds its signing secret, which the page shows once. */
export const useCreateWebhook = () =>
  useHookMutation((body: BodyOf<typeof createWebhook>) => callApi(createWebhook, body));
export const useUpdateWebhook = () =>
  useHookMutation((body: BodyOf<typeof updateWebhook>) =>
    callApi(updateWebhook, body).then((r) => r.endpoint),
  );
export const useRotateWebhookSecret = () =>
  useHookMutation((id: number) => callApi(rotateWebhookSecret, { id }).then((r) => r.secret));
export const useDeleteWebhook = () => useHookMutation((id: number) => callApi(deleteWebhook, { id }));
export const useReplayWebhook = () =>
  useHookMutation((body: BodyOf<typeof replayWebhook>) =>
    callApi(replayWebhook, body).then((r) => r.replayed),
  );
export const useTestWebhook = () => useHookMutation((id: number) => callApi(testWebhook, { id }));

/** An endpoint's deliveries, newest first, a page at a time; `status` narrows them. */
export function useWebhookDeliveries(id: number | null, status: WebhookDeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: [...HOOKS, 'deliveries', id, status],
    queryFn: ({ signal, pageParam }) =>
      callApi(
        webhookDeliveries,
        { id: id!, ...(status ? { status } : {}), ...(pageParam ? { before_id: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.more ? (last.deliveries.at(-1)?.id ?? null) : null),
    enabled: id !== null,
  });
}
