import type { QueryClient } from '@tanstack/react-query';
import { callingKeys } from '../../../calling/api/query-keys.ts';
import { accessQueryOptions } from '../../../auth/api/use-access.ts';
import { queueKeys } from '../../../../lib/query-keys.ts';

/** Query keys of the Yard rules page; every key starts with 'yard'. */
export const yardKeys = {
  settings: ['yard', 'settings'] as const,
};

/**
 * A reason, the no-show rule or the day start changed: refetch the page's list, the calling
 * dialogs' copy (their reason lists and the no-show offer follow at once, not after their
 * minute's cache) and the officer's branch (its day start makes every "today").
 */
export async function afterYardChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: yardKeys.settings }),
    queryClient.invalidateQueries({ queryKey: callingKeys.yardRules }),
    queryClient.invalidateQueries({ queryKey: accessQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  ]);
}
