import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Segmented,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { WebhookDelivery, WebhookEndpoint } from '@truck-queue/shared/contracts/webhook.contract';
import type { WebhookDeliveryStatus } from '@truck-queue/shared/integrations/webhooks';
import { useDates } from '../../../lib/calendar-context.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { dateTimePattern } from '../../../lib/format.ts';
import { useReplayWebhook, useWebhookDeliveries } from './api/use-webhooks.ts';
import { useEventName } from './webhook-events.ts';

/** What a delivery is about, as an officer knows it: the ticket's number, the booking's code. */
function aboutOf(d: WebhookDelivery): string {
  const data = d.data as {
    ticket?: { queue_number?: string; licence?: string };
    booking?: { code?: string };
    alert?: { kind?: string; queue_number?: string | null };
  };
  if (data.ticket?.queue_number) return `${data.ticket.queue_number} · ${data.ticket.licence ?? ''}`.trim();
  if (data.booking?.code) return data.booking.code;
  if (data.alert) return data.alert.queue_number ?? d.subject;
  return d.subject;
}

/**
 * An endpoint's delivery log, newest first: each event, whether it went (and what the endpoint
 * answered), what waits behind an earlier event of its ticket, what was given up; a replay of one
 * delivery, or of everything since a moment (after the endpoint was down).
 */
export function WebhookDeliveriesDrawer({
  endpoint,
  onClose,
  at,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  at: (instant: string) => string;
}) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const { message } = App.useApp();
  const dates = useDates();
  const [status, setStatus] = useState<WebhookDeliveryStatus | 'all'>('all');
  const [since, setSince] = useState<dayjs.Dayjs | null>(null);
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null, status === 'all' ? null : status);
  const replay = useReplayWebhook();
  const rows = deliveries.data?.pages.flatMap((p) => p.deliveries) ?? [];

  const replayed = (count: number) => void message.success(t('webhooks.replayed', { count }));

  const stateTag = (d: WebhookDelivery) =>
    d.status === 'sent' ? (
      <Tag color="green">{t('webhooks.status.sent')}</Tag>
    ) : d.status === 'failed' ? (
      <Tag color="red">{t('webhooks.status.failed')}</Tag>
    ) : d.waiting ? (
      <Tag color="default">{t('webhooks.status.waiting')}</Tag>
    ) : (
      <Tag color="orange">{t('webhooks.status.pending')}</Tag>
    );

  const columns: TableColumnsType<WebhookDelivery> = [
    { key: 'at', title: t('webhooks.logColumns.at'), width: 150, render: (_v, d) => at(d.occurred_at) },
    {
      key: 'event',
      title: t('webhooks.logColumns.event'),
      width: 190,
      render: (_v, d) => (
        <Flex vertical gap={2}>
          <span>{eventName(d.type)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {aboutOf(d)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('webhooks.logColumns.status'),
      width: 120,
      render: (_v, d) => stateTag(d),
    },
    {
      key: 'answer',
      title: t('webhooks.logColumns.answer'),
      render: (_v, d) =>
        d.attempts === 0 ? (
          <Typography.Text type="secondary">
            {d.waiting ? t('webhooks.waitingHint') : t('webhooks.notTried')}
          </Typography.Text>
        ) : (
          <Flex vertical gap={2}>
            <span>
              {d.last_status === null ? t('webhooks.noAnswer') : `HTTP ${d.last_status}`}
              {d.last_ms !== null && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' '}
                  · {t('webhooks.ms', { ms: d.last_ms })}
                </Typography.Text>
              )}
            </span>
            {d.last_failure && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {t(`webhooks.failure.${d.last_failure}`)}
              </Typography.Text>
            )}
            {d.last_error && (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                {d.last_error}
              </Typography.Text>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('webhooks.attempts', { count: d.attempts })}
              {d.status === 'pending' && d.next_attempt_at && !d.waiting
                ? ` · ${t('webhooks.nextAt', { at: at(d.next_attempt_at) })}`
                : ''}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'replay',
      width: 110,
      render: (_v, d) =>
        d.waiting ? null : (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={
              replay.isPending &&
              replay.variables !== undefined &&
              'delivery_id' in replay.variables &&
              replay.variables.delivery_id === d.id
            }
            onClick={() =>
              endpoint && replay.mutate({ id: endpoint.id, delivery_id: d.id }, { onSuccess: replayed })
            }
          >
            {d.status === 'pending' ? t('webhooks.sendNow') : t('webhooks.replay')}
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.logTitle', { name: endpoint?.name ?? '' })}
      size={Math.min(900, window.innerWidth)}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Button
            icon={<ReloadOutlined />}
            loading={deliveries.isRefetching}
            onClick={() => void deliveries.refetch()}
            data-testid="reload-deliveries"
          >
            {t('common.reload')}
          </Button>
          <Segmented<WebhookDeliveryStatus | 'all'>
            value={status}
            onChange={setStatus}
            options={(['all', 'pending', 'failed', 'sent'] as const).map((value) => ({
              value,
              label: t(`webhooks.filter.${value}`),
            }))}
          />
        </Flex>
        <Flex gap={8} wrap align="center">
          <Typography.Text>{t('webhooks.replaySince')}</Typography.Text>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            disabledDate={(day) =>
              day.isAfter(dayjs(), 'day') || day.isBefore(dayjs().subtract(30, 'day'), 'day')
            }
            format={dateTimePattern(dates.calendar)}
            value={since}
            onChange={setSince}
          />
          <Button
            icon={<RedoOutlined />}
            disabled={since === null}
            loading={replay.isPending && replay.variables !== undefined && 'since' in replay.variables}
            onClick={() =>
              endpoint &&
              since &&
              replay.mutate(
                { id: endpoint.id, since: since.toISOString() },
                {
                  onSuccess: replayed,
                  onError: (error) =>
                    isApiRequestError(error) && error.detail.issues?.some((issue) => issue.path === 'since')
                      ? void message.error(t('webhooks.sinceRange'))
                      : undefined,
                },
              )
            }
            data-testid="replay-since"
          >
            {t('webhooks.replayAll')}
          </Button>
        </Flex>
        {(deliveries.isError || replay.isError) && (
          <Alert type="error" showIcon title={errorMessage(t, deliveries.error ?? replay.error)} />
        )}
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={deliveries.isLoading}
          pagination={false}
          scroll={{ x: 760 }}
          expandable={{
            expandedRowRender: (d) => (
              <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {JSON.stringify({ id: String(d.event_id), type: d.type, data: d.data }, null, 2)}
              </pre>
            ),
          }}
          locale={{ emptyText: t('webhooks.noDeliveries') }}
        />
        {deliveries.hasNextPage && (
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {t('webhooks.older')}
          </Button>
        )}
      </Flex>
    </Drawer>
  );
}
