import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isQueueState, type QueueState } from '@truck-queue/shared/queue/queue-machine';

const STATE_COLOURS: Record<QueueState, string> = {
  QS: 'default',
  LS: 'processing',
  L: 'processing',
  LF: 'cyan',
  LO: 'cyan',
  C: 'gold',
  RC: 'orange',
  RJ: 'red',
  F: 'green',
  NS: 'volcano',
  V: 'default',
};

/** A queue state as the officers name it (the shared "queueState" labels), coloured by stage. */
export function QueueStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  if (!isQueueState(state)) return <Tag>{state}</Tag>;
  return (
    <Tag color={STATE_COLOURS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`queueState.${state}`)}
    </Tag>
  );
}
