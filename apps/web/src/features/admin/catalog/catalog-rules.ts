import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import {
  FLOW_ENGINE_STATES,
  isFlowEngineId,
  isQueueState,
  STATION_TYPE,
  stationTypeOfState,
  type FlowEngineId,
  type QueueState,
  type StationType,
} from '@truck-queue/shared/queue/queue-machine';

/** A prefix as the server keeps it: 1 to 3 letters A to Z (catalog.contract PrefixSchema). */
export const PREFIX_PATTERN = /^[A-Z]{1,3}$/;
export const PREFIX_MAX = 3;
/** Products and stations: the contract's text(100). */
export const NAME_MAX = 100;
/** A queue type's name: catalog.contract QueueTypeNameSchema. */
export const QUEUE_TYPE_NAME_MAX = 60;

/** What the prefix box shows while the admin types: capitals, no spaces. */
export function normalisePrefix(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The first queue number of a day for a prefix (the server numbers A001, A002, … per day). */
export function firstQueueNumber(prefix: string): string {
  return `${prefix}001`;
}

/** Names compare trimmed, ignoring case and runs of spaces: "Cassava " and "cassava" are the same. */
export function sameName(a: string, b: string): boolean {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** One flow state from station/loadState: its id, flow engine and code. */
export interface FlowStateRef {
  id: number;
  fe_id: number;
  state: string;
}

/** A state a station handles, resolved to its flow engine and code when they can be known. */
export interface HandledState {
  /** The station-state link (deleteStationUS id). */
  susId: number;
  flowEngineId: FlowEngineId | null;
  state: QueueState | null;
  /** The server's words, shown when the flow or state cannot be resolved. */
  flowName: string;
  stateName: string;
}

/** The state code for a state named in the server's words (the English reference names), if any. */
function stateFromName(name: string): QueueState | null {
  const trimmed = name.trim();
  if (isQueueState(trimmed)) return trimmed;
  for (const states of Object.values(FLOW_ENGINE_STATES)) {
    const found = states.find((s) => s.name.toLowerCase() === trimmed.toLowerCase());
    if (found) return found.state;
  }
  return null;
}

/**
 * The states a station handles, in flow then state order. The station list names each state in
 * words (fe_name, fs_state_name); the flow states (`flowStates`, by id) tell which flow engine and
 * code it is, so the screen can name it in the admin's language and tell call from recheck.
 */
export function handledStates(
  station: StationRow,
  flowStates: readonly FlowStateRef[] | undefined,
): HandledState[] {
  const byId = new Map((flowStates ?? []).map((s) => [s.id, s]));
  const resolved = station.aState.map((entry): HandledState => {
    const ref = byId.get(entry.sus_flow_state);
    const code = ref && isQueueState(ref.state) ? ref.state : stateFromName(entry.fs_state_name);
    return {
      susId: entry.sus_id,
      flowEngineId: ref && isFlowEngineId(ref.fe_id) ? ref.fe_id : null,
      state: code,
      flowName: entry.fe_name,
      stateName: entry.fs_state_name,
    };
  });
  return resolved.sort((a, b) => orderOf(a) - orderOf(b));
}

function orderOf(entry: HandledState): number {
  const flow = entry.flowEngineId ?? 9;
  const states = entry.flowEngineId ? FLOW_ENGINE_STATES[entry.flowEngineId] : [];
  const index = states.findIndex((s) => s.state === entry.state);
  return flow * 100 + (index < 0 ? 99 : index);
}

/** What a station is to the calling screens: per station type, the flows in which it serves. */
export interface StationRole {
  type: StationType;
  /** Flow engines in which it is that type; empty when the flow is not known. */
  flows: FlowEngineId[];
}

/** A station handling C is a call station (type 1) in that flow, one handling RC a recheck station (type 2). */
export function stationRoles(states: readonly Pick<HandledState, 'flowEngineId' | 'state'>[]): StationRole[] {
  const roles: StationRole[] = [];
  for (const type of [STATION_TYPE.call, STATION_TYPE.recheck]) {
    const matching = states.filter((s) => s.state !== null && stationTypeOfState(s.state) === type);
    if (matching.length === 0) continue;
    const flows = [
      ...new Set(matching.flatMap((s) => (s.flowEngineId === null ? [] : [s.flowEngineId]))),
    ].sort();
    roles.push({ type, flows });
  }
  return roles;
}

/**
 * A product's weighing range as the admin types it (issue 42): a limit is a weight up to 100 t with
 * one decimal, or empty for none; a minimum above its maximum is refused (the server refuses it too).
 */
export const LIMIT_MAX_KG = 100_000;

export type LimitProblem = 'range' | 'decimals' | 'minAboveMax';

/** What is wrong with one limit, or with a minimum against its maximum; null when fine. */
export function limitProblem(value: number | null, other?: { max: number | null }): LimitProblem | null {
  if (value === null) return null;
  if (!(value > 0 && value <= LIMIT_MAX_KG)) return 'range';
  if (Math.abs(value * 10 - Math.round(value * 10)) > 1e-9) return 'decimals';
  if (other && other.max !== null && value > other.max) return 'minAboveMax';
  return null;
}

/** A whole weight in a number box with thousands grouped ("25,000"), as the tables write it. */
export const groupedKg = {
  formatter: (value: number | string | undefined) =>
    value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  parser: (text: string | undefined) => Number((text ?? '').replace(/,/g, '')),
};
