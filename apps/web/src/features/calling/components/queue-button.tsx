import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import {
  ClockCircleOutlined,
  EnvironmentOutlined,
  HourglassOutlined,
  PauseCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
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

/** What the line's order rule says of a truck on the card (issue 38; line-order.ts). */
export interface QueueMarks {
  /** The rule's next truck of its line. */
  next: boolean;
  /** Why it goes first ("รอมาแล้ว 3 ชม.", the class's name); null for a plain turn. */
  why: string | null;
  /** The why is its load's age (a stale load first): the age line then says no more. */
  whyIsAge: boolean;
  /** Its class's name, when it has one. */
  className: string | null;
  /** Held by a daily cap ("เต็มโควตา 25 % ของเที่ยววันนี้"). */
  held: string | null;
  /** A manager admitted it past its cap. */
  admitted: boolean;
  /** Its load is older than the line's freshness limit. */
  stale: boolean;
  /** Minutes since its load was cut or loaded. */
  loadAgeMinutes: number | null;
  /** A called truck: minutes at its station against the line's usual time. */
  stationTime: { tone: 'ok' | 'long' | 'veryLong'; minutes: number; usual: number | null } | null;
}

interface QueueButtonProps {
  queue: CardQueue;
  marks?: QueueMarks | undefined;
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
export function QueueButton({ queue, marks, actionable, now, today, onClick }: QueueButtonProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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

  // The line's order: the next truck's mark and why, its class, a cap's hold, a stale load, and a
  // called truck's time at the station against the usual (amber past it, red past twice it).
  // A stale next truck's age is its "why" already.
  const ageIsWhy = marks?.next && marks.whyIsAge;
  const loadAge =
    !ageIsWhy && marks?.loadAgeMinutes !== null && marks?.loadAgeMinutes !== undefined
      ? formatElapsed(t, marks.loadAgeMinutes * 60, 'short')
      : null;
  const timing = marks?.stationTime ?? null;
  const timingText = timing
    ? timing.tone === 'ok'
      ? null
      : t(timing.tone === 'long' ? 'calling.order.stationLong' : 'calling.order.stationVeryLong', {
          time: formatElapsed(t, timing.minutes * 60, 'short'),
          usual: formatElapsed(t, (timing.usual ?? 0) * 60, 'short'),
        })
    : null;
  const timingColor =
    timing?.tone === 'veryLong' ? token.colorError : timing?.tone === 'long' ? token.colorWarning : null;
  const nextText = marks?.next ? [t('calling.order.next'), marks.why].filter(Boolean).join(' · ') : null;
  const orderLabel = [
    nextText,
    marks?.className && !marks.next ? marks.className : null,
    marks?.held,
    marks?.admitted ? t('calling.order.admitted') : null,
    marks?.stale ? t('calling.order.stale') : null,
    loadAge && t('calling.order.loadAge', { age: loadAge }),
    timingText,
  ].filter(Boolean);

  const details = (
    <Flex vertical gap={2}>
      {orderLabel.length > 0 && <strong>{orderLabel.join(' · ')}</strong>}
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
        data-next={marks?.next ? 'true' : undefined}
        data-held={marks?.held ? 'true' : undefined}
        data-station-time={timing && timing.tone !== 'ok' ? timing.tone : undefined}
        // Numbers restart every plant day: a truck of yesterday still inside may share one with today's.
        data-queue={queue.uuid}
        aria-label={[
          station ? t('calling.queueButtonAtStation', { label, station }) : label,
          wait && `${t('expectedWait.label')}: ${wait}`,
          notPrinted,
          ...orderLabel,
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
          // The next truck stands out by a ring and its first line; a long stay by a ring in amber or red.
          ...(marks?.next || timingColor
            ? {
                outline: `3px solid ${timingColor ?? token.colorPrimary}`,
                outlineOffset: 1,
              }
            : {}),
        }}
      >
        {nextText && (
          <Typography.Text
            data-testid="queue-next"
            strong
            style={{
              display: 'block',
              fontSize: 12,
              color: 'inherit',
              lineHeight: 1.4,
              overflowWrap: 'anywhere',
            }}
          >
            ▶ {nextText}
          </Typography.Text>
        )}
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
        {marks?.className && (
          <span
            data-testid="queue-class"
            style={{
              display: 'inline-block',
              fontSize: 12,
              lineHeight: 1.3,
              padding: '0 6px',
              marginBlock: 2,
              border: '1px solid currentColor',
              borderRadius: 4,
              overflowWrap: 'anywhere',
            }}
          >
            {marks.className}
          </span>
        )}
        {marks?.held && (
          <Typography.Text
            data-testid="queue-held"
            style={{ display: 'block', fontSize: 12, fontWeight: 600, color: 'inherit', lineHeight: 1.4 }}
          >
            <PauseCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {marks.held}
          </Typography.Text>
        )}
        {(marks?.stale || loadAge) && (
          <Typography.Text
            data-testid="queue-load-age"
            style={{
              display: 'block',
              fontSize: 12,
              fontWeight: marks?.stale ? 600 : undefined,
              color: 'inherit',
              lineHeight: 1.4,
            }}
          >
            {marks?.stale && <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} />}
            {[
              marks?.stale ? t('calling.order.stale') : null,
              loadAge && t('calling.order.loadAge', { age: loadAge }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        )}
        {timingText && (
          <Typography.Text
            data-testid="queue-station-time"
            style={{ display: 'block', fontSize: 12, fontWeight: 600, color: 'inherit', lineHeight: 1.4 }}
          >
            <ClockCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            {timingText}
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
