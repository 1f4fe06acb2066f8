import { describe, expect, it } from 'vitest';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { applyCall, boardAt, type Board } from './board.ts';

const board: Board = {
  status: 1,
  stations: [
    {
      station_id: 1,
      station_name: 'ลานเทมัน 1',
      queue_number: 'A001',
      queue_type_name: 'ส่งมัน',
      action: 'call',
      called_at: '2025-03-07T01:00:00.000Z',
    },
    {
      station_id: 2,
      station_name: 'ลานเทมัน 2',
      queue_number: null,
      queue_type_name: null,
      action: null,
      called_at: null,
    },
  ],
  recent: [
    {
      id: 10,
      queue_number: 'A001',
      queue_type_name: 'ส่งมัน',
      station_id: 1,
      station_name: 'ลานเทมัน 1',
      action: 'call',
      called_at: '2025-03-07T01:00:00.000Z',
    },
  ],
  now_calling_seconds: 600,
};

const call: DeviceCall = {
  id: 11,
  attempt: 0,
  queue_number: 'A002',
  queue_type_name: 'ส่งมัน',
  station_id: 2,
  station_name: 'ลานเทมัน 2',
  action: 'call',
  called_at: '2025-03-07T01:05:00.000Z',
};

describe('a live call on the board', () => {
  it('becomes the newest call and the latest at its station', () => {
    const next = applyCall(board, call);
    expect(next.recent.map((r) => r.id)).toEqual([11, 10]);
    expect(next.stations[1]).toMatchObject({ queue_number: 'A002', called_at: call.called_at });
    expect(next.stations[0]).toBe(board.stations[0]);
  });

  it('is ignored when the board already has it or has something newer', () => {
    const next = applyCall(board, call);
    expect(applyCall(next, call)).toBe(next);
    expect(applyCall(next, { ...call, id: 9, called_at: '2025-03-07T00:00:00.000Z' })).toBe(next);
  });
});

describe('the board as time passes', () => {
  const at = (iso: string) => Date.parse(iso);

  it('keeps a call under "now calling" and at its station for the display’s time, then drops it', () => {
    const shown = boardAt(board, at('2025-03-07T01:09:59.000Z'));
    expect(shown.nowCalling?.queue_number).toBe('A001');
    expect(shown.stations[0]!.queue_number).toBe('A001');

    const later = boardAt(board, at('2025-03-07T01:10:00.000Z'));
    expect(later.nowCalling).toBeNull();
    expect(later.stations[0]).toMatchObject({ queue_number: null, called_at: null });
    // The day's calls keep it.
    expect(board.recent[0]!.queue_number).toBe('A001');
  });

  it('follows the display’s own time', () => {
    const hourLong = { ...board, now_calling_seconds: 3600 };
    expect(boardAt(hourLong, at('2025-03-07T01:59:00.000Z')).nowCalling?.queue_number).toBe('A001');
    expect(boardAt(hourLong, at('2025-03-07T02:00:00.000Z')).nowCalling).toBeNull();
  });
});
