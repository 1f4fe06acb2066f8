import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { GoodsReceipt } from '@truck-queue/shared/contracts/goods-receipt.contract';
import { formatKg } from '@truck-queue/shared/weight-format';
import { useDates } from '../../../lib/calendar-context.tsx';
import { config } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import { usePlantToday } from '../../auth/use-plant-today.ts';
import { useGoodsReceipts, useGoodsReceiptsFile } from './use-goods-receipts.ts';

/**
 * /Report/goodsReceipts (issue 42): a plant day's ERP goods receipts, one per finished weighed
 * truck, with each correction as a new version marked as such, and the day's files for the ERP
 * (CSV that Excel opens in Thai, or JSON).
 */
export function GoodsReceiptsPage() {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const today = usePlantToday();
  const [day, setDay] = useState(today);
  const receipts = useGoodsReceipts(day, day >= today);
  const file = useGoodsReceiptsFile();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const kg = (n: number) => formatKg(n, locale);
  const at = (instant: string) => dates.siteDateTime(instant, config.siteTimeZone).split(' ')[1] ?? '';
  const rows = receipts.data ?? [];
  const corrections = rows.filter((r) => r.version > 1).length;

  // Newest first: a correction comes to the top; the version it replaces says so.
  const shown = [...rows].reverse();
  const replacedBy = new Map(rows.filter((r) => r.corrects !== null).map((r) => [r.corrects!, r.id]));
  const small = { fontSize: 12 } as const;

  const columns: TableColumnsType<GoodsReceipt> = [
    {
      key: 'receipt',
      title: t('goodsReceipts.columns.receipt'),
      width: 130,
      render: (_v, r) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text strong delete={replacedBy.has(r.id)}>
            #{r.id}
          </Typography.Text>
          {r.cancelled ? (
            <Tag color="red">{t('goodsReceipts.cancels', { id: r.corrects })}</Tag>
          ) : r.corrects !== null ? (
            <Tag color="orange">{t('goodsReceipts.corrects', { version: r.version, id: r.corrects })}</Tag>
          ) : (
            <Tag>{t('goodsReceipts.first')}</Tag>
          )}
          {replacedBy.has(r.id) && (
            <Typography.Text type="secondary" style={small}>
              {t('goodsReceipts.replacedBy', { id: replacedBy.get(r.id) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'ticket',
      title: t('goodsReceipts.columns.ticket'),
      width: 150,
      render: (_v, r) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{r.ticket.queue_number}</Typography.Text>
          <Typography.Text>{r.plate}</Typography.Text>
          <Typography.Text type="secondary" style={small}>
            {t('goodsReceipts.weighedOut', { time: at(r.weigh_out_at) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'product',
      title: t('goodsReceipts.columns.product'),
      width: 220,
      render: (_v, r) => (
        <Flex vertical gap={2}>
          <Flex gap={6} wrap align="baseline">
            <Typography.Text>{r.product?.name ?? '-'}</Typography.Text>
            {r.product?.erp_code ? (
              <Typography.Text type="secondary" code style={small}>
                {r.product.erp_code}
              </Typography.Text>
            ) : (
              <Typography.Text type="warning" style={small}>
                {t('goodsReceipts.noMaterialCode')}
              </Typography.Text>
            )}
          </Flex>
          {r.supplier === null ? (
            <Typography.Text type="secondary" style={small}>
              {t('goodsReceipts.noSupplier')}
            </Typography.Text>
          ) : (
            <>
              <Typography.Text style={small}>{r.supplier.name}</Typography.Text>
              <Typography.Text type="secondary" style={small}>
                {t('goodsReceipts.supplierCodes', { code: r.supplier.code, vendor: r.supplier.erp_code })}
                {r.supplier.season !== null && ` · ${r.supplier.season}`}
              </Typography.Text>
            </>
          )}
        </Flex>
      ),
    },
    {
      key: 'weights',
      title: t('goodsReceipts.columns.weights'),
      align: 'end',
      width: 130,
      render: (_v, r) => (
        <Flex vertical gap={2} align="flex-end">
          <span>{t('goodsReceipts.gross', { kg: kg(r.gross_kg) })}</span>
          <Typography.Text type="secondary">{t('goodsReceipts.tare', { kg: kg(r.tare_kg) })}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'net',
      title: t('goodsReceipts.columns.net'),
      align: 'end',
      width: 95,
      render: (_v, r) => kg(r.net_kg),
    },
    {
      key: 'deducted',
      title: t('goodsReceipts.columns.deducted'),
      align: 'end',
      width: 100,
      render: (_v, r) => (
        <Flex vertical gap={2} align="flex-end">
          <span>{kg(r.deducted_kg)}</span>
          {r.deductions.map((d) => (
            <Typography.Text key={d.name} type="secondary" style={small}>
              {d.name} {d.percent}%
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      key: 'paid',
      title: t('goodsReceipts.columns.paid'),
      align: 'end',
      width: 105,
      render: (_v, r) => <Typography.Text strong>{kg(r.paid_kg)}</Typography.Text>,
    },
    {
      key: 'lab',
      title: t('goodsReceipts.columns.lab'),
      width: 120,
      render: (_v, r) =>
        r.lab_values.length === 0 ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Flex vertical gap={0}>
            {r.lab_values.map((v) => (
              <Typography.Text key={v.name} style={small}>
                {v.name} {v.value}
                {v.unit}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
  ];

  return (
    <Card>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('goodsReceipts.hint')}
        </Typography.Paragraph>
        <Flex gap={8} wrap align="center">
          <DatePicker
            allowClear={false}
            value={dayjs(day)}
            format={(value) => dates.date(value.toDate())}
            disabledDate={(value) => value.format(API_DATE_FORMAT) > today}
            onChange={(value) => value && setDay(value.format(API_DATE_FORMAT))}
            aria-label={t('goodsReceipts.day')}
            data-testid="receipts-day"
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void receipts.refetch()}
            loading={receipts.isFetching}
          >
            {t('goodsReceipts.refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => file.mutate({ day, format: 'csv' })}
            loading={file.isPending && file.variables.format === 'csv'}
            disabled={rows.length === 0}
          >
            {t('goodsReceipts.csv')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => file.mutate({ day, format: 'json' })}
            loading={file.isPending && file.variables.format === 'json'}
            disabled={rows.length === 0}
          >
            {t('goodsReceipts.json')}
          </Button>
          <Typography.Text type="secondary">
            {t('goodsReceipts.count', { count: rows.length })}
            {corrections > 0 && ` · ${t('goodsReceipts.correctionCount', { count: corrections })}`}
          </Typography.Text>
        </Flex>
        {receipts.isError && <Alert type="error" showIcon title={errorMessage(t, receipts.error)} />}
        {file.isError && <Alert type="error" showIcon title={errorMessage(t, file.error)} />}
        <Table<GoodsReceipt>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={receipts.isLoading}
          pagination={false}
          scroll={{ x: 1050 }}
          locale={{ emptyText: t('goodsReceipts.none') }}
        />
      </Flex>
    </Card>
  );
}
