import { useEffect, useReducer, useRef, useState, type CSSProperties } from 'react';
import { Button, ConfigProvider, Steps, theme } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import { checkInBooking, findBooking } from '@truck-queue/shared/contracts/booking.contract';
import { issueQueue } from '@truck-queue/shared/contracts/queue.contract';
import { callApi, isApiRequestError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessage } from '../../../lib/errors.ts';
import { EMPTY_CODE, type CodeEntry } from '../../check-in/booking-code.ts';
import { checkInFailure } from '../../check-in/check-in-words.ts';
import { newIdempotencyKey } from '../../calling/api/use-issue-ticket.ts';
import { ConnectionBanner } from '../core/connection-banner.tsx';
import { helloQueryKey, type DeviceState } from '../core/use-device.ts';
import { attemptAfter, attemptFor, type TicketAttempt, type TicketChoice } from './attempt.ts';
import { BookingCodeStep, type CodeProblem } from './booking-code-step.tsx';
import { BookingStep } from './booking-step.tsx';
import { ProductStep, QueueTypeStep } from './choice-steps.tsx';
import { ConfirmStep, type IssueFailure } from './confirm-step.tsx';
import { IssuedStep } from './issued-step.tsx';
import { isMidway, kioskFlow, progress, START } from './kiosk-flow.ts';
import { KioskHeader } from './kiosk-header.tsx';
import { LicenceStep } from './licence-step.tsx';
import { PrinterNotices } from './printing/printer-notices.tsx';
import { useKioskPrinter } from './printing/use-kiosk-printer.ts';
import { useIdleTimeout } from './use-idle.ts';
import './kiosk.css';

/** A truck that walks away mid-way: the screen goes back to the start after this long untouched. */
export const IDLE_TIMEOUT_MS = 60_000;
/** The idle warning shows for the last seconds. */
const IDLE_WARNING_S = 15;

/** Answers worth simply sending again (with the same key): the server may have been busy. */
const RETRYABLE = new Set(['INTERNAL', 'TOO_MANY_ATTEMPTS']);

/**
 * The registered kiosk: queue type → product → licence → confirm → the printed ticket; or, for a
 * booked truck, its booking's code (scanned from its QR or typed) → the booking and what checking
 * in does now → the printed ticket. Large touch targets for a 1080x1920 portrait screen
 * (landscape works too).
 */
export function KioskScreen({ state, device }: { state: DeviceState; device: DeviceInfo }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [flow, dispatch] = useReducer(kioskFlow, START);
  const [failure, setFailure] = useState<IssueFailure | null>(null);
  // The attempt in progress: its key goes out again on every retry until a ticket comes back.
  const pending = useRef<TicketAttempt | null>(null);
  const printedFor = useRef<string | null>(null);
  const printer = useKioskPrinter(state, device);
  const [code, setCode] = useState<CodeEntry>(EMPTY_CODE);
  const [codeProblem, setCodeProblem] = useState<CodeProblem | null>(null);

  const issue = useMutation({
    mutationFn: ({ key, choice }: TicketAttempt) =>
      choice.kind === 'booking'
        ? callApi(
            checkInBooking,
            {
              code: choice.code,
              ...(choice.licence ? { truck_license: choice.licence } : {}),
              idempotency_key: key,
            },
            { device: state.identity },
          )
        : callApi(
            issueQueue,
            {
              id_branchQT: choice.queueTypeId,
              product: choice.productId,
              truck_license: choice.licence,
              idempotency_key: key,
            },
            { device: state.identity },
          ),
  });
  const find = useMutation({
    mutationFn: (bookingCode: string) =>
      callApi(findBooking, { code: bookingCode }, { device: state.identity }),
  });

  const type = device.queue_types.find((q) => q.id === flow.queueTypeId) ?? null;
  const product = type?.product.find((p) => p.id === flow.productId) ?? null;
  // An administrator changed the kiosk's queue types or products under the truck: start over.
  const lost =
    flow.path === 'walk_in' &&
    ((flow.step === 'product' && (!type || type.product.length === 0)) ||
      ((flow.step === 'licence' || flow.step === 'confirm') && !product));
  if (lost) dispatch({ type: 'reset' });

  const restart = () => {
    setFailure(null);
    setCode(EMPTY_CODE);
    setCodeProblem(null);
    issue.reset();
    find.reset();
    dispatch({ type: 'reset' });
  };

  const lookUp = (bookingCode: string) => {
    setCodeProblem(null);
    find.mutate(bookingCode, {
      onSuccess: ({ booking, time, outcome }) => {
        setFailure(null);
        dispatch({ type: 'found', booking: { booking, time, outcome } });
      },
      onError: (error) => {
        const errorCode = errorCodeOf(error);
        if (errorCode === 'NETWORK')
          setCodeProblem({
            title: t('kiosk.unreachable.title'),
            lines: [t('kiosk.booking.code.unreachable')],
          });
        else if (errorCode === 'NOT_FOUND')
          setCodeProblem({
            title: t('kiosk.booking.code.notFound'),
            lines: [checkInFailure(t, error, bookingCode), t('kiosk.booking.code.checkCode')],
          });
        else
          setCodeProblem({
            title: t('kiosk.booking.code.failed'),
            lines: [errorMessage(t, error), t('kiosk.refused.help')],
          });
      },
    });
  };

  // Each step starts at the top (a keypad may have scrolled a short landscape screen).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [flow.step]);

  const idleLeft = useIdleTimeout(
    isMidway(flow.step) && !issue.isPending && !find.isPending,
    IDLE_TIMEOUT_MS,
    restart,
  );

  /** What the truck asks for: its booking checked in, or the ticket it chose. */
  const choice = (): TicketChoice | null => {
    if (flow.path === 'booking')
      return flow.booking
        ? { kind: 'booking', code: flow.booking.booking.code, licence: flow.licence }
        : null;
    return type && product
      ? { kind: 'walk_in', queueTypeId: type.id, productId: product.id, licence: flow.licence }
      : null;
  };

  const submit = () => {
    const chosen = choice();
    if (!chosen || issue.isPending) return;
    const attempt = attemptFor(pending.current, chosen, newIdempotencyKey);
    pending.current = attempt;
    setFailure(null);
    issue.mutate(attempt, {
      onSuccess: ({ queue, print }) => {
        pending.current = attemptAfter(attempt, 'issued');
        printer.noteOutcome(print);
        dispatch({ type: 'issued', ticket: queue, print });
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === 'NETWORK') {
          pending.current = attemptAfter(attempt, 'unreachable');
          setFailure({ kind: 'unreachable' });
          return;
        }
        pending.current = attemptAfter(attempt, 'refused');
        // The key belongs to a ticket elsewhere (never with random keys): the next try gets its own.
        if (isApiRequestError(error) && error.detail.reason === 'IDEMPOTENCY_KEY_REUSED')
          pending.current = null;
        // Cancelled meanwhile: say hello again, and the page shows the id to register.
        if (code === 'DEVICE_NOT_REGISTERED') {
          void queryClient.invalidateQueries({ queryKey: helloQueryKey('printer') });
        }
        const message =
          chosen.kind === 'booking'
            ? checkInFailure(t, error, chosen.code, flow.booking?.booking.supplier.name)
            : errorMessage(t, error);
        setFailure({ kind: 'refused', message, retryable: RETRYABLE.has(code) });
      },
    });
  };

  const steps = progress(flow);
  let body;
  switch (flow.step) {
    case 'type':
      body = (
        <>
          <PrinterNotices printer={printer} />
          <QueueTypeStep
            types={device.queue_types}
            selected={flow.queueTypeId}
            onChoose={(id) => dispatch({ type: 'chooseType', queueTypeId: id })}
            onBooking={() => dispatch({ type: 'openBooking' })}
          />
        </>
      );
      break;
    case 'product':
      body = type && (
        <>
          <ProductStep
            type={type}
            selected={flow.productId}
            onChoose={(id) => dispatch({ type: 'chooseProduct', productId: id })}
          />
          <BackBar onBack={() => dispatch({ type: 'back' })} />
        </>
      );
      break;
    case 'licence':
      body = (
        <LicenceStep
          plate={flow.plate}
          device={state.identity}
          home={device.province}
          onChange={(plate) => dispatch({ type: 'editPlate', plate })}
          onNext={(licence) => {
            setFailure(null);
            dispatch({ type: 'confirmLicence', licence });
          }}
          onBack={() => dispatch({ type: 'back' })}
        />
      );
      break;
    case 'confirm':
      body = type && product && (
        <ConfirmStep
          type={type}
          productName={product.name}
          licence={flow.licence}
          issuing={issue.isPending}
          failure={failure}
          offline={state.unreachable || !state.connected}
          onIssue={submit}
          onBack={() => {
            setFailure(null);
            dispatch({ type: 'back' });
          }}
          onEditLicence={() => {
            setFailure(null);
            dispatch({ type: 'toLicence' });
          }}
          onRestart={restart}
        />
      );
      break;
    case 'code':
      body = (
        <BookingCodeStep
          entry={code}
          problem={codeProblem}
          finding={find.isPending}
          onEntry={(entry) => {
            setCode(entry);
            setCodeProblem(null);
          }}
          onFind={lookUp}
          onInvalid={() =>
            setCodeProblem({ title: t('kiosk.booking.code.invalid'), lines: [t('kiosk.booking.code.shape')] })
          }
          onBack={restart}
        />
      );
      break;
    case 'booking':
      body = flow.booking && (
        <BookingStep
          found={flow.booking}
          licence={flow.licence}
          issuing={issue.isPending}
          failure={failure}
          offline={state.unreachable || !state.connected}
          onIssue={submit}
          onLicence={() => {
            setFailure(null);
            dispatch({ type: 'toLicence' });
          }}
          onOtherCode={() => {
            setFailure(null);
            setCode(EMPTY_CODE);
            dispatch({ type: 'back' });
          }}
          onRestart={restart}
        />
      );
      break;
    case 'issued':
      body = flow.ticket && flow.print && (
        <IssuedStep
          ticket={flow.ticket}
          print={flow.print}
          device={device}
          printer={printer}
          printedFor={printedFor}
          onDone={restart}
        />
      );
      break;
  }

  return (
    <ConfigProvider
      theme={{
        token: { fontSize: 20, controlHeightLG: 64, borderRadiusLG: 16 },
        components: { Steps: { titleLineHeight: 40 } },
      }}
    >
      <div
        className="tqk-root"
        data-testid="kiosk"
        data-step={flow.step}
        style={
          {
            background: token.colorBgLayout,
            color: token.colorText,
            '--tqk-bg': token.colorBgLayout,
          } as CSSProperties
        }
      >
        <KioskHeader device={device} />
        <main className="tqk-main">
          <div className="tqk-noprint tqk-banner">
            <ConnectionBanner state={state} />
          </div>
          <Steps
            className="tqk-noprint"
            current={steps.current}
            responsive={false}
            items={steps.steps.map((step) => ({ title: t(`kiosk.steps.${step}`) }))}
          />
          {body}
        </main>
        {idleLeft !== null && idleLeft <= IDLE_WARNING_S && (
          <div
            className="tqk-noprint"
            role="status"
            data-testid="kiosk-idle"
            style={{
              position: 'fixed',
              insetInline: 0,
              bottom: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 24,
              padding: '20px 32px',
              background: token.colorWarningBg,
              borderTop: `3px solid ${token.colorWarningBorder}`,
              fontSize: 'clamp(22px, 2.6vh, 34px)',
              fontWeight: 600,
              color: token.colorText,
            }}
          >
            {t('kiosk.idle.warning', { s: idleLeft })}
            <Button size="large" type="primary">
              {t('kiosk.idle.stay')}
            </Button>
          </div>
        )}
      </div>
    </ConfigProvider>
  );
}

function BackBar({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="tqk-actions">
      <Button className="tqk-big" size="large" icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('kiosk.nav.back')}
      </Button>
    </div>
  );
}
