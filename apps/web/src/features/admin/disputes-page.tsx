import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DisputeRow } from '@truck-queue/shared/contracts/dispute.contract';
import { formatKg } from '@truck-queue/shared/weight-format';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ListCard, matchesSearch } from '../../components/list-card.tsx';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { typedTextRule } from '../../lib/form-rules.ts';
import { QueueHistoryDrawer } from '../queue-history/queue-history-drawer.tsx';
import { useDisputes, useResolveDispute } from './disputes/use-disputes.ts';

/** The answer's limit (dispute.contract.ts DisputeTextSchema). */
const TEXT_MAX = 500;

/**
 * /System/disputes: drivers who disagree with their receiving slip say so from their page; the
 * admins see each with the slip's figures, open ones first, and answer it with what was done
 * (the driver's page shows the answer; both are in the ticket's history).
 */
export function DisputesPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const dates = useDates();
  const { message } = App.useApp();
  const disputes = useDisputes();
  const resolve = useResolveDispute();
  const [search, setSearch] = useState('');
  const [answering, setAnswering] = useState<DisputeRow | null>(null);
  const [historyOf, setHistoryOf] = useState<DisputeRow | null>(null);
  const [form] = Form.useForm<{ resolution: string }>();

  const rows = useMemo(() => disputes.data ?? [], [disputes.data]);
  const shown = rows.filter((row) =>
    matchesSearch(search, row.queue_number, row.truck_license, row.note, row.resolution),
  );
  const open = rows.filter((row) => row.resolved_at === null).length;

  const columns: TableColumnsType<DisputeRow> = [
    {
      key: 'queue',
      title: t('disputes.columns.queue'),
      width: 170,
      render: (_v, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.queue_number}</Typography.Text>
          <Typography.Text>{row.truck_license}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.queue_type_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'note',
      title: t('disputes.columns.note'),
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <Typography.Text>{row.note}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dates.dateTime(row.created)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'slip',
      title: t('disputes.columns.slip'),
      width: 170,
      align: 'end',
      render: (_v, row) => (
        <Flex vertical align="end">
          <span>{t('disputes.net', { kg: formatKg(row.net_kg, locale) })}</span>
          <Typography.Text strong>
            {t('disputes.paid', { kg: formatKg(row.paid_kg, locale) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('disputes.columns.status'),
      width: 260,
      render: (_v, row) =>
        row.resolved_at === null ? (
          <Tag color="warning">{t('disputes.open')}</Tag>
        ) : (
          <Flex vertical gap={2} align="start">
            <Tag color="success">{t('disputes.resolved')}</Tag>
            <Typography.Text>{row.resolution}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('disputes.resolvedBy', {
                name: row.resolved_by ?? '-',
                at: dates.dateTime(row.resolved_at),
              })}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: 200,
      render: (_v, row) => (
        <Flex gap={8} wrap>
          {row.resolved_at === null && (
            <Button
              type="primary"
              ghost
              icon={<CheckOutlined aria-hidden />}
              onClick={() => {
                resolve.reset();
                setAnswering(row);
              }}
            >
              {t('disputes.answer')}
            </Button>
          )}
          <Button
            icon={<HistoryOutlined aria-hidden />}
            aria-label={t('yard.history.openFor', { queue: row.queue_number })}
            onClick={() => setHistoryOf(row)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('disputes.description')}</Typography.Text>
      <ListCard
        title={t('disputes.title')}
        count={disputes.data ? shown.length : undefined}
        countLabel={() => t('disputes.count', { open, total: rows.length })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('disputes.search')}
        error={disputes.isError ? errorMessage(t, disputes.error) : null}
        retryLabel={t('catalog.common.retry')}
        onRetry={() => void disputes.refetch()}
        refreshing={disputes.isFetching}
      >
        <Table<DisputeRow>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={disputes.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('disputes.empty') }}
        />
      </ListCard>
      <FormDialog
        open={answering !== null}
        title={answering ? t('disputes.answerTitle', { n: answering.queue_number }) : undefined}
        form={form}
        onFinish={({ resolution }) =>
          answering &&
          resolve.mutate(
            { id: answering.id, resolution },
            {
              onSuccess: () => {
                setAnswering(null);
                void message.success(t('disputes.answered'));
              },
            },
          )
        }
        onCancel={() => setAnswering(null)}
        okText={t('disputes.answerOk')}
        loading={resolve.isPending}
      >
        {answering && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('disputes.driverSaid', { note: answering.note })}
          </Typography.Paragraph>
        )}
        {resolve.isError && (
          <Alert type="error" showIcon title={errorMessage(t, resolve.error)} style={{ marginBottom: 12 }} />
        )}
        <Form.Item
          name="resolution"
          label={t('disputes.resolution')}
          extra={t('disputes.resolutionHint')}
          rules={[
            { required: true, whitespace: true, message: t('disputes.resolutionRequired') },
            { min: 3, message: t('disputes.resolutionRequired') },
            typedTextRule(t, true),
          ]}
        >
          <Input.TextArea maxLength={TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        </Form.Item>
      </FormDialog>
      <QueueHistoryDrawer
        uuid={historyOf?.queue_uuid ?? null}
        queueNumber={historyOf?.queue_number}
        onClose={() => setHistoryOf(null)}
      />
    </Flex>
  );
}
