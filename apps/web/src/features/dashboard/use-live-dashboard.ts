import { useCallback, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useQueueChanges, useSocketConnected } from '../../lib/socket.ts';
import { dashboardKeys } from './api/use-period-dashboard.ts';
import { throttle } from './throttle.ts';

/** A busy plant changes queues several times a second; the dashboard refetches at most this often. */
export const LIVE_REFRESH_MS = 5_000;

/**
 * Keeps the dashboard live: every committed queue change in the branch (and every reconnect)
 * refetches the figures, throttled. Returns whether the real-time channel is up.
 */
export function useLiveDashboard(): boolean {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      throttle(() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), LIVE_REFRESH_MS),
    [queryClient],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  useQueueChanges(useCallback(() => refresh.call(), [refresh]));
  return useSocketConnected();
}
