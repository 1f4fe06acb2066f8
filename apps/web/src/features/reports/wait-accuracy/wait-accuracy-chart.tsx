import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type XAxisTickContentProps,
} from 'recharts';
import { useDates } from '../../../lib/calendar-context.tsx';
import { SeriesLegend, TooltipBox } from '../../dashboard/components/chart-tooltip.tsx';
import { useChartTheme } from '../../dashboard/components/use-chart-theme.ts';
import type { WaitBar } from './wait-series.ts';

const HEIGHT = 260;

/** A plant day as a date at noon UTC: its own day in every zone the formatter might use. */
export const noon = (day: string) => new Date(`${day}T12:00:00Z`);

export function useWaitNumbers() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const number = (n: number, digits = 0) => n.toLocaleString(locale, { maximumFractionDigits: digits });
  return {
    number,
    percent: (n: number | null) => (n === null ? '–' : t('reports.waitAccuracy.percent', { n: number(n) })),
    minutes: (n: number | null) =>
      n === null ? '–' : t('reports.waitAccuracy.minutes', { n: number(n, 1) }),
  };
}

/**
 * A queue type's days: the share of the trucks shown a range that were called inside it (bars,
 * left axis, with the target drawn across), and the median error in minutes (line, right axis).
 * A day with nothing to judge has no bar; its tick says so, and the tooltip says why.
 */
export function WaitAccuracyChart({
  bars,
  target,
  title,
  narrow,
}: {
  bars: WaitBar[];
  target: number;
  title: string;
  /** A phone's width: the days by their number, a label on each bar only for a week. */
  narrow: boolean;
}) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const dates = useDates();
  const { number } = useWaitNumbers();
  const insideColor = chart.token.blue6;
  const errorColor = chart.token.orange6;
  const targetColor = chart.token.red6;
  const targetPercent = Math.round(target * 100);
  const shortDay = (day: string) =>
    dates.text(
      noon(day),
      narrow ? { day: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    );
  const emptyOf = new Map(bars.map((bar) => [bar.day, bar.empty]));
  // A week names every day (and says which had nothing); more days name as many as fit.
  const everyDay = bars.length <= 7;
  const labelled = bars.length <= (narrow ? 7 : 14);

  return (
    <>
      <SeriesLegend
        items={[
          { color: insideColor, label: t('reports.waitAccuracy.legendInside') },
          { color: targetColor, label: t('reports.waitAccuracy.legendTarget', { n: targetPercent }) },
          { color: errorColor, label: t('reports.waitAccuracy.legendError') },
        ]}
      />
      <ComposedChart
        data={bars}
        responsive
        style={{ width: '100%', height: HEIGHT }}
        margin={{ top: 20, right: 0, bottom: 0, left: 0 }}
        accessibilityLayer
        title={title}
      >
        <CartesianGrid vertical={false} stroke={chart.grid} />
        <XAxis
          dataKey="day"
          interval={everyDay ? 0 : 'preserveStartEnd'}
          minTickGap={8}
          height={everyDay ? 40 : 24}
          tick={({ x, y, payload }: XAxisTickContentProps) => (
            <g transform={`translate(${x},${y})`}>
              <text dy={14} textAnchor="middle" fill={chart.axis} fontSize={chart.fontSize}>
                {shortDay(String(payload.value))}
              </text>
              {everyDay && emptyOf.get(String(payload.value)) && (
                <text dy={30} textAnchor="middle" fill={chart.muted} fontSize={chart.fontSize}>
                  {t('reports.waitAccuracy.tickEmpty')}
                </text>
              )}
            </g>
          )}
          stroke={chart.grid}
          tickLine={false}
        />
        <YAxis
          yAxisId="share"
          width={48}
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          tickFormatter={(n: number) => `${n} %`}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          yAxisId="minutes"
          orientation="right"
          width={44}
          allowDecimals={false}
          tickFormatter={(n: number) => number(n)}
          tick={{ fill: chart.axis, fontSize: chart.fontSize }}
          stroke={chart.grid}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: chart.cursor }}
          content={(props: TooltipContentProps) => <DayTooltip {...props} target={targetPercent} />}
        />
        <Bar
          yAxisId="share"
          dataKey="insidePercent"
          name={t('reports.waitAccuracy.legendInside')}
          fill={insideColor}
          radius={[3, 3, 0, 0]}
          maxBarSize={48}
          // A day at 0 % is a figure, not a gap: a sliver of a bar, and its label.
          minPointSize={2}
          animationDuration={400}
        >
          {labelled && (
            <LabelList
              dataKey="insidePercent"
              position="top"
              // A no-break space: the label never wraps above a narrow bar.
              formatter={(value) => (typeof value === 'number' ? `${number(value)}\u00a0%` : '')}
              fill={chart.text}
              fontSize={chart.fontSize}
            />
          )}
        </Bar>
        <ReferenceLine
          yAxisId="share"
          y={targetPercent}
          stroke={targetColor}
          strokeDasharray="6 4"
          strokeWidth={1.5}
          ifOverflow="extendDomain"
        />
        <Line
          yAxisId="minutes"
          dataKey="errorMinutes"
          name={t('reports.waitAccuracy.legendError')}
          stroke={errorColor}
          strokeWidth={2}
          dot={{ r: 3, fill: errorColor }}
          connectNulls={false}
          animationDuration={400}
        />
      </ComposedChart>
    </>
  );
}

function DayTooltip({ active, payload, target }: TooltipContentProps & { target: number }) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const dates = useDates();
  const { number, percent, minutes } = useWaitNumbers();
  const bar = payload?.[0]?.payload as WaitBar | undefined;
  if (!active || !bar) return null;
  const title = dates.text(noon(bar.day), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const d = bar.source;
  const counts = [
    { color: chart.muted, label: t('reports.waitAccuracy.readings'), value: number(d.readings) },
    { color: chart.muted, label: t('reports.waitAccuracy.noRange'), value: number(d.no_range) },
    { color: chart.muted, label: t('reports.waitAccuracy.notCalled'), value: number(d.not_called) },
  ];
  if (bar.empty)
    return (
      <TooltipBox
        title={`${title}: ${t(bar.empty === 'no-tickets' ? 'reports.waitAccuracy.dayNoTickets' : 'reports.waitAccuracy.dayNoRange')}`}
        items={bar.empty === 'no-tickets' ? [] : counts}
      />
    );
  return (
    <TooltipBox
      title={title}
      items={[
        {
          color: chart.token.blue6,
          label: t('reports.waitAccuracy.inside'),
          value: t('reports.waitAccuracy.insideOf', {
            percent: percent(bar.insidePercent),
            inside: number(d.inside),
            total: number(d.with_range),
          }),
        },
        {
          color: chart.token.red6,
          label: t('reports.waitAccuracy.target'),
          value: percent(target),
        },
        {
          color: chart.token.orange6,
          label: t('reports.waitAccuracy.medianError'),
          value: minutes(bar.errorMinutes),
        },
        {
          color: chart.muted,
          label: t('reports.waitAccuracy.medianWait'),
          value: minutes(d.median_wait_minutes),
        },
        ...counts,
      ]}
    />
  );
}
