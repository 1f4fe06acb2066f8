import { describe, expect, it } from 'vitest';
import { decide, RECALL_GUARD_MS, type QueueCommand, type QueueSnapshot } from './decide.ts';
import { FLOW_ENGINE, nextState, QUEUE_STATES, type QueueState } from './queue-machine.ts';

const NOW = new Date('2026-03-07T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

function ticket(state: QueueState, more: Partial<QueueSnapshot> = {}): QueueSnapshot {
  return {
    queueNumber: 'B007',
    flowEngineId: FLOW_ENGINE.lab,
    state,
    calledAt: null,
    lastCalledAt: null,
    exitAt: null,
    weighInAt: null,
    weighOutAt: null,
    ...more,
  };
}

const COMMANDS: QueueCommand[] = [
  { kind: 'call', stationId: 4 },
  { kind: 'recheck', stationId: 5 },
  { kind: 'reject' },
  { kind: 'finish' },
  { kind: 'accept' },
  { kind: 'complete' },
  { kind: 'weigh_in', kg: 30000 },
  { kind: 'weigh_out', kg: 12000 },
  { kind: 'exit' },
];

/** The refusal's reason, or 'ok'. */
function outcome(q: QueueSnapshot, command: QueueCommand, now = NOW): string {
  const decision = decide(q, command, now);
  return decision.ok ? 'ok' : decision.reason;
}

describe('decide: the state machine', () => {
  it.each([FLOW_ENGINE.general, FLOW_ENGINE.standard, FLOW_ENGINE.lab])(
    'engine %i: call, recheck, reject and finish go where the table says, else WRONG_STATE',
    (engine) => {
      for (const state of QUEUE_STATES) {
        for (const kind of ['call', 'recheck', 'reject', 'finish'] as const) {
          const command: QueueCommand =
            kind === 'call' || kind === 'recheck' ? { kind, stationId: 4 } : { kind };
          const decision = decide(ticket(state, { flowEngineId: engine }), command, NOW);
          const to = nextState(engine, state, kind);
          if (to) expect(decision, `${state} + ${kind}`).toMatchObject({ ok: true, state: to, action: kind });
          else expect(decision, `${state} + ${kind}`).toMatchObject({ ok: false, reason: 'WRONG_STATE' });
        }
      }
    },
  );

  it('answers every command in every state of every flow without throwing, with a known reason', () => {
    const reasons = new Set<string>();
    for (const engine of [1, 2, 3]) {
      for (const state of QUEUE_STATES) {
        for (const command of COMMANDS)
          reasons.add(outcome(ticket(state, { flowEngineId: engine }), command));
      }
    }
    expect([...reasons].sort()).toEqual([
      'NOT_LAB_FLOW',
      'NOT_WEIGHED_IN',
      'RESULT_ALREADY_OUT',
      'SAMPLE_ALREADY_TAKEN',
      'SAMPLE_NOT_TAKEN',
      'WRONG_STATE',
      'ok',
    ]);
  });

  it('refuses with a 409 that names the queue and the state in English', () => {
    expect(decide(ticket('F'), { kind: 'finish' }, NOW)).toEqual({
      ok: false,
      code: 'CONFLICT',
      reason: 'WRONG_STATE',
      message: 'Queue B007 is in state F: "finish" is not possible.',
    });
  });
});

describe('decide: calls and recalls', () => {
  it('stamps the first call, the latest call and the station', () => {
    expect(decide(ticket('LF'), { kind: 'call', stationId: 4 }, NOW)).toEqual({
      ok: true,
      state: 'C',
      action: 'call',
      stamps: { calledAt: NOW, lastCalledAt: NOW, stationId: 4 },
    });
  });

  it('a recall keeps the first call time and moves the latest', () => {
    const first = ago(10 * 60_000);
    const decision = decide(
      ticket('C', { calledAt: first, lastCalledAt: first }),
      { kind: 'call', stationId: 6 },
      NOW,
    );
    expect(decision).toEqual({
      ok: true,
      state: 'C',
      action: 'call',
      stamps: { lastCalledAt: NOW, stationId: 6 },
    });
  });

  it(`refuses a call within ${RECALL_GUARD_MS} ms of the previous one (CALLED_RECENTLY)`, () => {
    const called = (ms: number) => ticket('C', { calledAt: ago(ms), lastCalledAt: ago(ms) });
    expect(outcome(called(0), { kind: 'call', stationId: 4 })).toBe('CALLED_RECENTLY');
    expect(outcome(called(RECALL_GUARD_MS - 1), { kind: 'call', stationId: 4 })).toBe('CALLED_RECENTLY');
    expect(outcome(called(RECALL_GUARD_MS), { kind: 'call', stationId: 4 })).toBe('ok');
    expect(decide(called(0), { kind: 'call', stationId: 4 }, NOW)).toMatchObject({
      message: 'Queue B007 was called moments ago.',
    });
  });

  it('the guard holds back calls only: a truck called moments ago can be finished', () => {
    expect(outcome(ticket('C', { calledAt: NOW, lastCalledAt: NOW }), { kind: 'finish' })).toBe('ok');
  });

  it('a wrong state is said before the guard', () => {
    expect(outcome(ticket('F', { lastCalledAt: NOW }), { kind: 'call', stationId: 4 })).toBe('WRONG_STATE');
  });
});

describe('decide: recheck, reject, finish', () => {
  it('recheck sends the truck to a recheck station and stamps no time', () => {
    expect(decide(ticket('LO'), { kind: 'recheck', stationId: 5 }, NOW)).toEqual({
      ok: true,
      state: 'RC',
      action: 'recheck',
      stamps: { stationId: 5 },
    });
  });

  it('reject stamps the rejection and keeps the station', () => {
    expect(decide(ticket('RC'), { kind: 'reject' }, NOW)).toEqual({
      ok: true,
      state: 'RJ',
      action: 'reject',
      stamps: { rejectedAt: NOW },
    });
  });

  it('finish stamps the finish', () => {
    expect(decide(ticket('C', { flowEngineId: FLOW_ENGINE.general }), { kind: 'finish' }, NOW)).toEqual({
      ok: true,
      state: 'F',
      action: 'finish',
      stamps: { finishedAt: NOW },
    });
  });
});

describe('decide: the lab', () => {
  it('accept takes the sample (QS -> LS) and stamps the lab start', () => {
    expect(decide(ticket('QS'), { kind: 'accept' }, NOW)).toEqual({
      ok: true,
      state: 'LS',
      action: 'accept',
      stamps: { labStart: NOW },
    });
  });

  it('complete puts the result out (LS or L -> LF) and stamps the lab finish', () => {
    for (const state of ['LS', 'L'] as const) {
      expect(decide(ticket(state), { kind: 'complete' }, NOW)).toEqual({
        ok: true,
        state: 'LF',
        action: 'complete',
        stamps: { labFinish: NOW },
      });
    }
  });

  it('refuses a queue of another flow (NOT_LAB_FLOW)', () => {
    for (const engine of [FLOW_ENGINE.general, FLOW_ENGINE.standard]) {
      expect(outcome(ticket('QS', { flowEngineId: engine }), { kind: 'accept' })).toBe('NOT_LAB_FLOW');
      expect(outcome(ticket('QS', { flowEngineId: engine }), { kind: 'complete' })).toBe('NOT_LAB_FLOW');
    }
    expect(decide(ticket('QS', { flowEngineId: 2 }), { kind: 'accept' }, NOW)).toMatchObject({
      message: 'Queue B007 does not go through the lab.',
    });
  });

  it('refuses a second sample of the same truck (SAMPLE_ALREADY_TAKEN)', () => {
    for (const state of QUEUE_STATES.filter((s) => s !== 'QS')) {
      expect(outcome(ticket(state), { kind: 'accept' }), state).toBe('SAMPLE_ALREADY_TAKEN');
    }
  });

  it('refuses a result before the sample (SAMPLE_NOT_TAKEN)', () => {
    expect(decide(ticket('QS'), { kind: 'complete' }, NOW)).toMatchObject({
      reason: 'SAMPLE_NOT_TAKEN',
      message: 'The lab has not received the sample of queue B007 yet.',
    });
  });

  it('refuses a second result (RESULT_ALREADY_OUT)', () => {
    for (const state of ['LF', 'LO', 'C', 'RC', 'RJ', 'F'] as const) {
      expect(outcome(ticket(state), { kind: 'complete' }), state).toBe('RESULT_ALREADY_OUT');
    }
  });
});

describe('decide: the weighbridge', () => {
  it('weighs in, in any state, and stamps the weight and time', () => {
    for (const state of QUEUE_STATES) {
      expect(decide(ticket(state), { kind: 'weigh_in', kg: 30000.5 }, NOW)).toEqual({
        ok: true,
        state,
        action: 'weigh_in',
        stamps: { weighInKg: 30000.5, weighInAt: NOW },
      });
    }
  });

  it('weighs out after the weigh-in', () => {
    expect(decide(ticket('F', { weighInAt: ago(60_000) }), { kind: 'weigh_out', kg: 12000 }, NOW)).toEqual({
      ok: true,
      state: 'F',
      action: 'weigh_out',
      stamps: { weighOutKg: 12000, weighOutAt: NOW },
    });
  });

  it('refuses a second weigh-in (ALREADY_WEIGHED_IN)', () => {
    expect(outcome(ticket('C', { weighInAt: ago(1) }), { kind: 'weigh_in', kg: 1 })).toBe(
      'ALREADY_WEIGHED_IN',
    );
  });

  it('refuses a weigh-out before the weigh-in (NOT_WEIGHED_IN)', () => {
    expect(outcome(ticket('C'), { kind: 'weigh_out', kg: 1 })).toBe('NOT_WEIGHED_IN');
  });

  it('refuses a second weigh-out (ALREADY_WEIGHED_OUT)', () => {
    const both = ticket('F', { weighInAt: ago(2), weighOutAt: ago(1) });
    expect(outcome(both, { kind: 'weigh_out', kg: 1 })).toBe('ALREADY_WEIGHED_OUT');
  });
});

describe('decide: the gate', () => {
  it('records the exit in any state, leaving the state as it is', () => {
    for (const state of QUEUE_STATES) {
      expect(decide(ticket(state), { kind: 'exit' }, NOW)).toEqual({
        ok: true,
        state,
        action: 'exit',
        stamps: { exitAt: NOW },
      });
    }
  });

  it('refuses a second exit (EXIT_ALREADY_RECORDED)', () => {
    expect(decide(ticket('F', { exitAt: ago(1) }), { kind: 'exit' }, NOW)).toMatchObject({
      reason: 'EXIT_ALREADY_RECORDED',
      message: 'The exit of queue B007 is already recorded.',
    });
  });

  it('refuses every other command once the truck has left (ALREADY_LEFT), before any other reason', () => {
    for (const command of COMMANDS.filter((c) => c.kind !== 'exit')) {
      for (const engine of [1, 2, 3]) {
        const gone = ticket('QS', { flowEngineId: engine, exitAt: ago(1), weighInAt: ago(2) });
        expect(outcome(gone, command), `${engine} ${command.kind}`).toBe('ALREADY_LEFT');
      }
    }
    expect(decide(ticket('C', { exitAt: ago(1) }), { kind: 'finish' }, NOW)).toMatchObject({
      message: 'Queue B007 has already left the factory.',
    });
  });
});
