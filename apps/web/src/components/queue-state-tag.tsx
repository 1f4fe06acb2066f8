import type { ReactNode } from 'react';
import { Flex, Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isQueueState, type QueueState } from '@truck-queue/shared/queue/queue-machine';

/**
 * One colour per state, shared by the calling page's queue buttons and legend, the reports' and
 * the lab's tags, and the station settings.
 *
 * Keyed by state code: packages/shared/src/queue/ exports no per-state tone to derive it from
 * (its helpers tell meanings apart, not the nine states). When it does, this table maps tones
 * to colours instead, and queue-state-literals.test.ts drops its exception for this file.
 */
export const STATE_COLOR = {
  QS: 'default',
  LS: 'blue',
  L: 'geekblue',
  LF: 'green',
  LO: 'lime',
  C: 'purple',
  RC: 'orange',
  RJ: 'red',
  F: 'default',
} as const satisfies Record<QueueState, string>;

/** The two end states carry an icon too, so they read without colour. */
const STATE_ICON: Partial<Record<QueueState, ReactNode>> = {
  F: <CheckCircleOutlined />,
  RJ: <CloseCircleOutlined />,
};

/**
 * A queue state as the officers name it (the shared "queueState" labels), in its colour. A state
 * this client does not know (a newer server) shows as it came.
 */
export function QueueStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  if (!isQueueState(state)) return <Tag style={{ marginInlineEnd: 0 }}>{state}</Tag>;
  return (
    <Tag color={STATE_COLOR[state]} icon={STATE_ICON[state]} style={{ marginInlineEnd: 0 }}>
      {t(`queueState.${state}`)}
    </Tag>
  );
}

/** What the colours of a column's queue buttons mean. */
export function QueueStateLegend({ states }: { states: readonly QueueState[] }) {
  return (
    <Flex wrap gap={4} role="list">
      {states.map((state) => (
        <span role="listitem" key={state}>
          <QueueStateTag state={state} />
        </span>
      ))}
    </Flex>
  );
}
