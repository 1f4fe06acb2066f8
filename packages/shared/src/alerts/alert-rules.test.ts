import { describe, expect, it } from 'vitest';
import { saveAlertRule } from '../contracts/alert.contract.ts';
import {
  ALERT_CAP_PERCENT,
  alertKindTakesPercent,
  alertKindTakesQueueType,
  alertSubjectOf,
  thaiAlertDigest,
  thaiAlertText,
  type AlertFacts,
} from './alert-rules.ts';

describe('a cap near its limit (cap_near)', () => {
  it('is about a line’s cap, narrowed by queue type, its threshold a percent of the cap', () => {
    expect(alertSubjectOf('cap_near')).toBe('cap');
    expect(alertSubjectOf('waiting_call')).toBe('truck');
    expect(alertSubjectOf('station_idle')).toBe('station');
    expect(alertSubjectOf('printer_paper')).toBe('device');
    expect(alertKindTakesQueueType('cap_near')).toBe(true);
    expect(alertKindTakesPercent('cap_near')).toBe(true);
    expect(alertKindTakesPercent('waiting_call')).toBe(false);
    expect(ALERT_CAP_PERCENT).toEqual({ min: 50, max: 100 });
  });

  it('names the line, the class, its share of the day and its cap in the chat', () => {
    const facts: AlertFacts = {
      kind: 'cap_near',
      minutes: 12,
      queueTypeName: 'ส่งอ้อย',
      className: 'อ้อยไฟไหม้',
      sharePercent: 23,
      maxPercent: 25,
    };
    expect(thaiAlertText(facts)).toBe('ประเภท ส่งอ้อย: อ้อยไฟไหม้ ถึง 23% ของวันนี้ (เพดาน 25%) มีรถรอ');
    // A share with a decimal keeps one.
    expect(thaiAlertText({ ...facts, sharePercent: 22.54 })).toContain('ถึง 22.5% ของวันนี้');
  });

  it('counts many caps in one digest line at the rule’s percent', () => {
    const cap = (type: string, name: string, share: number): AlertFacts => ({
      kind: 'cap_near',
      minutes: 0,
      queueTypeName: type,
      className: name,
      sharePercent: share,
      maxPercent: 25,
    });
    const digest = thaiAlertDigest(
      'cap_near',
      80,
      [cap('ส่งอ้อย', 'อ้อยไฟไหม้', 21), cap('ส่งอ้อย', 'อ้อยปนดิน', 20.5), cap('มันสำปะหลัง', 'มันเน่า', 24)],
      null,
    );
    expect(digest).toBe(
      'เพดาน 3 รายการ ใช้ไปถึง 80% แล้ว ขณะที่มีรถรอ: ส่งอ้อย อ้อยไฟไหม้ 21/25%, ส่งอ้อย อ้อยปนดิน 20.5/25%, มันสำปะหลัง มันเน่า 24/25%',
    );
  });

  it('is saved with a percent and no minutes; every other kind with minutes and no percent', () => {
    const body = {
      kind: 'cap_near' as const,
      branch_queue_type_id: 3,
      threshold_minutes: null,
      threshold_percent: 80,
      repeat_minutes: 0,
      urgent: false,
      active: true,
    };
    const issues = (value: object) =>
      saveAlertRule.body.safeParse(value).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues(body)).toEqual([]);
    expect(issues({ ...body, threshold_percent: null })).toEqual(['threshold_percent']);
    expect(issues({ ...body, threshold_minutes: 30 })).toEqual(['threshold_minutes']);
    expect(issues({ ...body, threshold_percent: 49 })).toEqual(['threshold_percent']);
    expect(issues({ ...body, threshold_percent: 101 })).toEqual(['threshold_percent']);
    const minutes = {
      ...body,
      kind: 'waiting_call' as const,
      threshold_minutes: 30,
      threshold_percent: null,
    };
    expect(issues(minutes)).toEqual([]);
    expect(issues({ ...minutes, threshold_percent: 80 })).toEqual(['threshold_percent']);
    expect(issues({ ...minutes, threshold_minutes: null })).toEqual(['threshold_minutes']);
  });
});
