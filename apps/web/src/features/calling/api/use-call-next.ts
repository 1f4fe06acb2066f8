import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { readBranch } from '../../../lib/session.ts';
import { emitAction } from '../../../lib/socket.ts';
import { ackError } from './use-queue-action.ts';
import { invalidateQueueLists } from './query-keys.ts';

/** The truck the server called: its number and where to. */
export interface CalledNext {
  queue_number: string;
  station_name: string;
}

/** doCallNext: the line's next truck (by its order rule) to the officer's first free call station. */
export async function callNext(queueTypeId: number): Promise<CalledNext> {
  const branch = readBranch();
  if (!branch) throw new ApiRequestError('UNAUTHENTICATED', 0, 'No branch stored for this session');
  const ack = await emitAction('doCallNext', branch.id, queueTypeId);
  if (ack.status === 0) throw ackError(ack);
  return { queue_number: ack.queue_number ?? '', station_name: ack.station_name ?? '' };
}

export function useCallNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callNext,
    onSettled: () => invalidateQueueLists(queryClient),
  });
}
