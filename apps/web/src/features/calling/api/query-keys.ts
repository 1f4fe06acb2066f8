import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the calling screens; every key starts with 'calling'. */
export const callingKeys = {
  cards: (days: 1 | 3) => ['calling', 'cards', days] as const,
  allCards: ['calling', 'cards'] as const,
  ticketOptions: ['calling', 'ticketOptions'] as const,
  flowEngine: (uuid: string) => ['calling', 'flowEngine', uuid] as const,
  flowReport: (uuid: string, date: string | undefined) =>
    ['calling', 'flowReport', uuid, date ?? 'today'] as const,
  allFlowReports: ['calling', 'flowReport'] as const,
  /** The branch's reasons, no-show rule and queue types for the action dialog's yard moves. */
  yardRules: ['calling', 'yardRules'] as const,
};

/** A queue changed (here or on another officer's screen): refetch every list of queues on screen. */
export function invalidateQueueLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callingKeys.allCards }),
    queryClient.invalidateQueries({ queryKey: callingKeys.allFlowReports }),
  ]).then(() => undefined);
}
