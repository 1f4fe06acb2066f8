import type { ReactNode } from 'react';
import { Flex, Tag } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  isQueueState,
  STATE_TONE,
  type QueueState,
  type StateTone,
} from '@truck-queue/shared/queue/queue-machine';

/**
 * One colour per state, by its tone (packages/shared/src/queue/queue-machine.ts STATE_TONE), shared
 * by the calling page's queue buttons and legend, the reports' and the lab's tags, and the
 * station settings.
 */
const TONE_COLOR = {
  waiting: 'default',
  labReceived: 'blue',
  labTesting: 'geekblue',
  resultReady: 'green',
  resultHandedOut: 'lime',
  called: 'purple',
  recheck: 'orange',
  rejected: 'red',
  finished: 'default',
  noShow: 'volcano',
  voided: 'default',
} as const satisfies Record<StateTone, string>;

export const toneColor = (tone: StateTone) => TONE_COLOR[tone];
export const stateColor = (state: QueueState) => TONE_COLOR[STATE_TONE[state]];

/** The end states carry an icon too, so they read without colour. */
const TONE_ICON: Partial<Record<StateTone, ReactNode>> = {
  finished: <CheckCircleOutlined />,
  rejected: <CloseCircleOutlined />,
  noShow: <ExclamationCircleOutlined />,
  voided: <StopOutlined />,
};

/**
 * A queue state as the officers name it (the shared "queueState" labels), in its colour. A state
 * this client does not know (a newer server) shows as it came.
 */
export function QueueStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  if (!isQueueState(state)) return <Tag style={{ marginInlineEnd: 0 }}>{state}</Tag>;
  return (
    <Tag color={stateColor(state)} icon={TONE_ICON[STATE_TONE[state]]} style={{ marginInlineEnd: 0 }}>
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
