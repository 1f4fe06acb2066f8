import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Progress,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OverQuotaRule, Season } from '@truck-queue/shared/contracts/season.contract';
import { formatKg } from '@truck-queue/shared/weight-format';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { intlLocale } from '../../lib/format.ts';
import { ActionButton } from '../admin/catalog/components/catalog-table.tsx';
import { useDialog } from '../admin/catalog/components/use-dialog.ts';
import { useSeasons } from './api/use-seasons.ts';
import { QuotaTable } from './quota-table.tsx';
import { SeasonFormDialog } from './season-form-dialog.tsx';
import { deliveredPercent } from './season-rules.ts';

const RULE_COLOURS: Record<OverQuotaRule, string> = { refuse: 'red', warn: 'gold', reason: 'blue' };

/**
 * /System/seasons: the branch's seasons (crop years) per product, and the selected one's quotas:
 * each supplier's entitlement, what it has delivered and what it has left (issue 39).
 */
export function SeasonsPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const dates = useDates();
  const locale = intlLocale(i18n.language);
  const seasons = useSeasons();
  const editor = useDialog<Season | undefined>();
  const [picked, setPicked] = useState<number | null>(null);
  const [unsaved, setUnsaved] = useState(0);

  const list = seasons.data ?? [];
  // The season picked, else the first active one, else the latest.
  const selected = list.find((s) => s.id === picked) ?? list.find((s) => s.active) ?? list[0];

  const select = (season: Season) => {
    if (season.id === selected?.id) return;
    if (unsaved === 0) {
      setPicked(season.id);
      return;
    }
    modal.confirm({
      title: t('seasons.quotas.discardTitle'),
      content: t('seasons.quotas.unsaved', { count: unsaved }),
      okText: t('seasons.quotas.discard'),
      cancelText: t('common.cancel'),
      onOk: () => {
        setUnsaved(0);
        setPicked(season.id);
      },
    });
  };

  const quantity = (value: number, season: Season) =>
    t(`seasons.amount.${season.unit}`, { value: formatKg(value, locale) });

  const progress = (season: Season) =>
    season.suppliers === 0 ? (
      <Typography.Text type="secondary">{t('seasons.noQuotas')}</Typography.Text>
    ) : (
      <Flex vertical gap={0} style={{ minWidth: 0 }}>
        <Typography.Text style={{ fontSize: 13 }}>
          {t('seasons.progress', {
            delivered: formatKg(season.delivered, locale),
            entitlement: quantity(season.entitlement, season),
          })}
        </Typography.Text>
        <Progress
          percent={deliveredPercent(season.delivered, season.entitlement)}
          status={season.delivered > season.entitlement ? 'exception' : 'normal'}
          size="small"
          showInfo={false}
          style={{ margin: 0 }}
        />
      </Flex>
    );

  const columns: TableColumnsType<Season> = [
    {
      key: 'name',
      title: t('seasons.columns.name'),
      width: 140,
      render: (_v, s) => (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{s.name}</Typography.Text>
          {!s.active && <Tag style={{ marginInlineEnd: 0 }}>{t('seasons.inactive')}</Tag>}
        </Flex>
      ),
    },
    { key: 'product', title: t('seasons.columns.product'), dataIndex: 'product_name', width: 104 },
    {
      key: 'days',
      title: t('seasons.columns.days'),
      width: 196,
      render: (_v, s) => t('seasons.days', { start: dates.date(s.starts_on), end: dates.date(s.ends_on) }),
    },
    {
      key: 'unit',
      title: t('seasons.columns.unit'),
      width: 68,
      render: (_v, s) => t(`seasons.units.${s.unit}`),
    },
    {
      key: 'rule',
      title: t('seasons.columns.rule'),
      width: 104,
      render: (_v, s) => (
        <Tag color={RULE_COLOURS[s.over_quota]} style={{ marginInlineEnd: 0 }}>
          {t(`seasons.rules.${s.over_quota}`)}
        </Tag>
      ),
    },
    {
      key: 'suppliers',
      title: t('seasons.columns.suppliers'),
      align: 'end',
      width: 96,
      render: (_v, s) => formatKg(s.suppliers, locale),
    },
    { key: 'progress', title: t('seasons.columns.progress'), render: (_v, s) => progress(s) },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      fixed: 'end',
      width: 84,
      render: (_v, s) => (
        <ActionButton
          label={t('catalog.common.edit')}
          icon={<EditOutlined aria-hidden />}
          onClick={() => editor.show(s)}
          iconOnly
        />
      ),
    },
  ];

  const add = () => editor.show(undefined);

  return (
    <Flex vertical gap={16}>
      <Card size={screens.sm ? 'default' : 'small'}>
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('seasons.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('seasons.description')}</Typography.Text>
          </Flex>
          <Flex gap={8} wrap>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => void seasons.refetch()}
              loading={seasons.isFetching}
              aria-label={t('catalog.common.reload')}
              title={t('catalog.common.reload')}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add}>
              {t('seasons.add')}
            </Button>
          </Flex>
        </Flex>
        {seasons.isError && (
          <Alert
            type="error"
            showIcon
            title={t('seasons.loadFailed')}
            description={errorMessage(t, seasons.error)}
            action={
              <Button size="small" onClick={() => void seasons.refetch()}>
                {t('catalog.common.retry')}
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<Season>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={seasons.isPending}
          pagination={false}
          scroll={{ x: 960 }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selected ? [selected.id] : [],
            onChange: (_keys, rows) => {
              if (rows[0]) select(rows[0]);
            },
            columnTitle: '',
            columnWidth: 40,
          }}
          onRow={(season) => ({ onClick: () => select(season), style: { cursor: 'pointer' } })}
          locale={{
            emptyText: seasons.isPending ? (
              <div style={{ minHeight: 120 }} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('seasons.empty')}>
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add}>
                  {t('seasons.add')}
                </Button>
              </Empty>
            ),
          }}
        />
      </Card>
      {selected && <QuotaTable key={selected.id} season={selected} onUnsaved={setUnsaved} />}
      <SeasonFormDialog
        key={editor.subject?.id ?? 'new'}
        open={editor.open}
        season={editor.subject}
        hasQuotas={(editor.subject?.suppliers ?? 0) > 0}
        onClose={(saved) => {
          editor.hide();
          if (saved && !editor.subject) select(saved);
        }}
      />
    </Flex>
  );
}
