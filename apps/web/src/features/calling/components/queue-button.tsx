import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import { formatDateTime } from '../../../lib/format.ts';
import { formatElapsed, secondsSince } from './elapsed.ts';
import { STATE_COLOR } from './queue-state.tsx';

interface QueueButtonProps {
  queue: CardQueue;
  /** Whether a click opens actions (otherwise it explains why the queue cannot be called yet). */
  actionable: boolean;
  now: number;
  onClick: (queue: CardQueue) => void;
}

/** A queue number on a card: number, waiting time and licence; the colour is its state. */
export function QueueButton({ queue, actionable, now, onClick }: QueueButtonProps) {
  const { t } = useTranslation();
  const color = STATE_COLOR[queue.queue_state];
  const neutral = color === 'default';
  const variant = actionable ? (neutral ? 'outlined' : 'solid') : neutral ? 'dashed' : 'filled';
  const waited = secondsSince(queue.created, now);
  const state = t(`queueState.${queue.queue_state}`);

  const details = (
    <Flex vertical gap={2}>
      <strong>
        {queue.queue_number} · {state}
      </strong>
      <span>
        {t('calling.detail.licence')}: {queue.truck_license}
      </span>
      <span>
        {t('calling.detail.product')}: {queue.product_name}
      </span>
      <span>
        {t('calling.detail.ticketTime')}: {formatDateTime(queue.created)}
      </span>
      <span>
        {t('calling.detail.waited')}: {formatElapsed(t, waited, 'long')}
      </span>
      {queue.station_name && (
        <span>
          {t('calling.detail.station')}: {queue.station_name}
        </span>
      )}
    </Flex>
  );

  return (
    <Tooltip title={details} mouseEnterDelay={0.4}>
      <Button
        color={color}
        variant={variant}
        onClick={() => onClick(queue)}
        aria-label={t('calling.queueButtonLabel', {
          queue: queue.queue_number,
          state,
          licence: queue.truck_license,
        })}
        style={{ height: 'auto', width: 136, padding: '6px 10px', display: 'block', textAlign: 'start' }}
      >
        <Flex justify="space-between" align="baseline" gap={6}>
          <span style={{ fontSize: 18, fontWeight: 700, lineHeight: 1.3 }}>{queue.queue_number}</span>
          <span style={{ fontSize: 12, opacity: 0.85, whiteSpace: 'nowrap' }}>
            {formatElapsed(t, waited, 'short')}
          </span>
        </Flex>
        <Typography.Text
          ellipsis
          style={{ display: 'block', fontSize: 13, color: 'inherit', lineHeight: 1.4 }}
        >
          {queue.truck_license}
        </Typography.Text>
      </Button>
    </Tooltip>
  );
}
