import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../lib/api-client.ts';

/** Retry only what a retry can fix: a lost connection or a server hiccup, never a 4xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiRequestError(error)) return false;
  return error.code === 'NETWORK' || error.code === 'INTERNAL';
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
