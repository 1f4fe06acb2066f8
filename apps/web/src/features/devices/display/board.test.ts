import { describe, expect, it } from 'vitest';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { applyCall, type Board } from './board.ts';

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
};

const call: DeviceCall = {
  id: 11,
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
