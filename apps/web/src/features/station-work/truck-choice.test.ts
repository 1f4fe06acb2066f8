import { describe, expect, it } from 'vitest';
import type { NumberCandidate } from '@truck-queue/shared/contracts/api';
import { formatDateTime } from '../../lib/format.ts';
import { candidateLines, nextOption } from './truck-choice.ts';

const yesterday: NumberCandidate = {
  uuid: 'u-yesterday',
  queue_number: 'D001',
  truck_license: '70-1234 ขอนแก่น',
  queue_type_name: 'ติดต่อทั่วไป',
  created: '2026-11-23T10:40:00',
  queue_date: '2026-11-23',
};
const today: NumberCandidate = {
  uuid: 'u-today',
  queue_number: 'D001',
  truck_license: '',
  queue_type_name: 'ติดต่อทั่วไป',
  created: '2026-11-24T07:10:00',
  queue_date: '2026-11-24',
};

describe('candidateLines', () => {
  it('lists the oldest ticket first, with its issue time and whether it is from an earlier day', () => {
    const lines = candidateLines([today, yesterday], '2026-11-24', 'BE');
    expect(lines).toEqual([
      {
        candidate: yesterday,
        uuid: 'u-yesterday',
        queueNumber: 'D001',
        licence: '70-1234 ขอนแก่น',
        queueType: 'ติดต่อทั่วไป',
        issued: formatDateTime(yesterday.created, 'BE'),
        earlierDay: true,
      },
      {
        candidate: today,
        uuid: 'u-today',
        queueNumber: 'D001',
        // A ticket without a licence still shows a mark where the licence goes.
        licence: '-',
        queueType: 'ติดต่อทั่วไป',
        issued: formatDateTime(today.created, 'BE'),
        earlierDay: false,
      },
    ]);
    expect(lines[0]!.issued).toBe('23/11/2569 10:40');
    expect(candidateLines([yesterday], '2026-11-24', 'CE')[0]!.issued).toBe('23/11/2026 10:40');
  });
});

describe('nextOption', () => {
  it('moves with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(nextOption(0, 3, 'ArrowDown')).toBe(1);
    expect(nextOption(2, 3, 'ArrowDown')).toBe(0);
    expect(nextOption(0, 3, 'ArrowUp')).toBe(2);
    expect(nextOption(1, 3, 'Home')).toBe(0);
    expect(nextOption(0, 3, 'End')).toBe(2);
  });

  it('leaves other keys (Enter picks, Tab moves on) to the browser', () => {
    expect(nextOption(0, 3, 'Enter')).toBeNull();
    expect(nextOption(0, 3, 'Tab')).toBeNull();
    expect(nextOption(0, 0, 'ArrowDown')).toBeNull();
  });
});
