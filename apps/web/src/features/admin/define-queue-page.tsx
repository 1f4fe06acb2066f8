import { useMemo, useState } from 'react';
import { App, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  ExperimentOutlined,
  OrderedListOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { useTranslation } from 'react-i18next';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import { errorMessage } from '../../lib/errors.ts';
import { useBranchQueueTypes } from './catalog/api/use-branch-queue-types.ts';
import { useCancelQueueType } from './catalog/api/use-cancel-queue-type.ts';
import { firstQueueNumber } from './catalog/catalog-rules.ts';
import { CatalogListCard, matchesSearch } from './catalog/components/catalog-list-card.tsx';
import {
  ActionButton,
  CatalogTable,
  StackedRow,
  useListLayout,
} from './catalog/components/catalog-table.tsx';
import { FlowTag } from './catalog/components/flow-tag.tsx';
import { QueueTypeDialog } from './catalog/components/queue-type-dialog.tsx';
import { QueueTypeProductsDialog } from './catalog/components/queue-type-products-dialog.tsx';
import { LabMeasuresDialog } from './catalog/components/lab-measures-dialog.tsx';
import { useSavedMessage } from './catalog/components/use-catalog-feedback.ts';
import { useDialog } from './catalog/components/use-dialog.ts';
import { OrderRuleDialog } from './order-rule/order-rule-dialog.tsx';
import { ruleSummary } from './order-rule/order-rule-form.ts';

/** /System/defineQueue: queue types of the branch, prefixes and products. */
export function DefineQueuePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const layout = useListLayout();
  const query = useBranchQueueTypes();
  const cancel = useCancelQueueType();
  const saved = useSavedMessage();
  const [search, setSearch] = useState('');
  const editor = useDialog<BranchQueueType | undefined>();
  const productsDialog = useDialog<BranchQueueType>();
  const labDialog = useDialog<BranchQueueType>();
  const orderDialog = useDialog<BranchQueueType>();

  const rows = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(
    () =>
      rows.filter((row) =>
        matchesSearch(search, row.queue_type_name, row.prefix, ...row.aProductUI.map((p) => p.name)),
      ),
    [rows, search],
  );

  const confirmDelete = (row: BranchQueueType) => {
    modal.confirm({
      title: t('catalog.defineQueue.deleteTitle', { name: row.queue_type_name }),
      content: t('catalog.defineQueue.deleteText', { prefix: row.prefix }),
      okText: t('catalog.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        cancel
          .mutateAsync({ uuid: row.uuid })
          .then(() => void message.success(t('catalog.common.deleted')))
          .catch((error: unknown) => {
            void message.error(errorMessage(t, error));
          }),
    });
  };

  // The line's order rule in short: first come, first served, or its plain-Thai summary.
  const order = (row: BranchQueueType) => (
    <Tag
      color={row.order_rule ? 'blue' : undefined}
      icon={<OrderedListOutlined aria-hidden />}
      title={t('catalog.defineQueue.columns.order')}
      style={{ marginInlineEnd: 0, whiteSpace: 'normal', lineHeight: 1.5 }}
      data-testid="order-rule-tag"
    >
      {ruleSummary(t, row.order_rule)}
    </Tag>
  );

  const queueType = (row: BranchQueueType) => (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Text strong>{row.queue_type_name}</Typography.Text>
      <Flex gap={4} wrap>
        <FlowTag flowEngineId={row.flow_engine_id} />
        {row.own_name && <Tag style={{ marginInlineEnd: 0 }}>{t('catalog.defineQueue.ownName')}</Tag>}
      </Flex>
      {order(row)}
    </Flex>
  );

  const prefix = (row: BranchQueueType) => (
    <Flex gap={8} align="baseline" wrap>
      <Typography.Text strong style={{ fontSize: 18, letterSpacing: 1 }}>
        {row.prefix}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('catalog.defineQueue.prefixSample', { first: firstQueueNumber(row.prefix) })}
      </Typography.Text>
    </Flex>
  );

  const products = (row: BranchQueueType) =>
    row.aProductUI.length === 0 ? (
      <Typography.Text type="warning">{t('catalog.defineQueue.noProducts')}</Typography.Text>
    ) : (
      <Flex wrap gap={4}>
        {row.aProductUI.map((product) => (
          <Tag key={product.id} style={{ marginInlineEnd: 0 }}>
            {product.name}
          </Tag>
        ))}
      </Flex>
    );

  const actions = (row: BranchQueueType) => {
    const iconOnly = layout === 'compact';
    return (
      <>
        <ActionButton
          label={t('catalog.defineQueue.products')}
          icon={<ShoppingOutlined aria-hidden />}
          onClick={() => productsDialog.show(row)}
          iconOnly={iconOnly}
        />
        <ActionButton
          label={t('orderRule.open')}
          icon={<OrderedListOutlined aria-hidden />}
          onClick={() => orderDialog.show(row)}
          iconOnly={iconOnly}
        />
        {row.flow_engine_id === FLOW_ENGINE.lab && (
          <ActionButton
            label={t('labMeasures.open')}
            icon={<ExperimentOutlined aria-hidden />}
            onClick={() => labDialog.show(row)}
            iconOnly={iconOnly}
          />
        )}
        <ActionButton
          label={t('catalog.common.edit')}
          icon={<EditOutlined aria-hidden />}
          onClick={() => editor.show(row)}
          iconOnly={iconOnly}
        />
        <ActionButton
          label={t('catalog.common.delete')}
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => confirmDelete(row)}
          danger
          iconOnly={iconOnly}
        />
      </>
    );
  };

  const columns: TableColumnsType<BranchQueueType> = [
    {
      key: 'queue_type',
      title: t('catalog.defineQueue.columns.queueType'),
      width: 240,
      render: (_value, row) => queueType(row),
    },
    {
      key: 'prefix',
      title: t('catalog.defineQueue.columns.prefix'),
      width: 130,
      render: (_value, row) => prefix(row),
    },
    {
      key: 'products',
      title: t('catalog.defineQueue.columns.products'),
      render: (_value, row) => products(row),
    },

    {
      key: 'actions',
      title: t('catalog.common.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: layout === 'wide' ? 440 : 230,
      render: (_value, row) => (
        <Flex gap={8} wrap>
          {actions(row)}
        </Flex>
      ),
    },
  ];

  const add = () => editor.show(undefined);

  return (
    <>
      <CatalogListCard
        title={t('catalog.defineQueue.title')}
        description={t('catalog.defineQueue.description')}
        count={query.data ? shown.length : undefined}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('catalog.defineQueue.search')}
        addLabel={t('catalog.defineQueue.add')}
        onAdd={add}
        query={query}
        loadFailedTitle={t('catalog.defineQueue.loadFailed')}
      >
        <CatalogTable<BranchQueueType>
          layout={layout}
          rowKey={(row) => row.uuid}
          columns={columns}
          renderNarrow={(row) => (
            <StackedRow
              title={queueType(row)}
              lines={[
                { label: t('catalog.defineQueue.columns.prefix'), content: prefix(row) },
                { label: t('catalog.defineQueue.columns.products'), content: products(row) },
              ]}
              actions={actions(row)}
            />
          )}
          rows={shown}
          hasRows={rows.length > 0}
          searching={search !== ''}
          loading={query.isPending}
          failed={query.isError}
          scrollX={layout === 'wide' ? 1000 : 800}
          emptyText={t('catalog.defineQueue.empty')}
          addLabel={t('catalog.defineQueue.add')}
          onAdd={add}
        />
      </CatalogListCard>

      <QueueTypeDialog
        key={editor.subject?.uuid ?? 'new'}
        open={editor.open}
        editing={editor.subject}
        branchTypes={rows}
        onClose={editor.hide}
        onSaved={() => {
          saved();
          editor.hide();
        }}
      />
      <LabMeasuresDialog
        open={labDialog.open}
        // The list as read after each save, so the dialog shows what was just saved.
        queueType={rows.find((row) => row.uuid === labDialog.subject?.uuid) ?? labDialog.subject}
        onClose={labDialog.hide}
      />
      <OrderRuleDialog
        open={orderDialog.open}
        queueType={orderDialog.subject}
        onClose={orderDialog.hide}
        onSaved={() => {
          saved();
          orderDialog.hide();
        }}
      />
      <QueueTypeProductsDialog
        open={productsDialog.open}
        queueType={productsDialog.subject}
        onClose={productsDialog.hide}
        onSaved={() => {
          saved();
          productsDialog.hide();
        }}
      />
    </>
  );
}
