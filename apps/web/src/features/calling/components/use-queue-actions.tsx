import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import { admitPastCap, setOrderClass } from '@truck-queue/shared/contracts/order.contract';
import { can } from '@truck-queue/shared/roles';
import { callApi } from '../../../lib/api-client.ts';
import { useAccess } from '../../auth/api/use-access.ts';
import { invalidateQueueLists } from '../api/query-keys.ts';
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
type Asking = 'recheck' | 'reject' | 'void' | 'transfer' | 'out_of_order' | 'admit' | 'reclass';

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
  const { modal, message } = App.useApp();
  const { run, pendingAction, busy } = useActionRunner();
  const queryClient = useQueryClient();
  const { data: access } = useAccess();
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

  // The line's order (issue 38): calling past the rule's next, where the rule asks, needs a reason.
  const rule = target.order?.rule ?? null;
  const ruleNext = target.order?.next ?? null;
  const [passedNumber, setPassedNumber] = useState<string>('');
  const passesNext = !recall && ruleNext !== null && ruleNext._id !== queue._id;
  const call = async (outOfOrder?: ReasonArg) => {
    if (callStation === undefined) return false;
    if (!outOfOrder && rule?.ask_reason && passesNext) {
      setPassedNumber(ruleNext.queue_number);
      setAsking('out_of_order');
      return false;
    }
    const outcome = await run(
      { action: 'call', queueId: queue._id, stationId: callStation, outOfOrder },
      { ...names, station: stationName(callStation) },
    );
    if (outcome === 'out_of_order') {
      // Someone called the rule's next meanwhile, or this officer's card was behind: ask now.
      setPassedNumber(ruleNext?.queue_number ?? '');
      setAsking('out_of_order');
      return false;
    }
    return settle(outcome);
  };
  // A manager's admission past a daily cap, and a class change: plain API calls, with their reason.
  const [sendingOrder, setSendingOrder] = useState(false);
  const orderCall = async (send: () => Promise<unknown>, done: string) => {
    setSendingOrder(true);
    try {
      await send();
      void message.success(done);
      void invalidateQueueLists(queryClient);
      onDone();
      return true;
    } catch (error) {
      void message.error(errorMessage(t, error));
      return false;
    } finally {
      setSendingOrder(false);
    }
  };
  const admit = (reason: ReasonArg) =>
    orderCall(() => callApi(admitPastCap, { uuid: queue.uuid, reason }), t('calling.admit.done', names));
  const otherClasses = [
    ...(rule?.classes ?? []).map((c) => ({ value: c.key, label: c.name })),
    { value: '', label: t('calling.reclass.ordinary') },
  ].filter((c) => c.value !== queue.order_class);
  const [reclassTo, setReclassTo] = useState<string | undefined>(undefined);
  const reclassValue = reclassTo ?? otherClasses[0]?.value;
  const reclass = (reason: ReasonArg) =>
    reclassValue === undefined
      ? Promise.resolve(false)
      : orderCall(
          () => callApi(setOrderClass, { uuid: queue.uuid, order_class: reclassValue, reason }),
          t('calling.reclass.done', names),
        );
  const currentClass =
    rule?.classes.find((c) => c.key === queue.order_class)?.name ?? t('calling.reclass.ordinary');
  const waitingInLine = queue.line_place != null;
  const hold = queue.line_place?.hold ?? null;
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
            data-testid="call-button"
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
          // A slip of the mouse must not finish the wrong truck: the number and licence are asked first.
          <Popconfirm
            title={t('calling.finishConfirm.title', { ...names, licence: queue.truck_license })}
            okText={t('calling.finishConfirm.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => finish()}
            disabled={disabled}
          >
            <Button color="green" variant="solid" disabled={disabled} loading={pendingAction === 'finish'}>
              {t('calling.actions.finish')}
            </Button>
          </Popconfirm>
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
  if (hold && hold.when_full === 'ask' && can(access?.officer.roles, 'overrule')) {
    sections.push(
      <ActionRow
        key="admit"
        heading={t('calling.admit.heading')}
        hint={t('calling.admit.hint')}
        button={
          <Button onClick={() => setAsking('admit')} disabled={disabled || sendingOrder}>
            {t('calling.admit.button')}
          </Button>
        }
      />,
    );
  }
  if (waitingInLine && rule && rule.classes.length > 0 && !target.exited) {
    sections.push(
      <ActionRow
        key="reclass"
        heading={t('calling.reclass.heading')}
        hint={t('calling.reclass.hint', { current: currentClass })}
        button={
          <Button onClick={() => setAsking('reclass')} disabled={disabled || sendingOrder}>
            {t('calling.reclass.button')}
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
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'out_of_order'}
        shownWhere={t('yard.reason.shownInHistory')}
        title={t('calling.outOfOrder.title', { ...names, next: passedNumber })}
        description={t('calling.outOfOrder.text', { next: passedNumber })}
        okText={t('calling.outOfOrder.ok')}
        reasons={reasonChoices(yard.reasons, 'out_of_order', target.queueTypeId)}
        onSubmit={(reason) => call(reason)}
      />
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'admit'}
        shownWhere={t('yard.reason.shownInHistory')}
        title={t('calling.admit.title', names)}
        description={t('calling.admit.text')}
        okText={t('calling.admit.button')}
        reasons={reasonChoices(yard.reasons, 'admit', target.queueTypeId)}
        onSubmit={admit}
      />
      <ReasonDialog
        {...reasonDialog}
        open={asking === 'reclass'}
        shownWhere={t('yard.reason.shownInHistory')}
        title={t('calling.reclass.title', names)}
        description={t('calling.reclass.text')}
        extra={
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            <Typography.Text>{t('calling.reclass.classLabel')}</Typography.Text>
            <Select<string>
              aria-label={t('calling.reclass.classLabel')}
              data-testid="reclass-select"
              style={{ width: '100%' }}
              value={reclassValue}
              onChange={setReclassTo}
              options={otherClasses}
            />
          </Flex>
        }
        okText={t('calling.reclass.button')}
        reasons={reasonChoices(yard.reasons, 'reclass', target.queueTypeId)}
        onSubmit={reclass}
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
