import { Empty, Flex, Table, Tag, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfficerTime, StationTime } from '@truck-queue/shared/contracts/time-breakdown.contract';
import { STATION_TYPE } from '@truck-queue/shared/queue/queue-machine';
import { formatDuration } from '../../../lib/durations.ts';
import { hourLabel } from './heat-map.tsx';
import { hoursFrom, shadeOf } from './time-series.ts';

const duration = (t: ReturnType<typeof useTranslation>['t'], seconds: number | null) =>
  formatDuration(t, seconds, 'floor', { days: true, style: 'short' });

/** A station's idle minutes per hour of the clock as a strip of shades: which hour it stood empty. */
function IdleStrip({ seconds, firstHour, max }: { seconds: number[]; firstHour: number; max: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const shades = [token.red1, token.red2, token.red3, token.red4, token.red5, token.red6];
  return (
    <Flex gap={1} data-testid="idle-strip">
      {hoursFrom(firstHour).map((hour) => {
        const value = seconds[hour] ?? 0;
        const step = shadeOf(value > 0 ? value : null, max, 6);
        const cell = (
          <div
            style={{
              width: 8,
              height: 18,
              borderRadius: 2,
              background: step === 0 ? token.colorFillQuaternary : shades[step - 1],
            }}
          />
        );
        return value > 0 ? (
          <Tooltip
            key={hour}
            title={t('reports.timeBreakdown.idleHour', {
              hour: `${hourLabel(hour)}:00`,
              value: duration(t, value),
            })}
          >
            {cell}
          </Tooltip>
        ) : (
          <div key={hour}>{cell}</div>
        );
      })}
    </Flex>
  );
}

export function StationTable({
  rows,
  firstHour,
  loading,
}: {
  rows: StationTime[];
  firstHour: number;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const max = Math.max(0, ...rows.flatMap((r) => r.idle_by_hour));
  const columns: TableColumnsType<StationTime> = [
    {
      key: 'station',
      title: t('reports.timeBreakdown.station'),
      width: 180,
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{row.station_name}</Typography.Text>
          <Flex gap={4} wrap>
            {row.station_types.map((type) => (
              <Tag key={type} style={{ marginInlineEnd: 0 }}>
                {t(
                  type === STATION_TYPE.recheck
                    ? 'reports.timeBreakdown.recheckStation'
                    : 'reports.timeBreakdown.callStation',
                )}
              </Tag>
            ))}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'trucks',
      title: t('reports.timeBreakdown.trucks'),
      align: 'end',
      render: (_v, row) => row.trucks.toLocaleString(locale),
    },
    {
      key: 'service',
      title: t('reports.timeBreakdown.service'),
      align: 'end',
      render: (_v, row) => duration(t, row.service_seconds),
    },
    {
      key: 'average',
      title: t('reports.timeBreakdown.average'),
      align: 'end',
      render: (_v, row) => duration(t, row.average_seconds),
    },
    {
      key: 'idle',
      title: (
        <Tooltip title={t('reports.timeBreakdown.idleHint')}>
          <span>{t('reports.timeBreakdown.idle')}</span>
        </Tooltip>
      ),
      align: 'end',
      render: (_v, row) =>
        !row.station_types.includes(STATION_TYPE.call) ? (
          <Tooltip title={t('reports.timeBreakdown.idleRecheck')}>
            <Typography.Text type="secondary">–</Typography.Text>
          </Tooltip>
        ) : row.idle_seconds > 0 ? (
          <Typography.Text type="danger" strong>
            {duration(t, row.idle_seconds)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{duration(t, 0)}</Typography.Text>
        ),
    },
    {
      key: 'idleHours',
      title: t('reports.timeBreakdown.idleByHour', { from: `${hourLabel(firstHour)}:00` }),
      render: (_v, row) =>
        row.station_types.includes(STATION_TYPE.call) ? (
          <IdleStrip seconds={row.idle_by_hour} firstHour={firstHour} max={max} />
        ) : null,
    },
  ];
  return (
    <Table<StationTime>
      size="small"
      data-testid="time-stations"
      columns={columns}
      dataSource={rows}
      rowKey={(row) => String(row.station_id)}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.timeBreakdown.noStations')} />
        ),
      }}
    />
  );
}

export function OfficerTable({ rows, loading }: { rows: OfficerTime[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const columns: TableColumnsType<OfficerTime> = [
    {
      key: 'officer',
      title: t('reports.timeBreakdown.officer'),
      render: (_v, row) => row.officer_name || t('reports.timeBreakdown.noOfficer'),
    },
    {
      key: 'trucks',
      title: t('reports.timeBreakdown.trucksCalled'),
      align: 'end',
      render: (_v, row) => row.trucks.toLocaleString(locale),
    },
    {
      key: 'service',
      title: t('reports.timeBreakdown.service'),
      align: 'end',
      render: (_v, row) => duration(t, row.service_seconds),
    },
    {
      key: 'average',
      title: t('reports.timeBreakdown.average'),
      align: 'end',
      render: (_v, row) => <Typography.Text strong>{duration(t, row.average_seconds)}</Typography.Text>,
    },
  ];
  return (
    <Table<OfficerTime>
      size="small"
      data-testid="time-officers"
      columns={columns}
      dataSource={rows}
      rowKey={(row) => String(row.officer_id)}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.timeBreakdown.noOfficers')} />
        ),
      }}
    />
  );
}
