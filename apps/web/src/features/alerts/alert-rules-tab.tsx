import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  InputNumber,
  Select,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CAP_PERCENT,
  ALERT_KINDS,
  ALERT_REPEAT_MINUTES,
  ALERT_THRESHOLD_MINUTES,
  alertKindTakesPercent,
  alertKindTakesQueueType,
  type AlertKind,
} from '@truck-queue/shared/alerts/alert-rules';
import type { AlertRule } from '@truck-queue/shared/contracts/alert.contract';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { useBranchQueueTypes } from '../admin/catalog/api/use-branch-queue-types.ts';
import { useAlertRules, useSaveAlertRule } from './api/use-alerts.ts';
import { thresholdText } from './alert-text.ts';

interface RuleForm {
  kind: AlertKind;
  branch_queue_type_id: number | null;
  threshold_minutes: number | null;
  threshold_percent: number | null;
  repeat_minutes: number;
  urgent: boolean;
  active: boolean;
}

/** A cap near its limit is told at this percent of the cap unless the admin sets another. */
const CAP_PERCENT_DEFAULT = 80;

const NEW_RULE: RuleForm = {
  kind: 'waiting_call',
  branch_queue_type_id: null,
  threshold_minutes: 60,
  threshold_percent: null,
  repeat_minutes: 15,
  urgent: false,
  active: true,
};

/** The branch's alert rules (admins): what each watches, after how long, who gets it by LINE. */
export function AlertRulesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useAlertRules(true);
  const types = useBranchQueueTypes();
  const save = useSaveAlertRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [form] = Form.useForm<RuleForm>();
  const kind = Form.useWatch('kind', form);

  const columns: TableColumnsType<AlertRule> = [
    {
      key: 'kind',
      title: t('alerts.columns.kind'),
      render: (_v, rule) => (
        <Flex vertical>
          <Typography.Text strong={rule.active} type={rule.active ? undefined : 'secondary'}>
            {t(`alerts.kind.${rule.kind}`)}
          </Typography.Text>
          {alertKindTakesQueueType(rule.kind) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {rule.queue_type_name ?? t('alerts.allTypes')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'threshold',
      title: t('alerts.columns.threshold'),
      width: 130,
      render: (_v, rule) => thresholdText(t, rule),
    },
    {
      key: 'repeat',
      title: t('alerts.columns.repeat'),
      width: 120,
      render: (_v, rule) =>
        rule.repeat_minutes === 0
          ? t('alerts.repeatNever')
          : t('alerts.repeatEvery', { count: rule.repeat_minutes }),
    },
    {
      key: 'urgent',
      title: t('alerts.columns.urgent'),
      width: 80,
      render: (_v, rule) => (rule.urgent ? <Tag color="red">{t('alerts.urgent')}</Tag> : '-'),
    },
    {
      key: 'subscribers',
      title: t('alerts.columns.subscribers'),
      render: (_v, rule) =>
        rule.subscribers.length === 0 ? (
          <Typography.Text type="secondary">{t('alerts.nobody')}</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {rule.subscribers.map((s) => (
              <Tag key={s.officer_id} color={s.line_linked ? 'green' : undefined}>
                {s.name}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'active',
      title: t('alerts.columns.active'),
      width: 70,
      render: (_v, rule) => <Switch size="small" checked={rule.active} disabled />,
    },
    {
      key: 'edit',
      width: 90,
      render: (_v, rule) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(rule)}>
          {t('alerts.editRule')}
        </Button>
      ),
    },
  ];

  const takesType = alertKindTakesQueueType(kind ?? NEW_RULE.kind);
  const takesPercent = alertKindTakesPercent(kind ?? NEW_RULE.kind);
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('alerts.rulesHint')}
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setEditing('new')}
        data-testid="add-alert-rule"
      >
        {t('alerts.addRule')}
      </Button>
      {rules.isError && <Alert type="error" showIcon title={errorMessage(t, rules.error)} />}
      <Table<AlertRule>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isLoading}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('alerts.noRules') }}
      />
      <FormDialog<RuleForm>
        open={editing !== null}
        title={t('alerts.ruleTitle')}
        form={form}
        initialValues={editing === 'new' || editing === null ? NEW_RULE : editing}
        loading={save.isPending}
        onCancel={() => setEditing(null)}
        afterClose={() => save.reset()}
        onFinish={(values) =>
          save.mutate(
            {
              ...(editing !== 'new' && editing !== null ? { id: editing.id } : {}),
              ...values,
              branch_queue_type_id: alertKindTakesQueueType(values.kind)
                ? (values.branch_queue_type_id ?? null)
                : null,
              // A cap's threshold is a percent of it, every other kind's minutes: the other is none.
              threshold_minutes: alertKindTakesPercent(values.kind) ? null : values.threshold_minutes,
              threshold_percent: alertKindTakesPercent(values.kind)
                ? (values.threshold_percent ?? CAP_PERCENT_DEFAULT)
                : null,
            },
            {
              onSuccess: () => {
                setEditing(null);
                void message.success(t('alerts.saved'));
              },
            },
          )
        }
      >
        {save.isError && (
          <Alert type="error" showIcon title={errorMessage(t, save.error)} style={{ marginBottom: 12 }} />
        )}
        <Form.Item name="kind" label={t('alerts.columns.kind')} rules={[{ required: true }]}>
          <Select
            options={ALERT_KINDS.map((k) => ({ value: k, label: t(`alerts.kind.${k}`) }))}
            onChange={(next: AlertKind) => {
              // The threshold field changes with the kind: start it at a sensible value.
              if (alertKindTakesPercent(next)) {
                if (form.getFieldValue('threshold_percent') == null)
                  form.setFieldValue('threshold_percent', CAP_PERCENT_DEFAULT);
              } else if (form.getFieldValue('threshold_minutes') == null)
                form.setFieldValue('threshold_minutes', NEW_RULE.threshold_minutes);
            }}
          />
        </Form.Item>
        {takesType && (
          <Form.Item name="branch_queue_type_id" label={t('alerts.columns.queueType')}>
            <Select
              allowClear
              placeholder={t('alerts.allTypes')}
              options={(types.data ?? []).map((q) => ({ value: q.id, label: q.queue_type_name }))}
            />
          </Form.Item>
        )}
        <Flex gap={12} wrap>
          {takesPercent ? (
            <Form.Item
              name="threshold_percent"
              label={t('alerts.capPercent')}
              extra={t('alerts.capPercentHint')}
              style={{ maxWidth: 320 }}
              rules={[{ required: true }]}
            >
              <InputNumber
                min={ALERT_CAP_PERCENT.min}
                max={ALERT_CAP_PERCENT.max}
                precision={0}
                suffix={t('alerts.percentUnit')}
                data-testid="alert-cap-percent"
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="threshold_minutes"
              label={t('alerts.columns.threshold')}
              rules={[{ required: true }]}
            >
              <InputNumber
                min={ALERT_THRESHOLD_MINUTES.min}
                max={ALERT_THRESHOLD_MINUTES.max}
                precision={0}
                suffix={t('alerts.minuteUnit')}
              />
            </Form.Item>
          )}
          <Form.Item
            name="repeat_minutes"
            label={t('alerts.columns.repeat')}
            tooltip={t('alerts.repeatHint')}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={ALERT_REPEAT_MINUTES.min}
              max={ALERT_REPEAT_MINUTES.max}
              precision={0}
              suffix={t('alerts.minuteUnit')}
            />
          </Form.Item>
        </Flex>
        <Flex gap={24} wrap>
          <Form.Item
            name="urgent"
            label={t('alerts.columns.urgent')}
            tooltip={t('alerts.urgentHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t('alerts.columns.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      </FormDialog>
    </Flex>
  );
}
