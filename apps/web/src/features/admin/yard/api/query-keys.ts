import type { QueryClient } from '@tanstack/react-query';
import { callingKeys } from '../../../calling/api/query-keys.ts';

/** Query keys of the Yard rules page; every key starts with 'yard'. */
export const yardKeys = {
  settings: ['yard', 'settings'] as const,
};

/**
 * A reason or the no-show rule changed: refetch the page's list and the calling dialogs' copy
 * (their reason lists and the no-show offer follow at once, not after their minute's cache).
 */
export async function afterYardChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: yardKeys.settings }),
    queryClient.invalidateQueries({ queryKey: callingKeys.yardRules }),
  ]);
}
