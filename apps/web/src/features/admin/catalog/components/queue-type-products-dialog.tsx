import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Modal, Result, Skeleton, Typography, theme } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import { errorMessage } from '../../../../lib/errors.ts';
import { useManageProducts } from '../api/use-manage-products.ts';
import { useQueueTypeProducts } from '../api/use-queue-type-products.ts';
import { useSaveProduct } from '../api/use-save-product.ts';
import { FlowTag } from './flow-tag.tsx';
import { QuickAdd } from './quick-add.tsx';

interface QueueTypeProductsDialogProps {
  open: boolean;
  queueType: BranchQueueType | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Which products a truck may choose when it takes a ticket of this queue type. */
export function QueueTypeProductsDialog({ open, queueType, onClose, onSaved }: QueueTypeProductsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('catalog.defineQueue.productsTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {queueType && <ProductChecklist queueType={queueType} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function ProductChecklist({
  queueType,
  onClose,
  onSaved,
}: {
  queueType: BranchQueueType;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const products = useQueueTypeProducts(queueType.id);
  const manage = useManageProducts();
  const create = useSaveProduct();
  // Undefined until the admin changes something: the server's marks are the starting point.
  const [chosen, setChosen] = useState<number[] | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const heading = (
    <Flex vertical gap={4} style={{ marginBottom: 12 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{queueType.queue_type_name}</Typography.Text>
        <FlowTag flowEngineId={queueType.flow_engine_id} />
      </Flex>
      <Typography.Text type="secondary">{t('catalog.defineQueue.productsHint')}</Typography.Text>
    </Flex>
  );

  // Each opening shows the server's current marks, not a cached copy.
  if (products.isPending || (products.isFetching && !products.isFetchedAfterMount)) {
    return (
      <>
        {heading}
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </>
    );
  }
  if (products.isError) {
    return (
      <Result
        status="error"
        title={t('catalog.defineQueue.productsLoadFailed')}
        subTitle={errorMessage(t, products.error)}
        extra={<Button onClick={() => void products.refetch()}>{t('catalog.common.retry')}</Button>}
      />
    );
  }

  const rows = products.data;
  const selected = chosen ?? rows.filter((p) => p.selected).map((p) => p.id);
  const allIds = rows.map((p) => p.id);

  // A product the branch does not have yet: created (the product page's save) and ticked at once.
  // The save refetches this list before it resolves, so the new row is there to tick.
  const addProduct = async (name: string) => {
    const { product } = await create.mutateAsync({ name });
    setChosen([...selected, product.id]);
  };
  const quickAdd = (
    <QuickAdd
      texts={{
        open: t('catalog.defineQueue.addProduct'),
        label: t('catalog.product.name'),
        placeholder: t('catalog.product.namePlaceholder'),
        required: t('catalog.product.nameRequired'),
      }}
      existingNames={rows.map((p) => p.name)}
      onAdd={addProduct}
    />
  );

  const save = () => {
    if (manage.isPending) return;
    setFailure(null);
    manage.mutate(
      { id: queueType.id, product: selected },
      { onSuccess: onSaved, onError: (error) => setFailure(errorMessage(t, error)) },
    );
  };

  return (
    <>
      {heading}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {rows.length === 0 ? (
        <>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('catalog.defineQueue.noProductsInBranch')}
          >
            <Link to="/System/product">{t('catalog.defineQueue.goToProducts')}</Link>
          </Empty>
          {quickAdd}
        </>
      ) : (
        <>
          <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">
              {t('catalog.common.selectedOf', { count: selected.length, total: rows.length })}
            </Typography.Text>
            <Flex gap={4}>
              <Button size="small" type="link" onClick={() => setChosen(allIds)}>
                {t('catalog.common.selectAll')}
              </Button>
              <Button size="small" type="link" onClick={() => setChosen([])}>
                {t('catalog.common.selectNone')}
              </Button>
            </Flex>
          </Flex>
          <div
            style={{
              maxHeight: '45vh',
              overflowY: 'auto',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 8,
              padding: '8px 12px',
            }}
          >
            <Checkbox.Group
              value={selected}
              onChange={(values) => setChosen(values)}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={rows.map((p) => ({ value: p.id, label: p.name }))}
              aria-label={t('catalog.defineQueue.productsTitle')}
            />
          </div>
          <div style={{ marginTop: 8 }}>{quickAdd}</div>
          {selected.length === 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('catalog.defineQueue.noProductsChosen')}
              style={{ marginTop: 12 }}
            />
          )}
        </>
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={save} loading={manage.isPending} disabled={rows.length === 0}>
          {t('common.save')}
        </Button>
      </Flex>
    </>
  );
}
