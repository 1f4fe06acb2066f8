import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import type { Slice } from '../dashboard-series.ts';
import { TooltipBox } from './chart-tooltip.tsx';
import { useChartTheme } from './use-chart-theme.ts';

const SIZE = 220;

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** Queues per queue type: a donut with the period's total in its hole, and a list beside it. */
export function QueueTypeDonut({ slices, total }: { slices: Slice[]; total: number }) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const { token } = theme.useToken();

  return (
    <Flex wrap align="center" justify="center" gap={24}>
      <div style={{ position: 'relative', width: SIZE, height: SIZE, flex: 'none' }}>
        <PieChart width={SIZE} height={SIZE} accessibilityLayer title={t('dashboard.charts.queueTypes')}>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius="64%"
            outerRadius="96%"
            paddingAngle={slices.length > 1 ? 2 : 0}
            stroke={chart.background}
            strokeWidth={2}
            animationDuration={400}
          >
            {slices.map((slice) => (
              <Cell key={slice.name} fill={chart.queueType(slice.colorIndex)} />
            ))}
          </Pie>
          <Tooltip content={(props: TooltipContentProps) => <SliceTooltip {...props} />} />
        </PieChart>
        <Flex
          vertical
          align="center"
          justify="center"
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
        >
          <span style={{ fontSize: 30, fontWeight: 600, lineHeight: 1.1, color: token.colorText }}>
            {total.toLocaleString()}
          </span>
          <Typography.Text type="secondary">{t('dashboard.donut.center')}</Typography.Text>
        </Flex>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, flex: '1 1 180px', minWidth: 0, maxWidth: 320 }}>
        {slices.map((slice) => (
          <li
            key={slice.name}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 0',
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <span
              aria-hidden
              style={{
                width: 12,
                height: 12,
                borderRadius: 3,
                flex: 'none',
                background: chart.queueType(slice.colorIndex),
              }}
            />
            <Typography.Text ellipsis={{ tooltip: slice.name }} style={{ flex: 1, minWidth: 0 }}>
              {slice.name}
            </Typography.Text>
            <Typography.Text strong>{slice.value.toLocaleString()}</Typography.Text>
            <Typography.Text type="secondary" style={{ width: 44, textAlign: 'end' }}>
              {percent(slice.share)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

function SliceTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const slice = payload?.[0]?.payload as Slice | undefined;
  if (!active || !slice) return null;
  return (
    <TooltipBox
      title={slice.name}
      items={[
        {
          color: chart.queueType(slice.colorIndex),
          label: t('dashboard.donut.queues'),
          value: `${slice.value.toLocaleString()} (${percent(slice.share)})`,
        },
      ]}
    />
  );
}
