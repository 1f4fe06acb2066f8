import { Alert, Flex, Form, Input, InputNumber, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { measureOf, type LabMeasureWire } from '@truck-queue/shared/contracts/lab.contract';
import type { LabRecord } from '@truck-queue/shared/contracts/station-work.contract';
import {
  labValuePasses,
  labValueProblem,
  labVerdict,
  passRangeText,
  type LabValue,
} from '@truck-queue/shared/lab/measures';
import { FormDialog } from '../../components/form-dialog.tsx';
import { labReading } from '../../components/lab-values.tsx';

type Values = Record<string, number | string | null | undefined>;
const field = (measure: LabMeasureWire) => `m${measure.id}`;
/** The correction's reason (a field name no measurement's can take). */
const NOTE = 'note';

interface LabValuesDialogProps {
  /** The sample being checked out; null: closed. */
  record: LabRecord | null;
  /** Its queue type's measurements, in order. */
  measures: readonly LabMeasureWire[];
  sending: boolean;
  /** A failure to show above the fields (the server's words). */
  failure: string | null;
  /**
   * `checkout`: the values of the sample just tested (sample 1, or 2 and on after a recheck);
   * `correct`: the last result again, its values filled in, with the reason for the change.
   */
  mode?: 'checkout' | 'correct';
  onSubmit: (values: { measure_id: number; value: number }[], note?: string) => void;
  onClose: () => void;
}

/**
 * Checkout with the lab's values: one field per measurement of the truck's queue type, with its
 * unit, range and pass range; each value says at once whether it passes, and the foot says what
 * the values call for (pass, recheck, reject), as the caller's card will propose it. The same
 * dialog corrects a result saved by mistake: the values as saved, each changed one with what it
 * was, and the reason.
 */
export function LabValuesDialog({
  record,
  measures,
  sending,
  failure,
  mode = 'checkout',
  onSubmit,
  onClose,
}: LabValuesDialogProps) {
  const { t } = useTranslation();
  const correcting = mode === 'correct';
  const saved = new Map((record?.lab_values ?? []).map((v) => [v.measure_id, v]));
  // A checkout records the next sample; a correction changes the last one.
  const sample = record ? (correcting ? record.lab_sample : record.lab_sample + 1) : 1;
  const [form] = Form.useForm<Values>();
  const typed = Form.useWatch([], form) as Values | undefined;

  // The values typed so far that fit their measurement, for the verdict at the foot.
  const valid: LabValue[] = measures.flatMap((m) => {
    const value = typed?.[field(m)];
    return typeof value === 'number' && labValueProblem(measureOf(m), value) === null
      ? [{ measure: measureOf(m), value }]
      : [];
  });
  const complete = valid.length === measures.length;
  const verdict = complete ? labVerdict(valid) : null;

  return (
    <FormDialog<Values>
      open={record !== null}
      title={
        !record
          ? undefined
          : correcting
            ? t('labValues.correct.title', { n: record.queue_number, sample })
            : sample > 1
              ? t('labValues.dialog.sampleTitle', { n: record.queue_number, sample })
              : t('labValues.dialog.title', { n: record.queue_number })
      }
      form={form}
      initialValues={
        correcting
          ? Object.fromEntries(measures.map((m) => [field(m), saved.get(m.id)?.value ?? null]))
          : undefined
      }
      onFinish={(values) =>
        onSubmit(
          measures.map((m) => ({ measure_id: m.id, value: values[field(m)] as number })),
          correcting ? String(values[NOTE] ?? '').trim() : undefined,
        )
      }
      onCancel={onClose}
      okText={t(correcting ? 'labValues.correct.ok' : 'labValues.dialog.ok')}
      loading={sending}
      width={560}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {record
          ? t(correcting ? 'labValues.correct.text' : 'labValues.dialog.text', {
              licence: record.truck_license,
            })
          : null}
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {measures.map((m, index) => {
        const measure = measureOf(m);
        const value = typed?.[field(m)];
        const fits = typeof value === 'number' && labValueProblem(measure, value) === null;
        const range = passRangeText(measure);
        return (
          <Form.Item
            key={m.id}
            name={field(m)}
            label={m.unit ? `${m.name} (${m.unit})` : m.name}
            extra={[
              t('labValues.dialog.allowed', { min: m.min, max: m.max }),
              range ? t('labValues.range', { range }) : t('labValues.noRange'),
              ...(correcting && saved.has(m.id) && saved.get(m.id)!.value !== value
                ? [t('labValues.correct.before', { reading: labReading(saved.get(m.id)!) })]
                : []),
            ].join(' · ')}
            rules={[
              { required: true, message: t('labValues.dialog.required', { name: m.name }) },
              {
                validator: (_rule, v: number | null | undefined) => {
                  if (typeof v !== 'number') return Promise.resolve();
                  const problem = labValueProblem(measure, v);
                  if (problem === 'range')
                    return Promise.reject(
                      new Error(t('labValues.dialog.outOfRange', { min: m.min, max: m.max })),
                    );
                  if (problem === 'decimals')
                    return Promise.reject(new Error(t('labValues.dialog.decimals', { places: m.decimals })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber<number>
              autoFocus={index === 0}
              inputMode="decimal"
              step={10 ** -m.decimals}
              style={{ width: 200 }}
              suffix={
                fits && range ? (
                  <Tag
                    color={labValuePasses(measure, value) ? 'success' : 'error'}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {t(labValuePasses(measure, value) ? 'labValues.passed' : 'labValues.failed')}
                  </Tag>
                ) : (
                  m.unit
                )
              }
            />
          </Form.Item>
        );
      })}
      {correcting && (
        <Form.Item
          name={NOTE}
          label={t('labValues.correct.reason')}
          rules={[{ required: true, whitespace: true, message: t('labValues.correct.reasonRequired') }]}
        >
          <Input maxLength={200} placeholder={t('labValues.correct.reasonPlaceholder')} />
        </Form.Item>
      )}
      {verdict && (
        <Alert
          data-testid="lab-verdict"
          type={verdict.outcome === 'pass' ? 'success' : verdict.outcome === 'reject' ? 'error' : 'warning'}
          showIcon
          title={t(`labValues.calls.${verdict.outcome}`)}
          description={
            verdict.failed.length > 0 ? (
              <Flex vertical>
                {verdict.failed.map(({ measure, value }) => (
                  <span key={measure.id}>
                    {labReading({ ...measure, value })}
                    {passRangeText(measure)
                      ? ` (${t('labValues.range', { range: passRangeText(measure) })})`
                      : ''}
                  </span>
                ))}
              </Flex>
            ) : undefined
          }
        />
      )}
    </FormDialog>
  );
}
