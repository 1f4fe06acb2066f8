import { describe, expect, it } from 'vitest';
import { FLOW_ENGINE } from './queue-machine.ts';
import { NOT_YET_CALLED_STATES, yardStageOf } from './yard-stage.ts';

describe('yard stages', () => {
  it('puts each state of the lab flow where the truck stands', () => {
    const lab = (state: Parameters<typeof yardStageOf>[1]) => yardStageOf(FLOW_ENGINE.lab, state);
    expect(['QS', 'LS', 'L'].map((s) => lab(s as never))).toEqual(['lab', 'lab', 'lab']);
    expect(['LF', 'LO'].map((s) => lab(s as never))).toEqual(['waiting', 'waiting']);
    expect(['C', 'RC'].map((s) => lab(s as never))).toEqual(['station', 'station']);
    expect(['F', 'RJ'].map((s) => lab(s as never))).toEqual(['leaving', 'leaving']);
    expect(['NS', 'V'].map((s) => lab(s as never))).toEqual([null, null]);
  });

  it('has a direct flow wait for its call, then go to a station and leave', () => {
    expect(yardStageOf(FLOW_ENGINE.standard, 'QS')).toBe('waiting');
    expect(yardStageOf(FLOW_ENGINE.general, 'C')).toBe('station');
    expect(yardStageOf(FLOW_ENGINE.standard, 'F')).toBe('leaving');
  });

  it('counts as not yet called every state before a station', () => {
    expect([...NOT_YET_CALLED_STATES].sort()).toEqual(['L', 'LF', 'LO', 'LS', 'QS']);
  });
});
