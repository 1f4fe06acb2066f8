import { describe, expect, it } from 'vitest';
import type { StageFigures } from '@truck-queue/shared/contracts/time-breakdown.contract';
import { TIME_STAGES } from '@truck-queue/shared/queue/time-stages';
import { heatRows, hoursFrom, shadeOf, stageBar, stagesUsed } from './time-series.ts';

const figures = (seconds: Partial<Record<(typeof TIME_STAGES)[number], [number, number]>>): StageFigures[] =>
  TIME_STAGES.map((stage) => {
    const [s, trucks] = seconds[stage] ?? [0, 0];
    return { stage, seconds: s, trucks, average_seconds: trucks ? s / trucks : null };
  });

describe('the time report’s series', () => {
  it('reads the hours from the plant day’s first hour', () => {
    expect(hoursFrom(6).slice(0, 3)).toEqual([6, 7, 8]);
    expect(hoursFrom(6)[23]).toBe(5);
  });

  it('stacks each stage as minutes per truck of the hour', () => {
    const bar = stageBar('10', 2, figures({ wait_call: [3900, 2], walk: [300, 1] }));
    expect(bar.wait_call).toBe(32.5);
    expect(bar.walk).toBe(2.5);
    expect(bar.to_gate).toBe(0);
    expect(stageBar('3', 0, figures({})).wait_call).toBe(0);
  });

  it('leaves out stages no truck went through', () => {
    expect(stagesUsed(figures({ wait_call: [60, 1], to_gate: [60, 1] }))).toEqual(['wait_call', 'to_gate']);
  });

  it('maps the chosen stage by day and hour, empty hours as none', () => {
    const { rows, max } = heatRows(
      ['2026-11-20', '2026-11-21'],
      [
        { day: '2026-11-20', hour: 7, stage: 'wait_call', seconds: 3600, trucks: 2 },
        { day: '2026-11-20', hour: 8, stage: 'walk', seconds: 600, trucks: 1 },
        { day: '2026-11-21', hour: 9, stage: 'wait_call', seconds: 3600, trucks: 1 },
      ],
      'wait_call',
    );
    expect(rows[0]!.minutes[7]).toBe(30);
    expect(rows[0]!.minutes[8]).toBeNull();
    expect(rows[1]!.minutes[9]).toBe(60);
    expect(max).toBe(60);
    // The scale tops out at the 95th percentile: one night's outlier does not pale the rest.
    const many = heatRows(
      ['2026-11-20'],
      Array.from({ length: 24 }, (_, hour) => ({
        day: '2026-11-20',
        hour,
        stage: 'wait_call' as const,
        seconds: hour === 23 ? 60_000 : 600,
        trucks: 1,
      })),
      'wait_call',
    );
    expect(many.max).toBe(10);
    expect(shadeOf(30, 60, 6)).toBe(3);
    expect(shadeOf(0.1, 60, 6)).toBe(1);
    expect(shadeOf(null, 60, 6)).toBe(0);
  });
});
