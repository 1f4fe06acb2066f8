import { describe, expect, it } from 'vitest';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { applyCall, boardAt, boardColumns, boardOrientation, columnGrid, type Board } from './board.ts';

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
      queue_id: 500,
      queue_number: 'A001',
      queue_type_name: 'ส่งมัน',
      station_id: 1,
      station_name: 'ลานเทมัน 1',
      action: 'call',
      called_at: '2025-03-07T01:00:00.000Z',
      truck_license: 'กข 12••',
    },
  ],
  now_calling_seconds: 600,
  recent_count: 8,
  waits: [],
};

const call: DeviceCall = {
  id: 11,
  attempt: 0,
  queue_id: 501,
  queue_number: 'A002',
  queue_type_name: 'ส่งมัน',
  station_id: 2,
  station_name: 'ลานเทมัน 2',
  action: 'call',
  called_at: '2025-03-07T01:05:00.000Z',
  truck_license: '70-56•• / 71-12••',
};

describe('a live call on the board', () => {
  it('becomes the newest call and the latest at its station', () => {
    const next = applyCall(board, call);
    expect(next.recent.map((r) => r.id)).toEqual([11, 10]);
    expect(next.stations[1]).toMatchObject({ queue_number: 'A002', called_at: call.called_at });
    expect(next.stations[0]).toBe(board.stations[0]);
    expect(next.recent[0]).toMatchObject({ truck_license: '70-56•• / 71-12••' });
    expect(next.recent[0]).not.toHaveProperty('attempt');
  });

  it('of a truck already listed (a recall) lists it once, at its latest call, and frees the station it left', () => {
    const recall: DeviceCall = {
      ...call,
      id: 12,
      queue_id: 500,
      queue_number: 'A001',
      station_id: 2,
      called_at: '2025-03-07T01:06:00.000Z',
    };
    const next = applyCall(board, recall);
    expect(next.recent.map((r) => [r.id, r.queue_number, r.station_name])).toEqual([
      [12, 'A001', 'ลานเทมัน 2'],
    ]);
    expect(next.stations.map((s) => s.queue_number)).toEqual([null, 'A001']);
    // Recalled to the same station: still once, the station keeps it.
    const again = applyCall(board, { ...recall, station_id: 1, station_name: 'ลานเทมัน 1' });
    expect(again.recent.map((r) => r.id)).toEqual([12]);
    expect(again.stations.map((s) => [s.queue_number, s.called_at])).toEqual([
      ['A001', recall.called_at],
      [null, null],
    ]);
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

describe('the board’s layout', () => {
  it('is side by side on a wide screen and top to bottom on a tall one, by the window’s shape', () => {
    expect(boardOrientation(1920, 1080)).toBe('landscape');
    expect(boardOrientation(1366, 768)).toBe('landscape');
    expect(boardOrientation(1080, 1920)).toBe('portrait');
    expect(boardOrientation(768, 1366)).toBe('portrait');
    expect(boardOrientation(1000, 1000)).toBe('landscape');
  });

  it('puts up to four columns in a row on a wide screen, three on a tall one, rows shared out evenly', () => {
    expect(columnGrid(2, 'landscape')).toEqual({ columns: 2, rows: 1 });
    expect(columnGrid(4, 'landscape')).toEqual({ columns: 4, rows: 1 });
    expect(columnGrid(5, 'landscape')).toEqual({ columns: 3, rows: 2 });
    expect(columnGrid(2, 'portrait')).toEqual({ columns: 2, rows: 1 });
    expect(columnGrid(3, 'portrait')).toEqual({ columns: 3, rows: 1 });
    expect(columnGrid(4, 'portrait')).toEqual({ columns: 2, rows: 2 });
    expect(columnGrid(1, 'portrait')).toEqual({ columns: 1, rows: 1 });
  });
});

describe('columns by queue type', () => {
  const minute = 60_000;
  const start = Date.parse('2025-03-07T01:00:00.000Z');
  const calls = Array.from({ length: 14 }, (_, i) => ({
    id: 100 - i,
    queue_id: 1000 - i,
    queue_number: `${i % 2 === 0 ? 'A' : 'B'}${String(100 - i).padStart(3, '0')}`,
    queue_type_name: i % 2 === 0 ? 'ส่งมัน' : 'ส่งอ้อย',
    station_id: 1,
    station_name: 'ลานเทมัน 1',
    action: 'call',
    called_at: new Date(start - i * minute).toISOString(),
    truck_license: 'กข 12••',
  }));
  const day: Board = { ...board, recent: calls, recent_count: 3 };

  it('is one column with no heading on a display of one queue type: the latest large, N latest listed', () => {
    const [only, ...none] = boardColumns(day, ['ส่งมัน'], start + minute);
    expect(none).toHaveLength(0);
    expect(only!.title).toBeNull();
    expect(only!.latest?.id).toBe(100);
    expect(only!.recent.map((c) => c.id)).toEqual([100, 99, 98]);
  });

  it('is a column per queue type, in the display’s order, each with its own latest and N calls', () => {
    const columns = boardColumns(day, ['ส่งอ้อย', 'ส่งมัน'], start + minute);
    expect(columns.map((c) => c.title)).toEqual(['ส่งอ้อย', 'ส่งมัน']);
    expect(columns[0]!.latest?.queue_number).toBe('B099');
    expect(columns[0]!.recent.map((c) => c.queue_number)).toEqual(['B099', 'B097', 'B095']);
    expect(columns[1]!.latest?.queue_number).toBe('A100');
    expect(columns[1]!.recent.map((c) => c.queue_number)).toEqual(['A100', 'A098', 'A096']);
  });

  it('shows no latest large once it is no longer "now calling" (it stays listed), and heads an empty type too', () => {
    const later = start + 11 * minute;
    const columns = boardColumns(day, ['ส่งมัน', 'ส่งข้าวโพด'], later);
    expect(columns[0]!.latest).toBeNull();
    expect(columns[0]!.recent.map((c) => c.queue_number)).toEqual(['A100', 'A098', 'A096']);
    expect(columns[1]).toEqual({ title: 'ส่งข้าวโพด', latest: null, recent: [] });
  });
});
