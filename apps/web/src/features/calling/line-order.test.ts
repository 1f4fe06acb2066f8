import { describe, expect, it } from 'vitest';
import type { CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import { nextQueueIds, stationTime } from './line-order.ts';

function q(id: number, over: Partial<CardQueue>): CardQueue {
  return {
    _id: id,
    uuid: `u${id}`,
    queue_number: `A00${id}`,
    queue_date: '2026-11-30',
    queue_state: 'QS',
    truck_license: `70-${id}`,
    product_name: 'อ้อย',
    created: '2026-11-30T01:00:00.000Z',
    station_name: null,
    recall_count: 0,
    previous_number: null,
    reason_name: null,
    reason_note: null,
    print_state: null,
    print_failure: null,
    lab_values: [],
    lab_outcome: null,
    expected_wait: null,
    line_place: null,
    order_class: '',
    cut_at: null,
    admitted: false,
    last_called_at: null,
    ...over,
  };
}
const turn = { kind: 'turn' as const };

describe("the calling desk's line order", () => {
  it("marks the next Call next takes: a held truck is not, an earlier day's line goes first", () => {
    const held = { class_key: 'burnt', max_percent: 25, of: 'loads' as const, when_full: 'ask' as const };
    const queues = [
      q(1, { line_place: { position: 1, why: turn, hold: held, stale: false, next: false } }),
      q(2, { line_place: { position: 2, why: turn, hold: null, stale: false, next: true } }),
      q(3, { line_place: { position: 3, why: turn, hold: null, stale: false, next: false } }),
      q(4, {
        queue_date: '2026-11-29',
        line_place: { position: 1, why: turn, hold: null, stale: false, next: true },
      }),
    ];
    expect([...nextQueueIds({ queue_number: queues })]).toEqual([4]);
    // Once the earlier day's leftover is called, today's next is the card's.
    expect([...nextQueueIds({ queue_number: queues.slice(0, 3) })]).toEqual([2]);
  });

  it('turns a called truck amber past its usual time at the station and red past twice it', () => {
    const called = q(5, { queue_state: 'C', last_called_at: '2026-11-30T02:00:00.000Z' });
    const at = (minutes: number) => Date.parse('2026-11-30T02:00:00.000Z') + minutes * 60_000;
    expect(stationTime(called, 10, at(9))?.tone).toBe('ok');
    expect(stationTime(called, 10, at(11))?.tone).toBe('long');
    expect(stationTime(called, 10, at(21))?.tone).toBe('veryLong');
    expect(stationTime(called, null, at(50))?.tone).toBe('ok');
    expect(stationTime(q(6, {}), 10, at(50))).toBeNull();
  });
});
