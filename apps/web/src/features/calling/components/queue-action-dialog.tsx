import { useState } from 'react';
import { Alert, Button, Descriptions, Divider, Flex, Modal } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { isCalledState, isEndedState } from '@truck-queue/shared/queue/queue-machine';
import { useDates } from '../../../lib/calendar-context.tsx';
import { QueueHistoryDrawer } from '../../queue-history/queue-history-drawer.tsx';
import { numberWithPrevious, reasonText } from '../yard-actions.ts';
import type { StationOption } from './action-sections.tsx';
import { formatElapsed, secondsSince } from './elapsed.ts';
import { QueueStateTag } from './queue-state.tsx';
import { PrintStateText, TicketReprint } from './ticket-reprint.tsx';
import { useQueueActions } from './use-queue-actions.tsx';
import { LabValueTags } from '../../../components/lab-values.tsx';

/** A card's queue, or a report row (which does not count recalls). */
export type ActionQueue = Omit<CardQueue, 'recall_count'> & { recall_count?: number | undefined };

/** The queue a dialog acts on, with what its card (or report row) knows about it. */
export interface ActionTarget {
  queue: ActionQueue;
  flowEngineId: number;
  /** The branch queue type it is of now: a transfer offers the others of its flow. */
  queueTypeId: number;
  queueTypeName: string;
  /** The officer's stations for this queue type's flow, of both types. */
  stations: StationOption[];
  /** The truck has left (a report row): nothing moves it any more. */
  exited: boolean;
  /** Its line's order rule and the rule's next truck on it (the calling cards; issue 38). */
  order?: { rule: LineRule | null; next: { _id: number; queue_number: string } | null } | undefined;
}

interface QueueActionDialogProps {
  target: ActionTarget | null;
  /** The queue has left the list it was opened from (another officer moved it). */
  gone: boolean;
  connected: boolean;
  now: number;
  onClose: () => void;
}

/**
 * Call (or call again), recheck, reject or finish one queue, and the yard's moves (no-show,
 * transfer, void): whatever its state, the branch's rules and the officer's roles allow; and
 * print its ticket again while it is open. Its history opens from the footer.
 */
export function QueueActionDialog({ target, gone, connected, now, onClose }: QueueActionDialogProps) {
  const { t } = useTranslation();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const close = () => {
    setHistoryOf(null);
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      title={
        target
          ? t('calling.dialog.title', {
              queue: numberWithPrevious(t, target.queue.queue_number, target.queue.previous_number),
            })
          : undefined
      }
      onCancel={close}
      footer={
        <Flex justify="space-between" gap={8}>
          <Button
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => target && setHistoryOf(target.queue.uuid)}
            disabled={!target}
          >
            {t('yard.history.open')}
          </Button>
          <Button onClick={close} autoFocus={false}>
            {t('calling.dialog.close')}
          </Button>
        </Flex>
      }
      destroyOnHidden
      width={620}
    >
      {target && (
        <ActionPanel
          key={target.queue._id}
          target={target}
          gone={gone}
          connected={connected}
          now={now}
          onClose={close}
        />
      )}
      <QueueHistoryDrawer
        uuid={historyOf}
        queueNumber={target?.queue.queue_number}
        onClose={() => setHistoryOf(null)}
      />
    </Modal>
  );
}

function ActionPanel({
  target,
  gone,
  connected,
  now,
  onClose,
}: Omit<QueueActionDialogProps, 'target'> & {
  target: ActionTarget;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const { queue } = target;
  const reason = reasonText(queue.reason_name, queue.reason_note);

  const details = [
    {
      key: 'state',
      label: t('calling.detail.state'),
      children: <QueueStateTag state={queue.queue_state} />,
    },
    {
      key: 'licence',
      label: t('calling.detail.licence'),
      children: <strong>{queue.truck_license}</strong>,
    },
    { key: 'type', label: t('calling.detail.queueType'), children: target.queueTypeName },
    { key: 'product', label: t('calling.detail.product'), children: queue.product_name },
    { key: 'ticket', label: t('calling.detail.ticketTime'), children: dates.dateTime(queue.created) },
    {
      key: 'waited',
      label: t('calling.detail.waited'),
      children: formatElapsed(t, secondsSince(queue.created, now), 'long'),
    },
    ...(queue.station_name
      ? [{ key: 'station', label: t('calling.detail.station'), children: queue.station_name }]
      : []),
    ...(queue.previous_number && queue.previous_number !== queue.queue_number
      ? [{ key: 'previous', label: t('calling.detail.previousNumber'), children: queue.previous_number }]
      : []),
    ...(isCalledState(queue.queue_state) && queue.recall_count !== undefined
      ? [{ key: 'recalls', label: t('calling.detail.recalls'), children: queue.recall_count }]
      : []),
    ...(reason ? [{ key: 'reason', label: t('calling.detail.reason'), children: reason, span: 2 }] : []),
    ...(queue.lab_values.length > 0
      ? [
          {
            key: 'lab',
            label: t('labValues.title'),
            children: <LabValueTags values={queue.lab_values} />,
            span: 2,
          },
        ]
      : []),
    ...(queue.print_state
      ? [
          {
            key: 'print',
            label: t('printing.detail'),
            children: <PrintStateText state={queue.print_state} failure={queue.print_failure} />,
            span: 2,
          },
        ]
      : []),
  ];
  // A driver may lose or never get the paper of any ticket still open; a closed one is not printed again.
  const reprintable = !gone && !target.exited && !isEndedState(queue.queue_state);

  const { notice, sections, dialogs } = useQueueActions({ target, connected, onDone: onClose });

  return (
    <Flex vertical gap={16} style={{ marginTop: 12 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={details} />
      {gone && <Alert type="info" showIcon title={t('calling.dialog.gone')} />}
      {!gone && !connected && <Alert type="warning" showIcon title={t('calling.dialog.offline')} />}
      {!gone && notice}
      {!gone && sections.length === 0 && <Alert type="info" showIcon title={t('calling.dialog.noActions')} />}
      {!gone &&
        sections.flatMap((section, index) =>
          index === 0 ? [section] : [<Divider key={`divider-${index}`} style={{ margin: 0 }} />, section],
        )}
      {reprintable && (
        <>
          <Divider style={{ margin: 0 }} />
          <TicketReprint queue={queue} queueTypeName={target.queueTypeName} />
        </>
      )}
      {dialogs}
    </Flex>
  );
}
