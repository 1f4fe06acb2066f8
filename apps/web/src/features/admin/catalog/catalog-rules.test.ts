import { describe, expect, it } from 'vitest';
import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import { PrefixSchema } from '@truck-queue/shared/contracts/catalog.contract';
import { FLOW_ENGINE_STATES } from '@truck-queue/shared/queue/queue-machine';
import {
  firstQueueNumber,
  groupedKg,
  handledStates,
  limitProblem,
  normalisePrefix,
  PREFIX_PATTERN,
  sameName,
  stationRoles,
  type FlowStateRef,
} from './catalog-rules.ts';

/** The flow states as station/loadState lists them: ids in seed order. */
const FLOW_STATES: FlowStateRef[] = ([1, 2, 3] as const)
  .flatMap((fe) => FLOW_ENGINE_STATES[fe].map((s) => ({ fe_id: fe, state: s.state })))
  .map((s, index) => ({ id: index + 1, ...s }));

function idOf(fe: number, state: string): number {
  return FLOW_STATES.find((s) => s.fe_id === fe && s.state === state)!.id;
}

function station(states: { fe: number; state: string }[]): StationRow {
  return {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    name: 'ลานชั่ง 1',
    weighbridge: false,
    aState: states.map(({ fe, state }, index) => ({
      sus_id: 100 + index,
      sus_station: 7,
      sus_flow_state: idOf(fe, state),
      fe_name: `engine ${fe}`,
      fs_state_name: FLOW_ENGINE_STATES[fe as 1 | 2 | 3].find((s) => s.state === state)!.name,
      fs_state_detail: '',
    })),
  };
}

describe('prefix', () => {
  it('is upper-cased and stripped of spaces as typed, and agrees with the contract', () => {
    expect(normalisePrefix(' a b')).toBe('AB');
    for (const value of ['A', 'AB', 'ABC']) {
      expect(PREFIX_PATTERN.test(value)).toBe(true);
      expect(PrefixSchema.safeParse(value).success).toBe(true);
    }
    for (const value of ['', 'ABCD', 'A1', 'ฟ', 'Ä']) {
      expect(PREFIX_PATTERN.test(normalisePrefix(value))).toBe(false);
      expect(PrefixSchema.safeParse(value).success).toBe(false);
    }
  });

  it('starts the queue numbers of a day', () => {
    expect(firstQueueNumber('AB')).toBe('AB001');
  });
});

describe('sameName', () => {
  it('ignores case, outer spaces and runs of spaces', () => {
    expect(sameName(' Cassava  chips ', 'cassava chips')).toBe(true);
    expect(sameName('หัวมันสด', 'หัวมัน สด')).toBe(false);
  });
});

describe('station states and roles', () => {
  it('resolves flow and state through the flow states, ordered by flow then stage', () => {
    const row = station([
      { fe: 3, state: 'RC' },
      { fe: 2, state: 'C' },
      { fe: 3, state: 'C' },
    ]);
    expect(handledStates(row, FLOW_STATES).map((s) => [s.flowEngineId, s.state])).toEqual([
      [2, 'C'],
      [3, 'C'],
      [3, 'RC'],
    ]);
  });

  it('still knows the state code from its name before the flow states arrive', () => {
    const [only] = handledStates(station([{ fe: 3, state: 'RC' }]), undefined);
    expect(only).toMatchObject({ flowEngineId: null, state: 'RC', flowName: 'engine 3', susId: 100 });
  });

  it('makes a station handling C a call station and RC a recheck station, per flow', () => {
    const states = handledStates(
      station([
        { fe: 3, state: 'RC' },
        { fe: 2, state: 'C' },
        { fe: 3, state: 'C' },
        { fe: 3, state: 'LF' },
      ]),
      FLOW_STATES,
    );
    expect(stationRoles(states)).toEqual([
      { type: 1, flows: [2, 3] },
      { type: 2, flows: [3] },
    ]);
    expect(stationRoles(handledStates(station([{ fe: 3, state: 'QS' }]), FLOW_STATES))).toEqual([]);
  });
});

describe('a product weighing limit', () => {
  it('is empty, or a weight up to 100 t with one decimal', () => {
    expect(limitProblem(null)).toBeNull();
    expect(limitProblem(25_000)).toBeNull();
    expect(limitProblem(12_000.5)).toBeNull();
    expect(limitProblem(0)).toBe('range');
    expect(limitProblem(100_001)).toBe('range');
    expect(limitProblem(10.25)).toBe('decimals');
  });

  it('is a minimum never above its maximum', () => {
    expect(limitProblem(8_000, { max: 20_000 })).toBeNull();
    expect(limitProblem(8_000, { max: null })).toBeNull();
    expect(limitProblem(20_000, { max: 20_000 })).toBeNull();
    expect(limitProblem(25_000, { max: 20_000 })).toBe('minAboveMax');
  });
});

describe('a grouped weight box', () => {
  it('groups thousands and reads them back', () => {
    expect(groupedKg.formatter(25000)).toBe('25,000');
    expect(groupedKg.formatter(12050.5)).toBe('12,050.5');
    expect(groupedKg.formatter('')).toBe('');
    expect(groupedKg.parser('50,500')).toBe(50_500);
  });
});
