import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { FileTextOutlined, WarningOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { useDates, type Dates } from '../../lib/calendar-context.tsx';
import { queueNumberColumn } from '../station-work/components/queue-number-column.tsx';
import type { WeightSource } from '@truck-queue/shared/queue/weighing';
import { TypedWeightTag } from '../../components/typed-weight-tag.tsx';
import { QueueStateTag } from '../../components/queue-state-tag.tsx';
import { formatKg } from './weight.ts';

/** A weighing time: the clock alone when it is today, else the full date and time. */
function timeOfDay(instant: string | null, dates: Dates): string {
  if (!instant) return '-';
  return dayjs(instant).isSame(dayjs(), 'day') ? dayjs(instant).format('HH:mm') : dates.dateTime(instant);
}

function WeightCell({
  kg,
  at,
  source,
  reason,
  tareAt = null,
  locale,
}: {
  kg: number | null;
  at: string | null;
  source: WeightSource | null;
  reason: string | null;
  /** A weigh-out on a stored tare: when that tare was weighed. */
  tareAt?: string | null;
  locale: string;
}) {
  const dates = useDates();
  if (kg === null) return <>-</>;
  return (
    <Flex vertical align="end" gap={2}>
      <Typography.Text strong>{formatKg(kg, locale)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {timeOfDay(at, dates)}
      </Typography.Text>
      <TypedWeightTag source={source} reason={reason} tareDate={tareAt && dates.date(tareAt)} />
    </Flex>
  );
}

/** What the weighbridge warned of and the officer confirmed (issue 42): a red mark, the warnings on hover or tap. */
function WarningsTag({ t, codes }: { t: TFunction; codes: WeighRecord['weight_warnings'] }) {
  if (codes.length === 0) return null;
  const title = codes.map((code) => t(`weighing.warnings.short.${code}`)).join(' · ');
  return (
    <Tooltip title={title}>
      <Tag
        color="red"
        icon={<WarningOutlined aria-hidden />}
        style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px', cursor: 'help' }}
        tabIndex={0}
        aria-label={title}
        data-testid="weight-warned"
      >
        {t('weighing.warnings.tag')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The columns of today's weighings: the truck's stage, each weight with its time, then gross, tare and net, and
 * for a truck weighed out, its receiving slip (`onSlip` opens it).
 */
export function weighingColumns(
  t: TFunction,
  locale: string,
  today: string,
  onSlip: (row: WeighRecord) => void,
): TableColumnsType<WeighRecord> {
  const kgColumn = (
    key: 'gross_kg' | 'tare_kg' | 'net_kg',
    title: string,
    strong = false,
  ): TableColumnsType<WeighRecord>[number] => ({
    key,
    title,
    dataIndex: key,
    width: key === 'gross_kg' ? 100 : 105,
    align: 'end',
    render: (value: number | null, row) =>
      strong && value !== null ? (
        <Flex vertical align="end" gap={2}>
          <Typography.Text strong>{formatKg(value, locale)}</Typography.Text>
          <WarningsTag t={t} codes={row.weight_warnings} />
        </Flex>
      ) : (
        formatKg(value, locale)
      ),
  });

  return [
    queueNumberColumn(t('weighing.columns.queueNumber'), today, 120),
    {
      key: 'truck_license',
      title: t('weighing.columns.truckLicense'),
      dataIndex: 'truck_license',
      width: 140,
    },
    {
      key: 'product_name',
      title: t('weighing.columns.productAndType'),
      dataIndex: 'product_name',
      width: 150,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.product_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.queue_type_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'stage',
      title: t('weighing.columns.stage'),
      width: 150,
      render: (_value, row) => (
        <Flex vertical align="start" gap={2}>
          <QueueStateTag state={row.queue_state} />
          {row.station_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('weighing.calledTo', { station: row.station_name })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'weigh_in',
      title: t('weighing.columns.weighIn'),
      width: 110,
      align: 'end',
      render: (_value, row) => (
        <WeightCell
          kg={row.weigh_in_kg}
          at={row.weigh_in_at}
          source={row.weigh_in_source}
          reason={row.weigh_in_reason}
          locale={locale}
        />
      ),
    },
    {
      key: 'weigh_out',
      title: t('weighing.columns.weighOut'),
      width: 110,
      align: 'end',
      render: (_value, row) => (
        <WeightCell
          kg={row.weigh_out_kg}
          at={row.weigh_out_at}
          source={row.weigh_out_source}
          reason={row.weigh_out_reason}
          tareAt={row.weigh_out_tare_at}
          locale={locale}
        />
      ),
    },
    kgColumn('gross_kg', t('weighing.columns.gross')),
    kgColumn('tare_kg', t('weighing.columns.tare')),
    kgColumn('net_kg', t('weighing.columns.net'), true),
    {
      key: 'slip',
      title: t('weighing.columns.slip'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: 120,
      align: 'center',
      render: (_value, row) =>
        row.weigh_out_kg !== null && row.weigh_in_kg !== null ? (
          <Button
            size="small"
            icon={<FileTextOutlined aria-hidden />}
            onClick={() => onSlip(row)}
            aria-label={t('weighing.slip.open', { n: row.queue_number })}
            data-testid={`slip-${row.uuid}`}
          >
            {t('weighing.slip.button')}
          </Button>
        ) : null,
    },
  ];
}
