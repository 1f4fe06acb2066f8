import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';

export type Board = ResponseOf<typeof deviceContracts.displayBoard>;

export const boardQueryKey = (deviceId: string) => ['device', 'display', 'board', deviceId] as const;

/** How many latest calls the board keeps after a live call (the server sends its own number). */
const RECENT_KEPT = 20;

/**
 * The board with a call that just arrived over the socket, shown at once while the board is
 * fetched again: first in the latest calls, and the latest at its station.
 */
export function applyCall(board: Board, call: DeviceCall): Board {
  if (board.recent.some((r) => r.id === call.id)) return board;
  const newest = board.recent[0];
  if (newest && Date.parse(newest.called_at) > Date.parse(call.called_at)) return board;
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
        : s,
    ),
    recent: [call, ...board.recent].slice(0, Math.max(RECENT_KEPT, board.recent.length)),
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
