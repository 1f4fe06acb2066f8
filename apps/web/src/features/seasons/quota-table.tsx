import { useEffect, useState } from 'react';
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
  InputNumber,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ReloadOutlined, SaveOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUOTA_MAX, type QuotaRow, type Season } from '@truck-queue/shared/contracts/season.contract';
import { formatKg } from '@truck-queue/shared/weight-format';
import { errorMessage } from '../../lib/errors.ts';
import { intlLocale } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useQuotas, useSaveQuotas } from './api/use-seasons.ts';
import { changedQuotas, quotaRefusals, withDraft, type QuotaRefusalKey } from './season-rules.ts';

const PAGE_SIZES = [20, 50, 100];

/**
 * A season's quotas, a page at a time by supplier code: each supplier's entitlement (typed in
 * place; the changed ones saved together, all or nothing), what it has delivered and has left,
 * its loads, paid tonnes and open bookings. Changes typed on other pages stay until saved.
 */
export function QuotaTable({
  season,
  onUnsaved,
}: {
  season: Season;
  /** How many rows have a change not saved yet (the page asks before it shows another season). */
  onUnsaved: (count: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const locale = intlLocale(i18n.language);
  const [search, setSearch] = useState('');
  const find = useDebouncedValue(search.trim(), 300);
  const [withQuota, setWithQuota] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const query = useQuotas(
    {
      season_id: season.id,
      find,
      with_quota: withQuota,
      page: paging.page,
      page_size: paging.pageSize,
    },
    true,
  );
  const save = useSaveQuotas();
  const [drafts, setDrafts] = useState<Map<number, number | null>>(new Map());
  const [refused, setRefused] = useState<Map<number, QuotaRefusalKey>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const unit = t(`seasons.units.${season.unit}`);
  useEffect(() => onUnsaved(drafts.size), [drafts, onUnsaved]);
  const amount = (value: number) => formatKg(value, locale);

  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPaging((current) => ({ ...current, page: 1 }));
    };

  const submit = () => {
    const quotas = changedQuotas(drafts);
    if (save.isPending || quotas.length === 0) return;
    setFailure(null);
    save.mutate(
      { season_id: season.id, quotas },
      {
        onSuccess: ({ saved }) => {
          setDrafts(new Map());
          setRefused(new Map());
          void message.success(t('seasons.quotas.saved', { count: saved }));
        },
        onError: (error) => {
          const rows = quotaRefusals(error, quotas);
          setRefused(rows);
          setFailure(rows.size > 0 ? t('seasons.quotas.refusedRows') : errorMessage(t, error));
        },
      },
    );
  };

  const discard = () => {
    setDrafts(new Map());
    setRefused(new Map());
    setFailure(null);
  };

  const entitlementInput = (row: QuotaRow) => {
    const value = drafts.has(row.supplier_id) ? drafts.get(row.supplier_id)! : row.entitlement;
    const problem = refused.get(row.supplier_id);
    return (
      <Flex vertical gap={2}>
        <InputNumber<number>
          value={value}
          min={0}
          max={QUOTA_MAX}
          precision={season.unit === 'loads' ? 0 : 1}
          placeholder={t('seasons.quotas.none')}
          status={problem ? 'error' : drafts.has(row.supplier_id) ? 'warning' : undefined}
          aria-label={t('seasons.quotas.entitlementOf', { code: row.code })}
          data-testid="quota-input"
          onChange={(typed) => {
            setDrafts((current) => withDraft(current, row.supplier_id, row.entitlement, typed ?? null));
            setRefused((current) => {
              if (!current.has(row.supplier_id)) return current;
              const next = new Map(current);
              next.delete(row.supplier_id);
              return next;
            });
          }}
          style={{ width: '100%' }}
        />
        {problem && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t(problem)}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const dash = <Typography.Text type="secondary">–</Typography.Text>;
  const columns: TableColumnsType<QuotaRow> = [
    { key: 'code', title: t('seasons.quotas.columns.code'), dataIndex: 'code', width: 96 },
    {
      key: 'name',
      title: t('seasons.quotas.columns.name'),
      render: (_v, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'entitlement',
      title: t('seasons.quotas.columns.entitlement', { unit }),
      width: 150,
      render: (_v, r) => entitlementInput(r),
    },
    {
      key: 'delivered',
      title: t('seasons.quotas.columns.delivered'),
      align: 'end',
      width: 104,
      render: (_v, r) => amount(r.delivered),
    },
    {
      key: 'remaining',
      title: t('seasons.quotas.columns.remaining'),
      align: 'end',
      width: 104,
      render: (_v, r) =>
        r.remaining === null ? (
          dash
        ) : (
          <Typography.Text type={r.remaining < 0 ? 'danger' : undefined} strong={r.remaining < 0}>
            {amount(r.remaining)}
          </Typography.Text>
        ),
    },
    {
      key: 'loads',
      title: t('seasons.quotas.columns.loads'),
      align: 'end',
      width: 88,
      render: (_v, r) => amount(r.loads),
    },
    {
      key: 'tonnes',
      title: t('seasons.quotas.columns.tonnes'),
      align: 'end',
      width: 96,
      render: (_v, r) => amount(r.tonnes),
    },
    {
      key: 'booked',
      title: t('seasons.quotas.columns.booked'),
      align: 'end',
      width: 88,
      render: (_v, r) => (r.booked === 0 ? dash : amount(r.booked)),
    },
  ];

  const data = query.data;
  const changed = drafts.size;
  const filtering = find !== '' || withQuota;

  return (
    <Card size={screens.sm ? 'default' : 'small'} data-testid="quota-card">
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Flex align="center" gap={8} wrap>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('seasons.quotas.title', { season: season.name })}
              </Typography.Title>
              <Tag style={{ marginInlineEnd: 0 }}>{season.product_name}</Tag>
              {data && (
                <Tag style={{ marginInlineEnd: 0 }} data-testid="quota-count">
                  {t('catalog.common.count', { count: data.total })}
                </Tag>
              )}
            </Flex>
            <Typography.Text type="secondary">{t('seasons.quotas.description', { unit })}</Typography.Text>
          </Flex>
          <Flex gap={8} wrap align="center">
            {changed > 0 && (
              <Typography.Text type="warning" data-testid="quota-unsaved">
                {t('seasons.quotas.unsaved', { count: changed })}
              </Typography.Text>
            )}
            <Button icon={<UndoOutlined aria-hidden />} onClick={discard} disabled={changed === 0}>
              {t('seasons.quotas.discard')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              onClick={submit}
              loading={save.isPending}
              disabled={changed === 0}
            >
              {t('seasons.quotas.save')}
            </Button>
          </Flex>
        </Flex>
        <Flex gap={8} align="center" wrap>
          <Input
            value={search}
            onChange={(event) => filterChanged(setSearch)(event.target.value)}
            placeholder={t('seasons.quotas.search')}
            aria-label={t('seasons.quotas.search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            style={{ flex: '1 1 240px', maxWidth: 420, minWidth: 0 }}
          />
          <Checkbox
            checked={withQuota}
            onChange={(event) => filterChanged(setWithQuota)(event.target.checked)}
          >
            {t('seasons.quotas.withQuotaOnly')}
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
      {failure && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setFailure(null) }}
          title={failure}
          style={{ marginBottom: 16 }}
        />
      )}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('seasons.quotas.loadFailed')}
          description={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('catalog.common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<QuotaRow>
        rowKey="supplier_id"
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        scroll={{ x: 860 }}
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
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtering ? t('catalog.common.noMatch') : t('seasons.quotas.noSuppliers')}
              />
            ),
        }}
      />
    </Card>
  );
}
