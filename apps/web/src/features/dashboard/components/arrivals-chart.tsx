import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { hourLabel, type HourBar } from '../trends.ts';
import { TooltipBox } from './chart-tooltip.tsx';
import { useChartTheme } from './use-chart-theme.ts';

const HEIGHT = 240;

/** Tickets issued in each hour of the clock over the period: when the trucks come. */
export function ArrivalsChart({ bars }: { bars: HourBar[] }) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  return (
    <BarChart
      data={bars}
      responsive
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      barCategoryGap={2}
      accessibilityLayer
      title={t('dashboard.charts.arrivals')}
    >
      <CartesianGrid vertical={false} stroke={chart.grid} />
      <XAxis
        dataKey="label"
        // Every third hour: "06:00 09:00 12:00" reads at a glance; each bar says its own in the tooltip.
        interval={2}
        tick={{ fill: chart.axis, fontSize: chart.fontSize }}
        stroke={chart.grid}
        tickLine={false}
      />
      <YAxis
        allowDecimals={false}
        width={40}
        tick={{ fill: chart.axis, fontSize: chart.fontSize }}
        stroke={chart.grid}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        cursor={{ fill: chart.cursor }}
        content={(props: TooltipContentProps) => <HourTooltip {...props} />}
      />
      <Bar
        dataKey="arrivals"
        name={t('dashboard.trends.arrivals')}
        fill={chart.token.blue6}
        radius={[3, 3, 0, 0]}
        animationDuration={400}
      />
    </BarChart>
  );
}

function HourTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const bar = payload?.[0]?.payload as HourBar | undefined;
  if (!active || !bar) return null;
  return (
    <TooltipBox
      title={t('dashboard.trends.hourRange', {
        from: hourLabel(bar.hour),
        to: `${String(bar.hour).padStart(2, '0')}:59`,
      })}
      items={[
        {
          color: chart.token.blue6,
          label: t('dashboard.trends.arrivals'),
          value: bar.arrivals.toLocaleString(),
        },
      ]}
    />
  );
}
