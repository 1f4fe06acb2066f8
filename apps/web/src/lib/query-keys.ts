/**
 * The query keys of data that follows the queues. One subscriber (useQueueRefresh in
 * lib/queue-refresh.ts, mounted by the signed-in shell) invalidates them on every committed
 * queue change of the branch and after every reconnect, so no page subscribes to `refreshUI`
 * itself: a feature only builds its key under one of these roots.
 *
 * Data that must not follow every change keeps a key outside `queueKeys.all` (the in/out report
 * shows the moment it was asked for; a summary of past days is final).
 */
const ROOT = 'queue';

export const queueKeys = {
  /** Everything that follows the queues. */
  all: [ROOT] as const,
  /** Refetched at once on every change: today's lists of the counters, the calling cards and reports. */
  allLive: [ROOT, 'live'] as const,
  /** Refetched at most every THROTTLED_REFRESH_MS: heavy figures (the dashboard) a busy plant would refetch several times a second. */
  allThrottled: [ROOT, 'throttled'] as const,
  live: <const P extends readonly unknown[]>(...parts: P) => [ROOT, 'live', ...parts] as const,
  throttled: <const P extends readonly unknown[]>(...parts: P) => [ROOT, 'throttled', ...parts] as const,
};
