import { describe, expect, it } from 'vitest';
import { QUEUE_STATES, type QueueState } from '@truck-queue/shared/queue/queue-machine';
import { queueProgress, queueStatus, type ProgressStep } from './progress.ts';

const LAB = 3;
const STANDARD = 2;

/** `document:current:waitingCall` per step, easy to read in a failure. */
function brief(steps: ProgressStep[]): string[] {
  return steps.map((s) => `${s.id}:${s.status}:${s.label}${s.problem ? '!' : ''}`);
}

function progress(flow: number, state: QueueState, exited = false) {
  return brief(queueProgress({ flow_engine_id: flow, queue_state: state, exited }));
}

describe('queueProgress', () => {
  it('follows the standard flow: waiting, called, finished, left', () => {
    expect(progress(STANDARD, 'QS')).toEqual([
      'document:current:waitingCall',
      'package:pending:call',
      'vehicle:pending:finish',
    ]);
    expect(progress(STANDARD, 'C')).toEqual([
      'document:done:ticketTaken',
      'package:current:called',
      'vehicle:pending:finish',
    ]);
    expect(progress(STANDARD, 'F')).toEqual([
      'document:done:ticketTaken',
      'package:done:called',
      'vehicle:current:finished',
    ]);
    expect(progress(STANDARD, 'F', true)).toEqual([
      'document:done:ticketTaken',
      'package:done:called',
      'vehicle:done:left',
    ]);
  });

  it('treats the general flow (engine 1) as the standard one', () => {
    expect(progress(1, 'QS')).toEqual(progress(STANDARD, 'QS'));
    expect(progress(1, 'C')).toEqual(progress(STANDARD, 'C'));
  });

  it('follows the lab flow: sample, lab, result, call, finish', () => {
    expect(progress(LAB, 'QS')).toEqual([
      'document:current:waitingSample',
      'package:pending:lab',
      'vehicle:pending:finish',
    ]);
    for (const state of ['LS', 'L'] as const) {
      expect(progress(LAB, state)).toEqual([
        'document:done:ticketTaken',
        'package:current:sampleInLab',
        'vehicle:pending:finish',
      ]);
    }
    for (const state of ['LF', 'LO'] as const) {
      expect(progress(LAB, state)[1]).toBe('package:current:resultReady');
    }
    expect(progress(LAB, 'RC')[1]).toBe('package:current:recheck');
    expect(progress(LAB, 'C')[1]).toBe('package:current:called');
    expect(progress(LAB, 'F')).toEqual([
      'document:done:ticketTaken',
      'package:done:labDone',
      'vehicle:current:finished',
    ]);
  });

  it('marks a rejected queue as a problem, also after it left', () => {
    expect(progress(LAB, 'RJ')).toEqual([
      'document:done:ticketTaken',
      'package:current:rejected!',
      'vehicle:pending:finish',
    ]);
    expect(progress(LAB, 'RJ', true)).toEqual([
      'document:done:ticketTaken',
      'package:done:rejected!',
      'vehicle:done:left',
    ]);
  });

  it('never shows a step it did not reach as done when the truck left early', () => {
    expect(progress(STANDARD, 'QS', true)).toEqual([
      'document:done:ticketTaken',
      'package:pending:call',
      'vehicle:done:left',
    ]);
  });

  it('has exactly one current step for every state of every flow while on site', () => {
    for (const flow of [1, STANDARD, LAB]) {
      for (const state of QUEUE_STATES) {
        const steps = queueProgress({ flow_engine_id: flow, queue_state: state, exited: false });
        expect(steps.map((s) => s.id)).toEqual(['document', 'package', 'vehicle']);
        expect(
          steps.filter((s) => s.status === 'current'),
          `${flow} ${state}`,
        ).toHaveLength(1);
      }
    }
  });
});

describe('queueStatus', () => {
  const base = { flow_engine_id: STANDARD, exited: false, ahead: null, station_name: null };

  it('tells a waiting driver how many trucks are ahead', () => {
    expect(queueStatus({ ...base, queue_state: 'QS', ahead: 3 })).toEqual({
      kind: 'waiting',
      phase: 'waitingCall',
      ahead: 3,
    });
    expect(queueStatus({ ...base, flow_engine_id: LAB, queue_state: 'QS', ahead: 0 })).toEqual({
      kind: 'waiting',
      phase: 'waitingSample',
      ahead: 0,
    });
    expect(queueStatus({ ...base, flow_engine_id: LAB, queue_state: 'L', ahead: 1 })).toMatchObject({
      phase: 'sampleInLab',
    });
    expect(queueStatus({ ...base, flow_engine_id: LAB, queue_state: 'LO', ahead: 1 })).toMatchObject({
      phase: 'resultReady',
    });
  });

  it('sends a called or rechecked truck to its station', () => {
    expect(queueStatus({ ...base, queue_state: 'C', station_name: ' Scale 1 ' })).toEqual({
      kind: 'called',
      station: 'Scale 1',
    });
    expect(queueStatus({ ...base, queue_state: 'C', station_name: '' })).toEqual({
      kind: 'called',
      station: null,
    });
    expect(queueStatus({ ...base, flow_engine_id: LAB, queue_state: 'RC', station_name: 'Lab 2' })).toEqual({
      kind: 'recheck',
      station: 'Lab 2',
    });
  });

  it('ends with rejected, finished and exited', () => {
    expect(queueStatus({ ...base, queue_state: 'RJ' })).toEqual({ kind: 'rejected' });
    expect(queueStatus({ ...base, queue_state: 'F' })).toEqual({ kind: 'finished' });
    expect(queueStatus({ ...base, queue_state: 'RJ', exited: true })).toEqual({ kind: 'exited' });
    expect(queueStatus({ ...base, queue_state: 'C', exited: true })).toEqual({ kind: 'exited' });
  });

  it('says a cancelled no-show and a voided ticket apart', () => {
    expect(queueStatus({ ...base, queue_state: 'NS' })).toEqual({ kind: 'noShow' });
    expect(queueStatus({ ...base, flow_engine_id: LAB, queue_state: 'V' })).toEqual({ kind: 'voided' });
    // A cancelled no-show that turns up and leaves through the gate has left.
    expect(queueStatus({ ...base, queue_state: 'NS', exited: true })).toEqual({ kind: 'exited' });
  });
});
