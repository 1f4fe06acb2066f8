import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Tag, theme } from 'antd';
import { DashboardOutlined, FileTextOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { errorCodeOf, queueNumberOf, unfinishedStepsOf } from '../../lib/errors.ts';
import type { UnfinishedStep } from '@truck-queue/shared/contracts/api';
import { MissingSteps } from '../../components/missing-steps.tsx';
import { QueueStateTag } from '../../components/queue-state-tag.tsx';
import { usePhone } from '../../lib/use-phone.ts';
import { CounterPage, useCounterScan } from '../station-work/components/counter-page.tsx';
import { scanLabel, type NamedTruck } from '../station-work/scan-words.ts';
import type { TruckRefBody } from '@truck-queue/shared/scan/scanned-text';
import { captureRefusal } from '@truck-queue/shared/scale/capture';
import { useCaptureWeight } from './api/use-capture-weight.ts';
import { useScales, useScaleWeight } from './api/use-scales.ts';
import { chosenScale, rememberedScale, rememberScale, ScalePanel } from './scale-panel.tsx';
import { useWeighIn } from './api/use-weigh-in.ts';
import { useWeighOut } from './api/use-weigh-out.ts';
import { useWeighToday } from './api/use-weigh-today.ts';
import {
  formatKg,
  formatWeightText,
  MAX_WEIGHT_KG,
  numberSymbols,
  parseWeightText,
  suggestedDirection,
  weightProblem,
  type WeighDirection,
  type WeightProblem,
} from './weight.ts';
import { weighingColumns } from './weighing-columns.tsx';
import { weighingRefusalHint } from './refusal-hint.ts';
import { SlipDialog } from './slip-dialog.tsx';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useDates } from '../../lib/calendar-context.tsx';
import { useFinishOnStoredTare, useStoredTare } from './api/use-stored-tare.ts';
import { storedTareOffer, warningLines, weightWarningsOf, type WarningWire } from './weight-warnings.ts';
import { CameraReadsPanel } from '../camera-reads/camera-reads-panel.tsx';
import { onReadChanges } from '../../lib/socket.ts';

/** The weight field's ref: antd's InputNumber handle focuses with a caret option like Input's. */
interface FocusableField {
  focus: (options?: { cursor?: 'start' | 'end' | 'all' }) => void;
}

function clock(instant: string | null): string {
  return instant ? dayjs(instant).format('HH:mm') : '-';
}

/**
 * Where a weighing's weight comes from: typed in the field (with why), taken by the server from a
 * scale, or (a weigh-out only) the vehicle's stored tare (issue 42).
 */
type WeightSource =
  | { kind: 'typed'; weight: number; reason: string }
  | { kind: 'scale'; scaleUuid: string }
  | { kind: 'storedTare' };

/** What the officer confirmed of a weighing the server asked about first. */
interface Confirmed {
  /** Weighed out before its call (OUT_OF_ORDER). */
  outOfOrder?: boolean;
  /** Outside the product's range or over the legal gross (WEIGHT_WARNING). */
  warnings?: boolean;
}

/** The shortest reason the server takes for a typed weight (ManualWeightReasonSchema). */
const REASON_MIN = 3;
const REASON_MAX = 200;
/** Reasons a clerk picks with one tap (weighing.manual.reasons.*); any other may be typed. */
const REASON_CHOICES = ['scaleDown', 'noSignal', 'otherScale'] as const;

/**
 * /System/weighing: the weighbridge records each truck's weight in and out. With a scale chosen,
 * the buttons record the weight its indicator shows (only once it is stable); without one, or
 * with "type by hand" on, an officer the branch allows to types it, with the reason.
 */
export function WeighingPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const symbols = useMemo(() => numberSymbols(locale), [locale]);
  const dates = useDates();
  const today = useWeighToday();
  const plantToday = usePlantToday();
  const weighIn = useWeighIn();
  const weighOut = useWeighOut();
  const capture = useCaptureWeight();
  const scales = useScales();
  const [remembered, setRemembered] = useState(rememberedScale);
  const [typing, setTyping] = useState(false);
  const scaleList = scales.data?.scales ?? [];
  const mayType = scales.data?.mayType ?? false;
  const scale = chosenScale(scaleList, remembered);
  const live = useScaleWeight(scale?.uuid ?? null, scale?.live);
  const capturing = scale !== null && !(typing && mayType);
  // No scale chosen to capture from and the officer may not type: nothing can be recorded yet.
  const blocked = !capturing && !mayType;
  const refusal = capturing ? captureRefusal(live) : null;
  const scan = useCounterScan('weighing');
  const phone = usePhone();
  const weightRef = useRef<FocusableField | null>(null);
  const [weight, setWeight] = useState<number | null>(null);
  const [problem, setProblem] = useState<WeightProblem | null>(null);
  // Kept between trucks: while a scale is down the clerk types the same reason for each.
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  const reasonRef = useRef<FocusableField | null>(null);
  const finishOnTare = useFinishOnStoredTare();
  const pending = weighIn.isPending || weighOut.isPending || capture.isPending || finishOnTare.isPending;
  // The truck whose receiving slip is open (its uuid).
  const [slipFor, setSlipFor] = useState<string | null>(null);

  const rows = today.data ?? [];
  // What today's list knows of the truck in the box (a typed number, or the QR code's ticket).
  const scanned = scan.scanned;
  const known =
    scanned.kind === 'number'
      ? rows.find((row) => row.queue_number === scanned.queueNumber)
      : scanned.kind === 'uuid'
        ? rows.find((row) => row.uuid === scanned.uuid)
        : scanned.kind === 'ticketCode'
          ? rows.find((row) => row.ticket_code === scanned.code)
          : undefined;
  const suggestion = suggestedDirection(known);
  // A truck weighed in and not out: its vehicle's stored tare may finish it (issue 42).
  const dueOut = known && known.weigh_in_kg !== null && known.weigh_out_kg === null ? known.uuid : null;
  const storedTare = useStoredTare(dueOut);
  const tareOffer = storedTareOffer(known, storedTare.data);

  const focusWeight = (select = false) => weightRef.current?.focus(select ? { cursor: 'all' } : undefined);

  // The camera over this scale's deck read a truck (issue 42): its number goes in the box, ready
  // to weigh, and the officer types nothing. A box already holding another truck is left alone.
  // Without a scale chosen the page is at no weighbridge in particular: any deck's camera.
  const stationId = scale?.station_id ?? null;
  const putTruck = useRef<(queueNumber: string) => void>(() => undefined);
  useEffect(() => {
    putTruck.current = (queueNumber) => {
      if (scan.value.trim() !== '' && scan.value.trim() !== queueNumber) return;
      scan.change(queueNumber);
      scan.focus(true);
    };
  });
  useEffect(
    () =>
      onReadChanges((change) => {
        if (
          change?.action === 'weighbridge' &&
          change.outcome === 'identified' &&
          change.queue &&
          (stationId === null || change.station_id === stationId)
        )
          putTruck.current(change.queue.queue_number);
      }),
    [stationId],
  );

  /**
   * Records a weighing; sent again with the picked truck's uuid when several held the number, or
   * with what the officer confirmed: a weigh-out before its call (OUT_OF_ORDER), weights outside
   * the product's range or over the legal gross (WEIGHT_WARNING).
   */
  const send = (
    direction: WeighDirection,
    ref: TruckRefBody,
    source: WeightSource,
    named: NamedTruck,
    confirmed: Confirmed = {},
  ) => {
    const warned = confirmed.warnings ? { confirm_weight_warnings: true } : {};
    const order = confirmed.outOfOrder ? { confirm_out_of_order: true, ...warned } : warned;
    const recorded =
      source.kind === 'storedTare'
        ? finishOnTare.mutateAsync({ ...ref, ...warned })
        : source.kind === 'scale'
          ? capture.mutateAsync({ ...ref, direction, scale_uuid: source.scaleUuid, ...order })
          : (direction === 'in' ? weighIn : weighOut).mutateAsync({
              ...ref,
              weight: source.weight,
              reason: source.reason,
              ...order,
            });
    recorded.then(
      ({ queue }) => {
        const text =
          source.kind === 'storedTare'
            ? t('weighing.storedTare.finished', {
                n: queue.queue_number,
                weight: formatKg(queue.weigh_out_kg, locale),
              })
            : t(direction === 'in' ? 'weighing.weighedIn' : 'weighing.weighedOut', {
                n: queue.queue_number,
                weight: formatKg(direction === 'in' ? queue.weigh_in_kg : queue.weigh_out_kg, locale),
              });
        const detail =
          queue.net_kg !== null
            ? t('weighing.netResult', {
                license: queue.truck_license,
                gross: formatKg(queue.gross_kg, locale),
                tare: formatKg(queue.tare_kg, locale),
                net: formatKg(queue.net_kg, locale),
              })
            : t('weighing.recordedDetail', { license: queue.truck_license, product: queue.product_name });
        setWeight(null);
        const weighedOut = queue.net_kg !== null && direction === 'out';
        scan.recorded({
          text,
          detail,
          // Weighed out: the slip the driver is paid on is ready to print.
          action: weighedOut ? (
            <Button
              icon={<FileTextOutlined aria-hidden />}
              onClick={() => setSlipFor(queue.uuid)}
              data-testid="slip-after-weigh-out"
            >
              {t('weighing.slip.printNow')}
            </Button>
          ) : undefined,
        });
      },
      // From the server's reason (already weighed in or out, not weighed in, already left, the
      // scale not stable), never from today's list, which may be older than the refusal.
      (error: unknown) => {
        // A stored tare finishes only a truck called to unload: no confirming an early one.
        const early =
          confirmed.outOfOrder || source.kind === 'storedTare'
            ? null
            : unfinishedStepsOf(error, 'OUT_OF_ORDER');
        if (early) {
          askOutOfOrder(early, queueNumberOf(error) ?? scanLabel(t, named), () =>
            send(direction, ref, source, named, { ...confirmed, outOfOrder: true }),
          );
          return;
        }
        const warnings = confirmed.warnings ? null : weightWarningsOf(error);
        if (warnings) {
          askWarnings(warnings, queueNumberOf(error) ?? scanLabel(t, named), () =>
            send(direction, ref, source, named, { ...confirmed, warnings: true }),
          );
          return;
        }
        const invalid = errorCodeOf(error) === 'VALIDATION_FAILED';
        scan.refused(
          error,
          named,
          {
            conflict: t(direction === 'in' ? 'weighing.weighInConflict' : 'weighing.weighOutConflict', {
              n: scanLabel(t, named),
            }),
            invalid: { title: t('weighing.invalidInput'), explain: true },
            hint: (reason) => weighingRefusalHint(t, reason),
          },
          {
            ...(invalid && source.kind === 'typed' ? { afterClose: () => focusWeight(true) } : {}),
            pick: (candidate) =>
              send(direction, { queue_number: candidate.queue_number, uuid: candidate.uuid }, source, named),
          },
        );
      },
    );
  };

  /** A weigh-out before the truck's call: say what it has not done; the officer records it or not (the default). */
  const askOutOfOrder = (missing: UnfinishedStep[], n: string, record: () => void) => {
    let confirmed = false;
    modal.confirm({
      title: t('weighing.outOfOrder.title', { n }),
      content: (
        <MissingSteps
          missing={missing}
          intro={t('weighing.outOfOrder.missingIntro')}
          warning={t('weighing.outOfOrder.warning')}
          testId="out-of-order"
        />
      ),
      okText: t('weighing.outOfOrder.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('weighing.outOfOrder.cancel'),
      autoFocusButton: 'cancel',
      width: 480,
      onOk: () => {
        confirmed = true;
        record();
      },
      afterClose: () => {
        if (!confirmed) scan.focus(true);
      },
    });
  };

  /**
   * Weights outside the product's range or over the vehicle's legal gross: said with their
   * figures; the officer records them anyway (kept marked on the ticket and its slip) or not (the default).
   */
  const askWarnings = (warnings: WarningWire[], n: string, record: () => void) => {
    let confirmed = false;
    modal.confirm({
      title: t('weighing.warnings.title', { n }),
      content: (
        <Flex vertical gap={8} data-testid="weight-warnings">
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {warningLines(t, warnings, locale).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <span>{t('weighing.warnings.kept')}</span>
        </Flex>
      ),
      okText: t('weighing.warnings.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('weighing.warnings.cancel'),
      autoFocusButton: 'cancel',
      width: 520,
      onOk: () => {
        confirmed = true;
        record();
      },
      afterClose: () => {
        if (!confirmed) scan.focus(true);
      },
    });
  };

  /** Finishes the truck in the box on its vehicle's stored tare (issue 42) instead of weighing it out. */
  const finishOnStoredTareNow = () => {
    if (pending) return;
    const target = scan.take();
    if (target) send('out', target.ref, { kind: 'storedTare' }, target.named);
  };

  const submit = (direction: WeighDirection) => {
    if (pending) return;
    const target = scan.take();
    if (!target) return;
    if (capturing) {
      if (!refusal) send(direction, target.ref, { kind: 'scale', scaleUuid: scale.uuid }, target.named);
      return;
    }
    if (blocked) return;
    const wrong = weightProblem(weight);
    if (wrong || weight === null) {
      setProblem(wrong ?? 'required');
      focusWeight(true);
      return;
    }
    const why = reason.trim();
    if (why.length < REASON_MIN) {
      setReasonProblem(true);
      reasonRef.current?.focus();
      return;
    }
    send(direction, target.ref, { kind: 'typed', weight, reason: why }, target.named);
  };

  const weighing = known
    ? known.weigh_out_kg !== null
      ? t('weighing.statusDone', {
          weighIn: formatKg(known.weigh_in_kg, locale),
          weighOut: formatKg(known.weigh_out_kg, locale),
        })
      : known.weigh_in_kg !== null
        ? t('weighing.statusWeighedIn', {
            weight: formatKg(known.weigh_in_kg, locale),
            time: clock(known.weigh_in_at),
          })
        : null
    : null;
  // Where the truck is in its work: its state, and the station it was called to.
  const status = known ? (
    <Flex gap={6} align="center" wrap data-testid="weighing-stage">
      <span>{t('weighing.stage')}</span>
      <QueueStateTag state={known.queue_state} />
      {known.station_name && <span>{t('weighing.calledTo', { station: known.station_name })}</span>}
      {weighing && <span>· {weighing}</span>}
      {known.weight_warnings.length > 0 && (
        <Tag color="red" data-testid="weighing-stage-warned">
          {t('weighing.warnings.tag')}
        </Tag>
      )}
      {storedTare.data?.tare && tareOffer !== 'none' && (
        <Flex gap={8} align="center" wrap data-testid="stored-tare">
          <span>
            ·{' '}
            {t(tareOffer === 'expired' ? 'weighing.storedTare.expired' : 'weighing.storedTare.known', {
              weight: formatKg(storedTare.data.tare.kg, locale),
              date: dates.date(storedTare.data.tare.weighed_at),
            })}
          </span>
          {tareOffer === 'finish' && (
            <Button
              size="small"
              onClick={finishOnStoredTareNow}
              loading={finishOnTare.isPending}
              disabled={pending && !finishOnTare.isPending}
              data-testid="finish-on-stored-tare"
            >
              {t('weighing.storedTare.finish')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  ) : null;

  const problemText = problem
    ? problem === 'range'
      ? t('weighing.weightRange', { max: formatKg(MAX_WEIGHT_KG, locale) })
      : problem === 'decimals'
        ? t('weighing.weightDecimals')
        : t('weighing.weightRequired')
    : undefined;

  const weighingTop =
    scales.isSuccess && scaleList.length === 0 && !mayType ? (
      <Alert
        type="warning"
        showIcon
        title={t('weighing.manual.notAllowedTitle')}
        description={t('weighing.manual.notAllowedNoScale')}
      />
    ) : scaleList.length > 0 ? (
      <ScalePanel
        scales={scaleList}
        scale={scale}
        live={live}
        typing={typing && mayType}
        mayType={mayType}
        onChoose={(uuid) => {
          rememberScale(uuid);
          setRemembered(uuid);
        }}
        onTyping={setTyping}
      />
    ) : undefined;

  return (
    <>
      <CounterPage<WeighRecord>
        scan={scan}
        icon={DashboardOutlined}
        onEnter={() => {
          if (capturing) submit(suggestion);
          else if (scan.take()) focusWeight(true);
        }}
        top={weighingTop}
        afterForm={
          <CameraReadsPanel
            kind="weighbridge"
            stationId={stationId}
            onTruck={(truck) => {
              scan.change(truck.queue_number);
              scan.focus(true);
            }}
          />
        }

        help={status}
        hint={capturing ? t('weighing.formHintScale') : undefined}
        extra={
          <>
            {!capturing && !blocked && (
              <Form.Item
                label={t('weighing.weight')}
                htmlFor="weighing-weight"
                validateStatus={problem ? 'error' : undefined}
                help={problemText}
                style={phone ? { marginBottom: 0 } : { flex: '1 1 220px', maxWidth: 300, marginBottom: 0 }}
              >
                <InputNumber<number | string>
                  id="weighing-weight"
                  ref={(node) => {
                    weightRef.current = node;
                  }}
                  size="large"
                  value={weight}
                  onChange={(value) => {
                    setWeight(value === null || value === '' ? null : Number(value));
                    setProblem(null);
                  }}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    // The reason comes next when it is still empty; else the weight is recorded.
                    if (reason.trim().length < REASON_MIN) reasonRef.current?.focus();
                    else submit(suggestion);
                  }}
                  step={0.1}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('weighing.weightPlaceholder', { example: formatKg(25340, locale) })}
                  formatter={(value, info) =>
                    info.userTyping ? info.input : formatWeightText(value, symbols)
                  }
                  parser={(text) => parseWeightText(text, symbols)}
                  suffix={t('weighing.kg')}
                  status={problem ? 'error' : undefined}
                  style={{ width: '100%', fontSize: 20, fontWeight: 600 }}
                />
              </Form.Item>
            )}
            {!capturing && !blocked && (
              <Form.Item
                label={t('weighing.manual.reason')}
                htmlFor="weighing-reason"
                validateStatus={reasonProblem ? 'error' : undefined}
                help={reasonProblem ? t('weighing.manual.reasonRequired', { min: REASON_MIN }) : undefined}
                extra={
                  <Flex gap={4} wrap style={{ marginTop: 4 }}>
                    {REASON_CHOICES.map((key) => (
                      <Tag.CheckableTag
                        key={key}
                        // Outlined, so an unchosen reason still reads as something to tap.
                        style={{ border: `1px dashed ${token.colorBorder}` }}
                        checked={reason === t(`weighing.manual.reasons.${key}`)}
                        onChange={() => {
                          setReason(t(`weighing.manual.reasons.${key}`));
                          setReasonProblem(false);
                          // Back in the reason box, Enter records the weight as the hint says.
                          reasonRef.current?.focus({ cursor: 'end' });
                        }}
                      >
                        {t(`weighing.manual.reasons.${key}`)}
                      </Tag.CheckableTag>
                    ))}
                  </Flex>
                }
                style={phone ? { marginBottom: 0 } : { flex: '1 1 260px', maxWidth: 380, marginBottom: 0 }}
              >
                <Input
                  id="weighing-reason"
                  ref={(node) => {
                    reasonRef.current = node;
                  }}
                  size="large"
                  value={reason}
                  maxLength={REASON_MAX}
                  autoComplete="off"
                  placeholder={t('weighing.manual.reasonPlaceholder')}
                  status={reasonProblem ? 'error' : undefined}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonProblem(false);
                  }}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    submit(suggestion);
                  }}
                />
              </Form.Item>
            )}
            <Form.Item
              // Beside the fields, an empty label lines the buttons up with them; under them on a phone, none.
              label={phone ? undefined : <span aria-hidden>&nbsp;</span>}
              colon={false}
              extra={
                refusal
                  ? t(`errors.reasons.${refusal}`)
                  : t('weighing.enterHint', {
                      action: t(suggestion === 'in' ? 'weighing.weighIn' : 'weighing.weighOut'),
                    })
              }
              style={{ marginBottom: 0 }}
            >
              <Flex gap={12} wrap={!phone}>
                <Button
                  size="large"
                  type={suggestion === 'in' ? 'primary' : 'default'}
                  icon={<LoginOutlined aria-hidden />}
                  loading={weighIn.isPending || (capture.isPending && capture.variables.direction === 'in')}
                  disabled={
                    weighOut.isPending ||
                    (capture.isPending && capture.variables.direction === 'out') ||
                    refusal !== null ||
                    blocked
                  }
                  onClick={() => submit('in')}
                  data-testid="weigh-in"
                  style={phone ? { flex: 1 } : { minWidth: 130 }}
                >
                  {t('weighing.weighIn')}
                </Button>
                <Button
                  size="large"
                  type={suggestion === 'out' ? 'primary' : 'default'}
                  icon={<LogoutOutlined aria-hidden />}
                  loading={weighOut.isPending || (capture.isPending && capture.variables.direction === 'out')}
                  disabled={
                    weighIn.isPending ||
                    (capture.isPending && capture.variables.direction === 'in') ||
                    refusal !== null ||
                    blocked
                  }
                  onClick={() => submit('out')}
                  data-testid="weigh-out"
                  style={phone ? { flex: 1 } : { minWidth: 130 }}
                >
                  {t('weighing.weighOut')}
                </Button>
              </Flex>
            </Form.Item>
          </>
        }
        today={today}
        columns={weighingColumns(t, locale, plantToday, (row) => setSlipFor(row.uuid))}
        scrollX={1210}
      />
      <SlipDialog uuid={slipFor} onClose={() => setSlipFor(null)} />
    </>
  );
}
