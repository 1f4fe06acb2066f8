import {
  FLOW_ENGINE,
  FLOW_ENGINE_STATES,
  isCalledState,
  isClosedState,
  isInLab,
  isWaitingState,
  ISSUED_STATE,
  nextState,
  STATION_TYPE,
  stationTypeFor,
  stationTypeOfState,
  type FlowEngineId,
  type QueueState,
  type StationType,
} from './queue-machine.ts';

/**
 * Where the time goes (issue 41): the stages a truck's time is cut into, read from its audit rows
 * (queue_transitions) against the machine's states. Between two audit rows of a truck, the truck
 * is in the state the first one left it in; the state (and, in two places, what happens next)
 * names the stage. Documented in docs/reports.md, "Where the time goes".
 */
export const TIME_STAGES = [
  /** Lab flow: ticket taken, the lab has not taken the sample yet. */
  'wait_lab',
  /** Lab flow: the lab holds the sample, its result is not out (accept → checkout). */
  'in_lab',
  /** Waiting for the call: queued (direct flows) or result out (lab flow). */
  'wait_call',
  /** Called, the station has recorded nothing yet (call → weigh-in, recall, no-show). */
  'walk',
  /** Called and at work: from the first thing recorded after the call (or the call itself) to the finish. */
  'at_station',
  /** Sent to a recheck station, until a new sample, a call or a reject. */
  'recheck',
  /** Finished or rejected, not weighed out yet (on a weighed flow). */
  'wait_weigh_out',
  /** Finished (and weighed out) until the gate records the exit. */
  'to_gate',
] as const;
export type TimeStage = (typeof TIME_STAGES)[number];

/**
 * What a state is for the report, before the audit rows around it decide: the called state is
 * walk or at the station (by the action that started it and the next one), a closed state waits
 * for the weigh-out or goes to the gate (by the weigh-out's time).
 */
export type StateStage = 'wait_lab' | 'in_lab' | 'wait_call' | 'called' | 'recheck' | 'closed';

/** The stage kind of `state` on a flow; null for an ended ticket (no-show, void): its time is in no stage. */
export function stateStage(flowEngineId: number, state: QueueState): StateStage | null {
  if (isCalledState(state)) return 'called';
  if (stationTypeOfState(state) !== null) return 'recheck';
  if (isClosedState(state)) return 'closed';
  if (isInLab(state) && flowEngineId === FLOW_ENGINE.lab) return 'in_lab';
  if (flowEngineId === FLOW_ENGINE.lab && state === ISSUED_STATE) return 'wait_lab';
  if (isWaitingState(flowEngineId, state)) return 'wait_call';
  return null;
}

/**
 * The station types a truck in `state` waits for: a call station while a call may send it
 * there, a recheck station while a recheck may; none while it is already at a station or the lab
 * still has its sample. A call station is idle (docs/reports.md) while it holds no truck and a
 * truck of its flow waits for its call. A recheck station's trucks wait for an officer's
 * decision, not for the station: the report gives it no idle time.
 */
export function stationTypesAwaited(flowEngineId: number, state: QueueState): StationType[] {
  if (stationTypeOfState(state) !== null) return [];
  const types: StationType[] = [];
  for (const action of ['call', 'recheck'] as const) {
    const type = stationTypeFor(action);
    if (type !== null && nextState(flowEngineId, state, action) !== null) types.push(type);
  }
  return types;
}

/** One row of the table the report's statement joins: a flow's state, its stage kind and what it waits for. */
export interface StateStageRow {
  flowEngineId: FlowEngineId;
  state: QueueState;
  stage: StateStage;
  awaitsCall: boolean;
  awaitsRecheck: boolean;
}

/** Every flow's states with a stage, from the machine's tables (FLOW_ENGINE_STATES). */
export function stateStageTable(): StateStageRow[] {
  const rows: StateStageRow[] = [];
  for (const [engine, states] of Object.entries(FLOW_ENGINE_STATES)) {
    const flowEngineId = Number(engine) as FlowEngineId;
    for (const { state } of states) {
      const stage = stateStage(flowEngineId, state);
      if (stage === null) continue;
      const awaited = stationTypesAwaited(flowEngineId, state);
      rows.push({
        flowEngineId,
        state,
        stage,
        awaitsCall: awaited.includes(STATION_TYPE.call),
        awaitsRecheck: awaited.includes(STATION_TYPE.recheck),
      });
    }
  }
  return rows;
}
