import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { TimeStage } from '@truck-queue/shared/queue/time-stages';
import { SeriesLegend, TooltipBox } from '../../dashboard/components/chart-tooltip.tsx';
import { useChartTheme } from '../../dashboard/components/use-chart-theme.ts';
import { formatDuration } from '../../../lib/durations.ts';
import { useStageColour } from './stage-colours.ts';
import type { StageBar } from './time-series.ts';

const HEIGHT = 280;

/**
 * The average truck's time, cut by stage (stacked bars): per hour of its ticket or per plant
 * day. `label` names a bar's key on the axis, `title` in the tooltip.
 */
export function StageChart({
  bars,
  stages,
  label,
  title,
  name,
}: {
  bars: StageBar[];
  stages: TimeStage[];
  label: (key: string) => string;
  title: (key: string) => string;
  /** What the chart shows, for screen readers. */
  name: string;
}) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const colour = useStageColour();
  const minutes = (n: number) => formatDuration(t, n * 60, 'floor', { style: 'short' });

  const BarTooltip = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as StageBar | undefined;
    if (!active || !bar) return null;
    return (
      <TooltipBox
        title={`${title(bar.key)} · ${t('reports.timeBreakdown.trucksCount', { n: bar.trucks })}`}
        items={[...stages].reverse().map((stage) => ({
          color: colour(stage),
          label: t(`reports.timeBreakdown.stage.${stage}`),
          value: minutes(bar[stage]),
        }))}
      />
    );
  };

  return (
    <>
      <SeriesLegend
        items={stages.map((stage) => ({
          color: colour(stage),
          label: t(`reports.timeBreakdown.stage.${stage}`),
        }))}
      />
      <BarChart
        data={bars}
        responsive
        style={{ width: '100%', height: HEIGHT }}
        margin={{ top: 12, right: 4, bottom: 0, left: 0 }}
        accessibilityLayer
        title={name}
      >
        <CartesianGrid vertical={false} stroke={chart.grid} />
        <XAxis
          dataKey="key"
          tickFormatter={(key: string) => label(key)}
          interval="preserveStartEnd"
          minTickGap={4}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
        />
        <YAxis
          width={44}
          allowDecimals={false}
          tickFormatter={(n: number) => String(n)}
          label={{
            value: t('reports.timeBreakdown.minutesAxis'),
            angle: -90,
            position: 'insideLeft',
            fill: chart.muted,
            fontSize: chart.fontSize,
            style: { textAnchor: 'middle' },
          }}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: chart.cursor }}
          content={(props: TooltipContentProps) => <BarTooltip {...props} />}
        />
        {stages.map((stage, i) => (
          <Bar
            key={stage}
            dataKey={stage}
            stackId="time"
            name={t(`reports.timeBreakdown.stage.${stage}`)}
            fill={colour(stage)}
            maxBarSize={40}
            radius={i === stages.length - 1 ? [3, 3, 0, 0] : 0}
            animationDuration={400}
          />
        ))}
      </BarChart>
    </>
  );
}
