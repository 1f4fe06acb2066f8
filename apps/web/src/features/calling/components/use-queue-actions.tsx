import { useState, type ReactNode } from 'react';
import { Alert, App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import {
  FLOW_ENGINE,
  isCalledState,
  STATION_TYPE,
  staffActions,
} from '@truck-queue/shared/queue/queue-machine';
import { errorMessage } from '../../../lib/errors.ts';
import { reasonChoices, yardOffers, type TransferTarget } from '../yard-actions.ts';
import { ActionRow, StationSection } from './action-sections.tsx';
import { labWait } from './process-card.tsx';
import type { ActionTarget } from './queue-action-dialog.tsx';
import { NOTE_MAX, ReasonDialog } from './reason-dialog.tsx';
import { failedLabText } from '../../../components/lab-values.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { useActionRunner, type ActionOutcome } from './use-action-runner.ts';
import { useYardContext } from './use-yard-context.ts';

/** The moves that ask something first, each in its own small dialog. */
type Asking = 'recheck' | 'reject' | 'void' | 'transfer';

interface QueueActionsProps {
  target: ActionTarget;
  connected: boolean;
  /** An action went through (or another officer's came first): the dialog closes. */
  onDone: () => void;
}

/**
 * The action dialog's sections for one queue, in the order an officer meets them: call, recheck,
 * finish, reject (the spec's calling actions), then no-show, transfer and void (the yard's
 * moves). Recheck, reject and void ask the reason; transfer asks the queue type; no-show asks
 * for a confirmation that says what the branch's rule will do.
 */
export function useQueueActions({ target, connected, onDone }: QueueActionsProps): {
  /** Why the queue cannot be called yet (lab flow), if so. */
  notice: ReactNode;
  sections: ReactNode[];
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { run, pendingAction, busy } = useActionRunner();
  const yard = useYardContext();
  const { queue, flowEngineId, stations } = target;
  const actions = staffActions(flowEngineId, queue.queue_state, target.exited);
  const offers = yardOffers(
    {
      flowEngineId,
      queueTypeId: target.queueTypeId,
      state: queue.queue_state,
      exited: target.exited,
      recallCount: queue.recall_count,
    },
    yard.context,
  );
  const lab = flowEngineId === FLOW_ENGINE.lab;
  const recall = isCalledState(queue.queue_state);
  const wait = labWait(flowEngineId, queue.queue_state);
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
  const [asking, setAsking] = useState<Asking | null>(null);

  const disabled = busy || !connected;
  const names = { queue: queue.queue_number };
  const stationName = (id: number | undefined) => stations.find((s) => s.id === id)?.name;
  /** Closes the dialog unless the action failed; true when it went through. */
  const settle = (outcome: ActionOutcome) => {
    if (outcome === 'failed') return false;
    onDone();
    return true;
  };
  const rulesFailed = yard.rules.isError ? errorMessage(t, yard.rules.error) : null;

  const call = async () => {
    if (callStation === undefined) return;
    settle(
      await run(
        { action: 'call', queueId: queue._id, stationId: callStation },
        { ...names, station: stationName(callStation) },
      ),
    );
  };
  const finish = async () => settle(await run({ action: 'finish', queueId: queue._id }, names));
  const recheck = async (reason: ReasonArg) =>
    recheckStation !== undefined &&
    settle(
      await run(
        { action: 'recheck', queueId: queue._id, stationId: recheckStation, reason },
        { ...names, station: stationName(recheckStation) },
      ),
    );
  const reject = async (reason: ReasonArg) =>
    settle(await run({ action: 'reject', queueId: queue._id, reason }, names));
  const voidTicket = async (reason: ReasonArg) =>
    settle(await run({ action: 'void', queueId: queue._id, reason }, names));
  const transfer = async (to: TransferTarget) =>
    settle(
      await run(
        { action: 'transfer', queueId: queue._id, queueTypeId: to.id },
        { ...names, queueType: to.queue_type_name },
      ),
    );
  const noShow = () =>
    modal.confirm({
      title: t('yard.noShow.confirmTitle', names),
      content:
        yard.context.settings?.no_show_policy === 'cancel'
          ? t('yard.noShow.confirmCancel')
          : t('yard.noShow.confirmRequeue'),
      okText: t('yard.noShow.button'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        settle(await run({ action: 'no_show', queueId: queue._id }, names));
      },
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
            onClick={() => setAsking('recheck')}
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
          <Button
            danger
            onClick={() => setAsking('reject')}
            disabled={disabled}
            loading={pendingAction === 'reject'}
          >
            {t('calling.actions.reject')}
          </Button>
        }
      />,
    );
  }
  if (offers.noShow) {
    sections.push(
      <ActionRow
        key="noShow"
        heading={t('yard.noShow.heading')}
        hint={t('yard.noShow.hint', { count: queue.recall_count ?? 0 })}
        button={
          <Button danger onClick={noShow} disabled={disabled} loading={pendingAction === 'no_show'}>
            {t('yard.noShow.button')}
          </Button>
        }
      />,
    );
  }
  if (offers.transferTo.length > 0) {
    sections.push(
      <ActionRow
        key="transfer"
        heading={t('yard.transfer.heading')}
        hint={t('yard.transfer.hint')}
        button={
          <Button
            onClick={() => setAsking('transfer')}
            disabled={disabled}
            loading={pendingAction === 'transfer'}
          >
            {t('yard.transfer.button')}
          </Button>
        }
      />,
    );
  }
  if (offers.void) {
    sections.push(
      <ActionRow
        key="void"
        heading={t('yard.void.heading')}
        hint={t('yard.void.hint')}
        button={
          <Button
            danger
            type="dashed"
            onClick={() => setAsking('void')}
            disabled={disabled}
            loading={pendingAction === 'void'}
          >
            {t('yard.void.button')}
          </Button>
        }
      />,
    );
  }

  const closeAsking = () => setAsking(null);
  // The lab's values call for a recheck or a reject: its dialog proposes the measurement's
  // reason (when the branch still offers it) and notes the values that failed.
  const labProposal = (kind: 'recheck' | 'reject') => {
    const lab = queue.lab_outcome;
    if (!lab || lab.outcome !== kind) return undefined;
    const offered = reasonChoices(yard.reasons, kind, target.queueTypeId).some((r) => r.id === lab.reason_id);
    return {
      reason_id: offered && lab.reason_id !== null ? lab.reason_id : undefined,
      note: failedLabText(t, queue.lab_values).slice(0, NOTE_MAX),
    };
  };
  const reasonDialog = {
    loading: yard.rules.isPending,
    failed: rulesFailed,
    onClose: closeAsking,
  };
  const dialogs = (
    <>
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'recheck'}
        title={t('yard.recheck.title', { ...names, station: stationName(recheckStation) ?? '' })}
        description={t('yard.recheck.text')}
        okText={t('calling.actions.recheck')}
        reasons={reasonChoices(yard.reasons, 'recheck', target.queueTypeId)}
        initial={labProposal('recheck')}
        onSubmit={recheck}
      />
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'reject'}
        title={t('calling.reject.confirmTitle', names)}
        description={t('calling.reject.confirmText')}
        okText={t('calling.actions.reject')}
        danger
        reasons={reasonChoices(yard.reasons, 'reject', target.queueTypeId)}
        initial={labProposal('reject')}
        onSubmit={reject}
      />
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'void'}
        title={t('yard.void.title', names)}
        description={t('yard.void.text')}
        okText={t('yard.void.ok')}
        danger
        reasons={reasonChoices(yard.reasons, 'void', target.queueTypeId)}
        onSubmit={voidTicket}
      />
      <TransferDialog
        open={asking === 'transfer'}
        queueNumber={queue.queue_number}
        targets={offers.transferTo}
        onSubmit={transfer}
        onClose={closeAsking}
      />
    </>
  );

  const labCalls = queue.lab_outcome?.outcome;
  const notice = wait ? (
    <Alert type="info" showIcon title={t(`calling.cannotCall.${wait}`)} />
  ) : labCalls && labCalls !== 'pass' ? (
    <Alert
      type={labCalls === 'reject' ? 'error' : 'warning'}
      showIcon
      data-testid="lab-outcome"
      title={t(`labValues.calls.${labCalls}`)}
      description={failedLabText(t, queue.lab_values)}
    />
  ) : null;
  return { notice, sections, dialogs };
}
