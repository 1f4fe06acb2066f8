import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  FLOW_ENGINE,
  nextState,
  QUEUE_ACTIONS,
  QUEUE_STATES,
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
  RC: { call: 'C', recheck: 'RC', reject: 'RJ' },
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

  it('offers nothing once a queue is finished or rejected', () => {
    for (const engine of [1, 2, 3]) {
      expect(allowedActions(engine, 'F')).toEqual([]);
      expect(allowedActions(engine, 'RJ')).toEqual([]);
    }
  });
});
