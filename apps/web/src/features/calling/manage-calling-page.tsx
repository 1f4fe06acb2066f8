import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Flex,
  Result,
  Row,
  Segmented,
  Skeleton,
  Card,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CardQueue, ProcessCard as ProcessCardData } from '@truck-queue/shared/contracts/queue.contract';
import { FLOW_ENGINE, STATION_TYPE } from '@truck-queue/shared/queue/queue-machine';
import { calledQueueIds } from '@truck-queue/shared/contracts/socket-events';
import { errorMessage } from '../../lib/errors.ts';
import { usePhone } from '../../lib/use-phone.ts';
import type { TranslationKey } from '../../lib/i18n.ts';
import { useSocketConnected } from '../../lib/socket.ts';
import { useCards } from './api/use-cards.ts';
import { useCallNext } from './api/use-call-next.ts';
import { useAnnouncements } from './api/use-announcements.ts';
import { DisplayWarnings } from '../../components/display-status.tsx';
import { PrinterWarnings } from '../../components/printer-health.tsx';
import { useBranchPrinters } from './api/use-branch-printers.ts';
import { CallProofTags } from './components/announcement-proof.tsx';
import { useTicketOptions } from './api/use-ticket-options.ts';
import { useNow } from '../../lib/use-now.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { CallingScanBox } from './components/calling-scan-box.tsx';
import { CameraReadsPanel } from '../camera-reads/camera-reads-panel.tsx';
import { NewTicketDialog } from './components/new-ticket-dialog.tsx';
import { labWait, ProcessCard } from './components/process-card.tsx';
import { QueueActionDialog, type ActionTarget } from './components/queue-action-dialog.tsx';
import { ReconnectingBanner } from './components/reconnecting-banner.tsx';
import { useYardContext } from './components/use-yard-context.ts';
import { hasYardOffers, yardOffers } from './yard-actions.ts';
import { nextOnLineOf } from './line-order.ts';

/**
 * Flow engines shown here, in this order: the general flow's visitors too, called like the
 * standard flow's trucks (SPEC.md left engine 1 to the report page; docs/decisions.md).
 */
const SHOWN_FLOWS = [FLOW_ENGINE.standard, FLOW_ENGINE.lab, FLOW_ENGINE.general] as const;

function flowName(id: (typeof SHOWN_FLOWS)[number]): TranslationKey {
  return `flowEngine.${id}`;
}

/** /System/manageCalling/:findDayKey: queue cards per queue type (1 = today, 3 = last 3 days). */
export function ManageCallingPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { findDayKey } = useParams();
  const days: 1 | 3 = findDayKey === '3' ? 3 : 1;
  const unknownKey = findDayKey !== '1' && findDayKey !== '3';

  // Live: the server pushes the cards and their proof after every change (use-cards.ts).
  const connected = useSocketConnected();
  const cards = useCards(days, connected);
  const now = useNow(30_000).getTime();
  const today = usePlantToday();
  const yard = useYardContext();
  const phone = usePhone();

  // Whether the displays announced each called truck on screen, and which may not be heard.
  const calledIds = calledQueueIds(cards.data ?? []);
  const proof = useAnnouncements(calledIds, cards.dataUpdatedAt, true, connected);
  // The kiosks' printers: one out of paper is known here before a driver is called for a ticket he never got.
  const printers = useBranchPrinters();
  const proofOf = (queue: CardQueue) => {
    const call = proof.data?.calls.find((c) => c.queue_id === queue._id);
    return call ? (
      <CallProofTags proof={call} displays={proof.data?.displays ?? []} queueNumber={queue.queue_number} />
    ) : null;
  };

  const [ticketOpen, setTicketOpen] = useState(false);
  // New ticket only when the officer has a queue type to issue for, one with a product to choose.
  const ticketTypes = useTicketOptions(true);
  const cannotIssue = !ticketTypes.data
    ? null
    : ticketTypes.data.length === 0
      ? t('calling.newTicketUnavailable.noQueueTypes')
      : ticketTypes.data.every((type) => type.product.length === 0)
        ? t('calling.newTicketUnavailable.noProducts')
        : null;
  const [selected, setSelected] = useState<{ cardId: number; queue: CardQueue } | null>(null);

  // Call next (issue 38): the line's next truck by its rule, to the first free call station.
  const callNextMutation = useCallNext();
  const callingNextOf = callNextMutation.isPending ? callNextMutation.variables : null;
  const runCallNext = (card: ProcessCardData) => {
    if (callNextMutation.isPending || !connected) return;
    callNextMutation.mutate(card._id, {
      onSuccess: (called) =>
        void message.success(
          t('calling.callNext.done', { queue: called.queue_number, station: called.station_name }),
        ),
      onError: (error) => void message.error(errorMessage(t, error)),
    });
  };
  // Its key, N (by the key's place, so a Thai keyboard layout works too): the card under the
  // pointer or focus, or the page's only card that calls; never while typing or in a dialog.
  const [activeCard, setActiveCard] = useState<number | null>(null);
  const callable = (cards.data ?? []).filter((c) =>
    c.station_permission.some((s) => s.type === STATION_TYPE.call),
  );
  const keyCard =
    callable.find((c) => c._id === activeCard) ?? (callable.length === 1 ? callable[0] : undefined);
  const keyAction = useRef<() => void>(() => undefined);
  const dialogOpen = selected !== null || ticketOpen;
  useEffect(() => {
    keyAction.current = () => {
      if (keyCard && !dialogOpen) runCallNext(keyCard);
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'KeyN' || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return;
      if (target?.closest('[role="dialog"]')) return;
      event.preventDefault();
      keyAction.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openQueue = (card: ProcessCardData, queue: CardQueue) => {
    // Lab flow: before its result the queue moves only through the lab (accept, then complete),
    // so there is nothing to call; the dialog still opens when a yard move (transfer, void) applies.
    const why = labWait(card.flow_engine_id, queue.queue_state);
    const offers = yardOffers(
      {
        flowEngineId: card.flow_engine_id,
        queueTypeId: card._id,
        state: queue.queue_state,
        exited: false,
        recallCount: queue.recall_count,
      },
      yard.context,
    );
    // A ticket that did not print still opens: its dialog prints it again.
    if (why && !hasYardOffers(offers) && queue.print_state !== 'failed') {
      modal.warning({
        title: t('calling.cannotCall.title', { queue: queue.queue_number }),
        content: t(`calling.cannotCall.${why}`),
        okText: t('calling.cannotCall.ok'),
      });
      return;
    }
    setSelected({ cardId: card._id, queue });
  };

  // The dialog follows the live card: another officer's action shows up (or the queue leaves).
  const selectedCard = selected ? cards.data?.find((c) => c._id === selected.cardId) : undefined;
  const liveQueue = selected
    ? selectedCard?.queue_number.find((q) => q._id === selected.queue._id)
    : undefined;
  const target: ActionTarget | null =
    selected && selectedCard
      ? {
          queue: liveQueue ?? selected.queue,
          flowEngineId: selectedCard.flow_engine_id,
          queueTypeId: selectedCard._id,
          queueTypeName: selectedCard.queue_type_name,
          stations: selectedCard.station_permission,
          // The cards hold only trucks still inside.
          exited: false,
          order: {
            rule: selectedCard.order_rule,
            next: nextOnLineOf(selectedCard, liveQueue ?? selected.queue),
          },
        }
      : null;

  const header = (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Segmented
        block={phone}
        size={phone ? 'large' : undefined}
        style={phone ? { width: '100%' } : undefined}
        value={String(days)}
        onChange={(value) => void navigate(`/System/manageCalling/${value}`)}
        options={[
          { value: '1', label: t('calling.range.today') },
          { value: '3', label: t('calling.range.last3Days') },
        ]}
      />
      <Flex align="center" gap={8} wrap justify="flex-end" style={phone ? { width: '100%' } : undefined}>
        {/* With no cards at all, the page below says why already. */}
        {cannotIssue && (cards.data?.length ?? 0) > 0 && (
          <Typography.Text type="secondary" id="new-ticket-unavailable" style={{ maxWidth: 360 }}>
            {cannotIssue}
          </Typography.Text>
        )}
        <Tooltip title={cannotIssue}>
          <Button
            type="primary"
            size="large"
            block={phone}
            icon={<PlusOutlined />}
            disabled={cannotIssue !== null}
            onClick={() => setTicketOpen(true)}
          >
            {t('calling.newTicket')}
          </Button>
        </Tooltip>
      </Flex>
    </Flex>
  );

  let body: ReactNode;
  if (cards.isPending) {
    body = (
      <Row gutter={[16, 16]}>
        {[0, 1].map((i) => (
          <Col key={i} xs={24} xxl={12}>
            <Card>
              <Skeleton active />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (cards.isError) {
    body = (
      <Result
        status="error"
        title={t('calling.loadFailed')}
        subTitle={errorMessage(t, cards.error)}
        extra={<Button onClick={() => void cards.refetch()}>{t('calling.retry')}</Button>}
      />
    );
  } else if (cards.data.length === 0) {
    body = (
      <Card>
        <Result
          status="info"
          title={t('calling.noQueueTypes.title')}
          subTitle={t('calling.noQueueTypes.text')}
        />
      </Card>
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        {SHOWN_FLOWS.map((flow) => {
          const flowCards = cards.data.filter((c) => c.flow_engine_id === flow);
          if (flowCards.length === 0) return null;
          return (
            <section key={flow} aria-labelledby={`flow-${flow}`}>
              <Typography.Title level={4} id={`flow-${flow}`} style={{ marginTop: 0, marginBottom: 12 }}>
                {t(flowName(flow))}
              </Typography.Title>
              <Row gutter={[16, 16]}>
                {flowCards.map((card) => (
                  <Col key={card._id} xs={24} xxl={12}>
                    <ProcessCard
                      card={card}
                      now={now}
                      today={today}
                      onOpen={openQueue}
                      proofOf={proofOf}
                      onCallNext={runCallNext}
                      callingNext={callingNextOf === card._id}
                      onActivate={setActiveCard}
                      keyTarget={keyCard?._id === card._id}
                    />
                  </Col>
                ))}
              </Row>
            </section>
          );
        })}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      {header}
      <CallingScanBox cards={cards.data} onFound={openQueue} />
      {unknownKey && <Alert type="info" showIcon title={t('calling.range.unknown')} />}
      <ReconnectingBanner connected={connected} />
      <PrinterWarnings printers={printers.data ?? []} />
      <DisplayWarnings displays={proof.data?.displays ?? []} />
      <CameraReadsPanel kind="check_in" />
      {body}
      <QueueActionDialog
        target={target}
        gone={Boolean(selected && cards.data && !liveQueue)}
        connected={connected}
        now={now}
        onClose={() => setSelected(null)}
      />
      <NewTicketDialog
        open={ticketOpen}
        onClose={() => setTicketOpen(false)}
        ruleOf={(id) => cards.data?.find((c) => c._id === id)?.order_rule ?? null}
      />
    </Flex>
  );
}
