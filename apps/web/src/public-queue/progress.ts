import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { FLOW_ENGINE, type QueueState } from '@truck-queue/shared/queue/queue-machine';

/**
 * What the driver's page shows for a ticket's state: three progress steps (document, package,
 * vehicle) and one status message. Pure, so the mapping is tested without a browser.
 */

export type StepId = 'document' | 'package' | 'vehicle';
export type StepStatus = 'done' | 'current' | 'pending';

/** The caption under a step's icon; strings.ts words each one. */
export type StepLabel =
  | 'ticketTaken'
  | 'waitingCall'
  | 'waitingSample'
  | 'lab'
  | 'sampleInLab'
  | 'resultReady'
  | 'labDone'
  | 'recheck'
  | 'rejected'
  | 'call'
  | 'called'
  | 'finish'
  | 'finished'
  | 'left';

export interface ProgressStep {
  id: StepId;
  status: StepStatus;
  label: StepLabel;
  /** The step stopped on a bad outcome (rejected): shown in the danger colour. */
  problem: boolean;
}

/** The fields of the public answer the mapping reads. */
export type ProgressInput = Pick<PublicQueue, 'flow_engine_id' | 'queue_state' | 'exited'>;

const LAB_STATES: Partial<Record<QueueState, StepLabel>> = {
  LS: 'sampleInLab',
  L: 'sampleInLab',
  LF: 'resultReady',
  LO: 'resultReady',
  RC: 'recheck',
  RJ: 'rejected',
  C: 'called',
};

function step(id: StepId, status: StepStatus, label: StepLabel, problem = false): ProgressStep {
  return { id, status, label, problem };
}

/**
 * document: the ticket is taken and waits (current while QS).
 * package: the work at the plant: the lab (sample in lab, result ready, recheck, rejected)
 *   for the lab flow, the call to a station for the others; current until the queue finishes.
 * vehicle: finished (current at F: drive to the weighbridge / gate), done once the truck left.
 * A truck that left the site has every reached step done, whatever state it left in.
 */
export function queueProgress(queue: ProgressInput): ProgressStep[] {
  const lab = queue.flow_engine_id === FLOW_ENGINE.lab;
  const state = queue.queue_state;

  const document =
    state === 'QS'
      ? step('document', 'current', lab ? 'waitingSample' : 'waitingCall')
      : step('document', 'done', 'ticketTaken');

  let work: ProgressStep;
  if (state === 'QS') work = step('package', 'pending', lab ? 'lab' : 'call');
  else if (state === 'F') work = step('package', 'done', lab ? 'labDone' : 'called');
  else work = step('package', 'current', LAB_STATES[state] ?? 'called', state === 'RJ');

  const vehicle =
    state === 'F' ? step('vehicle', 'current', 'finished') : step('vehicle', 'pending', 'finish');

  if (!queue.exited) return [document, work, vehicle];
  const reached = (s: ProgressStep) => (s.status === 'current' ? { ...s, status: 'done' as const } : s);
  return [step('document', 'done', 'ticketTaken'), reached(work), step('vehicle', 'done', 'left')];
}

/** The one message the status panel shows: what the driver should do now. */
export type QueueStatus =
  | {
      kind: 'waiting';
      phase: 'waitingCall' | 'waitingSample' | 'sampleInLab' | 'resultReady';
      ahead: number | null;
    }
  | { kind: 'called'; station: string | null }
  | { kind: 'recheck'; station: string | null }
  | { kind: 'rejected' }
  | { kind: 'finished' }
  | { kind: 'exited' }
  /** Called, did not come, and the branch cancelled the ticket. */
  | { kind: 'noShow' }
  /** An admin voided the ticket (issued by mistake). */
  | { kind: 'voided' };

export function queueStatus(queue: ProgressInput & Pick<PublicQueue, 'ahead' | 'station_name'>): QueueStatus {
  if (queue.exited) return { kind: 'exited' };
  const station = queue.station_name?.trim() || null;
  const lab = queue.flow_engine_id === FLOW_ENGINE.lab;
  switch (queue.queue_state) {
    case 'QS':
      return { kind: 'waiting', phase: lab ? 'waitingSample' : 'waitingCall', ahead: queue.ahead };
    case 'LS':
    case 'L':
      return { kind: 'waiting', phase: 'sampleInLab', ahead: queue.ahead };
    case 'LF':
    case 'LO':
      return { kind: 'waiting', phase: 'resultReady', ahead: queue.ahead };
    case 'C':
      return { kind: 'called', station };
    case 'RC':
      return { kind: 'recheck', station };
    case 'RJ':
      return { kind: 'rejected' };
    case 'F':
      return { kind: 'finished' };
    case 'NS':
      return { kind: 'noShow' };
    case 'V':
      return { kind: 'voided' };
  }
}
