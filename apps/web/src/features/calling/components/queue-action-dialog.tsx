import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Divider, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import {
  FLOW_ENGINE,
  isCalledState,
  STATION_TYPE,
  staffActions,
} from '@truck-queue/shared/queue/queue-machine';
import { formatDateTime } from '../../../lib/format.ts';
import { ActionRow, StationSection, type StationOption } from './action-sections.tsx';
import { formatElapsed, secondsSince } from './elapsed.ts';
import { QueueStateTag } from './queue-state.tsx';
import { useActionRunner } from './use-action-runner.ts';

/** The queue a dialog acts on, with what its card (or report row) knows about it. */
export interface ActionTarget {
  queue: CardQueue;
  flowEngineId: number;
  queueTypeName: string;
  /** The officer's stations for this queue type's flow, of both types. */
  stations: StationOption[];
}

interface QueueActionDialogProps {
  target: ActionTarget | null;
  /** The queue has left the list it was opened from (another officer moved it). */
  gone: boolean;
  connected: boolean;
  now: number;
  onClose: () => void;
}

/** Call (or call again), recheck, reject or finish one queue: whatever its state allows. */
export function QueueActionDialog({ target, gone, connected, now, onClose }: QueueActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={target !== null}
      title={target ? t('calling.dialog.title', { queue: target.queue.queue_number }) : undefined}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} autoFocus={false}>
          {t('calling.dialog.close')}
        </Button>
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
          onClose={onClose}
        />
      )}
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
  const { modal } = App.useApp();
  const { run, pendingAction, busy } = useActionRunner();
  const { queue, flowEngineId, stations } = target;
  const actions = staffActions(flowEngineId, queue.queue_state);
  const lab = flowEngineId === FLOW_ENGINE.lab;
  const recall = isCalledState(queue.queue_state);
  const callStations = stations.filter((s) => s.type === STATION_TYPE.call);
  const recheckStations = stations.filter((s) => s.type === STATION_TYPE.recheck);

  const [callStation, setCallStation] = useState<number | undefined>(
    () =>
      callStations.find((s) => s.name === queue.station_name)?.id ??
      (callStations.length === 1 ? callStations[0]?.id : undefined),
  );
  const [recheckStation, setRecheckStation] = useState<number | undefined>(() =>
    recheckStations.length === 1 ? recheckStations[0]?.id : undefined,
  );

  const disabled = busy || !connected || gone;
  const names = { queue: queue.queue_number };
  const stationName = (id: number | undefined) => stations.find((s) => s.id === id)?.name;
  const closeUnlessFailed = (outcome: string) => {
    if (outcome !== 'failed') onClose();
  };

  const call = async () => {
    if (callStation === undefined) return;
    closeUnlessFailed(
      await run(
        { action: 'call', queueId: queue._id, stationId: callStation },
        { ...names, station: stationName(callStation) },
      ),
    );
  };
  const recheck = async () => {
    if (recheckStation === undefined) return;
    closeUnlessFailed(
      await run(
        { action: 'recheck', queueId: queue._id, stationId: recheckStation },
        { ...names, station: stationName(recheckStation) },
      ),
    );
  };
  const finish = async () => closeUnlessFailed(await run({ action: 'finish', queueId: queue._id }, names));
  const reject = () =>
    modal.confirm({
      title: t('calling.reject.confirmTitle', names),
      content: t('calling.reject.confirmText'),
      okText: t('calling.actions.reject'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => closeUnlessFailed(await run({ action: 'reject', queueId: queue._id }, names)),
    });

  const sections: ReactNode[] = [];
  if (actions.includes('call')) {
    sections.push(
      <StationSection
        key="call"
        heading={
          recall
            ? t('calling.dialog.recallHeading')
            : lab
              ? t('calling.dialog.passHeading')
              : t('calling.dialog.callHeading')
        }
        hint={recall ? t('calling.dialog.recallHint') : undefined}
        stations={callStations}
        missing={t('calling.dialog.noCallStation')}
        value={callStation}
        onChange={setCallStation}
        disabled={disabled}
        button={
          <Button
            type="primary"
            onClick={() => void call()}
            disabled={disabled || callStation === undefined}
            loading={pendingAction === 'call'}
          >
            {recall
              ? t('calling.actions.callAgain')
              : lab
                ? t('calling.actions.pass')
                : t('calling.actions.call')}
          </Button>
        }
      />,
    );
  }
  if (actions.includes('recheck')) {
    sections.push(
      <StationSection
        key="recheck"
        heading={t('calling.dialog.recheckHeading')}
        stations={recheckStations}
        missing={t('calling.dialog.noRecheckStation')}
        value={recheckStation}
        onChange={setRecheckStation}
        disabled={disabled}
        button={
          <Button
            color="orange"
            variant="solid"
            onClick={() => void recheck()}
            disabled={disabled || recheckStation === undefined}
            loading={pendingAction === 'recheck'}
          >
            {t('calling.actions.recheck')}
          </Button>
        }
      />,
    );
  }
  if (actions.includes('finish')) {
    sections.push(
      <ActionRow
        key="finish"
        heading={t('calling.dialog.finishHeading')}
        hint={t('calling.dialog.finishHint')}
        button={
          <Button
            color="green"
            variant="solid"
            onClick={() => void finish()}
            disabled={disabled}
            loading={pendingAction === 'finish'}
          >
            {t('calling.actions.finish')}
          </Button>
        }
      />,
    );
  }
  if (actions.includes('reject')) {
    sections.push(
      <ActionRow
        key="reject"
        heading={t('calling.dialog.rejectHeading')}
        hint={t('calling.dialog.rejectHint')}
        button={
          <Button danger onClick={reject} disabled={disabled} loading={pendingAction === 'reject'}>
            {t('calling.actions.reject')}
          </Button>
        }
      />,
    );
  }

  return (
    <Flex vertical gap={16} style={{ marginTop: 12 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
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
          { key: 'ticket', label: t('calling.detail.ticketTime'), children: formatDateTime(queue.created) },
          {
            key: 'waited',
            label: t('calling.detail.waited'),
            children: formatElapsed(t, secondsSince(queue.created, now), 'long'),
          },
          ...(queue.station_name
            ? [{ key: 'station', label: t('calling.detail.station'), children: queue.station_name }]
            : []),
        ]}
      />
      {gone && <Alert type="info" showIcon title={t('calling.dialog.gone')} />}
      {!gone && !connected && <Alert type="warning" showIcon title={t('calling.dialog.offline')} />}
      {!gone && sections.length === 0 && <Alert type="info" showIcon title={t('calling.dialog.noActions')} />}
      {!gone &&
        sections.flatMap((section, index) =>
          index === 0 ? [section] : [<Divider key={`divider-${index}`} style={{ margin: 0 }} />, section],
        )}
    </Flex>
  );
}
