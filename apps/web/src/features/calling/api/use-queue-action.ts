import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFLICT_REASONS, ERROR_CODES } from '@truck-queue/shared/contracts/api';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import { ApiRequestError, type ClientErrorCode } from '../../../lib/api-client.ts';
import { readBranch } from '../../../lib/session.ts';
import { emitAction, type StaffActionEvent } from '../../../lib/socket.ts';
import { accessQueryOptions } from '../../auth/api/use-access.ts';
import { invalidateQueueLists } from './query-keys.ts';

/**
 * What an officer asks of a queue: the spec's four calling actions (recheck and reject with the
 * reason from the branch's list) and the yard's moves: no-show, transfer to another queue type,
 * and the admin's void.
 */
export type QueueActionInput =
  | { action: 'call'; queueId: number; stationId: number; outOfOrder?: ReasonArg | undefined }
  | { action: 'recheck'; queueId: number; stationId: number; reason: ReasonArg }
  | { action: 'reject'; queueId: number; reason: ReasonArg }
  | { action: 'finish'; queueId: number }
  | { action: 'no_show'; queueId: number }
  | { action: 'transfer'; queueId: number; queueTypeId: number }
  | { action: 'void'; queueId: number; reason: ReasonArg };

export type QueueActionKind = QueueActionInput['action'];

const EVENT = {
  call: 'doCalling',
  recheck: 'doRecheck',
  reject: 'doReject',
  finish: 'doFinish',
  no_show: 'doNoShow',
  transfer: 'doTransfer',
  void: 'doVoid',
} as const satisfies Record<QueueActionKind, StaffActionEvent>;

/** The event's arguments after the branch, in the order socket-events.ts declares them. */
export function eventArgs(input: QueueActionInput): (number | ReasonArg)[] {
  switch (input.action) {
    case 'call':
      // Past the line's next truck where its rule asks why (issue 38): the reason, 4th.
      return input.outOfOrder
        ? [input.queueId, input.stationId, input.outOfOrder]
        : [input.queueId, input.stationId];
    case 'recheck':
      return [input.queueId, input.stationId, input.reason];
    case 'reject':
    case 'void':
      return [input.queueId, input.reason];
    case 'transfer':
      return [input.queueId, input.queueTypeId];
    case 'finish':
    case 'no_show':
      return [input.queueId];
  }
}

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
  const ack = await emitAction(EVENT[input.action], branch.id, ...eventArgs(input));
  if (ack.status === 0) throw ackError(ack);
}

/** doCalling, doRecheck, doReject, doFinish and the yard's moves; every outcome refetches the lists on screen. */
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
