import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { HistoryOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { IntegrationCall, IntegrationKey } from '@truck-queue/shared/contracts/integration.contract';
import {
  INTEGRATION_NAME_MAX,
  INTEGRATION_RATE,
  INTEGRATION_SCOPES,
  type IntegrationScope,
} from '@truck-queue/shared/integrations/integration-keys';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useDates } from '../../../lib/calendar-context.tsx';
import { config } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { typedTextRule } from '../../../lib/form-rules.ts';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import {
  useCreateIntegrationKey,
  useIntegrationKeyCalls,
  useIntegrationKeys,
  useRevokeIntegrationKey,
} from './api/use-integration-keys.ts';
import { ErpSettingsCard } from './erp-settings-card.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';
import { WebhooksTab } from './webhooks-tab.tsx';

interface KeyForm {
  name: string;
  scopes: IntegrationScope[];
  rate_per_minute: number;
  expires_on: dayjs.Dayjs | null;
}

/** Each scope's words in the locales (i18next reads ':' as a namespace). */
const SCOPE_KEY = {
  'tickets:read': 'tickets_read',
  'reports:read': 'reports_read',
  'receipts:read': 'receipts_read',
} as const satisfies Record<IntegrationScope, string>;

const NEW_KEY: KeyForm = {
  name: '',
  scopes: ['tickets:read'],
  rate_per_minute: INTEGRATION_RATE.default,
  expires_on: null,
};

/**
 * /System/integrations (issue 42): the keys other systems (the ERP, a weighbridge program) call
 * the plant with: made with their scopes, rate and last day, shown once, revoked at once, and
 * every call they made; the webhooks the plant's events are sent to (webhooks-tab.tsx); and the
 * ERP codes the goods receipts carry (erp-settings-card.tsx).
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dates = useDates();
  const keys = useIntegrationKeys();
  const create = useCreateIntegrationKey();
  const revoke = useRevokeIntegrationKey();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<{ key: IntegrationKey; secret: string } | null>(null);
  const [audited, setAudited] = useState<IntegrationKey | null>(null);
  const [form] = Form.useForm<KeyForm>();
  const at = (instant: string) => dates.siteDateTime(instant, config.siteTimeZone);
  /** The site's day before the instant (a key's expiry is the midnight after its last day). */
  const lastDay = (instant: string) =>
    dates
      .siteDateTime(new Date(Date.parse(instant) - 60_000).toISOString(), config.siteTimeZone)
      .split(' ')[0];

  const stateOf = (key: IntegrationKey) =>
    key.revoked_at !== null ? (
      <Tag color="red">{t('integrations.revoked')}</Tag>
    ) : key.expires_at !== null && key.expires_at <= new Date().toISOString() ? (
      <Tag>{t('integrations.expired')}</Tag>
    ) : (
      <Tag color="green">{t('integrations.live')}</Tag>
    );

  const confirmRevoke = (key: IntegrationKey) =>
    modal.confirm({
      title: t('integrations.revokeTitle', { name: key.name }),
      content: t('integrations.revokeText'),
      okText: t('integrations.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => revoke.mutateAsync(key.id),
    });

  const columns: TableColumnsType<IntegrationKey> = [
    {
      key: 'name',
      title: t('integrations.columns.name'),
      width: 250,
      render: (_v, key) => (
        <Flex vertical gap={2}>
          <Typography.Text strong={key.revoked_at === null}>{key.name}</Typography.Text>
          <Typography.Text type="secondary" code style={{ fontSize: 12, alignSelf: 'flex-start' }}>
            tqk_{key.uid}_…
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('integrations.madeBy', { name: key.created_by, at: at(key.created) })}
          </Typography.Text>
          {key.revoked_at !== null && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('integrations.revokedBy', { name: key.revoked_by ?? '-', at: at(key.revoked_at) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'scopes',
      title: t('integrations.columns.scopes'),
      render: (_v, key) => (
        <Flex wrap gap={4}>
          {key.scopes.map((scope) => (
            <Tag key={scope}>{t(`integrations.scope.${SCOPE_KEY[scope]}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'rate',
      title: t('integrations.columns.rate'),
      width: 110,
      render: (_v, key) => t('integrations.perMinute', { count: key.rate_per_minute }),
    },
    {
      key: 'expires',
      title: t('integrations.columns.expires'),
      width: 120,
      // Its last day: it stops at the midnight after it.
      render: (_v, key) => (key.expires_at === null ? t('integrations.never') : lastDay(key.expires_at)),
    },
    {
      key: 'used',
      title: t('integrations.columns.lastUsed'),
      width: 150,
      render: (_v, key) =>
        key.last_used_at === null ? (
          <Typography.Text type="secondary">{t('integrations.notUsed')}</Typography.Text>
        ) : (
          at(key.last_used_at)
        ),
    },
    {
      key: 'state',
      title: t('integrations.columns.state'),
      width: 100,
      render: (_v, key) => stateOf(key),
    },
    {
      key: 'actions',
      width: 150,
      render: (_v, key) => (
        <Flex vertical gap={6} align="flex-start">
          <Button size="small" icon={<HistoryOutlined />} onClick={() => setAudited(key)}>
            {t('integrations.calls')}
          </Button>
          {key.revoked_at === null && (
            <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmRevoke(key)}>
              {t('integrations.revoke')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  const keysTab = (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('integrations.hint')}
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setAdding(true)}
        data-testid="add-integration-key"
      >
        {t('integrations.add')}
      </Button>
      {keys.isError && <Alert type="error" showIcon title={errorMessage(t, keys.error)} />}
      {revoke.isError && <Alert type="error" showIcon title={errorMessage(t, revoke.error)} />}
      <Table<IntegrationKey>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isLoading}
        pagination={false}
        scroll={{ x: 1060 }}
        locale={{ emptyText: t('integrations.none') }}
      />
    </Flex>
  );

  return (
    <Card>
      <Tabs
        items={[
          { key: 'keys', label: t('integrations.keysTab'), children: keysTab },
          { key: 'webhooks', label: t('integrations.webhooksTab'), children: <WebhooksTab /> },
          { key: 'erp', label: t('integrations.erpTab'), children: <ErpSettingsCard /> },
        ]}
      />

      <FormDialog<KeyForm>
        open={adding}
        title={t('integrations.addTitle')}
        form={form}
        initialValues={NEW_KEY}
        okText={t('integrations.make')}
        loading={create.isPending}
        onCancel={() => setAdding(false)}
        afterClose={() => create.reset()}
        onFinish={(values) =>
          create.mutate(
            {
              name: values.name.trim(),
              scopes: values.scopes,
              rate_per_minute: values.rate_per_minute,
              expires_on: values.expires_on ? values.expires_on.format(API_DATE_FORMAT) : null,
            },
            {
              onSuccess: (answer) => {
                setAdding(false);
                setMade({ key: answer.key, secret: answer.secret });
              },
            },
          )
        }
      >
        {create.isError && (
          <Alert type="error" showIcon title={errorMessage(t, create.error)} style={{ marginBottom: 12 }} />
        )}
        <Form.Item
          name="name"
          label={t('integrations.columns.name')}
          extra={t('integrations.nameHint')}
          rules={[{ required: true, whitespace: true, max: INTEGRATION_NAME_MAX }, typedTextRule(t)]}
        >
          <Input maxLength={INTEGRATION_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('integrations.columns.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('integrations.scopeNeeded') }]}
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {INTEGRATION_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope}>
                  {t(`integrations.scope.${SCOPE_KEY[scope]}`)}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                    {t(`integrations.scopeHint.${SCOPE_KEY[scope]}`)}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="rate_per_minute"
            label={t('integrations.columns.rate')}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={INTEGRATION_RATE.min}
              max={INTEGRATION_RATE.max}
              precision={0}
              style={{ width: 170 }}
              suffix={t('integrations.perMinuteUnit')}
            />
          </Form.Item>
          <Form.Item
            name="expires_on"
            label={t('integrations.lastDay')}
            extra={t('integrations.lastDayHint')}
          >
            <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
          </Form.Item>
        </Flex>
      </FormDialog>

      <ShownOnceDialog
        shown={made?.secret ?? null}
        title={t('integrations.madeTitle', { name: made?.key.name ?? '' })}
        testId="integration-secret"
        hint={t('integrations.howToUse')}
        onClose={() => setMade(null)}
      />

      <KeyCallsDrawer keyShown={audited} onClose={() => setAudited(null)} at={at} />
    </Card>
  );
}

/** Every call a key made, answered or refused, newest first. */
function KeyCallsDrawer({
  keyShown,
  onClose,
  at,
}: {
  keyShown: IntegrationKey | null;
  onClose: () => void;
  at: (instant: string) => string;
}) {
  const { t } = useTranslation();
  const calls = useIntegrationKeyCalls(keyShown?.id ?? null);
  const rows = calls.data?.pages.flatMap((p) => p.calls) ?? [];
  const columns: TableColumnsType<IntegrationCall> = [
    { key: 'at', title: t('integrations.callColumns.at'), width: 170, render: (_v, c) => at(c.at) },
    { key: 'path', title: t('integrations.callColumns.call'), render: (_v, c) => <code>{c.path}</code> },
    {
      key: 'status',
      title: t('integrations.callColumns.answer'),
      width: 110,
      render: (_v, c) => (
        <Tag color={c.status < 300 ? 'green' : c.status === 429 ? 'orange' : 'red'}>{c.status}</Tag>
      ),
    },
    { key: 'address', title: t('integrations.callColumns.address'), width: 140, dataIndex: 'address' },
  ];
  return (
    <Drawer
      open={keyShown !== null}
      onClose={onClose}
      title={t('integrations.callsTitle', { name: keyShown?.name ?? '' })}
      size={Math.min(640, window.innerWidth)}
      destroyOnHidden
    >
      {calls.isError && <Alert type="error" showIcon title={errorMessage(t, calls.error)} />}
      <Table<IntegrationCall>
        rowKey={(c, i) => `${c.at}-${i}`}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={calls.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('integrations.noCalls') }}
      />
      {calls.hasNextPage && (
        <Button
          style={{ marginTop: 12 }}
          loading={calls.isFetchingNextPage}
          onClick={() => void calls.fetchNextPage()}
        >
          {t('integrations.olderCalls')}
        </Button>
      )}
    </Drawer>
  );
}
