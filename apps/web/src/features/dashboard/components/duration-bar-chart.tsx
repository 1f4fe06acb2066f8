import { Grid } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { durationTicks, formatDuration, formatDurationTick } from '../duration-labels.ts';
import {
  chartData,
  keyOfPlot,
  plotKey,
  type ChartDatum,
  type DurationKey,
  type DurationSeries,
} from '../dashboard-series.ts';
import { fitText, textWidth } from '../fit-text.ts';
import { TooltipBox } from './chart-tooltip.tsx';
import { useChartTheme, type ChartTheme } from './use-chart-theme.ts';

interface DurationBarChartProps {
  series: DurationSeries;
  labelOf: (key: DurationKey) => string;
  colorOf: (key: DurationKey, datum: ChartDatum) => string;
  /** What the chart shows, for a screen reader. */
  ariaLabel: string;
  /** The chart's least height in px on a wide screen (the bars spread out to fill it). */
  minHeight?: number;
}

const GROUP_PADDING = 14;
const NAME_FONT_SIZE = 13;
const VALUE_FONT_SIZE = 12;
const LABEL_GAP = 6;

/**
 * Horizontal bars of average durations: one group per queue type (its name on the left, where
 * a long Thai name has room), one bar per series, each labelled with its value in hours and
 * minutes. A null average gets no bar but the words "no data", never a bar of 0.
 */
export function DurationBarChart({
  series,
  labelOf,
  colorOf,
  ariaLabel,
  minHeight = 0,
}: DurationBarChartProps) {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const wide = Grid.useBreakpoint().md ?? true;
  const data = chartData(series);
  const barSize = series.keys.length > 1 ? 16 : 22;
  const barGap = 3;
  const groupHeight = series.keys.length * (barSize + barGap) + 2 * GROUP_PADDING;
  const height = Math.max(data.length * groupHeight + 32, wide ? minHeight : 0);
  const ticks = durationTicks(series.max, wide ? 6 : 4);
  const nameWidth = wide ? 132 : 92;
  // Room on the right for half of the last tick's label, which is centred on the chart's edge:
  // measured, so a long one ("2 ชม. 30 น.", "1 Std. 30 Min.") is never clipped.
  const lastTick = formatDurationTick(t, ticks[ticks.length - 1]!);
  const rightMargin = Math.ceil(textWidth(lastTick, `${chart.fontSize}px ${chart.token.fontFamily}`) / 2) + 6;

  return (
    <BarChart
      layout="vertical"
      data={data}
      responsive
      style={{ width: '100%', height }}
      margin={{ top: 0, right: rightMargin, bottom: 0, left: 0 }}
      barGap={barGap}
      barCategoryGap={GROUP_PADDING}
      accessibilityLayer
      title={ariaLabel}
    >
      <CartesianGrid horizontal={false} stroke={chart.grid} />
      <XAxis
        type="number"
        domain={[0, ticks[ticks.length - 1]!]}
        ticks={ticks}
        interval={0}
        tickFormatter={(value: number) => formatDurationTick(t, value)}
        tick={{ fill: chart.axis, fontSize: chart.fontSize }}
        stroke={chart.grid}
        tickLine={false}
      />
      <YAxis
        type="category"
        dataKey="name"
        width={nameWidth}
        tick={(props: YAxisTickContentProps) => (
          <NameTick {...props} chart={chart} maxWidth={nameWidth - 12} />
        )}
        stroke={chart.grid}
        tickLine={false}
      />
      <Tooltip
        cursor={{ fill: chart.cursor }}
        content={(props: TooltipContentProps) => (
          <DurationTooltip {...props} labelOf={labelOf} colorOf={colorOf} />
        )}
      />
      {series.keys.map((key) => (
        <Bar
          key={key}
          dataKey={plotKey(key)}
          name={labelOf(key)}
          fill={chart.stage(key)}
          barSize={barSize}
          animationDuration={400}
          shape={(props: BarShapeProps) => (
            <DurationBar {...props} durationKey={key} colorOf={colorOf} chart={chart} t={t} />
          )}
        />
      ))}
    </BarChart>
  );
}

function NameTick({
  x,
  y,
  payload,
  chart,
  maxWidth,
}: YAxisTickContentProps & { chart: ChartTheme; maxWidth: number }) {
  const name = String(payload.value);
  const font = `${NAME_FONT_SIZE}px ${chart.token.fontFamily}`;
  return (
    <text
      x={Number(x) - 8}
      y={Number(y)}
      textAnchor="end"
      dominantBaseline="central"
      fill={chart.text}
      fontSize={NAME_FONT_SIZE}
    >
      <title>{name}</title>
      {fitText(name, maxWidth, (text) => textWidth(text, font))}
    </text>
  );
}

type DurationBarProps = BarShapeProps & {
  durationKey: DurationKey;
  colorOf: DurationBarChartProps['colorOf'];
  chart: ChartTheme;
  t: TFunction;
};

/** Where a bar's value goes: after the bar if it fits in the plot, else inside it; short words if need be. */
function placeLabel(
  t: TFunction,
  seconds: number,
  bar: { x: number; width: number; plotEnd: number },
  measure: (text: string) => number,
): { text: string; inside: boolean } {
  const candidates = [formatDuration(t, seconds, 'long'), formatDuration(t, seconds, 'short')];
  for (const text of candidates) {
    const width = measure(text);
    if (bar.x + bar.width + LABEL_GAP + width <= bar.plotEnd) return { text, inside: false };
    if (bar.width >= width + 2 * LABEL_GAP) return { text, inside: true };
  }
  return { text: candidates[1]!, inside: false };
}

function DurationBar(props: DurationBarProps) {
  const { x, y, width, height, background, durationKey, colorOf, chart, t } = props;
  // recharts types a bar's data point as `any`: it is the ChartDatum this chart was given.
  const datum = props.payload as ChartDatum;
  const seconds = datum.raw[durationKey] ?? null;
  const middle = y + height / 2;
  if (seconds === null) {
    return (
      <text
        x={x + LABEL_GAP}
        y={middle}
        dominantBaseline="central"
        fill={chart.muted}
        fontSize={VALUE_FONT_SIZE}
      >
        {t('dashboard.noData')}
      </text>
    );
  }
  const font = `600 ${VALUE_FONT_SIZE}px ${chart.token.fontFamily}`;
  const plotEnd = background ? (background.x ?? 0) + background.width : Number.POSITIVE_INFINITY;
  const label = placeLabel(t, seconds, { x, width, plotEnd }, (text) => textWidth(text, font));
  return (
    <g>
      <Rectangle
        x={x}
        y={y}
        width={width}
        height={height}
        radius={[0, 4, 4, 0]}
        fill={colorOf(durationKey, datum)}
      />
      <text
        x={label.inside ? x + width - LABEL_GAP : x + width + LABEL_GAP}
        y={middle}
        textAnchor={label.inside ? 'end' : 'start'}
        dominantBaseline="central"
        fill={label.inside ? chart.onBar : chart.text}
        fontSize={VALUE_FONT_SIZE}
        fontWeight={600}
      >
        {label.text}
      </text>
    </g>
  );
}

function DurationTooltip({
  active,
  payload,
  label,
  labelOf,
  colorOf,
}: TooltipContentProps & Pick<DurationBarChartProps, 'labelOf' | 'colorOf'>) {
  const { t } = useTranslation();
  if (!active || !payload?.length) return null;
  const items = payload.flatMap((entry) => {
    const key = keyOfPlot(entry.dataKey);
    const datum = entry.payload as ChartDatum | undefined;
    if (!key || !datum) return [];
    return [
      { color: colorOf(key, datum), label: labelOf(key), value: formatDuration(t, datum.raw[key] ?? null) },
    ];
  });
  return <TooltipBox title={String(label ?? '')} items={items} />;
}
