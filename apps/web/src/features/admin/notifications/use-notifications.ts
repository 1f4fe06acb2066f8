import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationsOverview,
  saveNotifySettings,
  type NotifySettings,
} from '@truck-queue/shared/contracts/notification.contract';
import { callApi } from '../../../lib/api-client.ts';

const NOTIFICATIONS_KEY = ['admin', 'notifications'] as const;
/** Messages leave and fail in the background: the figures look again this often while open. */
const REFRESH_MS = 60_000;

/** The branch's privacy notice and retention periods, the messages per month, who follows, what failed. */
export function useNotificationsOverview() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => callApi(notificationsOverview, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotifySettings) => callApi(saveNotifySettings, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
