import { theme } from 'antd';
import type { DurationKey } from '../dashboard-series.ts';

/** antd preset colours used here (each has shades 1..10 in the theme's tokens). */
type Hue =
  'blue' | 'cyan' | 'purple' | 'gold' | 'magenta' | 'green' | 'volcano' | 'geekblue' | 'lime' | 'orange';

/** Queue types in report order; the same type has the same colour in every chart. */
const QUEUE_TYPE_COLOURS: readonly Hue[] = [
  'blue',
  'cyan',
  'purple',
  'gold',
  'magenta',
  'green',
  'volcano',
  'geekblue',
  'lime',
  'orange',
];

/** One colour per kind of stage, the same in both flows: waiting, lab, in process, leaving. */
const STAGE_COLOURS: Record<DurationKey, Hue> = {
  average_qs_to_c: 'gold',
  average_qs_to_ls: 'gold',
  average_ls_to_lf: 'purple',
  average_lf_to_c: 'orange',
  second_c_to_f: 'blue',
  average_c_to_f: 'blue',
  average_f_to_qf: 'green',
  in_factory_time_average: 'blue',
};

/**
 * recharts draws SVG and needs explicit colours: they come from the antd theme, so light and
 * dark mode both read well (the dark algorithm gives its own shade 6 of each preset colour).
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  const shade = (colour: Hue) => token[`${colour}6`];
  return {
    token,
    queueType: (index: number) => shade(QUEUE_TYPE_COLOURS[index % QUEUE_TYPE_COLOURS.length]!),
    stage: (key: DurationKey) => shade(STAGE_COLOURS[key]),
    text: token.colorText,
    axis: token.colorTextSecondary,
    muted: token.colorTextTertiary,
    grid: token.colorBorderSecondary,
    cursor: token.colorFillTertiary,
    onBar: token.colorTextLightSolid,
    background: token.colorBgContainer,
    fontSize: token.fontSizeSM,
  };
}

export type ChartTheme = ReturnType<typeof useChartTheme>;
