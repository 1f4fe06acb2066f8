import { Alert, Flex, Form, InputNumber, Tag, Typography } from 'antd';
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

type Values = Record<string, number | null | undefined>;
const field = (measure: LabMeasureWire) => `m${measure.id}`;

interface LabValuesDialogProps {
  /** The sample being checked out; null: closed. */
  record: LabRecord | null;
  /** Its queue type's measurements, in order. */
  measures: readonly LabMeasureWire[];
  sending: boolean;
  /** A failure to show above the fields (the server's words). */
  failure: string | null;
  onSubmit: (values: { measure_id: number; value: number }[]) => void;
  onClose: () => void;
}

/**
 * Checkout with the lab's values: one field per measurement of the truck's queue type, with its
 * unit, range and pass range; each value says at once whether it passes, and the foot says what
 * the values call for (pass, recheck, reject), as the caller's card will propose it.
 */
export function LabValuesDialog({
  record,
  measures,
  sending,
  failure,
  onSubmit,
  onClose,
}: LabValuesDialogProps) {
  const { t } = useTranslation();
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
      title={record ? t('labValues.dialog.title', { n: record.queue_number }) : undefined}
      form={form}
      onFinish={(values) =>
        onSubmit(measures.map((m) => ({ measure_id: m.id, value: values[field(m)] as number })))
      }
      onCancel={onClose}
      okText={t('labValues.dialog.ok')}
      loading={sending}
      width={560}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {record ? t('labValues.dialog.text', { licence: record.truck_license }) : null}
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
                fits ? (
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
