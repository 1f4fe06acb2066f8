import { useSocketConnected } from '../../lib/socket.ts';

/**
 * Whether the dashboard is live: while the real-time channel is up, the shell's queue subscriber
 * refetches the figures on every committed queue change (throttled: their key is under
 * `queueKeys.allThrottled`); while it is down, the figures poll.
 */
export function useLiveDashboard(): boolean {
  return useSocketConnected();
}
