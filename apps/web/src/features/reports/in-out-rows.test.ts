import { describe, expect, it } from 'vitest';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { THAI_DURATION_WORDS as words } from '@truck-queue/shared/durations';
import { inOutLines } from './in-out-rows.ts';

const left: InOutRow = {
  uuid: '7d3c1c1e-5a4b-4c7e-9a51-0f6f2b9c1d01',
  queue_number: 'A007',
  previous_number: null,
  queue_state: 'F',
  truck_license: '70-1234 ขอนแก่น',
  queue_type_name: 'ส่งมันสด',
  product_name: 'มันเส้น',
  supplier_code: 'Q-001',
  supplier_name: 'นายสมชาย ใจดี',
  created: '2025-03-07T01:00:00.000Z',
  stamp_lab_start: '2025-03-07T01:10:00.000Z',
  stamp_lab_finish: '2025-03-07T01:55:59.000Z',
  stamp_second_ls_to_lf: 45 * 60 + 59,
  exit: '2025-03-07T03:30:10.000Z',
  time_in_factory: 2 * 3600 + 30 * 60 + 10,
  reason_name: null,
  reason_note: null,
  left_unfinished: false,
  lab_values: [],
};

const inside: InOutRow = {
  ...left,
  queue_number: 'B001',
  truck_license: '',
  stamp_lab_start: null,
  stamp_lab_finish: null,
  stamp_second_ls_to_lf: null,
  exit: null,
  time_in_factory: null,
};

describe('inOutLines', () => {
  it('numbers the rows and shows site times and both rounding rules', () => {
    const [line] = inOutLines([left], 'Asia/Bangkok', 'CE', words);
    expect(line).toEqual({
      n: 1,
      uuid: left.uuid,
      queueNumber: 'A007',
      previousNumber: null,
      state: 'F',
      licence: '70-1234 ขอนแก่น',
      queueType: 'ส่งมันสด',
      product: 'มันเส้น',
      supplier: 'Q-001 นายสมชาย ใจดี',
      created: '07/03/2025 08:00',
      labStart: '07/03/2025 08:10',
      labFinish: '07/03/2025 08:55',
      // 45 min 59 s: the lab duration floors.
      labDuration: '45 นาที',
      exit: '07/03/2025 10:30',
      // 2 h 30 min 10 s: time in factory counts one minute more.
      timeInFactory: '2 ชม. 31 นาที',
      reason: null,
      leftUnfinished: false,
      labValues: [],
    });
    // A branch writing the Buddhist era: the same times, the BE year.
    const [be] = inOutLines([left], 'Asia/Bangkok', 'BE', words);
    expect([be!.created, be!.exit]).toEqual(['07/03/2568 08:00', '07/03/2568 10:30']);
  });

  it('writes a whole hour without "0 นาที", and a lab stay under a minute as such', () => {
    const [line] = inOutLines(
      [{ ...left, stamp_second_ls_to_lf: 42, time_in_factory: 3 * 3600 - 30 }],
      'Asia/Bangkok',
      'CE',
      words,
    );
    expect(line).toMatchObject({ labDuration: 'ไม่ถึง 1 นาที', timeInFactory: '3 ชม.' });
  });

  it('marks a truck the gate let out before its work was done', () => {
    const [line] = inOutLines([{ ...left, left_unfinished: true }], 'Asia/Bangkok', 'CE', words);
    expect(line).toMatchObject({ queueNumber: 'A007', leftUnfinished: true });
  });

  it('shows the number a transfer replaced, and the reason with its note', () => {
    const moved: InOutRow = {
      ...left,
      queue_number: 'B014',
      previous_number: 'A001',
      queue_state: 'RJ',
      reason_name: 'ความชื้นสูง',
      reason_note: 'วัดได้ 38%',
    };
    const same: InOutRow = { ...left, previous_number: 'A007', reason_note: 'ตรวจด้วยสายตา' };
    const [first, second] = inOutLines([moved, same], 'Asia/Bangkok', 'CE', words);
    expect(first).toMatchObject({
      queueNumber: 'B014',
      previousNumber: 'A001',
      state: 'RJ',
      reason: 'ความชื้นสูง — วัดได้ 38%',
    });
    // A previous number equal to the current one is no transfer; a note alone still shows.
    expect(second).toMatchObject({ previousNumber: null, reason: 'ตรวจด้วยสายตา' });
  });

  it('shows a dash for stamps not yet made', () => {
    const [, line] = inOutLines([left, inside], 'Asia/Bangkok', 'CE', words);
    expect(line).toMatchObject({
      n: 2,
      licence: '-',
      labStart: '-',
      labFinish: '-',
      labDuration: '-',
      exit: '-',
      timeInFactory: '-',
    });
  });
});
