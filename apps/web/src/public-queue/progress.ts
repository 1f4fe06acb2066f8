import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import {
  FLOW_ENGINE,
  ISSUED_STATE,
  isClosedState,
  isEndedState,
  isInLab,
  isVoidedState,
  nextState,
  QUEUE_STATES,
  STATION_TYPE,
  stationTypeOfState,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';

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

/** What a state means to the driver; the shared queue module tells them apart (no state code here). */
type Phase =
  'issued' | 'inLab' | 'resultReady' | 'called' | 'recheck' | 'rejected' | 'finished' | 'noShow' | 'voided';

/** The state the reject action leads to: the lab's verdict against the load. */
function isRejected(state: QueueState): boolean {
  return QUEUE_STATES.some((from) => nextState(FLOW_ENGINE.lab, from, 'reject') === state);
}

function phaseOf(state: QueueState): Phase {
  if (state === ISSUED_STATE) return 'issued';
  if (isEndedState(state)) return isVoidedState(state) ? 'voided' : 'noShow';
  if (isInLab(state)) return 'inLab';
  const station = stationTypeOfState(state);
  if (station === STATION_TYPE.call) return 'called';
  if (station === STATION_TYPE.recheck) return 'recheck';
  if (isClosedState(state)) return isRejected(state) ? 'rejected' : 'finished';
  // What is left: the lab's result is out (ready or handed out) and the truck waits for its call.
  return 'resultReady';
}

/** The work step's caption while it is under way. */
const WORK_LABEL: Record<Exclude<Phase, 'issued' | 'finished' | 'voided'>, StepLabel> = {
  inLab: 'sampleInLab',
  resultReady: 'resultReady',
  recheck: 'recheck',
  rejected: 'rejected',
  called: 'called',
  // Called, and did not come: the call step, stopped.
  noShow: 'called',
};

function step(id: StepId, status: StepStatus, label: StepLabel, problem = false): ProgressStep {
  return { id, status, label, problem };
}

/**
 * document: the ticket is taken and waits (current while issued).
 * package: the work at the plant: the lab (sample in lab, result ready, recheck, rejected)
 *   for the lab flow, the call to a station for the others; current until the queue finishes.
 * vehicle: finished (current once finished: drive to the weighbridge / gate), done once the truck left.
 * A truck that left the site has every reached step done, whatever state it left in.
 */
export function queueProgress(queue: ProgressInput): ProgressStep[] {
  const lab = queue.flow_engine_id === FLOW_ENGINE.lab;
  const phase = phaseOf(queue.queue_state);

  const document =
    phase === 'issued'
      ? step('document', 'current', lab ? 'waitingSample' : 'waitingCall')
      : step('document', 'done', 'ticketTaken');

  let work: ProgressStep;
  if (phase === 'issued') work = step('package', 'pending', lab ? 'lab' : 'call');
  else if (phase === 'finished') work = step('package', 'done', lab ? 'labDone' : 'called');
  // A voided ticket stops where it was: the work step, marked as stopped.
  else if (phase === 'voided') work = step('package', 'current', lab ? 'lab' : 'call', true);
  else work = step('package', 'current', WORK_LABEL[phase], phase === 'rejected' || phase === 'noShow');

  const vehicle =
    phase === 'finished' ? step('vehicle', 'current', 'finished') : step('vehicle', 'pending', 'finish');

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
  switch (phaseOf(queue.queue_state)) {
    case 'issued':
      return { kind: 'waiting', phase: lab ? 'waitingSample' : 'waitingCall', ahead: queue.ahead };
    case 'inLab':
      return { kind: 'waiting', phase: 'sampleInLab', ahead: queue.ahead };
    case 'resultReady':
      return { kind: 'waiting', phase: 'resultReady', ahead: queue.ahead };
    case 'called':
      return { kind: 'called', station };
    case 'recheck':
      return { kind: 'recheck', station };
    case 'rejected':
      return { kind: 'rejected' };
    case 'finished':
      return { kind: 'finished' };
    case 'noShow':
      return { kind: 'noShow' };
    case 'voided':
      return { kind: 'voided' };
  }
}
