/**
 * The queue's states and the actions that move it (DESIGN.md, "Queue states"). Pure: `decide`
 * (decide.ts) applies these tables to one truck, the server runs it inside one transaction per
 * change, and the web reads the same tables to decide which buttons a card offers. Nothing
 * outside this folder names a state by its code.
 */

export const QUEUE_STATES = ['QS', 'LS', 'L', 'LF', 'LO', 'C', 'RC', 'RJ', 'F', 'NS', 'V'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** A new ticket's state: queued, waiting for its call (or, in the lab flow, for the lab). */
export const ISSUED_STATE = 'QS' satisfies QueueState;

export const QUEUE_ACTIONS = ['accept', 'complete', 'call', 'recheck', 'reject', 'finish'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** The actions an officer takes on the calling screens (accept and complete belong to the lab). */
export const STAFF_ACTIONS = ['call', 'recheck', 'reject', 'finish'] as const satisfies QueueAction[];
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const FLOW_ENGINE = { general: 1, standard: 2, lab: 3 } as const;
export type FlowEngineId = (typeof FLOW_ENGINE)[keyof typeof FLOW_ENGINE];

/** Station types: where a call sends the truck (1) and where a recheck sends it (2). */
export const STATION_TYPE = { call: 1, recheck: 2 } as const;
export type StationType = (typeof STATION_TYPE)[keyof typeof STATION_TYPE];

type Flow = 'direct' | 'lab';
type TransitionTable = Record<QueueState, Partial<Record<QueueAction, QueueState>>>;

const TRANSITIONS = {
  // Engines 1 and 2: queued, called (and called again), finished.
  direct: {
    QS: { call: 'C' },
    LS: {},
    L: {},
    LF: {},
    LO: {},
    C: { call: 'C', finish: 'F' },
    RC: {},
    RJ: {},
    F: {},
    NS: {},
    V: {},
  },
  // Engine 3: the sample goes to the lab first; its result decides call, recheck or reject.
  lab: {
    QS: { accept: 'LS' },
    LS: { complete: 'LF' },
    L: { complete: 'LF' },
    LF: { call: 'C', recheck: 'RC', reject: 'RJ' },
    LO: { call: 'C', recheck: 'RC', reject: 'RJ' },
    C: { call: 'C', finish: 'F' },
    // A recheck: the lab takes a new sample (sample 2, 3 ...), whose result replaces the last.
    RC: { accept: 'LS', call: 'C', recheck: 'RC', reject: 'RJ' },
    RJ: {},
    F: {},
    NS: {},
    V: {},
  },
} as const satisfies Record<Flow, TransitionTable>;

function flowOf(flowEngineId: number): Flow {
  return flowEngineId === FLOW_ENGINE.lab ? 'lab' : 'direct';
}

/**
 * What each state means at a glance, for screens that colour or mark states: they key their
 * tables by tone, so no screen names a state code.
 */
export const STATE_TONE = {
  QS: 'waiting',
  LS: 'labReceived',
  L: 'labTesting',
  LF: 'resultReady',
  LO: 'resultHandedOut',
  C: 'called',
  RC: 'recheck',
  RJ: 'rejected',
  F: 'finished',
  NS: 'noShow',
  V: 'voided',
} as const satisfies Record<QueueState, string>;
export type StateTone = (typeof STATE_TONE)[QueueState];

export function isQueueState(value: string): value is QueueState {
  return (QUEUE_STATES as readonly string[]).includes(value);
}

export function isFlowEngineId(value: number): value is FlowEngineId {
  return value === FLOW_ENGINE.general || value === FLOW_ENGINE.standard || value === FLOW_ENGINE.lab;
}

export function isStaffAction(action: QueueAction): action is StaffAction {
  return (STAFF_ACTIONS as readonly QueueAction[]).includes(action);
}

/** The state an action leads to, or null when the action is not allowed from that state. */
export function nextState(flowEngineId: number, from: QueueState, action: QueueAction): QueueState | null {
  const row: Partial<Record<QueueAction, QueueState>> = TRANSITIONS[flowOf(flowEngineId)][from];
  return row[action] ?? null;
}

export function allowedActions(flowEngineId: number, from: QueueState): QueueAction[] {
  return QUEUE_ACTIONS.filter((a) => nextState(flowEngineId, from, a) !== null);
}

/**
 * What a card or report row offers an officer: the calling actions its state allows. A truck that
 * has left is offered nothing, whatever its state (decide refuses it with ALREADY_LEFT).
 */
export function staffActions(flowEngineId: number, state: QueueState, exited = false): StaffAction[] {
  return exited ? [] : allowedActions(flowEngineId, state).filter(isStaffAction);
}

/** The station type an action sends the truck to, if it sends it anywhere. */
export function stationTypeFor(action: QueueAction): StationType | null {
  switch (action) {
    case 'call':
      return STATION_TYPE.call;
    case 'recheck':
      return STATION_TYPE.recheck;
    case 'accept':
    case 'complete':
    case 'reject':
    case 'finish':
      return null;
  }
}

/** Finished or rejected: no further action, the truck only has to leave through the gate. */
export const CLOSED_STATES = ['F', 'RJ'] as const satisfies QueueState[];

export function isClosedState(state: QueueState): boolean {
  return (CLOSED_STATES as readonly QueueState[]).includes(state);
}

/**
 * Ended without the gate: a no-show the branch cancels (NS) and a ticket an admin voided (V).
 * Such a ticket is off every list, nothing moves it, and it no longer holds its licence (the
 * truck may take a new ticket). A voided ticket also counts apart in reports.
 */
export const ENDED_STATES = ['NS', 'V'] as const satisfies QueueState[];
export const NO_SHOW_STATE = 'NS' satisfies QueueState;
/** Called to a station: the one state a truck holds a station in (isCalledState). */
export const CALLED_STATE = 'C' satisfies QueueState;
export const VOIDED_STATE = 'V' satisfies QueueState;

export function isEndedState(state: string): boolean {
  return (ENDED_STATES as readonly string[]).includes(state);
}

export function isVoidedState(state: string): boolean {
  return state === VOIDED_STATE;
}

/** Still in the yard's work: neither ended (no-show, void) nor out of the gate. */
export function isOpenTicket(state: string, exited: boolean): boolean {
  return !exited && !isEndedState(state);
}

/** Called to a station (first call or recall): the "In process" column; a call from here is a recall. */
export function isCalledState(state: string): boolean {
  return state === CALLED_STATE;
}

/** The lab holds the sample and its result is not out yet: "complete" (checkout) applies. */
export function isInLab(state: string): boolean {
  return isQueueState(state) && nextState(FLOW_ENGINE.lab, state, 'complete') !== null;
}

/** Sent to recheck with a result out: the lab takes a new sample (sample 2 and on), not a first one. */
export function takesNewSample(state: string): boolean {
  return (
    isQueueState(state) && state !== ISSUED_STATE && nextState(FLOW_ENGINE.lab, state, 'accept') !== null
  );
}

/** The states a station can handle that make it a call station (C) or a recheck station (RC). */
export const STATION_STATES = ['C', 'RC'] as const satisfies QueueState[];

/** Which station type a station's handled state makes it: a station handling C calls, RC rechecks. */
export function stationTypeOfState(state: string): StationType | null {
  if (state === 'C') return STATION_TYPE.call;
  if (state === 'RC') return STATION_TYPE.recheck;
  return null;
}

/** Sent to a station (called, or sent to recheck): the driver's page names the station. */
export function isAtStation(state: string): boolean {
  return stationTypeOfState(state) !== null;
}

/**
 * The states in which a truck still waits for its call, in flow order: every open state but
 * called. Direct flows: QS. Lab flow: QS, LS, L, LF, LO, RC (its calls follow lab results).
 */
export function waitingStates(flowEngineId: number): QueueState[] {
  const states =
    FLOW_ENGINE_STATES[flowEngineId === FLOW_ENGINE.lab ? FLOW_ENGINE.lab : FLOW_ENGINE.standard];
  return states.map((s) => s.state).filter((s) => !isCalledState(s) && !isClosedState(s));
}

export function isWaitingState(flowEngineId: number, state: string): boolean {
  return (waitingStates(flowEngineId) as string[]).includes(state);
}

/** Reference data: the states each flow engine goes through, in order, with English names. */
export const FLOW_ENGINE_STATES: Record<FlowEngineId, { state: QueueState; name: string; detail: string }[]> =
  {
    1: [
      { state: 'QS', name: 'Queued', detail: 'Ticket taken, waiting to be called' },
      { state: 'C', name: 'Called', detail: 'Called to a station' },
      { state: 'F', name: 'Finished', detail: 'Work at the station finished' },
    ],
    2: [
      { state: 'QS', name: 'Queued', detail: 'Ticket taken, waiting to be called' },
      { state: 'C', name: 'Called', detail: 'Called to a station' },
      { state: 'F', name: 'Finished', detail: 'Work at the station finished' },
    ],
    3: [
      { state: 'QS', name: 'Queued', detail: 'Ticket taken, sample not yet collected' },
      { state: 'LS', name: 'Lab started', detail: 'Sample received by the lab' },
      { state: 'L', name: 'In lab', detail: 'Sample being tested' },
      { state: 'LF', name: 'Lab finished', detail: 'Lab result ready' },
      { state: 'LO', name: 'Result out', detail: 'Lab result handed out' },
      { state: 'C', name: 'Called', detail: 'Passed and called to a station' },
      { state: 'RC', name: 'Recheck', detail: 'Sent to a recheck station' },
      { state: 'RJ', name: 'Rejected', detail: 'Load rejected' },
      { state: 'F', name: 'Finished', detail: 'Work at the station finished' },
    ],
  };
