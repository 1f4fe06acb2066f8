import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessage } from '../../../lib/errors.ts';
import { useQueueAction, type QueueActionInput, type QueueActionKind } from '../api/use-queue-action.ts';

/** 'out_of_order': a call refused for want of an out-of-order reason (the caller asks for one). */
export type ActionOutcome = 'done' | 'stale' | 'failed' | 'out_of_order';

/**
 * Runs a queue action and tells the officer how it went: a short success message, a warning
 * when another officer moved the queue first (the lists refetch), or the translated error.
 * Never throws, so dialogs and confirm buttons can await it.
 */
export function useActionRunner() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mutation = useQueueAction();

  async function run(
    input: QueueActionInput,
    /** For the success message: the queue, and where it was sent (a station, or a queue type). */
    names: { queue: string; station?: string | undefined; queueType?: string | undefined },
  ): Promise<ActionOutcome> {
    try {
      await mutation.mutateAsync(input);
      void message.success(
        t(`calling.done.${input.action}`, {
          queue: names.queue,
          station: names.station,
          queueType: names.queueType,
        }),
      );
      return 'done';
    } catch (error) {
      const code = errorCodeOf(error);
      const reason = isApiRequestError(error) ? error.detail.reason : undefined;
      if (code === 'NOT_FOUND' || reason === 'WRONG_STATE' || reason === 'ALREADY_LEFT') {
        void message.warning(t('calling.failed.stale', { queue: names.queue }));
        return 'stale';
      }
      if (input.action === 'call' && reason === 'CALL_OUT_OF_ORDER' && !input.outOfOrder)
        return 'out_of_order';
      void message.error(
        code === 'FORBIDDEN' ? t('calling.failed.forbidden') : errorMessage(t, error),
        code === 'FORBIDDEN' ? 8 : undefined,
      );
      return 'failed';
    }
  }

  const pendingAction: QueueActionKind | null = mutation.isPending
    ? (mutation.variables?.action ?? null)
    : null;
  return { run, pendingAction, busy: mutation.isPending };
}
