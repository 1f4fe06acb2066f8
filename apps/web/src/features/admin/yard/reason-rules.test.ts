import { describe, expect, it } from 'vitest';
import type { Reason } from '@truck-queue/shared/contracts/yard.contract';
import { nextSort, reasonNameTaken, reasonsOfKind, SORT_MAX } from './reason-rules.ts';

const reason = (id: number, kind: Reason['kind'], name: string, sort: number, active = true): Reason => ({
  id,
  kind,
  name,
  sort,
  active,
  queue_type_ids: [],
});

const REASONS = [
  reason(1, 'reject', 'สิ่งเจือปนเกิน', 20),
  reason(2, 'reject', 'ความชื้นสูง', 10),
  reason(3, 'reject', 'หัวมันเน่าเสีย', 5, false),
  reason(4, 'recheck', 'ความชื้นสูง', 10),
  reason(5, 'void', 'ออกบัตรซ้ำ', 990),
];

describe('reasonsOfKind', () => {
  it('lists one kind, in use first, each part by sort number', () => {
    expect(reasonsOfKind(REASONS, 'reject').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(reasonsOfKind(REASONS, 'recheck').map((r) => r.id)).toEqual([4]);
  });
});

describe('nextSort', () => {
  it('puts a new reason after the last of its kind, within the limit', () => {
    expect(nextSort(REASONS, 'reject')).toBe(30);
    expect(nextSort(REASONS, 'void')).toBe(SORT_MAX);
    expect(nextSort([], 'recheck')).toBe(10);
  });
});

describe('reasonNameTaken', () => {
  it('compares names within the kind, retired ones too, ignoring case and spaces', () => {
    expect(reasonNameTaken(REASONS, 'reject', ' หัวมันเน่าเสีย ', undefined)).toBe(true);
    expect(reasonNameTaken(REASONS, 'void', 'ความชื้นสูง', undefined)).toBe(false);
    // Renaming a reason to its own name is no clash.
    expect(reasonNameTaken(REASONS, 'reject', 'ความชื้นสูง', 2)).toBe(false);
  });
});
