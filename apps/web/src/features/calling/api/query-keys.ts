import type { QueryClient } from '@tanstack/react-query';
import { queueKeys } from '../../../lib/query-keys.ts';

/**
 * Query keys of the calling screens. The report by flow sits under `queueKeys.allLive`, so every
 * queue change refetches it; the cards do not: the server pushes them (use-cards.ts). The rest
 * starts with 'calling'.
 */
export const callingKeys = {
  cards: (days: 1 | 3) => ['calling', 'cards', days] as const,
  allCards: ['calling', 'cards'] as const,
  ticketOptions: ['calling', 'ticketOptions'] as const,
  flowEngine: (uuid: string) => ['calling', 'flowEngine', uuid] as const,
  flowReport: (uuid: string, date: string | undefined) =>
    queueKeys.live('calling', 'flowReport', uuid, date ?? 'today'),
  allFlowReports: queueKeys.live('calling', 'flowReport'),
  /** The branch's reasons, no-show rule and queue types for the action dialog's yard moves. */
  yardRules: ['calling', 'yardRules'] as const,
  /**
   * What the displays made of the called queues on screen (announcement proof), as of the list
   * they were taken from (`listUpdatedAt`: when that list was fetched). Not under the live keys:
   * a queue change refetches the list first, and the proof of the list's new called trucks
   * follows it (one request per change, not one for the old list and one for the new).
   */
  announcements: (queueIds: number[], listUpdatedAt: number) =>
    ['calling', 'announcements', [...queueIds].sort((a, b) => a - b).join(','), listUpdatedAt] as const,
  allAnnouncements: ['calling', 'announcements'] as const,
  /** The branch's kiosks' printers and their health (calling/printers). */
  printers: ['calling', 'printers'] as const,
};

/** A queue changed on this screen: refetch every list of queues on screen without waiting for the push. */
export function invalidateQueueLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callingKeys.allCards }),
    queryClient.invalidateQueries({ queryKey: callingKeys.allFlowReports }),
  ]).then(() => undefined);
}
