/**
 * Where a truck inside the plant stands, at a glance (issue 41, every branch at a glance): the
 * branches page counts a branch's trucks per stage. Read from the queue machine's own tables and
 * predicates, so a new state lands in a stage by what it means, not by a second list of codes.
 */
import {
  FLOW_ENGINE,
  ISSUED_STATE,
  QUEUE_STATES,
  isAtStation,
  isClosedState,
  isEndedState,
  isInLab,
  type QueueState,
} from './queue-machine.ts';

/**
 * In the order a truck goes through them:
 * - `lab`: on the lab flow, its sample not yet taken or in the lab;
 * - `waiting`: waiting for its call (a direct flow's new ticket; on the lab flow, its result out);
 * - `station`: called to a station, or sent to a recheck station;
 * - `leaving`: finished or rejected at its station, still to weigh out and pass the gate.
 */
export const YARD_STAGES = ['lab', 'waiting', 'station', 'leaving'] as const;
export type YardStage = (typeof YARD_STAGES)[number];

/** The stage of an open ticket of a queue type on `flowEngineId`; null for an ended one (no-show, void). */
export function yardStageOf(flowEngineId: number, state: QueueState): YardStage | null {
  if (isEndedState(state)) return null;
  if (isClosedState(state)) return 'leaving';
  if (isAtStation(state)) return 'station';
  if (flowEngineId === FLOW_ENGINE.lab && (state === ISSUED_STATE || isInLab(state))) return 'lab';
  return 'waiting';
}

/**
 * The states of a truck not yet called to any station, on any flow (the lab and waiting
 * stages): how long the oldest of them has waited since its ticket is the branch's longest wait.
 */
export const NOT_YET_CALLED_STATES: readonly QueueState[] = QUEUE_STATES.filter((state) =>
  Object.values(FLOW_ENGINE).some((flow) => {
    const stage = yardStageOf(flow, state);
    return stage === 'lab' || stage === 'waiting';
  }),
);
