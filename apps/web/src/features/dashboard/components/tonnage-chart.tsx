import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { useDates } from '../../../lib/calendar-context.tsx';
import type { DayBar } from '../trends.ts';
import { SeriesLegend, TooltipBox } from './chart-tooltip.tsx';
import { useChartTheme } from './use-chart-theme.ts';

const HEIGHT = 240;

/** A plant day as a date at noon UTC: its own day in every zone the formatter might use. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Each day of the period: its net tonnage (bars, left axis) and its trucks (line, right axis).
 * A long period (a season) draws thin bars; the axis names as many days as fit.
 */
export function TonnageChart({ bars }: { bars: DayBar[] }) {
  const { t, i18n } = useTranslation();
  const chart = useChartTheme();
  const dates = useDates();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const tonnesColor = chart.token.green6;
  const trucksColor = chart.token.orange6;
  const shortDay = (day: string) =>
    dates.text(noon(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const tonnes = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });

  return (
    <>
      <SeriesLegend
        items={[
          { color: tonnesColor, label: t('dashboard.trends.netTonnes') },
          { color: trucksColor, label: t('dashboard.trends.trucksLine') },
        ]}
      />
      <ComposedChart
        data={bars}
        responsive
        style={{ width: '100%', height: HEIGHT }}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        accessibilityLayer
        title={t('dashboard.charts.tonnage')}
      >
        <CartesianGrid vertical={false} stroke={chart.grid} />
        <XAxis
          dataKey="day"
          tickFormatter={shortDay}
          minTickGap={12}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
        />
        <YAxis
          yAxisId="tonnes"
          width={56}
          tickFormatter={tonnes}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          yAxisId="trucks"
          orientation="right"
          allowDecimals={false}
          width={40}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: chart.cursor }}
          content={(props: TooltipContentProps) => <DayTooltip {...props} />}
        />
        <Bar
          yAxisId="tonnes"
          dataKey="tonnes"
          name={t('dashboard.trends.netTonnes')}
          fill={tonnesColor}
          radius={[3, 3, 0, 0]}
          maxBarSize={48}
          animationDuration={400}
        />
        <Line
          yAxisId="trucks"
          dataKey="trucks"
          name={t('dashboard.trends.trucksLine')}
          stroke={trucksColor}
          strokeWidth={2}
          dot={bars.length <= 31 ? { r: 3, fill: trucksColor } : false}
          animationDuration={400}
        />
      </ComposedChart>
    </>
  );
}

function DayTooltip({ active, payload }: TooltipContentProps) {
  const { t, i18n } = useTranslation();
  const chart = useChartTheme();
  const dates = useDates();
  const bar = payload?.[0]?.payload as DayBar | undefined;
  if (!active || !bar) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <TooltipBox
      title={dates.text(noon(bar.day), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })}
      items={[
        {
          color: chart.token.green6,
          label: t('dashboard.trends.netTonnes'),
          value: t('dashboard.trends.tonnes', {
            value: bar.tonnes.toLocaleString(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
          }),
        },
        {
          color: chart.token.orange6,
          label: t('dashboard.trends.trucksLine'),
          value: bar.trucks.toLocaleString(locale),
        },
        {
          color: chart.muted,
          label: t('dashboard.trends.weighed'),
          value: bar.weighed.toLocaleString(locale),
        },
      ]}
    />
  );
}
