import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlusOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@truck-queue/shared/contracts/webhook.contract';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '@truck-queue/shared/integrations/webhooks';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useDates } from '../../../lib/calendar-context.tsx';
import { config } from '../../../lib/config.ts';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { typedTextRule } from '../../../lib/form-rules.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from './api/use-webhooks.ts';
import { ShownOnceDialog } from './shown-once-dialog.tsx';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer.tsx';
import { useEventName } from './webhook-events.ts';

interface HookForm {
  name: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

/**
 * The address as the server reads it (an upper-case host, `:443`, no path: what the admin meant),
 * written back the one way the server takes; left as typed when it is no address at all.
 */
function canonicalUrl(typed: string): string {
  try {
    return new URL(typed.trim()).href;
  } catch {
    return typed.trim();
  }
}

const NEW_HOOK: HookForm = { name: '', url: 'https://', events: ['ticket.issued'], active: true };

/**
 * The Webhooks tab of /System/integrations (issue 42): the addresses of other systems the plant's
 * events are POSTed to, signed; each with its delivery log, a test send, its secret rotated.
 */
export function WebhooksTab() {
  const { t } = useTranslation();
  const eventName = useEventName();
  const { modal, message } = App.useApp();
  const dates = useDates();
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [form] = Form.useForm<HookForm>();
  const at = (instant: string) => dates.siteDateTime(instant, config.siteTimeZone);
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const runTest = (hook: WebhookEndpoint) =>
    test.mutate(hook.id, {
      onSuccess: (answer) =>
        answer.delivered
          ? void message.success(t('webhooks.testDelivered', { status: answer.http_status, ms: answer.ms }))
          : void modal.error({
              title: t('webhooks.testFailed', { name: hook.name }),
              content: (
                <Flex vertical gap={4}>
                  {answer.failure && (
                    <Typography.Text strong>{t(`webhooks.failure.${answer.failure}`)}</Typography.Text>
                  )}
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                    {answer.error}
                  </Typography.Text>
                </Flex>
              ),
            }),
    });

  const confirmRotate = (hook: WebhookEndpoint) =>
    modal.confirm({
      title: t('webhooks.rotateTitle', { name: hook.name }),
      content: t('webhooks.rotateText'),
      okText: t('webhooks.rotate'),
      cancelText: t('common.cancel'),
      onOk: async () => setSecret({ name: hook.name, secret: await rotate.mutateAsync(hook.id) }),
    });

  const confirmDelete = (hook: WebhookEndpoint) =>
    modal.confirm({
      title: t('webhooks.deleteTitle', { name: hook.name }),
      content: t('webhooks.deleteText'),
      okText: t('webhooks.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(hook.id),
    });

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      key: 'name',
      title: t('webhooks.columns.endpoint'),
      width: 300,
      render: (_v, hook) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{hook.name}</Typography.Text>
          <Typography.Text type="secondary" code style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {hook.url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('integrations.madeBy', { name: hook.created_by, at: at(hook.created) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'events',
      title: t('webhooks.columns.events'),
      render: (_v, hook) => (
        <Flex wrap gap={4}>
          {hook.events.map((type) => (
            <Tag key={type}>{eventName(type)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('webhooks.columns.state'),
      width: 170,
      render: (_v, hook) => (
        <Flex vertical gap={4} align="flex-start">
          {hook.active ? (
            <Tag color="green">{t('webhooks.active')}</Tag>
          ) : (
            <Tag color="default">{t('webhooks.paused')}</Tag>
          )}
          {hook.pending > 0 && (
            <Tag color="orange">{t('webhooks.pendingCount', { count: hook.pending })}</Tag>
          )}
          {hook.failed > 0 && <Tag color="red">{t('webhooks.failedCount', { count: hook.failed })}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'sent',
      title: t('webhooks.columns.lastSent'),
      width: 150,
      render: (_v, hook) =>
        hook.last_sent_at === null ? (
          <Typography.Text type="secondary">{t('webhooks.notSent')}</Typography.Text>
        ) : (
          at(hook.last_sent_at)
        ),
    },
    {
      key: 'actions',
      width: 170,
      render: (_v, hook) => (
        <Flex vertical gap={6} align="flex-start">
          <Button size="small" icon={<HistoryOutlined />} onClick={() => setLogOf(hook)}>
            {t('webhooks.deliveries')}
          </Button>
          <Button
            size="small"
            icon={<SendOutlined />}
            loading={test.isPending && test.variables === hook.id}
            onClick={() => runTest(hook)}
          >
            {t('webhooks.test')}
          </Button>
          <Flex gap={4}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('webhooks.edit')}
              title={t('webhooks.edit')}
              onClick={() => setEditing(hook)}
            />
            <Button
              size="small"
              icon={<SyncOutlined />}
              aria-label={t('webhooks.rotate')}
              title={t('webhooks.rotate')}
              onClick={() => confirmRotate(hook)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('webhooks.delete')}
              title={t('webhooks.delete')}
              onClick={() => confirmDelete(hook)}
            />
          </Flex>
        </Flex>
      ),
    },
  ];

  /** The server refused the address (a private network, an unusual spelling): said under the field. */
  const onSaveError = (error: unknown) => {
    if (isApiRequestError(error) && error.detail.issues?.some((issue) => issue.path === 'url'))
      form.setFields([{ name: 'url', errors: [t('webhooks.urlRefused')] }]);
  };

  const save = (values: HookForm) => {
    const body = { name: values.name.trim(), url: canonicalUrl(values.url), events: values.events };
    if (editing === 'new') {
      create.mutate(body, {
        onSuccess: (answer) => {
          setEditing(null);
          setSecret({ name: answer.endpoint.name, secret: answer.secret });
        },
        onError: onSaveError,
      });
    } else if (editing) {
      update.mutate(
        { id: editing.id, ...body, active: values.active },
        { onSuccess: () => setEditing(null), onError: onSaveError },
      );
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('webhooks.hint')}
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setEditing('new')}
        data-testid="add-webhook"
      >
        {t('webhooks.add')}
      </Button>
      {hooks.isError && <Alert type="error" showIcon title={errorMessage(t, hooks.error)} />}
      {(remove.isError || rotate.isError || test.isError) && (
        <Alert type="error" showIcon title={errorMessage(t, remove.error ?? rotate.error ?? test.error)} />
      )}
      <Table<WebhookEndpoint>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={hooks.data ?? []}
        loading={hooks.isLoading}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('webhooks.none') }}
      />

      <FormDialog<HookForm>
        open={editing !== null}
        title={editing === 'new' ? t('webhooks.addTitle') : t('webhooks.editTitle')}
        form={form}
        initialValues={
          editing && editing !== 'new'
            ? { name: editing.name, url: editing.url, events: editing.events, active: editing.active }
            : NEW_HOOK
        }
        okText={editing === 'new' ? t('webhooks.make') : t('common.save')}
        loading={saving}
        onCancel={() => setEditing(null)}
        afterClose={() => {
          create.reset();
          update.reset();
        }}
        onFinish={save}
      >
        {saveError && (
          <Alert type="error" showIcon title={errorMessage(t, saveError)} style={{ marginBottom: 12 }} />
        )}
        <Form.Item
          name="name"
          label={t('webhooks.name')}
          extra={t('webhooks.nameHint')}
          rules={[{ required: true, whitespace: true, max: WEBHOOK_NAME_MAX }, typedTextRule(t)]}
        >
          <Input maxLength={WEBHOOK_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHint')}
          rules={[
            { required: true, max: WEBHOOK_URL_MAX },
            { pattern: /^\s*https:\/\/[^\s/]+(\/\S*)?\s*$/i, message: t('webhooks.urlHttps') },
          ]}
        >
          <Input maxLength={WEBHOOK_URL_MAX} inputMode="url" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.columns.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventNeeded') }]}
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {WEBHOOK_EVENTS.map((type) => (
                <Checkbox key={type} value={type}>
                  {eventName(type)}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                    <code>{type}</code>
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        {editing !== 'new' && (
          <Form.Item
            name="active"
            label={t('webhooks.sending')}
            valuePropName="checked"
            extra={t('webhooks.pauseHint')}
          >
            <Switch checkedChildren={t('webhooks.active')} unCheckedChildren={t('webhooks.paused')} />
          </Form.Item>
        )}
      </FormDialog>

      <ShownOnceDialog
        shown={secret?.secret ?? null}
        title={t('webhooks.secretTitle', { name: secret?.name ?? '' })}
        testId="webhook-secret"
        hint={t('webhooks.howToVerify', {
          signature: WEBHOOK_HEADERS.signature,
          timestamp: WEBHOOK_HEADERS.timestamp,
        })}
        onClose={() => setSecret(null)}
      />

      <WebhookDeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} at={at} />
    </Flex>
  );
}
