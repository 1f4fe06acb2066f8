import type { ReactNode } from 'react';
import { Badge, Card, Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CardQueue, ProcessCard as ProcessCardData } from '@truck-queue/shared/contracts/queue.contract';
import {
  allowedActions,
  FLOW_ENGINE,
  isCalledState,
  staffActions,
  waitingStates,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';
import { QueueButton } from './queue-button.tsx';
import { QueueStateLegend } from './queue-state.tsx';

/** Whether a click on a queue in this state leads to an action (call, recheck, reject, finish). */
export function hasStaffActions(flowEngineId: number, state: QueueState): boolean {
  return staffActions(flowEngineId, state).length > 0;
}

/**
 * Lab flow: why a queue cannot be called yet, while it moves only through the lab (its sample
 * is to be taken, or its result is awaited); null once the lab has spoken, and in other flows.
 */
export function labWait(
  flowEngineId: number,
  state: QueueState,
): 'sampleNotCollected' | 'awaitingLab' | null {
  const actions = allowedActions(flowEngineId, state);
  if (actions.includes('accept')) return 'sampleNotCollected';
  if (actions.includes('complete')) return 'awaitingLab';
  return null;
}

interface ColumnProps {
  /** Which column this is, for the browser tests. */
  column: 'waiting' | 'inProcess';
  title: string;
  queues: CardQueue[];
  flowEngineId: number;
  emptyText: string;
  legend?: QueueState[];
  now: number;
  /** The plant day: a ticket of an earlier one shows its date. */
  today: string;
  onOpen: (queue: CardQueue) => void;
  /** Under a queue: what the displays made of its call (called trucks only). */
  below?: (queue: CardQueue) => ReactNode;
}

function QueueColumn({
  column,
  title,
  queues,
  flowEngineId,
  emptyText,
  legend,
  now,
  today,
  onOpen,
  below,
}: ColumnProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} style={{ height: '100%' }} data-column={column}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Badge
          count={queues.length}
          showZero
          color={queues.length ? token.colorPrimary : token.colorTextQuaternary}
        />
      </Flex>
      {legend && legend.length > 1 && <QueueStateLegend states={legend} />}
      {queues.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<Typography.Text type="secondary">{emptyText}</Typography.Text>}
          style={{ marginBlock: 12 }}
        />
      ) : (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(136px, 1fr))', gap: 8 }}
        >
          {queues.map((queue) => {
            const button = (
              <QueueButton
                key={queue._id}
                queue={queue}
                actionable={hasStaffActions(flowEngineId, queue.queue_state)}
                now={now}
                today={today}
                onClick={onOpen}
              />
            );
            const extra = below?.(queue);
            return extra ? (
              <Flex key={queue._id} vertical gap={4}>
                {button}
                {extra}
              </Flex>
            ) : (
              button
            );
          })}
        </div>
      )}
    </Flex>
  );
}

interface ProcessCardProps {
  card: ProcessCardData;
  now: number;
  today: string;
  onOpen: (card: ProcessCardData, queue: CardQueue) => void;
  /** Under each called queue: whether the displays announced it (announcement-proof.tsx). */
  proofOf?: (queue: CardQueue) => ReactNode;
}

/** One queue type on Manage Calling: its waiting trucks and the trucks in process. */
export function ProcessCard({ card, now, today, onOpen, proofOf }: ProcessCardProps) {
  const { t } = useTranslation();
  const lab = card.flow_engine_id === FLOW_ENGINE.lab;
  // "In process" holds the called trucks; every other open state waits.
  const waiting = card.queue_number.filter((q) => !isCalledState(q.queue_state));
  const inProcess = card.queue_number.filter((q) => isCalledState(q.queue_state));
  const open = (queue: CardQueue) => onOpen(card, queue);

  return (
    <Card
      title={
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Tag color="blue" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
            {card.prefix}
          </Tag>
          <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
            {card.queue_type_name}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Link to={`/System/reportQueue/${card.flow_engine_uuid}`}>
          {t('calling.viewAll')} <RightOutlined style={{ fontSize: 11 }} />
        </Link>
      }
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 16 } }}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={14}>
          <QueueColumn
            column="waiting"
            title={lab ? t('calling.columns.waitingLab') : t('calling.columns.waiting')}
            queues={waiting}
            flowEngineId={card.flow_engine_id}
            emptyText={t('calling.columns.waitingEmpty')}
            legend={lab ? waitingStates(card.flow_engine_id) : undefined}
            now={now}
            today={today}
            onOpen={open}
          />
        </Col>
        <Col xs={24} md={10}>
          <QueueColumn
            column="inProcess"
            title={t('calling.columns.inProcess')}
            queues={inProcess}
            flowEngineId={card.flow_engine_id}
            emptyText={t('calling.columns.inProcessEmpty')}
            now={now}
            today={today}
            onOpen={open}
            below={proofOf}
          />
        </Col>
      </Row>
    </Card>
  );
}
