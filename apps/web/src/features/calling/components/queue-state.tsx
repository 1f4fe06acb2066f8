import type { ReactNode } from 'react';
import { Flex, Tag } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QueueState } from '@truck-queue/shared/queue/queue-machine';

/** One colour per state, shared by the queue buttons, the legend and the report's tags. */
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
  /** Ended without the gate: a cancelled no-show, a voided ticket. */
  NS: 'volcano',
  V: 'default',
} as const satisfies Record<QueueState, string>;

const STATE_ICON: Partial<Record<QueueState, ReactNode>> = {
  F: <CheckCircleOutlined />,
  RJ: <CloseCircleOutlined />,
  NS: <ExclamationCircleOutlined />,
  V: <StopOutlined />,
};

export function QueueStateTag({ state }: { state: QueueState }) {
  const { t } = useTranslation();
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
