import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  FLOW_ENGINE,
  isAtStation,
  isCalledState,
  isEndedState,
  isOpenTicket,
  isVoidedState,
  isWaitingState,
  isFlowEngineId,
  isInLab,
  isStaffAction,
  nextState,
  QUEUE_ACTIONS,
  QUEUE_STATES,
  staffActions,
  stationTypeOfState,
  waitingStates,
  takesNewSample,
  type QueueAction,
  type QueueState,
} from './queue-machine.ts';

type Expected = Partial<Record<QueueState, Partial<Record<QueueAction, QueueState>>>>;

const direct: Expected = {
  QS: { call: 'C' },
  C: { call: 'C', finish: 'F' },
};
const lab: Expected = {
  QS: { accept: 'LS' },
  LS: { complete: 'LF' },
  L: { complete: 'LF' },
  LF: { call: 'C', recheck: 'RC', reject: 'RJ' },
  LO: { call: 'C', recheck: 'RC', reject: 'RJ' },
  RC: { accept: 'LS', call: 'C', recheck: 'RC', reject: 'RJ' },
  C: { call: 'C', finish: 'F' },
};

describe('queue machine', () => {
  it.each([
    ['general flow', FLOW_ENGINE.general, direct],
    ['standard flow', FLOW_ENGINE.standard, direct],
    ['lab flow', FLOW_ENGINE.lab, lab],
  ] as const)(
    '%s: every state by every action is allowed or refused as DESIGN.md says',
    (_name, engine, table) => {
      for (const state of QUEUE_STATES) {
        for (const action of QUEUE_ACTIONS) {
          expect(nextState(engine, state, action), `${state} + ${action}`).toBe(
            table[state]?.[action] ?? null,
          );
        }
      }
    },
  );

  it('a new sample is taken only from a truck sent to recheck', () => {
    expect(QUEUE_STATES.filter(takesNewSample)).toEqual(['RC']);
  });

  it('offers nothing once a queue is finished or rejected', () => {
    for (const engine of [1, 2, 3]) {
      expect(allowedActions(engine, 'F')).toEqual([]);
      expect(allowedActions(engine, 'RJ')).toEqual([]);
    }
  });
});

describe('what the screens read of a state', () => {
  it('offers officers call, recheck, reject and finish where the machine allows, nothing once gone', () => {
    expect(staffActions(2, 'QS')).toEqual(['call']);
    expect(staffActions(3, 'QS')).toEqual([]);
    expect(staffActions(3, 'LS')).toEqual([]);
    expect(staffActions(3, 'LF')).toEqual(['call', 'recheck', 'reject']);
    expect(staffActions(1, 'C')).toEqual(['call', 'finish']);
    expect(staffActions(1, 'C', true)).toEqual([]);
    expect(isStaffAction('accept')).toBe(false);
    expect(isStaffAction('finish')).toBe(true);
  });

  it('lists the waiting states of each flow: every open state but called', () => {
    expect(waitingStates(FLOW_ENGINE.general)).toEqual(['QS']);
    expect(waitingStates(FLOW_ENGINE.standard)).toEqual(['QS']);
    expect(waitingStates(FLOW_ENGINE.lab)).toEqual(['QS', 'LS', 'L', 'LF', 'LO', 'RC']);
  });

  it('knows called, in-lab and at-station states', () => {
    expect(QUEUE_STATES.filter(isCalledState)).toEqual(['C']);
    expect(QUEUE_STATES.filter(isInLab)).toEqual(['LS', 'L']);
    expect(QUEUE_STATES.filter(isAtStation)).toEqual(['C', 'RC']);
    expect(isInLab('nonsense')).toBe(false);
  });

  it('types stations by the state they handle', () => {
    expect(QUEUE_STATES.map(stationTypeOfState)).toEqual([
      null,
      null,
      null,
      null,
      null,
      1,
      2,
      null,
      null,
      null,
      null,
    ]);
    expect(stationTypeOfState('toString')).toBeNull();
  });

  it('knows the ended states: off every list, not waiting, voided apart', () => {
    expect(QUEUE_STATES.filter(isEndedState)).toEqual(['NS', 'V']);
    expect(QUEUE_STATES.filter(isVoidedState)).toEqual(['V']);
    for (const engine of [1, 2, 3]) expect(waitingStates(engine).filter(isEndedState)).toEqual([]);
    expect(isOpenTicket('C', false)).toBe(true);
    expect(isOpenTicket('C', true)).toBe(false);
    expect(isOpenTicket('NS', false)).toBe(false);
    expect(isWaitingState(3, 'LF')).toBe(true);
    expect(isWaitingState(1, 'LF')).toBe(false);
  });

  it('knows the three flow engines', () => {
    expect([0, 1, 2, 3, 4].filter(isFlowEngineId)).toEqual([1, 2, 3]);
  });
});
