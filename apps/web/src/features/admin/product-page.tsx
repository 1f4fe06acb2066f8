import { useMemo, useState } from 'react';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { mainProduct } from '@truck-queue/shared/contracts/catalog.contract';
import { useBranchQueueTypes } from './catalog/api/use-branch-queue-types.ts';
import { useProducts } from './catalog/api/use-products.ts';
import { useSaveProduct } from './catalog/api/use-save-product.ts';
import { CatalogListCard, matchesSearch } from './catalog/components/catalog-list-card.tsx';
import {
  ActionButton,
  CatalogTable,
  StackedRow,
  useListLayout,
} from './catalog/components/catalog-table.tsx';
import { ProductDialog } from './catalog/components/product-dialog.tsx';
import { formatKg } from '../weighing/weight.ts';
import { useSavedMessage } from './catalog/components/use-catalog-feedback.ts';
import { useDialog } from './catalog/components/use-dialog.ts';

type Product = ResponseOf<typeof mainProduct>['product'][number];

interface ProductView {
  product: Product;
  index: number;
  /** Names of the queue types that offer it; undefined while they load or when they failed to. */
  queueTypes: string[] | undefined;
}

/** /System/product: products. */
export function ProductPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const layout = useListLayout();
  const query = useProducts();
  const queueTypes = useBranchQueueTypes();
  const save = useSaveProduct();
  const saved = useSavedMessage();
  const [search, setSearch] = useState('');
  const editor = useDialog<Product | undefined>();

  const views = useMemo(
    () =>
      (query.data ?? []).map((product, index): ProductView => ({
        product,
        index: index + 1,
        queueTypes: queueTypes.data
          ?.filter((type) => type.aProductUI.some((p) => p.id === product.id))
          .map((type) => type.queue_type_name),
      })),
    [query.data, queueTypes.data],
  );
  const shown = useMemo(
    () => views.filter((view) => matchesSearch(search, view.product.name)),
    [views, search],
  );

  const name = (view: ProductView) => <Typography.Text strong>{view.product.name}</Typography.Text>;

  const offeredBy = (view: ProductView) => {
    if (view.queueTypes === undefined) return <Typography.Text type="secondary">–</Typography.Text>;
    if (view.queueTypes.length === 0) {
      return (
        <Typography.Text type="secondary">
          {t('catalog.product.notOffered')}{' '}
          {/* On one line: a link wrapped across two reads as two links and is half hidden. */}
          <Link to="/System/defineQueue" style={{ whiteSpace: 'nowrap' }}>
            {t('catalog.product.goToDefineQueue')}
          </Link>
        </Typography.Text>
      );
    }
    return (
      <Flex wrap gap={4}>
        {view.queueTypes.map((queueType) => (
          <Tag key={queueType} style={{ marginInlineEnd: 0 }}>
            {queueType}
          </Tag>
        ))}
      </Flex>
    );
  };

  /** What a load should weigh (issue 42): "net 8,000–20,000 · gross ≤ 40,000 · cane truck"; – for none. */
  const limits = (view: ProductView) => {
    const p = view.product;
    const range = (min: number | null, max: number | null) =>
      min !== null && max !== null
        ? `${formatKg(min, locale)}–${formatKg(max, locale)}`
        : min !== null
          ? `≥ ${formatKg(min, locale)}`
          : max !== null
            ? `≤ ${formatKg(max, locale)}`
            : null;
    const net = range(p.min_net_kg, p.max_net_kg);
    const gross = range(p.min_gross_kg, p.max_gross_kg);
    const parts = [
      net && t('catalog.product.limits.netRange', { range: net }),
      gross && t('catalog.product.limits.grossRange', { range: gross }),
      p.vehicle_class && t(`vehicleClasses.${p.vehicle_class}`),
    ].filter((part): part is string => Boolean(part));
    if (parts.length === 0) return <Typography.Text type="secondary">–</Typography.Text>;
    return (
      <Flex wrap gap={4} data-testid="product-limits">
        {parts.map((part) => (
          <Tag key={part} style={{ marginInlineEnd: 0 }}>
            {part}
          </Tag>
        ))}
      </Flex>
    );
  };

  const edit = (view: ProductView) => (
    <ActionButton
      label={t('catalog.common.edit')}
      icon={<EditOutlined aria-hidden />}
      onClick={() => editor.show(view.product)}
      iconOnly={layout === 'compact'}
    />
  );

  const columns: TableColumnsType<ProductView> = [
    { key: 'index', title: t('catalog.common.sequence'), dataIndex: 'index', width: 72, align: 'center' },
    { key: 'name', title: t('catalog.product.columns.name'), width: 300, render: (_v, view) => name(view) },
    {
      key: 'queueTypes',
      title: t('catalog.product.columns.queueTypes'),
      render: (_v, view) => offeredBy(view),
    },
    {
      key: 'limits',
      title: t('catalog.product.columns.limits'),
      width: 280,
      render: (_v, view) => limits(view),
    },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: layout === 'wide' ? 130 : 80,
      render: (_v, view) => edit(view),
    },
  ];

  const add = () => editor.show(undefined);
  const editing = editor.subject;
  const rows = query.data ?? [];

  return (
    <>
      <CatalogListCard
        title={t('catalog.product.title')}
        description={t('catalog.product.description')}
        count={query.data ? shown.length : undefined}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('catalog.product.search')}
        addLabel={t('catalog.product.add')}
        onAdd={add}
        query={query}
        loadFailedTitle={t('catalog.product.loadFailed')}
      >
        <CatalogTable<ProductView>
          layout={layout}
          rowKey={(view) => view.product.uuid}
          columns={columns}
          renderNarrow={(view) => (
            <StackedRow
              title={name(view)}
              lines={[
                { label: t('catalog.product.columns.queueTypes'), content: offeredBy(view) },
                { label: t('catalog.product.columns.limits'), content: limits(view) },
              ]}
              actions={edit(view)}
            />
          )}
          rows={shown}
          hasRows={rows.length > 0}
          searching={search !== ''}
          loading={query.isPending}
          failed={query.isError}
          scrollX={layout === 'wide' ? 1000 : 840}
          emptyText={t('catalog.product.empty')}
          addLabel={t('catalog.product.add')}
          onAdd={add}
        />
      </CatalogListCard>

      <ProductDialog
        key={editing?.uuid ?? 'new'}
        open={editor.open}
        product={editing}
        otherNames={rows.filter((row) => row.uuid !== editing?.uuid).map((row) => row.name)}
        saving={save.isPending}
        onSave={(name, limits) =>
          save
            .mutateAsync(editing ? { uuid: editing.uuid, name, ...limits } : { name, ...limits })
            .then(() => {
              saved();
              editor.hide();
            })
        }
        onClose={editor.hide}
      />
    </>
  );
}
