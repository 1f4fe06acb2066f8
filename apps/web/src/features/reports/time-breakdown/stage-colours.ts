import { theme } from 'antd';
import type { TimeStage } from '@truck-queue/shared/queue/time-stages';

type Hue = 'gold' | 'purple' | 'volcano' | 'cyan' | 'blue' | 'magenta' | 'lime' | 'green';

/** One colour per stage, from the antd theme (shade 6: the dark algorithm gives its own). */
const STAGE_HUES: Record<TimeStage, Hue> = {
  wait_lab: 'gold',
  in_lab: 'purple',
  wait_call: 'volcano',
  walk: 'cyan',
  at_station: 'blue',
  recheck: 'magenta',
  wait_weigh_out: 'lime',
  to_gate: 'green',
};

export function useStageColour(): (stage: TimeStage) => string {
  const { token } = theme.useToken();
  return (stage) => token[`${STAGE_HUES[stage]}6`];
}
