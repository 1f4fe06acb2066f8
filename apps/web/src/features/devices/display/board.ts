import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';

export type Board = ResponseOf<typeof deviceContracts.displayBoard>;
export type BoardCall = Board['recent'][number];

export const boardQueryKey = (deviceId: string) => ['device', 'display', 'board', deviceId] as const;

/** At most this many calls are kept after live calls (the refetch that follows trims them). */
const RECENT_KEPT = 200;

/** Whether this call is the one the station shows. */
const atStation = (station: Board['stations'][number], call: BoardCall) =>
  station.station_id === call.station_id &&
  station.queue_number === call.queue_number &&
  station.called_at === call.called_at;

/**
 * The board with a call that just arrived over the socket, shown at once while the board is
 * fetched again: first in the latest calls, and the latest at its station. A recall replaces the
 * truck's call before it: the truck is listed once, and no longer at a station it left.
 */
export function applyCall(board: Board, call: DeviceCall): Board {
  if (board.recent.some((r) => r.id === call.id)) return board;
  const newest = board.recent[0];
  if (newest && Date.parse(newest.called_at) > Date.parse(call.called_at)) return board;
  const { attempt: _attempt, ...shown } = call;
  const earlier = board.recent.find((r) => r.queue_id === call.queue_id);
  return {
    ...board,
    stations: board.stations.map((s) =>
      s.station_id === call.station_id
        ? {
            ...s,
            queue_number: call.queue_number,
            queue_type_name: call.queue_type_name,
            action: call.action,
            called_at: call.called_at,
          }
        : earlier && atStation(s, earlier)
          ? { ...s, queue_number: null, queue_type_name: null, action: null, called_at: null }
          : s,
    ),
    recent: [
      { ...shown, truck_license: call.truck_license ?? '' },
      ...board.recent.filter((r) => r.queue_id !== call.queue_id),
    ].slice(0, RECENT_KEPT),
  };
}

/** Whether a call (its instant, ISO) is still "now calling" at `now` on this board. */
function stillCalling(board: Board, calledAt: string | null, now: number): boolean {
  return calledAt !== null && now - Date.parse(calledAt) < board.now_calling_seconds * 1000;
}

/**
 * What the board shows at `now`: the newest call under "now calling" and each station's call only
 * while they are younger than the display's now-calling time; the day's calls stay in the list.
 */
export function boardAt(board: Board, now: number) {
  const newest = board.recent[0];
  return {
    nowCalling: newest && stillCalling(board, newest.called_at, now) ? newest : null,
    stations: board.stations.map((s) =>
      stillCalling(board, s.called_at, now)
        ? s
        : { ...s, queue_number: null, queue_type_name: null, action: null, called_at: null },
    ),
  };
}

/** A screen wider than tall is laid out side by side (16:9); a taller one top to bottom (9:16). */
export type BoardOrientation = 'landscape' | 'portrait';

export function boardOrientation(width: number, height: number): BoardOrientation {
  return width >= height ? 'landscape' : 'portrait';
}

/** One queue type's column: its latest call while "now calling", and its latest calls. */
export interface BoardColumn {
  /** The queue type's name; null on a display of one queue type (no heading needed). */
  title: string | null;
  /** Shown large while it is "now calling". */
  latest: BoardCall | null;
  /** The display's `recent_count` latest calls, newest first (the latest among them). */
  recent: BoardCall[];
}

/**
 * The board's columns at `now`: one per queue type the display shows (in the display's order)
 * when it shows several, else one for all its calls. Each has its latest call while it is "now
 * calling" (shown large) and its `recent_count` latest calls, each with its station.
 */
export function boardColumns(board: Board, typeNames: readonly string[], now: number): BoardColumn[] {
  const column = (title: string | null, calls: BoardCall[]): BoardColumn => {
    const first = calls[0];
    const latest = first && stillCalling(board, first.called_at, now) ? first : null;
    return { title, latest, recent: calls.slice(0, board.recent_count) };
  };
  if (typeNames.length <= 1) return [column(null, board.recent)];
  return typeNames.map((name) =>
    column(
      name,
      board.recent.filter((c) => c.queue_type_name === name),
    ),
  );
}

/**
 * How the columns sit on the screen: side by side, up to four in a row on a wide screen and
 * three on a tall one; more go onto further rows, shared out evenly.
 */
export function columnGrid(count: number, orientation: BoardOrientation): { columns: number; rows: number } {
  const most = orientation === 'landscape' ? 4 : 3;
  const rows = Math.max(1, Math.ceil(count / most));
  return { columns: Math.max(1, Math.ceil(count / rows)), rows };
}
