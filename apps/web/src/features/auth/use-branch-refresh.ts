import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queueKeys } from '../../lib/query-keys.ts';
import { useBranchChanges } from '../../lib/socket.ts';
import { accessQueryOptions } from './api/use-access.ts';

/**
 * The branch's calendar or day start changed (an admin saved the Yard rules): fetch the
 * officer's branch again, so every date on screen takes the new calendar and every "today" the
 * new day start, at once, on every officer's screen of the branch.
 */
export function useBranchRefresh(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: accessQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  }, [queryClient]);
  useBranchChanges(refresh);
}
