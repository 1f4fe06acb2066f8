import { describe, expect, it } from 'vitest';
import type { QueueView } from './queue.repository.ts';
import { toExitRecord, toLabRecord } from './queue.views.ts';

/** A ticket's view with only what the lab and gate records read. */
const view = (stamps: Partial<QueueView>) =>
  ({
    uuid: 'a6f1c0de-0000-4000-8000-000000000001',
    queueNumber: 'A003',
    queueDate: '2026-11-29',
    truckLicense: 'บษ 3921 นครราชสีมา',
    queueTypeName: 'ส่งมันสำปะหลัง',
    state: 'C',
    branchQueueTypeId: 1,
    created: new Date('2026-11-29T00:33:00.000Z'),
    labStart: null,
    labFinish: null,
    exitAt: null,
    leftUnfinished: false,
    ...stamps,
  }) as QueueView;

describe('the lab and gate pages’ durations', () => {
  it('count the whole seconds between the stamps, as the reports do: a fraction is dropped, not rounded', () => {
    // 43 min 59.6 s: the lab page (plusOne) shows 44 min and the report (floor) 43 min, as each
    // rule says; rounded to 44:00 the lab page showed 45 beside the report's 43.
    const lab = toLabRecord(
      view({
        labStart: new Date('2026-11-29T00:39:00.400Z'),
        labFinish: new Date('2026-11-29T01:23:00.000Z'),
      }),
    );
    expect(lab.stamp_second_ls_to_lf).toBe(43 * 60 + 59);
    const gate = toExitRecord(view({ exitAt: new Date('2026-11-29T02:33:00.999Z') }));
    expect(gate.time_in_factory).toBe(2 * 3600);
  });
});
