import { Button, Flex, Tooltip, Typography } from 'antd';
import { EnvironmentOutlined, HourglassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import { isCalledState, isQueueState, STATE_TONE } from '@truck-queue/shared/queue/queue-machine';
import dayjs from 'dayjs';
import { useDates } from '../../../lib/calendar-context.tsx';
import { numberWithPrevious, reasonText } from '../yard-actions.ts';
import { formatElapsed, secondsSince } from './elapsed.ts';
import { stateColor, toneColor } from '../../../components/queue-state-tag.tsx';
import { NotPrintedMark, notPrintedText } from '../../../components/printer-health.tsx';
import { labReading } from '../../../components/lab-values.tsx';
import { expectedWaitText } from '../../../components/expected-wait.ts';

/** The colour of the lab's proposal for a result out and not yet decided: recheck or reject; else none. */
export function proposalColor(
  queue: Pick<CardQueue, 'queue_state' | 'lab_outcome'>,
): ReturnType<typeof toneColor> | null {
  if (!isQueueState(queue.queue_state)) return null;
  const tone = STATE_TONE[queue.queue_state];
  if (tone !== 'resultReady' && tone !== 'resultHandedOut') return null;
  switch (queue.lab_outcome?.outcome) {
    case 'recheck':
      return toneColor('recheck');
    case 'reject':
      return toneColor('rejected');
    case 'pass':
    case undefined:
      return null;
  }
}

interface QueueButtonProps {
  queue: CardQueue;
  /** Whether a click opens actions (otherwise it explains why the queue cannot be called yet). */
  actionable: boolean;
  now: number;
  /** The plant day: a ticket of an earlier one shows its date first on the third line. */
  today: string;
  onClick: (queue: CardQueue) => void;
}

/**
 * A queue number on a card: number, waiting time and licence; the colour is its state. The
 * licence is never cut (it wraps onto a second line; the tooltip and the dialog show it too), and
 * a called truck shows the station it was called to. A last line names its old number after a
 * transfer, its recalls, and the reason it was sent to recheck. A waiting truck shows its
 * expected wait for the call (the driver's page's own estimate), when its type has a pace.
 */
export function QueueButton({ queue, actionable, now, today, onClick }: QueueButtonProps) {
  const { t } = useTranslation();
  const dates = useDates();
  // A result that calls for a recheck or a reject shows so before the officer decides (issue 36):
  // the card's colour is the lab's proposal, not the green of "result out".
  const color = proposalColor(queue) ?? stateColor(queue.queue_state);
  const neutral = color === 'default';
  const variant = actionable ? (neutral ? 'outlined' : 'solid') : neutral ? 'dashed' : 'filled';
  const waited = secondsSince(queue.created, now);
  const state = t(`queueState.${queue.queue_state}`);
  const previous =
    queue.previous_number && queue.previous_number !== queue.queue_number ? queue.previous_number : null;
  const called = isCalledState(queue.queue_state);
  const recalls = called && queue.recall_count > 0 ? queue.recall_count : null;
  const station = called ? queue.station_name : null;
  const wait = !called && queue.expected_wait ? expectedWaitText(t, queue.expected_wait, 'about') : null;
  const label = t('calling.queueButtonLabel', {
    queue: queue.queue_number,
    state,
    licence: queue.truck_license,
  });
  const reason = reasonText(queue.reason_name, queue.reason_note);
  // The lab's values, failing ones first and marked: what the caller decides pass, recheck or reject by.
  const lab =
    queue.lab_values.length > 0
      ? [...queue.lab_values]
          .sort((a, b) => Number(a.passed) - Number(b.passed))
          .map((v) => (v.passed ? labReading(v) : `✗ ${labReading(v)}`))
          .join(' · ')
      : null;
  // Its paper never came out: the driver may hold nothing, so the officer sees it before calling.
  const notPrinted = queue.print_state === 'failed' ? notPrintedText(t, queue.print_failure) : null;
  // The card's third line: the old number, the recalls and why it was sent back, as far as they apply.
  const earlierDay = queue.queue_date < today ? dayjs(queue.queue_date) : null;
  const extra = [
    earlierDay && t('plantDay.ofDay', { date: earlierDay.format('DD/MM') }),
    previous && t('yard.previous', { previous }),
    recalls && t('yard.recalls', { count: recalls }),
    queue.reason_name,
  ].filter(Boolean);

  const details = (
    <Flex vertical gap={2}>
      <strong>
        {numberWithPrevious(t, queue.queue_number, previous)} · {state}
      </strong>
      {notPrinted && <strong>{notPrinted}</strong>}
      <span>
        {t('calling.detail.licence')}: {queue.truck_license}
      </span>
      <span>
        {t('calling.detail.product')}: {queue.product_name}
      </span>
      <span>
        {t('calling.detail.ticketTime')}: {dates.dateTime(queue.created)}
      </span>
      {earlierDay && <span>{t('plantDay.earlierTicket', { date: dates.date(earlierDay) })}</span>}
      <span>
        {t('calling.detail.waited')}: {formatElapsed(t, waited, 'long')}
      </span>
      {wait && (
        <span>
          {t('expectedWait.label')}: {wait}
        </span>
      )}
      {queue.station_name && (
        <span>
          {t('calling.detail.station')}: {queue.station_name}
        </span>
      )}
      {recalls && (
        <span>
          {t('calling.detail.recalls')}: {recalls}
        </span>
      )}
      {reason && (
        <span>
          {t('calling.detail.reason')}: {reason}
        </span>
      )}
      {lab && (
        <span>
          {t('labValues.title')}: {lab}
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
        // Numbers restart every plant day: a truck of yesterday still inside may share one with today's.
        data-queue={queue.uuid}
        aria-label={[
          station ? t('calling.queueButtonAtStation', { label, station }) : label,
          wait && `${t('expectedWait.label')}: ${wait}`,
          notPrinted,
        ]
          .filter(Boolean)
          .join(' · ')}
        style={{
          height: '100%',
          width: '100%',
          minHeight: 52,
          padding: '6px 10px',
          display: 'block',
          textAlign: 'start',
          whiteSpace: 'normal',
        }}
      >
        <Flex justify="space-between" align="baseline" gap={6}>
          <span style={{ fontSize: 18, fontWeight: 700, lineHeight: 1.3 }}>{queue.queue_number}</span>
          <span style={{ fontSize: 12, opacity: 0.85, whiteSpace: 'nowrap' }}>
            {formatElapsed(t, waited, 'short')}
          </span>
        </Flex>
        <Typography.Text
          data-testid="queue-licence"
          style={{
            display: 'block',
            fontSize: 13,
            color: 'inherit',
            lineHeight: 1.4,
            overflowWrap: 'anywhere',
          }}
        >
          {queue.truck_license}
        </Typography.Text>
        {notPrinted && (
          <div style={{ marginBlock: 2 }}>
            <NotPrintedMark reason={queue.print_failure} withTooltip={false} />
          </div>
        )}
        {station && (
          <Typography.Text
            data-testid="queue-station"
            style={{
              display: 'block',
              fontSize: 12,
              fontWeight: 600,
              color: 'inherit',
              lineHeight: 1.4,
              overflowWrap: 'anywhere',
            }}
          >
            <EnvironmentOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {station}
          </Typography.Text>
        )}
        {wait && (
          <Typography.Text
            data-testid="queue-wait"
            style={{
              display: 'block',
              fontSize: 12,
              color: 'inherit',
              lineHeight: 1.4,
              whiteSpace: 'nowrap',
            }}
          >
            <HourglassOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {wait}
          </Typography.Text>
        )}
        {lab && (
          <Typography.Text
            data-testid="queue-lab"
            // Wrapped, never cut: the failing value is the one the officer must read.
            style={{
              display: 'block',
              fontSize: 12,
              color: 'inherit',
              fontWeight: 600,
              lineHeight: 1.4,
              overflowWrap: 'anywhere',
            }}
          >
            {lab}
          </Typography.Text>
        )}
        {extra.length > 0 && (
          <Typography.Text
            ellipsis
            data-testid="queue-extra"
            style={{ display: 'block', fontSize: 12, color: 'inherit', opacity: 0.85, lineHeight: 1.4 }}
          >
            {extra.join(' · ')}
          </Typography.Text>
        )}
      </Button>
    </Tooltip>
  );
}
