import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { issueQueue } from '@truck-queue/shared/contracts/queue.contract';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateQueueLists } from './query-keys.ts';

export type IssueTicketInput = BodyOf<typeof issueQueue>;

export function issueTicket(body: IssueTicketInput) {
  return callApi(issueQueue, body);
}

/**
 * A key for one ticket request: a retry or a double click with the same key gets the same
 * ticket back. crypto.randomUUID needs a secure context (a plant's http://10.x address is not
 * one); getRandomValues does not.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = typeof crypto === 'undefined' ? undefined : crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  if (typeof cryptoApi?.getRandomValues === 'function') {
    const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export function useIssueTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueTicket,
    onSuccess: () => invalidateQueueLists(queryClient),
  });
}
