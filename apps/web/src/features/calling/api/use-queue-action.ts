import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFLICT_REASONS, ERROR_CODES } from '@truck-queue/shared/contracts/api';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import type { StaffAction } from '@truck-queue/shared/queue/queue-machine';
import { ApiRequestError, type ClientErrorCode } from '../../../lib/api-client.ts';
import { readBranch } from '../../../lib/session.ts';
import { emitAction } from '../../../lib/socket.ts';
import { accessQueryOptions } from '../../auth/api/use-access.ts';
import { invalidateQueueLists } from './query-keys.ts';

export type QueueActionInput =
  | { action: 'call' | 'recheck'; queueId: number; stationId: number }
  | { action: 'reject' | 'finish'; queueId: number };

const EVENT = {
  call: 'doCalling',
  recheck: 'doRecheck',
  reject: 'doReject',
  finish: 'doFinish',
} as const satisfies Record<StaffAction, string>;

function clientCode(code: string): ClientErrorCode {
  return code === 'NETWORK' || (ERROR_CODES as readonly string[]).includes(code)
    ? (code as ClientErrorCode)
    : 'INTERNAL';
}

/** A refused action as the error the API client throws, so `errorMessage(t, error)` translates its code. */
export function ackError(ack: Extract<Ack, { status: 0 }>): ApiRequestError {
  const reason = CONFLICT_REASONS.find((r) => r === ack.reason);
  return new ApiRequestError(clientCode(ack.code), 0, ack.message, { reason, queueNumber: ack.queue_number });
}

/** Sends one action over the real-time channel and waits for the server's acknowledgement. */
export async function runQueueAction(input: QueueActionInput): Promise<void> {
  const branch = readBranch();
  if (!branch) throw new ApiRequestError('UNAUTHENTICATED', 0, 'No branch stored for this session');
  const ack =
    input.action === 'call' || input.action === 'recheck'
      ? await emitAction(EVENT[input.action], branch.id, input.queueId, input.stationId)
      : await emitAction(EVENT[input.action], branch.id, input.queueId);
  if (ack.status === 0) throw ackError(ack);
}

/** doCalling, doRecheck, doReject, doFinish; every outcome refetches the lists on screen. */
export function useQueueAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runQueueAction,
    onSettled: () => invalidateQueueLists(queryClient),
    onError: (error) => {
      // An ended session: the access check fails and the API client sends the officer to log in.
      if (error instanceof ApiRequestError && error.code === 'UNAUTHENTICATED') {
        void queryClient.invalidateQueries({ queryKey: accessQueryOptions().queryKey });
      }
    },
  });
}
