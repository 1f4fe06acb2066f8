import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { useTranslation } from 'react-i18next';
import { reasonAppliesTo } from '@truck-queue/shared/queue/yard-rules';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import type { LabMeasureWire } from '@truck-queue/shared/contracts/lab.contract';
import {
  LAB_DECIMALS_MAX,
  LAB_FAIL_ACTIONS,
  LAB_MEASURES_MAX,
  labMeasureProblem,
  passRangeText,
  type LabFailAction,
} from '@truck-queue/shared/lab/measures';
import { errorMessage } from '../../../../lib/errors.ts';
import { useYardSettings } from '../../yard/api/use-yard-settings.ts';
import { useSaveLabMeasure, type LabMeasureBody } from '../api/use-save-lab-measure.ts';
import { FlowTag } from './flow-tag.tsx';

interface LabMeasuresDialogProps {
  open: boolean;
  queueType: BranchQueueType | undefined;
  onClose: () => void;
}

/**
 * What the lab measures for a lab queue type (starch %, moisture %, dirt %; CCS for cane): each
 * with its unit, decimals, the values it may take and those that pass, and what a failing value
 * calls for. The lab's checkout asks for every active one.
 */
export function LabMeasuresDialog({ open, queueType, onClose }: LabMeasuresDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveLabMeasure();
  const reasons = useYardSettings();
  const [editing, setEditing] = useState<LabMeasureWire | 'new' | null>(null);
  const measures = queueType?.lab_measures ?? [];
  const reasonName = (id: number | null) => reasons.data?.reasons.find((r) => r.id === id)?.name;

  const toggle = (m: LabMeasureWire) => {
    const { id, branch_queue_type_id, active, ...rest } = m;
    save.mutate(
      { id, branch_queue_type_id, ...rest, active: !active },
      {
        onSuccess: () => void message.success(t('catalog.common.saved')),
        onError: (error) => void message.error(errorMessage(t, error)),
      },
    );
  };

  const columns: TableColumnsType<LabMeasureWire> = [
    {
      key: 'name',
      title: t('labMeasures.columns.name'),
      render: (_v, m) => (
        <Flex vertical>
          <Typography.Text strong>{m.unit ? `${m.name} (${m.unit})` : m.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('labValues.dialog.allowed', { min: m.min, max: m.max })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'pass',
      title: t('labMeasures.columns.pass'),
      width: 110,
      render: (_v, m) =>
        passRangeText({ passMin: m.pass_min, passMax: m.pass_max, decimals: m.decimals }) ?? '-',
    },
    {
      key: 'fail',
      title: t('labMeasures.columns.fail'),
      width: 170,
      render: (_v, m) => (
        <Flex vertical gap={2} align="start">
          <Tag color={m.on_fail === 'reject' ? 'error' : 'warning'} style={{ marginInlineEnd: 0 }}>
            {t(`labMeasures.onFail.${m.on_fail}`)}
          </Tag>
          {m.fail_reason_id !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {reasonName(m.fail_reason_id)}
            </Typography.Text>
          )}
          {m.deduct_above !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('labMeasures.deducts', { above: m.deduct_above })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'active',
      title: t('labMeasures.columns.active'),
      width: 90,
      render: (_v, m) => (
        <Switch
          size="small"
          checked={m.active}
          loading={save.isPending && save.variables?.id === m.id}
          onChange={() => toggle(m)}
          aria-label={t('labMeasures.activeFor', { name: m.name })}
        />
      ),
    },
    {
      key: 'edit',
      width: 56,
      render: (_v, m) => (
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('labMeasures.editFor', { name: m.name })}
          onClick={() => setEditing(m)}
        />
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('labMeasures.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
      width={720}
    >
      {queueType && (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{queueType.queue_type_name}</Typography.Text>
            <FlowTag flowEngineId={queueType.flow_engine_id} />
          </Flex>
          <Typography.Text type="secondary">{t('labMeasures.hint')}</Typography.Text>
          <Table<LabMeasureWire>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={measures}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('labMeasures.empty') }}
            rowClassName={(m) => (m.active ? '' : 'ant-table-row-disabled')}
          />
          <div>
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={measures.filter((m) => m.active).length >= LAB_MEASURES_MAX}
              onClick={() => setEditing('new')}
            >
              {t('labMeasures.add')}
            </Button>
          </div>
        </Flex>
      )}
      {queueType && (
        <LabMeasureForm
          key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
          open={editing !== null}
          queueType={queueType}
          measure={editing === 'new' ? undefined : (editing ?? undefined)}
          nextSort={Math.max(0, ...measures.map((m) => m.sort)) + 1}
          reasons={reasons.data?.reasons ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Modal>
  );
}

interface FormValues {
  name: string;
  unit: string;
  decimals: number;
  min: number;
  max: number;
  pass_min: number | null;
  pass_max: number | null;
  on_fail: LabFailAction;
  fail_reason_id: number | null;
  deduct_above: number | null;
}

function LabMeasureForm({
  open,
  queueType,
  measure,
  nextSort,
  reasons,
  onClose,
}: {
  open: boolean;
  queueType: BranchQueueType;
  measure: LabMeasureWire | undefined;
  nextSort: number;
  reasons: readonly { id: number; kind: string; name: string; active: boolean; queue_type_ids: number[] }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveLabMeasure();
  const [form] = Form.useForm<FormValues>();
  const onFail = Form.useWatch('on_fail', form) ?? measure?.on_fail ?? 'recheck';
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: FormValues) => {
    setFailure(null);
    const body: LabMeasureBody = {
      ...(measure ? { id: measure.id } : {}),
      branch_queue_type_id: queueType.id,
      name: values.name,
      unit: values.unit ?? '',
      decimals: values.decimals,
      min: values.min,
      max: values.max,
      pass_min: values.pass_min ?? null,
      pass_max: values.pass_max ?? null,
      on_fail: values.on_fail,
      fail_reason_id: values.fail_reason_id ?? null,
      deduct_above: values.deduct_above ?? null,
      sort: measure?.sort ?? nextSort,
      active: measure?.active ?? true,
    };
    save.mutate(body, {
      onSuccess: () => {
        void message.success(t('catalog.common.saved'));
        onClose();
      },
      onError: (error) => setFailure(errorMessage(t, error)),
    });
  };

  return (
    <FormDialog<FormValues>
      open={open}
      title={t(measure ? 'labMeasures.editTitle' : 'labMeasures.addTitle')}
      form={form}
      initialValues={
        measure ?? {
          unit: '%',
          decimals: 1,
          on_fail: 'recheck',
          fail_reason_id: null,
          deduct_above: null,
        }
      }
      onFinish={submit}
      onCancel={onClose}
      loading={save.isPending}
      width={560}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Flex gap={12} wrap>
        <Form.Item
          name="name"
          label={t('labMeasures.name')}
          rules={[{ required: true, whitespace: true, message: t('labMeasures.nameRequired') }]}
          style={{ flex: '1 1 220px' }}
        >
          <Input maxLength={40} placeholder={t('labMeasures.namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="unit" label={t('labMeasures.unit')} style={{ flex: '0 1 110px' }}>
          <Input maxLength={12} placeholder="%" />
        </Form.Item>
        <Form.Item name="decimals" label={t('labMeasures.decimals')} style={{ flex: '0 1 110px' }}>
          <InputNumber<number> min={0} max={LAB_DECIMALS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item
          name="min"
          label={t('labMeasures.min')}
          rules={[{ required: true, message: t('labMeasures.boundRequired') }]}
          style={{ flex: '1 1 120px' }}
        >
          <InputNumber<number> style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="max"
          label={t('labMeasures.max')}
          dependencies={['min']}
          rules={[
            { required: true, message: t('labMeasures.boundRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, max: number | null) =>
                typeof max === 'number' &&
                typeof getFieldValue('min') === 'number' &&
                getFieldValue('min') >= max
                  ? Promise.reject(new Error(t('labMeasures.maxAboveMin')))
                  : Promise.resolve(),
            }),
          ]}
          style={{ flex: '1 1 120px' }}
        >
          <InputNumber<number> style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item
          name="pass_min"
          label={t('labMeasures.passMin')}
          dependencies={['min', 'max', 'pass_max']}
          rules={[
            ({ getFieldsValue }) => ({
              validator: () => {
                const v = getFieldsValue() as FormValues;
                const problem =
                  typeof v.min === 'number' && typeof v.max === 'number'
                    ? labMeasureProblem({
                        min: v.min,
                        max: v.max,
                        passMin: v.pass_min ?? null,
                        passMax: v.pass_max ?? null,
                        decimals: v.decimals,
                        deductAbove: null,
                      })
                    : null;
                return problem === 'passRange'
                  ? Promise.reject(new Error(t('labMeasures.passRangeProblem')))
                  : Promise.resolve();
              },
            }),
          ]}
          style={{ flex: '1 1 120px' }}
        >
          <InputNumber<number> style={{ width: '100%' }} placeholder={t('labMeasures.noBound')} />
        </Form.Item>
        <Form.Item name="pass_max" label={t('labMeasures.passMax')} style={{ flex: '1 1 120px' }}>
          <InputNumber<number> style={{ width: '100%' }} placeholder={t('labMeasures.noBound')} />
        </Form.Item>
      </Flex>
      <Form.Item name="on_fail" label={t('labMeasures.onFailLabel')}>
        <Radio.Group
          optionType="button"
          onChange={() => form.setFieldValue('fail_reason_id', null)}
          options={LAB_FAIL_ACTIONS.map((a) => ({ value: a, label: t(`labMeasures.onFail.${a}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="fail_reason_id"
        label={t('labMeasures.failReason')}
        extra={t('labMeasures.failReasonHint')}
      >
        <Select<number | null>
          allowClear
          placeholder={t('labMeasures.failReasonNone')}
          // The branch's reasons of that kind for this queue type (yard rules may narrow a reason to some).
          options={reasons
            .filter((r) => r.kind === onFail && r.active && reasonAppliesTo(r.queue_type_ids, queueType.id))
            .map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item
        name="deduct_above"
        label={t('labMeasures.deductAbove')}
        extra={t('labMeasures.deductAboveHint')}
      >
        <InputNumber<number>
          min={0}
          max={100}
          style={{ width: 160 }}
          placeholder={t('labMeasures.noDeduction')}
          suffix="%"
        />
      </Form.Item>
    </FormDialog>
  );
}
