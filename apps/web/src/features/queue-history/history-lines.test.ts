import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@truck-queue/shared/contracts/yard.contract';
import { historyAction, historyLines } from './history-lines.ts';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  at: '2026-03-07T01:00:00.000Z',
  action: 'issue',
  from_state: null,
  to_state: 'QS',
  station_name: null,
  officer_name: null,
  device_name: null,
  reason_name: null,
  note: null,
  from_number: null,
  to_number: null,
  lab: null,
  ...overrides,
});

describe('historyAction', () => {
  it('tells a recall from a first call, and a cancelling no-show from a requeue', () => {
    expect(historyAction(entry({ action: 'call', from_state: 'QS', to_state: 'C' }))).toBe('call');
    expect(historyAction(entry({ action: 'call', from_state: 'C', to_state: 'C' }))).toBe('recall');
    expect(historyAction(entry({ action: 'no_show', from_state: 'C', to_state: 'QS' }))).toBe('no_show');
    expect(historyAction(entry({ action: 'no_show', from_state: 'C', to_state: 'NS' }))).toBe(
      'no_show_cancel',
    );
    expect(historyAction(entry({ action: 'void', from_state: 'QS', to_state: 'V' }))).toBe('void');
    expect(historyAction(entry({ action: 'something_new' }))).toBeNull();
    // The gate let it out before its work was done: its own line, not a plain exit.
    expect(historyAction(entry({ action: 'exit_unfinished', from_state: 'QS', to_state: 'QS' }))).toBe(
      'exit_unfinished',
    );
  });
});

describe('historyLines', () => {
  it('words the lab values of each sample, and a correction with the value it replaced', () => {
    const value = (name: string, v: number, before: number | null) => ({
      name,
      unit: '%',
      decimals: 1,
      value: v,
      before,
    });
    const [sample, correction] = historyLines(
      [
        entry({
          action: 'complete',
          from_state: 'LS',
          to_state: 'LF',
          lab: { sample: 2, values: [value('แป้ง', 16.5, null)] },
        }),
        entry({
          action: 'lab_correct',
          from_state: 'LF',
          to_state: 'LF',
          note: 'พิมพ์ผิด',
          lab: { sample: 2, values: [value('แป้ง', 19, 16.5), value('ดิน', 1, 1)] },
        }),
      ],
      'Asia/Bangkok',
      'BE',
    );
    expect(sample!.lab).toEqual({ sample: 2, readings: [{ reading: 'แป้ง 16.5 %', before: null }] });
    expect(correction!.action).toBe('lab_correct');
    expect(correction!.reason).toBe('พิมพ์ผิด');
    expect(correction!.lab!.readings).toEqual([
      { reading: 'แป้ง 19.0 %', before: 'แป้ง 16.5 %' },
      { reading: 'ดิน 1.0 %', before: null },
    ]);
  });

  it('words each transition: plant time, who, where, why and the numbers of a transfer', () => {
    const lines = historyLines(
      [
        entry({ device_name: 'ตู้ออกบัตรคิว ประตู 1' }),
        entry({
          at: '2026-03-07T01:05:00.000Z',
          action: 'transfer',
          from_state: 'QS',
          to_state: 'QS',
          officer_name: 'สมชาย ขยันยิ่ง',
          from_number: 'A001',
          to_number: 'B014',
        }),
        entry({
          at: '2026-03-07T02:30:00.000Z',
          action: 'reject',
          from_state: 'LF',
          to_state: 'RJ',
          officer_name: ' วิไลวรรณ ',
          station_name: 'ลานเทมัน 1',
          reason_name: 'ความชื้นสูง',
          note: 'วัดได้ 38%',
        }),
        entry({ at: '2026-03-07T03:00:00.000Z', action: 'exit', from_state: 'RJ', to_state: 'RJ' }),
      ],
      'Asia/Bangkok',
      'BE',
    );
    expect(lines.map((l) => [l.at, l.action, l.moved])).toEqual([
      ['07/03/2569 08:00', 'issue', true],
      ['07/03/2569 08:05', 'transfer', false],
      ['07/03/2569 09:30', 'reject', true],
      ['07/03/2569 10:00', 'exit', false],
    ]);
    expect(lines[0]!.who).toEqual({ kind: 'device', name: 'ตู้ออกบัตรคิว ประตู 1' });
    expect(lines[1]!.numbers).toEqual({ from: 'A001', to: 'B014' });
    expect(lines[2]).toMatchObject({
      who: { kind: 'officer', name: 'วิไลวรรณ' },
      station: 'ลานเทมัน 1',
      reason: 'ความชื้นสูง — วัดได้ 38%',
      numbers: null,
    });
    expect(lines[3]!.who).toEqual({ kind: 'system', name: null });
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
  });
});
