import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Reason } from '@truck-queue/shared/contracts/yard.contract';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { eventArgs } from './api/use-queue-action.ts';
import {
  hasYardOffers,
  numberWithPrevious,
  reasonArg,
  reasonChoices,
  reasonText,
  yardOffers,
  type TransferTarget,
  type YardContext,
  type YardTicket,
} from './yard-actions.ts';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const TYPES: TransferTarget[] = [
  { id: 1, queue_type_name: 'ส่งมันสำปะหลัง', prefix: 'A', flow_engine_id: FLOW_ENGINE.lab },
  { id: 2, queue_type_name: 'รับสินค้า', prefix: 'B', flow_engine_id: FLOW_ENGINE.standard },
  { id: 4, queue_type_name: 'ส่งสินค้าทั่วไป', prefix: 'D', flow_engine_id: FLOW_ENGINE.standard },
  { id: 5, queue_type_name: 'ส่งอ้อย', prefix: 'S', flow_engine_id: FLOW_ENGINE.lab },
];

const officer: YardContext = {
  settings: {
    no_show_after_recalls: 3,
    no_show_policy: 'requeue',
    day_start_minutes: 0,
    calendar: 'BE',
    calendar_all_languages: false,
    language: '',
    remember_default: false,
    mask_plates: true,
    prefer_browser_voice: false,
    season_start: '11-01',
    season_finish: '04-30',
    province: null,
  },
  queueTypes: TYPES,
  isAdmin: false,
};
const admin: YardContext = { ...officer, isAdmin: true };

const waiting: YardTicket = {
  flowEngineId: FLOW_ENGINE.standard,
  queueTypeId: 2,
  state: 'QS',
  exited: false,
  recallCount: 0,
};
const called: YardTicket = { ...waiting, state: 'C' };

describe('yardOffers', () => {
  it('offers no-show to a called truck once it was recalled the branch’s number of times', () => {
    expect(yardOffers({ ...called, recallCount: 2 }, officer).noShow).toBe(false);
    expect(yardOffers({ ...called, recallCount: 3 }, officer).noShow).toBe(true);
    expect(
      yardOffers(
        { ...called, recallCount: 1 },
        { ...officer, settings: { ...officer.settings!, no_show_after_recalls: 1 } },
      ).noShow,
    ).toBe(true);
    // Not while the rule loads, not on a report row that does not count recalls, not to a waiting truck.
    expect(yardOffers({ ...called, recallCount: 5 }, { ...officer, settings: undefined }).noShow).toBe(false);
    expect(yardOffers({ ...called, recallCount: undefined }, officer).noShow).toBe(false);
    expect(yardOffers({ ...waiting, recallCount: 9 }, officer).noShow).toBe(false);
  });

  it('offers a waiting ticket the other queue types of its own flow', () => {
    expect(yardOffers(waiting, officer).transferTo.map((type) => type.prefix)).toEqual(['D']);
    const lab = { ...waiting, flowEngineId: FLOW_ENGINE.lab, queueTypeId: 1 };
    expect(yardOffers(lab, officer).transferTo.map((type) => type.prefix)).toEqual(['S']);
    expect(yardOffers({ ...lab, state: 'LF' }, officer).transferTo.map((type) => type.prefix)).toEqual(['S']);
    // Called, finished or gone: it stays where it is.
    expect(yardOffers(called, officer).transferTo).toEqual([]);
    expect(yardOffers({ ...waiting, state: 'F' }, officer).transferTo).toEqual([]);
    expect(yardOffers({ ...waiting, exited: true }, officer).transferTo).toEqual([]);
  });

  it('offers void to an admin, on any ticket still open', () => {
    expect(yardOffers(waiting, officer).void).toBe(false);
    expect(yardOffers(waiting, admin).void).toBe(true);
    expect(yardOffers({ ...waiting, state: 'RJ' }, admin).void).toBe(true);
    expect(yardOffers({ ...waiting, state: 'RJ', exited: true }, admin).void).toBe(false);
    expect(yardOffers({ ...waiting, state: 'NS' }, admin)).toEqual({
      noShow: false,
      transferTo: [],
      void: false,
    });
    expect(yardOffers({ ...waiting, state: 'V' }, admin)).toEqual({
      noShow: false,
      transferTo: [],
      void: false,
    });
  });

  it('says whether there is any yard move at all', () => {
    expect(hasYardOffers(yardOffers({ ...waiting, queueTypeId: 4 }, officer))).toBe(true);
    expect(hasYardOffers(yardOffers(called, officer))).toBe(false);
    expect(hasYardOffers(yardOffers(called, admin))).toBe(true);
  });
});

describe('reasons', () => {
  const reasons: Reason[] = [
    { id: 1, kind: 'reject', name: 'สิ่งเจือปนเกิน', active: true, sort: 20, queue_type_ids: [] },
    { id: 2, kind: 'reject', name: 'ความชื้นสูง', active: true, sort: 10, queue_type_ids: [] },
    { id: 3, kind: 'reject', name: 'หัวมันเน่าเสีย', active: false, sort: 5, queue_type_ids: [] },
    { id: 4, kind: 'recheck', name: 'ความชื้นสูง', active: true, sort: 10, queue_type_ids: [] },
    { id: 5, kind: 'reject', name: 'อ้อยไฟไหม้', active: true, sort: 1, queue_type_ids: [4] },
  ];

  it('offers the active reasons of one kind in the admin’s order', () => {
    expect(reasonChoices(reasons, 'reject', 3).map((r) => r.id)).toEqual([2, 1]);
    expect(reasonChoices(reasons, 'void', 3)).toEqual([]);
  });

  it('offers a reason narrowed to some queue types only for a ticket of one of them', () => {
    expect(reasonChoices(reasons, 'reject', 4).map((r) => r.id)).toEqual([5, 2, 1]);
    expect(reasonChoices(reasons, 'reject', 3).map((r) => r.id)).not.toContain(5);
  });

  it('sends the note only when there is one, trimmed', () => {
    expect(reasonArg(2, '  วัดได้ 38% ')).toEqual({ reason_id: 2, note: 'วัดได้ 38%' });
    expect(reasonArg(2, '   ')).toEqual({ reason_id: 2 });
    expect(reasonArg(2, undefined)).toEqual({ reason_id: 2 });
  });

  it('shows the reason with its note', () => {
    expect(reasonText('ความชื้นสูง', 'วัดได้ 38%')).toBe('ความชื้นสูง — วัดได้ 38%');
    expect(reasonText('ความชื้นสูง', null)).toBe('ความชื้นสูง');
    expect(reasonText(null, ' ')).toBeNull();
  });
});

describe('numbers after a transfer', () => {
  it('shows the old number beside the new one only when they differ', () => {
    expect(numberWithPrevious(t, 'B014', 'A001')).toBe(
      'yard.numberWithPrevious {"number":"B014","previous":"A001"}',
    );
    expect(numberWithPrevious(t, 'B014', 'B014')).toBe('B014');
    expect(numberWithPrevious(t, 'B014', null)).toBe('B014');
  });
});

describe('queue action events', () => {
  it('send their arguments in the order socket-events.ts declares', () => {
    const reason = { reason_id: 7, note: 'x' };
    expect(eventArgs({ action: 'call', queueId: 1, stationId: 2 })).toEqual([1, 2]);
    expect(eventArgs({ action: 'recheck', queueId: 1, stationId: 2, reason })).toEqual([1, 2, reason]);
    expect(eventArgs({ action: 'reject', queueId: 1, reason })).toEqual([1, reason]);
    expect(eventArgs({ action: 'finish', queueId: 1 })).toEqual([1]);
    expect(eventArgs({ action: 'no_show', queueId: 1 })).toEqual([1]);
    expect(eventArgs({ action: 'transfer', queueId: 1, queueTypeId: 4 })).toEqual([1, 4]);
    expect(eventArgs({ action: 'void', queueId: 1, reason })).toEqual([1, reason]);
  });
});
