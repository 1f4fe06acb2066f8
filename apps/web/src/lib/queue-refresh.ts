import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queueKeys } from './query-keys.ts';
import { onQueueChanges } from './socket.ts';
import { throttle } from './throttle.ts';

/** A busy plant changes queues several times a second; throttled queries refetch at most this often. */
export const THROTTLED_REFRESH_MS = 5_000;

/**
 * The one `refreshUI` subscriber of the signed-in shell: every committed queue change of the
 * branch (and every reconnect) refetches the queries under `queueKeys.allLive` at once and those
 * under `queueKeys.allThrottled` at most every THROTTLED_REFRESH_MS. Only the queries on screen
 * refetch; the others are marked stale and refetch when a page shows them again.
 */
export function useQueueRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const throttled = throttle(
      () => void queryClient.invalidateQueries({ queryKey: queueKeys.allThrottled }),
      THROTTLED_REFRESH_MS,
    );
    const unsubscribe = onQueueChanges(() => {
      void queryClient.invalidateQueries({ queryKey: queueKeys.allLive });
      throttled.call();
    });
    return () => {
      unsubscribe();
      throttled.cancel();
    };
  }, [queryClient]);
}
