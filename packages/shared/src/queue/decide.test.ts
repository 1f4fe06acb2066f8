import { TYPED_WEIGHT } from './weighing.ts';
import { describe, expect, it } from 'vitest';
import {
  decide,
  isRepeat,
  RECALL_GUARD_MS,
  type LastChange,
  type QueueCommand,
  type QueueSnapshot,
} from './decide.ts';
import { FLOW_ENGINE, isEndedState, nextState, QUEUE_STATES, type QueueState } from './queue-machine.ts';
import { DEFAULT_YARD_SETTINGS } from './yard-rules.ts';

const NOW = new Date('2026-03-07T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

function ticket(state: QueueState, more: Partial<QueueSnapshot> = {}): QueueSnapshot {
  return {
    queueNumber: 'B007',
    flowEngineId: FLOW_ENGINE.lab,
    branchQueueTypeId: 11,
    state,
    calledAt: null,
    lastCalledAt: null,
    recallCount: 0,
    calledFrom: null,
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
  { kind: 'lab_correct', note: 'typed 61.5 for 16.5' },
  { kind: 'weigh_in', kg: 30000 },
  { kind: 'weigh_out', kg: 12000 },
  { kind: 'exit' },
];

/** The states a ticket works through; the ended ones (no-show, void) have their own tests. */
const OPEN_STATES = QUEUE_STATES.filter((s) => !isEndedState(s));

/** The refusal's reason, or 'ok'. */
function outcome(q: QueueSnapshot, command: QueueCommand, now = NOW): string {
  const decision = decide(q, command, now);
  return decision.ok ? 'ok' : decision.reason;
}

describe('decide: the state machine', () => {
  it.each([FLOW_ENGINE.general, FLOW_ENGINE.standard, FLOW_ENGINE.lab])(
    'engine %i: call, recheck, reject and finish go where the table says, else WRONG_STATE',
    (engine) => {
      for (const state of OPEN_STATES) {
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
      for (const state of OPEN_STATES) {
        for (const command of COMMANDS)
          reasons.add(outcome(ticket(state, { flowEngineId: engine }), command));
      }
    }
    expect([...reasons].sort()).toEqual([
      'FLOW_NOT_WEIGHED',
      'NOT_LAB_FLOW',
      'NOT_WEIGHED_IN',
      'RESULT_ALREADY_OUT',
      'RESULT_LOCKED',
      'RESULT_NOT_OUT',
      'SAMPLE_ALREADY_TAKEN',
      'SAMPLE_NOT_TAKEN',
      'UNFINISHED_EXIT',
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

describe('decide: a lab correction', () => {
  const correct: QueueCommand = { kind: 'lab_correct', note: 'typed 61.5 for 16.5' };

  it('is allowed while the result is out and the decision can still change, and keeps the state', () => {
    for (const state of ['LF', 'LO', 'RC'] as const) {
      expect(decide(ticket(state), correct, NOW), state).toEqual({
        ok: true,
        state,
        action: 'lab_correct',
        stamps: { transitionNote: 'typed 61.5 for 16.5' },
      });
    }
  });

  it('is refused before the result (SAMPLE_NOT_TAKEN, RESULT_NOT_OUT) and once called, closed or weighed out (RESULT_LOCKED)', () => {
    expect(outcome(ticket('QS'), correct)).toBe('SAMPLE_NOT_TAKEN');
    for (const state of ['LS', 'L'] as const)
      expect(outcome(ticket(state), correct), state).toBe('RESULT_NOT_OUT');
    for (const state of ['C', 'F', 'RJ'] as const)
      expect(outcome(ticket(state), correct), state).toBe('RESULT_LOCKED');
    expect(outcome(ticket('LF', { weighOutAt: NOW }), correct)).toBe('RESULT_LOCKED');
    expect(outcome(ticket('LF', { exitAt: NOW }), correct)).toBe('ALREADY_LEFT');
    expect(outcome(ticket('LF', { flowEngineId: FLOW_ENGINE.standard }), correct)).toBe('NOT_LAB_FLOW');
    expect(decide(ticket('C'), correct, NOW)).toMatchObject({
      message:
        'The lab result of queue B007 can no longer be corrected: the truck was called, closed or weighed out.',
    });
  });
});

describe('decide: calls and recalls', () => {
  it('stamps the first call, the latest call and the station', () => {
    expect(decide(ticket('LF'), { kind: 'call', stationId: 4 }, NOW)).toEqual({
      ok: true,
      state: 'C',
      action: 'call',
      stamps: { calledAt: NOW, lastCalledAt: NOW, stationId: 4, recallCount: 0, calledFrom: 'LF' },
    });
  });

  it('a recall keeps the first call time and moves the latest', () => {
    const first = ago(10 * 60_000);
    const decision = decide(
      ticket('C', { calledAt: first, lastCalledAt: first, recallCount: 2, calledFrom: 'LF' }),
      { kind: 'call', stationId: 6 },
      NOW,
    );
    expect(decision).toEqual({
      ok: true,
      state: 'C',
      action: 'call',
      stamps: { lastCalledAt: NOW, stationId: 6, recallCount: 3 },
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

  it('a truck sent to recheck gives a new sample (RC -> LS): the lab time starts again, the last result is no longer out', () => {
    expect(decide(ticket('RC'), { kind: 'accept' }, NOW)).toEqual({
      ok: true,
      state: 'LS',
      action: 'accept',
      stamps: { labStart: NOW, labFinish: null },
    });
  });

  it('refuses a new sample once the truck is weighed out: it would change the slip (ALREADY_WEIGHED_OUT)', () => {
    expect(outcome(ticket('RC', { weighOutAt: NOW }), { kind: 'accept' })).toBe('ALREADY_WEIGHED_OUT');
    // Nor a first sample: the load is gone from the truck.
    expect(outcome(ticket('QS', { weighInAt: ago(2), weighOutAt: ago(1) }), { kind: 'accept' })).toBe(
      'ALREADY_WEIGHED_OUT',
    );
  });

  it('refuses a second sample of the same truck unless it was sent to recheck (SAMPLE_ALREADY_TAKEN)', () => {
    for (const state of OPEN_STATES.filter((s) => s !== 'QS' && s !== 'RC')) {
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
  it('weighs in, in any open state, and stamps the weight and time', () => {
    for (const state of OPEN_STATES) {
      expect(decide(ticket(state), { kind: 'weigh_in', kg: 30000.5 }, NOW)).toEqual({
        ok: true,
        state,
        action: 'weigh_in',
        // Said nowhere where it came from: typed (issue 20), with no reason.
        stamps: { weighInKg: 30000.5, weighInAt: NOW, weighInFrom: TYPED_WEIGHT },
      });
    }
  });

  it('weighs out after the weigh-in', () => {
    expect(decide(ticket('F', { weighInAt: ago(60_000) }), { kind: 'weigh_out', kg: 12000 }, NOW)).toEqual({
      ok: true,
      state: 'F',
      action: 'weigh_out',
      stamps: { weighOutKg: 12000, weighOutAt: NOW, weighOutFrom: TYPED_WEIGHT },
    });
  });

  it('keeps where a weight came from: a scale with its frame, or typed with a reason', () => {
    const fromScale = { source: 'indicator', deviceId: 4, frame: 'ST,GS,+0030000kg' } as const;
    expect(decide(ticket('C'), { kind: 'weigh_in', kg: 30000, from: fromScale }, NOW)).toMatchObject({
      ok: true,
      stamps: { weighInKg: 30000, weighInFrom: fromScale },
    });
    const typed = { source: 'manual', reason: 'หัวเครื่องชั่งเสีย' } as const;
    expect(
      decide(ticket('F', { weighInAt: ago(60_000) }), { kind: 'weigh_out', kg: 12000, from: typed }, NOW),
    ).toMatchObject({ ok: true, stamps: { weighOutFrom: typed } });
  });

  it('refuses to weigh a truck whose flow is not weighed, in or out (FLOW_NOT_WEIGHED)', () => {
    const visitor = (more: Partial<QueueSnapshot> = {}) =>
      ticket('F', { flowEngineId: FLOW_ENGINE.general, ...more });
    for (const state of OPEN_STATES)
      expect(outcome(visitor({ state }), { kind: 'weigh_in', kg: 30000 })).toBe('FLOW_NOT_WEIGHED');
    // Even one weighed in before the rule (or typed straight into the database): not out either.
    expect(
      outcome(visitor({ weighInAt: ago(60_000) }), {
        kind: 'weigh_out',
        kg: 12000,
        confirmOutOfOrder: true,
      }),
    ).toBe('FLOW_NOT_WEIGHED');
    const refused = decide(visitor(), { kind: 'weigh_in', kg: 30000 }, NOW);
    expect(refused).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(!refused.ok && refused.message).toBe('Queue B007 is on a flow whose trucks are not weighed.');
    // The weighed flows still weigh.
    for (const flowEngineId of [FLOW_ENGINE.standard, FLOW_ENGINE.lab])
      expect(outcome(ticket('C', { flowEngineId }), { kind: 'weigh_in', kg: 1 })).toBe('ok');
  });

  it('refuses a second weigh-in (ALREADY_WEIGHED_IN)', () => {
    expect(outcome(ticket('C', { weighInAt: ago(1) }), { kind: 'weigh_in', kg: 1 })).toBe(
      'ALREADY_WEIGHED_IN',
    );
  });

  it('refuses a weigh-out before the weigh-in (NOT_WEIGHED_IN)', () => {
    expect(outcome(ticket('C'), { kind: 'weigh_out', kg: 1 })).toBe('NOT_WEIGHED_IN');
  });

  it('asks before a weigh-out that comes before the call (OUT_OF_ORDER), saying what is missing', () => {
    const weighedIn = { weighInAt: ago(60_000) };
    // Lab flow: waiting for the sample or the result, then for the call.
    for (const state of ['QS', 'LS'] as const) {
      expect(decide(ticket(state, weighedIn), { kind: 'weigh_out', kg: 12000 }, NOW)).toMatchObject({
        ok: false,
        reason: 'OUT_OF_ORDER',
        missing: ['lab', 'call'],
      });
    }
    for (const state of ['LF', 'LO', 'RC'] as const) {
      expect(decide(ticket(state, weighedIn), { kind: 'weigh_out', kg: 12000 }, NOW)).toMatchObject({
        reason: 'OUT_OF_ORDER',
        missing: ['call'],
      });
    }
    const standard = ticket('QS', { ...weighedIn, flowEngineId: FLOW_ENGINE.standard });
    expect(decide(standard, { kind: 'weigh_out', kg: 12000 }, NOW)).toMatchObject({ missing: ['call'] });
    // Confirmed: recorded, and marked for the audit row.
    expect(
      decide(ticket('LF', weighedIn), { kind: 'weigh_out', kg: 12000, confirmOutOfOrder: true }, NOW),
    ).toMatchObject({ ok: true, state: 'LF', stamps: { weighOutKg: 12000, weighedOutOfOrder: true } });
  });

  it('weighs out without asking once the truck was called, and a rejected load at any time', () => {
    const called = ticket('C', { weighInAt: ago(60_000), calledAt: ago(30_000) });
    const decision = decide(called, { kind: 'weigh_out', kg: 12000 }, NOW);
    expect(decision).toMatchObject({ ok: true });
    expect(decision.ok && decision.stamps.weighedOutOfOrder).toBeFalsy();
    expect(outcome(ticket('RJ', { weighInAt: ago(60_000) }), { kind: 'weigh_out', kg: 1 })).toBe('ok');
    // The weigh-in has no order: trucks are weighed in on arrival or on the way to their bay.
    expect(outcome(ticket('QS'), { kind: 'weigh_in', kg: 1 })).toBe('ok');
  });

  it('refuses a second weigh-out (ALREADY_WEIGHED_OUT)', () => {
    const both = ticket('F', { weighInAt: ago(2), weighOutAt: ago(1) });
    expect(outcome(both, { kind: 'weigh_out', kg: 1 })).toBe('ALREADY_WEIGHED_OUT');
  });
});

describe('decide: the gate', () => {
  it('lets a finished, weighed truck out at once, leaving the state as it is', () => {
    const done = ticket('F', { calledAt: ago(9), weighInAt: ago(8), weighOutAt: ago(7) });
    expect(decide(done, { kind: 'exit' }, NOW)).toEqual({
      ok: true,
      state: 'F',
      action: 'exit',
      stamps: { exitAt: NOW },
    });
    const rejected = ticket('RJ');
    expect(decide(rejected, { kind: 'exit' }, NOW)).toMatchObject({ ok: true, stamps: { exitAt: NOW } });
    const visitor = ticket('F', { flowEngineId: FLOW_ENGINE.general, calledAt: ago(9) });
    expect(decide(visitor, { kind: 'exit' }, NOW)).toMatchObject({ ok: true, stamps: { exitAt: NOW } });
  });

  it('asks before letting out a truck whose work is not done (UNFINISHED_EXIT), saying what is missing', () => {
    expect(decide(ticket('LF'), { kind: 'exit' }, NOW)).toMatchObject({
      ok: false,
      reason: 'UNFINISHED_EXIT',
      missing: ['call', 'weigh_out'],
      message: 'Queue B007 has not finished its work (call, weigh_out): confirm to let it out.',
    });
    const called = ticket('C', { calledAt: ago(9), weighInAt: ago(8) });
    expect(decide(called, { kind: 'exit' }, NOW)).toMatchObject({ missing: ['finish', 'weigh_out'] });
    const unweighed = ticket('F', { calledAt: ago(9), weighInAt: ago(8) });
    expect(decide(unweighed, { kind: 'exit' }, NOW)).toMatchObject({ missing: ['weigh_out'] });
    const general = ticket('QS', { flowEngineId: FLOW_ENGINE.general });
    expect(decide(general, { kind: 'exit' }, NOW)).toMatchObject({ missing: ['call'] });
  });

  it('lets it out once confirmed, in any state but voided, marked as left unfinished', () => {
    for (const state of QUEUE_STATES.filter((s) => s !== 'V')) {
      const decision = decide(ticket(state), { kind: 'exit', confirmUnfinished: true }, NOW);
      expect(decision, state).toMatchObject({ ok: true, state, action: 'exit', stamps: { exitAt: NOW } });
    }
    expect(decide(ticket('LF'), { kind: 'exit', confirmUnfinished: true }, NOW)).toMatchObject({
      stamps: { exitAt: NOW, leftUnfinished: true },
    });
    // A cancelled no-show owes nothing: it was called and never came.
    expect(decide(ticket('NS'), { kind: 'exit' }, NOW)).toMatchObject({ ok: true, stamps: { exitAt: NOW } });
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

const reason = { reasonId: 3, note: 'ตัวอย่างเปียก' };
const settings = DEFAULT_YARD_SETTINGS;

describe('decide: reasons', () => {
  it('a recheck or a reject keeps the reason and the note', () => {
    expect(decide(ticket('LF'), { kind: 'recheck', stationId: 5, reason }, NOW)).toEqual({
      ok: true,
      state: 'RC',
      action: 'recheck',
      stamps: { stationId: 5, reasonId: 3, reasonNote: 'ตัวอย่างเปียก' },
    });
    expect(decide(ticket('RC'), { kind: 'reject', reason: { reasonId: 4, note: null } }, NOW)).toMatchObject({
      ok: true,
      state: 'RJ',
      stamps: { rejectedAt: NOW, reasonId: 4, reasonNote: null },
    });
  });
});

describe('decide: no-show', () => {
  const calledLong = (recallCount: number, more: Partial<QueueSnapshot> = {}) =>
    ticket('C', {
      calledAt: ago(3_600_000),
      lastCalledAt: ago(600_000),
      recallCount,
      calledFrom: 'LF',
      ...more,
    });

  it(`is offered after ${settings.noShowAfterRecalls} recalls, not before (NOT_ENOUGH_RECALLS)`, () => {
    expect(decide(calledLong(2), { kind: 'no_show', settings }, NOW)).toMatchObject({
      ok: false,
      reason: 'NOT_ENOUGH_RECALLS',
      message: 'Queue B007 was recalled 2 times; a no-show needs 3.',
    });
    expect(outcome(calledLong(3), { kind: 'no_show', settings })).toBe('ok');
    expect(
      outcome(calledLong(1), { kind: 'no_show', settings: { ...settings, noShowAfterRecalls: 1 } }),
    ).toBe('ok');
  });

  it('requeue: back to the wait it was called from, at the end of its line, its recalls reset', () => {
    expect(decide(calledLong(3), { kind: 'no_show', settings }, NOW)).toEqual({
      ok: true,
      state: 'LF',
      action: 'no_show',
      stamps: { lineAt: NOW, recallCount: 0, stationId: null },
    });
    const direct = calledLong(3, { flowEngineId: FLOW_ENGINE.general, calledFrom: 'QS' });
    expect(decide(direct, { kind: 'no_show', settings }, NOW)).toMatchObject({ ok: true, state: 'QS' });
  });

  it('cancel: the ticket ends (NS); afterwards only the gate may record it', () => {
    const cancel = { kind: 'no_show', settings: { ...settings, noShowPolicy: 'cancel' } } as const;
    expect(decide(calledLong(3), cancel, NOW)).toEqual({
      ok: true,
      state: 'NS',
      action: 'no_show',
      stamps: {},
    });
    for (const command of COMMANDS.filter((c) => c.kind !== 'exit')) {
      expect(outcome(ticket('NS'), command), command.kind).toBe('TICKET_CANCELLED');
    }
    expect(outcome(ticket('NS'), { kind: 'exit' })).toBe('ok');
  });

  it('only a called truck can be a no-show (WRONG_STATE)', () => {
    for (const state of OPEN_STATES.filter((s) => s !== 'C')) {
      expect(outcome(ticket(state, { recallCount: 5 }), { kind: 'no_show', settings }), state).toBe(
        'WRONG_STATE',
      );
    }
  });
});

describe('decide: transfer', () => {
  const to = (toQueueTypeId: number, toFlowEngineId: number = FLOW_ENGINE.lab) =>
    ({ kind: 'transfer', toQueueTypeId, toFlowEngineId }) as const;

  it('moves a waiting ticket to another queue type of its flow, keeping its state', () => {
    for (const state of ['QS', 'LS', 'L', 'LF', 'LO', 'RC'] as const) {
      expect(decide(ticket(state), to(12), NOW), state).toEqual({
        ok: true,
        state,
        action: 'transfer',
        stamps: { branchQueueTypeId: 12 },
      });
    }
  });

  it('refuses a ticket no longer waiting, another flow, and the same type', () => {
    for (const state of ['C', 'RJ', 'F'] as const)
      expect(outcome(ticket(state), to(12)), state).toBe('NOT_WAITING');
    expect(outcome(ticket('QS'), to(12, FLOW_ENGINE.standard))).toBe('OTHER_FLOW');
    expect(outcome(ticket('QS'), to(11))).toBe('SAME_QUEUE_TYPE');
  });
});

describe('decide: void', () => {
  it('voids a ticket in any open state, with its reason; nothing moves it afterwards', () => {
    for (const state of OPEN_STATES) {
      expect(decide(ticket(state), { kind: 'void', reason }, NOW), state).toEqual({
        ok: true,
        state: 'V',
        action: 'void',
        stamps: { voidedAt: NOW, reasonId: 3, reasonNote: 'ตัวอย่างเปียก' },
      });
    }
    for (const command of [...COMMANDS, { kind: 'void', reason } as const]) {
      expect(outcome(ticket('V'), command), command.kind).toBe('TICKET_VOIDED');
    }
  });

  it('a truck that has left cannot be voided (ALREADY_LEFT)', () => {
    expect(outcome(ticket('F', { exitAt: ago(1) }), { kind: 'void', reason })).toBe('ALREADY_LEFT');
  });
});

describe('isRepeat: a command its officer made moments ago', () => {
  const last = (patch: Partial<LastChange> = {}): LastChange => ({
    action: 'complete',
    officerId: 7,
    stationId: null,
    reasonId: null,
    note: null,
    at: new Date(NOW.getTime() - 2_000),
    ...patch,
  });

  it('is the same action by the same officer, within the guard, to the same station for a call', () => {
    expect(isRepeat({ kind: 'complete' }, 'RESULT_ALREADY_OUT', last(), 7, NOW)).toBe(true);
    expect(
      isRepeat(
        { kind: 'call', stationId: 4 },
        'CALLED_RECENTLY',
        last({ action: 'call', stationId: 4 }),
        7,
        NOW,
      ),
    ).toBe(true);
    expect(
      isRepeat({ kind: 'exit' }, 'EXIT_ALREADY_RECORDED', last({ action: 'exit_unfinished' }), 7, NOW),
    ).toBe(true);
    expect(
      isRepeat(
        { kind: 'weigh_out', kg: 12_000 },
        'ALREADY_WEIGHED_OUT',
        last({ action: 'weigh_out' }),
        7,
        NOW,
      ),
    ).toBe(true);
  });

  it('is not another officer, another station, another action, an old change, or another refusal', () => {
    expect(isRepeat({ kind: 'complete' }, 'RESULT_ALREADY_OUT', last(), 8, NOW)).toBe(false);
    expect(isRepeat({ kind: 'complete' }, 'RESULT_ALREADY_OUT', last(), null, NOW)).toBe(false);
    expect(isRepeat({ kind: 'complete' }, 'RESULT_ALREADY_OUT', null, 7, NOW)).toBe(false);
    expect(
      isRepeat(
        { kind: 'call', stationId: 5 },
        'CALLED_RECENTLY',
        last({ action: 'call', stationId: 4 }),
        7,
        NOW,
      ),
    ).toBe(false);
    expect(isRepeat({ kind: 'complete' }, 'RESULT_ALREADY_OUT', last({ action: 'accept' }), 7, NOW)).toBe(
      false,
    );
    expect(
      isRepeat(
        { kind: 'complete' },
        'RESULT_ALREADY_OUT',
        last({ at: new Date(NOW.getTime() - RECALL_GUARD_MS) }),
        7,
        NOW,
      ),
    ).toBe(false);
    expect(isRepeat({ kind: 'complete' }, 'ALREADY_LEFT', last(), 7, NOW)).toBe(false);
    // A reject with another reason or note is not the reject made: the refusal stands.
    const rejected = last({ action: 'reject', reasonId: 3, note: 'เปียก' });
    expect(
      isRepeat({ kind: 'reject', reason: { reasonId: 3, note: 'เปียก' } }, 'WRONG_STATE', rejected, 7, NOW),
    ).toBe(true);
    expect(
      isRepeat({ kind: 'reject', reason: { reasonId: 4, note: 'เปียก' } }, 'WRONG_STATE', rejected, 7, NOW),
    ).toBe(false);
    expect(
      isRepeat({ kind: 'reject', reason: { reasonId: 3, note: null } }, 'WRONG_STATE', rejected, 7, NOW),
    ).toBe(false);
    // A recheck or a transfer is not "already done": it is refused or made again as it is.
    expect(
      isRepeat({ kind: 'recheck', stationId: 5 }, 'WRONG_STATE', last({ action: 'recheck' }), 7, NOW),
    ).toBe(false);
  });
});
