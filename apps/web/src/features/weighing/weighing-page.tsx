import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Flex, Form, InputNumber, type InputRef } from 'antd';
import { DashboardOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { conflictReasonOf, errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { useQueueChanges } from '../../lib/socket.ts';
import { CounterFormCard } from '../station-work/components/counter-form-card.tsx';
import { focusQueueNumber } from '../station-work/components/queue-number-input.tsx';
import { QueueNumberField } from '../station-work/components/queue-number-field.tsx';
import {
  useFailureDialog,
  type LastScan,
  type StationFailure,
} from '../station-work/components/station-feedback.tsx';
import { TodayTable } from '../station-work/components/today-table.tsx';
import { useWeighIn } from './api/use-weigh-in.ts';
import { useWeighOut } from './api/use-weigh-out.ts';
import { useWeighToday, weighTodayQueryKey } from './api/use-weigh-today.ts';
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

/** The weight field's ref: antd's InputNumber handle focuses with a caret option like Input's. */
interface FocusableField {
  focus: (options?: { cursor?: 'start' | 'end' | 'all' }) => void;
}

function clock(instant: string | null): string {
  return instant ? dayjs(instant).format('HH:mm') : '-';
}

/**
 * Why the weighbridge could not record the weight, in the officer's words: from the server's
 * reason (already weighed in or out, not weighed in, already left), never from today's list,
 * which may be older than the refusal.
 */
function weighFailure(t: TFunction, error: unknown, direction: WeighDirection, n: string): StationFailure {
  const subject = t('weighing.typedNumber', { n });
  const detail =
    error instanceof Error && error.message
      ? t('weighing.serverSays', { message: error.message })
      : undefined;
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') return { title: t('weighing.notFound'), subject };
  if (code === 'VALIDATION_FAILED') return { title: t('weighing.invalidInput'), subject, detail };
  if (code !== 'CONFLICT') return { title: errorMessage(t, error), subject };
  const reason = conflictReasonOf(error);
  if (!reason) {
    return {
      title: t(direction === 'in' ? 'weighing.weighInConflict' : 'weighing.weighOutConflict', { n }),
      detail,
    };
  }
  // Weighed in already: most often the truck is leaving and the officer meant weigh-out.
  return {
    title: errorMessage(t, error),
    subject: reason === 'ALREADY_WEIGHED_IN' ? t('weighing.useWeighOut') : undefined,
  };
}

/** /System/weighing: the weighbridge records each truck's weight in and out. */
export function WeighingPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const symbols = useMemo(() => numberSymbols(locale), [locale]);
  const queryClient = useQueryClient();
  const today = useWeighToday();
  const weighIn = useWeighIn();
  const weighOut = useWeighOut();
  const showFailure = useFailureDialog();
  const queueRef = useRef<InputRef>(null);
  const weightRef = useRef<FocusableField | null>(null);
  const [queueNumber, setQueueNumber] = useState('');
  const [weight, setWeight] = useState<number | null>(null);
  const [missingNumber, setMissingNumber] = useState(false);
  const [problem, setProblem] = useState<WeightProblem | null>(null);
  const [last, setLast] = useState<LastScan | null>(null);
  const pending = weighIn.isPending || weighOut.isPending;

  useQueueChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }), [queryClient]),
  );

  const rows = today.data ?? [];
  const typed = queueNumber.trim().toUpperCase();
  const known = typed ? rows.find((row) => row.queue_number === typed) : undefined;
  const suggestion = suggestedDirection(known);

  const focusWeight = (select = false) => weightRef.current?.focus(select ? { cursor: 'all' } : undefined);

  const submit = (direction: WeighDirection) => {
    if (pending) return;
    if (!typed) {
      setMissingNumber(true);
      focusQueueNumber(queueRef.current);
      return;
    }
    const wrong = weightProblem(weight);
    if (wrong || weight === null) {
      setProblem(wrong ?? 'required');
      focusWeight(true);
      return;
    }
    const mutation = direction === 'in' ? weighIn : weighOut;
    mutation.mutate(
      { queue_number: typed, weight },
      {
        onSuccess: ({ queue }) => {
          const text = t(direction === 'in' ? 'weighing.weighedIn' : 'weighing.weighedOut', {
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
          setLast({ text, detail });
          setQueueNumber('');
          setWeight(null);
          focusQueueNumber(queueRef.current);
        },
        onError: (error) => {
          setLast(null);
          const code = errorCodeOf(error);
          showFailure(weighFailure(t, error, direction, typed), () =>
            code === 'VALIDATION_FAILED' ? focusWeight(true) : focusQueueNumber(queueRef.current, true),
          );
        },
      },
    );
  };

  const status = known
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

  const problemText = problem
    ? problem === 'range'
      ? t('weighing.weightRange', { max: formatKg(MAX_WEIGHT_KG, locale) })
      : problem === 'decimals'
        ? t('weighing.weightDecimals')
        : t('weighing.weightRequired')
    : undefined;

  return (
    <Flex vertical gap={24}>
      <CounterFormCard
        icon={DashboardOutlined}
        title={t('weighing.formTitle')}
        hint={t('weighing.formHint')}
        last={last}
      >
        <Flex gap={16} wrap align="start">
          <QueueNumberField
            id="weighing-queue-number"
            label={t('weighing.queueNumber')}
            placeholder={t('weighing.queueNumberPlaceholder')}
            requiredText={t('weighing.queueNumberRequired')}
            missing={missingNumber}
            help={status}
            value={queueNumber}
            onChange={(value) => {
              setQueueNumber(value);
              if (value) setMissingNumber(false);
            }}
            onSubmit={() => {
              if (typed) focusWeight(true);
              else setMissingNumber(true);
            }}
            inputRef={queueRef}
            style={{ flex: '1 1 220px', maxWidth: 300 }}
          />
          <Form.Item
            label={t('weighing.weight')}
            htmlFor="weighing-weight"
            validateStatus={problem ? 'error' : undefined}
            help={problemText}
            style={{ flex: '1 1 220px', maxWidth: 300, marginBottom: 0 }}
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
                submit(suggestion);
              }}
              step={0.1}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('weighing.weightPlaceholder', { example: formatKg(25340, locale) })}
              formatter={(value, info) => (info.userTyping ? info.input : formatWeightText(value, symbols))}
              parser={(text) => parseWeightText(text, symbols)}
              suffix={t('weighing.kg')}
              status={problem ? 'error' : undefined}
              style={{ width: '100%', fontSize: 20, fontWeight: 600 }}
            />
          </Form.Item>
          <Form.Item
            label={<span aria-hidden>&nbsp;</span>}
            colon={false}
            extra={t('weighing.enterHint', {
              action: t(suggestion === 'in' ? 'weighing.weighIn' : 'weighing.weighOut'),
            })}
            style={{ marginBottom: 0 }}
          >
            <Flex gap={12} wrap>
              <Button
                size="large"
                type={suggestion === 'in' ? 'primary' : 'default'}
                icon={<LoginOutlined aria-hidden />}
                loading={weighIn.isPending}
                disabled={weighOut.isPending}
                onClick={() => submit('in')}
                style={{ minWidth: 130 }}
              >
                {t('weighing.weighIn')}
              </Button>
              <Button
                size="large"
                type={suggestion === 'out' ? 'primary' : 'default'}
                icon={<LogoutOutlined aria-hidden />}
                loading={weighOut.isPending}
                disabled={weighIn.isPending}
                onClick={() => submit('out')}
                style={{ minWidth: 130 }}
              >
                {t('weighing.weighOut')}
              </Button>
            </Flex>
          </Form.Item>
        </Flex>
      </CounterFormCard>

      <TodayTable<WeighRecord>
        query={today}
        columns={weighingColumns(t, locale)}
        scrollX={975}
        texts={{
          title: t('weighing.todayTitle'),
          total: (total) => t('weighing.total', { total }),
          search: t('weighing.search'),
          retry: t('weighing.retry'),
          noMatch: t('weighing.noMatch'),
          empty: t('weighing.empty'),
        }}
      />
    </Flex>
  );
}
