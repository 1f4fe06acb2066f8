import type { ReactNode } from 'react';
import { Badge, Button, Card, Col, Empty, Flex, Row, Tag, Tooltip, Typography, theme } from 'antd';
import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CardQueue, ProcessCard as ProcessCardData } from '@truck-queue/shared/contracts/queue.contract';
import {
  allowedActions,
  FLOW_ENGINE,
  isCalledState,
  STATION_TYPE,
  staffActions,
  waitingStates,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';
import { QueueButton, type QueueMarks } from './queue-button.tsx';
import { className, holdText, loadAgeMinutes, nextQueueIds, stationTime, whyText } from '../line-order.ts';
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
  /** Beside the column's title: the card's Call next button. */
  action?: ReactNode;
  /** What the line's order rule says of each truck. */
  marksOf?: ((queue: CardQueue) => QueueMarks) | undefined;
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
  marksOf,
  action,
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
        {action && <span style={{ marginInlineStart: 'auto' }}>{action}</span>}
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
                marks={marksOf?.(queue)}
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
  /** Calls the line's next truck to a free station (doCallNext); absent: no such button. */
  onCallNext?: ((card: ProcessCardData) => void) | undefined;
  callingNext?: boolean | undefined;
  /** The officer points at or focuses this card: the Call next key (N) then calls its next. */
  onActivate?: ((cardId: number) => void) | undefined;
  /** This card is the one the N key calls for. */
  keyTarget?: boolean | undefined;
}

/** One queue type on Manage Calling: its waiting trucks and the trucks in process. */
export function ProcessCard({
  card,
  now,
  today,
  onOpen,
  proofOf,
  onCallNext,
  callingNext = false,
  onActivate,
  keyTarget = false,
}: ProcessCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lab = card.flow_engine_id === FLOW_ENGINE.lab;
  // "In process" holds the called trucks; every other open state waits.
  const waiting = card.queue_number.filter((q) => !isCalledState(q.queue_state));
  const inProcess = card.queue_number.filter((q) => isCalledState(q.queue_state));
  const open = (queue: CardQueue) => onOpen(card, queue);
  // The line's order (issue 38): a card without a rule marks only its next truck (first come, first served).
  const rule = card.order_rule;
  const next = nextQueueIds(card);
  const marksOf = (queue: CardQueue): QueueMarks => {
    const place = queue.line_place;
    const timing = stationTime(queue, card.usual_station_minutes, now);
    return {
      next: next.has(queue._id),
      why: whyText(t, rule, place),
      whyIsAge: place?.why.kind === 'stale',
      className: className(rule, queue.order_class),
      held: holdText(t, place),
      admitted: queue.admitted,
      stale: place?.stale ?? false,
      loadAgeMinutes: loadAgeMinutes(queue.cut_at, now),
      stationTime: timing && { ...timing, usual: card.usual_station_minutes },
    };
  };
  const canCallNext = card.station_permission.some((s) => s.type === STATION_TYPE.call);
  const callNext = onCallNext && canCallNext && (
    <Tooltip title={t('calling.callNext.keyHint')}>
      <Button
        type="primary"
        data-testid="call-next"
        icon={<NotificationOutlined />}
        loading={callingNext}
        disabled={next.size === 0}
        onClick={() => onCallNext(card)}
        aria-keyshortcuts="N"
      >
        {t('calling.callNext.button')}
        <kbd
          aria-hidden
          style={{
            marginInlineStart: 6,
            padding: '0 5px',
            fontSize: 11,
            lineHeight: '16px',
            border: '1px solid currentColor',
            borderRadius: 3,
            opacity: keyTarget ? 1 : 0.6,
          }}
        >
          N
        </kbd>
      </Button>
    </Tooltip>
  );

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
      data-card={card._id}
      onMouseEnter={() => onActivate?.(card._id)}
      onFocus={() => onActivate?.(card._id)}
      style={{ height: '100%', ...(keyTarget ? { borderColor: token.colorPrimaryBorder } : {}) }}
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
            marksOf={marksOf}
            action={callNext || undefined}
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
            marksOf={marksOf}
            below={proofOf}
          />
        </Col>
      </Row>
    </Card>
  );
}
