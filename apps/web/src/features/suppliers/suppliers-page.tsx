import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Grid,
  Input,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  DownloadOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Supplier, SupplierKind } from '@truck-queue/shared/contracts/supplier.contract';
import { errorMessage } from '../../lib/errors.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ActionButton, StackedRow, useListLayout } from '../admin/catalog/components/catalog-table.tsx';
import { useDialog } from '../admin/catalog/components/use-dialog.ts';
import { useExportSuppliers, useSupplierList } from './api/use-suppliers.ts';
import { formatPhone, SUPPLIER_KINDS } from './supplier-rules.ts';
import { SupplierFormDialog } from './supplier-form-dialog.tsx';
import { SupplierImportDialog } from './supplier-import-dialog.tsx';
import { useSupplierPin } from './supplier-pin-dialog.tsx';

const PAGE_SIZES = [20, 50, 100];
/** Plates a row shows before "and n more". */
const PLATES_SHOWN = 2;
const EXPORT_MESSAGE = 'supplier-export';

/** /System/suppliers: the branch's suppliers and the plates each delivers with (issue 39). */
export function SuppliersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const layout = useListLayout();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const find = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<SupplierKind | undefined>(undefined);
  const [inactive, setInactive] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const query = useSupplierList({
    find,
    kind,
    include_inactive: inactive,
    page: paging.page,
    page_size: paging.pageSize,
  });
  const editor = useDialog<Supplier | undefined>();
  const [importing, setImporting] = useState(false);
  const pin = useSupplierPin();
  const exporter = useExportSuppliers();
  const [exportError, setExportError] = useState<unknown>(null);

  // A new search or filter starts at the first page.
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPaging((current) => ({ ...current, page: 1 }));
    };

  const startExport = () => {
    if (exporter.isPending) return;
    setExportError(null);
    void message.open({
      key: EXPORT_MESSAGE,
      type: 'loading',
      content: t('reports.export.exporting'),
      duration: 0,
    });
    exporter.mutate(
      { include_inactive: true },
      {
        onSuccess: ({ rows, fileName }) =>
          void message.open({
            key: EXPORT_MESSAGE,
            type: 'success',
            content: t('reports.export.exported', { file: fileName, rows }),
            duration: 5,
          }),
        onError: (failure) => {
          message.destroy(EXPORT_MESSAGE);
          setExportError(failure);
        },
      },
    );
  };

  const kindTag = (supplier: Supplier) => (
    <Tag style={{ marginInlineEnd: 0 }}>{t(`suppliers.kinds.${supplier.kind}`)}</Tag>
  );
  const leader = (supplier: Supplier) =>
    supplier.leader ? (
      <span>
        <Typography.Text type="secondary">{supplier.leader.code}</Typography.Text> {supplier.leader.name}
      </span>
    ) : (
      <Typography.Text type="secondary">–</Typography.Text>
    );
  // The first plates, then how many more (all of them in its tooltip): rows stay a few lines high.
  const vehicles = (supplier: Supplier) => {
    if (supplier.vehicles.length === 0) return <Typography.Text type="secondary">–</Typography.Text>;
    const shown =
      supplier.vehicles.length > PLATES_SHOWN + 1
        ? supplier.vehicles.slice(0, PLATES_SHOWN)
        : supplier.vehicles;
    const more = supplier.vehicles.slice(shown.length);
    return (
      <Flex wrap gap={4}>
        {shown.map((plate) => {
          const tag = supplier.vehicle_tags[plate];
          const chip = (
            <Tag
              key={plate}
              style={{ marginInlineEnd: 0 }}
              data-testid="supplier-plate"
              icon={tag ? <WifiOutlined aria-label={t('suppliers.columns.tags')} /> : undefined}
            >
              {plate}
            </Tag>
          );
          // A vehicle with an RFID tag: the tag's id on hover.
          return tag ? (
            <Tooltip key={plate} title={`${t('suppliers.columns.tags')}: ${tag}`}>
              {chip}
            </Tooltip>
          ) : (
            chip
          );
        })}
        {more.length > 0 && (
          <Tooltip title={more.join(', ')}>
            <Tag style={{ marginInlineEnd: 0 }} data-testid="supplier-more-plates">
              {t('suppliers.morePlates', { n: more.length })}
            </Tag>
          </Tooltip>
        )}
      </Flex>
    );
  };
  const active = (supplier: Supplier) =>
    supplier.active ? (
      <Tag color="success" style={{ marginInlineEnd: 0 }}>
        {t('suppliers.active')}
      </Tag>
    ) : (
      <Tag style={{ marginInlineEnd: 0 }}>{t('suppliers.inactive')}</Tag>
    );
  // An inactive supplier may not sign in: it gets no PIN.
  const edit = (supplier: Supplier) => (
    <Flex gap={8} wrap>
      <ActionButton
        label={t('catalog.common.edit')}
        icon={<EditOutlined aria-hidden />}
        onClick={() => editor.show(supplier)}
        iconOnly={layout !== 'narrow'}
      />
      {supplier.active && (
        <ActionButton
          label={t('suppliers.pin.action')}
          icon={<KeyOutlined aria-hidden />}
          onClick={() => pin.ask(supplier)}
          iconOnly={layout !== 'narrow'}
        />
      )}
    </Flex>
  );

  // Fits the card at an office PC's 1366 px with the side menu open; the plates wrap one a line.
  const columns: TableColumnsType<Supplier> = [
    { key: 'code', title: t('suppliers.columns.code'), dataIndex: 'code', width: 104 },
    {
      key: 'name',
      title: t('suppliers.columns.name'),
      render: (_v, s) => <Typography.Text strong>{s.name}</Typography.Text>,
    },
    { key: 'kind', title: t('suppliers.columns.kind'), width: 118, render: (_v, s) => kindTag(s) },
    { key: 'leader', title: t('suppliers.leader'), width: 160, render: (_v, s) => leader(s) },
    {
      key: 'phone',
      title: t('suppliers.columns.phone'),
      width: 118,
      render: (_v, s) =>
        s.phone ? formatPhone(s.phone) : <Typography.Text type="secondary">–</Typography.Text>,
    },
    { key: 'vehicles', title: t('suppliers.columns.vehicles'), width: 170, render: (_v, s) => vehicles(s) },
    { key: 'active', title: t('suppliers.columns.active'), width: 96, render: (_v, s) => active(s) },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      fixed: 'end',
      width: 104,
      render: (_v, s) => edit(s),
    },
  ];

  const narrow = layout === 'narrow';
  const data = query.data;
  const filtering = find !== '' || kind !== undefined;
  const add = () => editor.show(undefined);

  return (
    <>
      <Card size={screens.sm ? 'default' : 'small'}>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="flex-start" gap={12} wrap>
            <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('suppliers.title')}
                </Typography.Title>
                {data && (
                  <Tag style={{ marginInlineEnd: 0 }} data-testid="supplier-count">
                    {t('catalog.common.count', { count: data.total })}
                  </Tag>
                )}
              </Flex>
              <Typography.Text type="secondary">{t('suppliers.description')}</Typography.Text>
            </Flex>
            <Flex gap={8} wrap>
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('suppliers.import.open')}
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                onClick={startExport}
                loading={exporter.isPending}
              >
                {t('suppliers.export')}
              </Button>
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add}>
                {t('suppliers.add')}
              </Button>
            </Flex>
          </Flex>
          <Flex gap={8} align="center" wrap>
            <Input
              value={search}
              onChange={(event) => filterChanged(setSearch)(event.target.value)}
              placeholder={t('suppliers.search')}
              aria-label={t('suppliers.search')}
              prefix={<SearchOutlined aria-hidden />}
              allowClear
              style={{ flex: '1 1 240px', maxWidth: 420, minWidth: 0 }}
            />
            <Select<SupplierKind>
              allowClear
              value={kind}
              onChange={filterChanged(setKind)}
              placeholder={t('suppliers.allKinds')}
              aria-label={t('suppliers.columns.kind')}
              options={SUPPLIER_KINDS.map((k) => ({ value: k, label: t(`suppliers.kinds.${k}`) }))}
              style={{ flex: '0 1 200px', minWidth: 160 }}
            />
            <Checkbox
              checked={inactive}
              onChange={(event) => filterChanged(setInactive)(event.target.checked)}
            >
              {t('suppliers.showInactive')}
            </Checkbox>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              aria-label={t('catalog.common.reload')}
              title={t('catalog.common.reload')}
            />
          </Flex>
        </Flex>
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={t('suppliers.loadFailed')}
            description={errorMessage(t, query.error)}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('catalog.common.retry')}
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {exportError !== null && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setExportError(null) }}
            title={t('reports.export.failed')}
            description={errorMessage(t, exportError)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<Supplier>
          rowKey="id"
          size="middle"
          showHeader={!narrow}
          columns={narrow ? [{ key: 'row', render: (_v, s) => narrowRow(s) }] : columns}
          dataSource={data?.suppliers ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          scroll={narrow ? undefined : { x: 1000 }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            hideOnSinglePage: (data?.total ?? 0) <= PAGE_SIZES[0]!,
            onChange: (page, pageSize) =>
              setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
          }}
          locale={{
            emptyText:
              query.isPending || query.isError ? (
                <div style={{ minHeight: 120 }} />
              ) : filtering || inactive ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.common.noMatch')} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('suppliers.empty')}>
                  <Flex gap={8} justify="center" wrap>
                    <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                      {t('suppliers.import.open')}
                    </Button>
                    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add}>
                      {t('suppliers.add')}
                    </Button>
                  </Flex>
                </Empty>
              ),
          }}
        />
      </Card>
      <SupplierFormDialog
        key={editor.subject?.id ?? 'new'}
        open={editor.open}
        supplier={editor.subject}
        onClose={editor.hide}
      />
      <SupplierImportDialog open={importing} onClose={() => setImporting(false)} />
      {pin.dialog}
    </>
  );

  function narrowRow(supplier: Supplier) {
    return (
      <StackedRow
        title={
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{supplier.code}</Typography.Text>
            <Typography.Text strong>{supplier.name}</Typography.Text>
            {kindTag(supplier)}
            {active(supplier)}
          </Flex>
        }
        lines={[
          { label: t('suppliers.leader'), content: leader(supplier) },
          {
            label: t('suppliers.columns.phone'),
            content: supplier.phone ? formatPhone(supplier.phone) : '–',
          },
          { label: t('suppliers.columns.vehicles'), content: vehicles(supplier) },
        ]}
        actions={edit(supplier)}
      />
    );
  }
}
