import { describe, expect, it } from 'vitest';
import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import {
  formatKg,
  formatWeightText,
  numberSymbols,
  parseWeightText,
  suggestedDirection,
  weightProblem,
} from './weight.ts';

const thai = numberSymbols('th');
const german = numberSymbols('de');

describe('weights on screen', () => {
  it('groups thousands the language way and keeps one decimal at most', () => {
    expect(formatKg(29962, 'th')).toBe('29,962');
    expect(formatKg(12345.5, 'en')).toBe('12,345.5');
    expect(formatKg(12345.5, 'de')).toBe('12.345,5');
    expect(formatKg(null, 'th')).toBe('-');
  });

  it('formats and parses the weight field both ways', () => {
    expect(formatWeightText('12345.5', thai)).toBe('12,345.5');
    expect(formatWeightText(100000, thai)).toBe('100,000');
    expect(formatWeightText('', thai)).toBe('');
    expect(parseWeightText('12,345.5', thai)).toBe('12345.5');
    expect(formatWeightText('12345.5', german)).toBe('12.345,5');
    expect(parseWeightText('12.345,5', german)).toBe('12345.5');
    expect(parseWeightText(' 8 000 ', numberSymbols('ru'))).toBe('8000');
  });
});

describe('weightProblem', () => {
  it('accepts weights above 0 up to 100 t with one decimal', () => {
    expect(weightProblem(0.1)).toBeNull();
    expect(weightProblem(25340)).toBeNull();
    expect(weightProblem(12345.6)).toBeNull();
    expect(weightProblem(100000)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(weightProblem(null)).toBe('required');
    expect(weightProblem(0)).toBe('range');
    expect(weightProblem(-5)).toBe('range');
    expect(weightProblem(100000.1)).toBe('range');
    expect(weightProblem(12.34)).toBe('decimals');
  });
});

describe('suggestedDirection', () => {
  const row = (weighIn: number | null, weighOut: number | null): WeighRecord => ({
    uuid: 'u',
    ticket_code: 'T-0001',
    queue_number: 'A001',
    queue_date: '2026-11-20',
    truck_license: 'กข 1234',
    queue_type_name: 'ส่งมันสำปะหลัง',
    product_name: 'มันเส้น',
    flow_engine_id: 3,
    queue_state: 'C',
    station_name: 'ลานเท 1',
    called: '2026-11-22T07:50:00Z',
    weigh_in_kg: weighIn,
    weigh_in_at: weighIn === null ? null : '2026-11-22T08:00:00Z',
    weigh_in_source: weighIn === null ? null : 'manual',
    weigh_out_kg: weighOut,
    weigh_out_source: weighOut === null ? null : 'manual',
    weigh_out_at: weighOut === null ? null : '2026-11-22T09:00:00Z',
    weigh_in_reason: null,
    weigh_out_reason: null,
    weigh_in_scale: null,
    weigh_out_scale: null,
    gross_kg: null,
    tare_kg: null,
    net_kg: null,
    weigh_out_tare_at: null,
    weight_warnings: [],
  });

  it('suggests weigh-out only for a truck weighed in and not out', () => {
    expect(suggestedDirection(undefined)).toBe('in');
    expect(suggestedDirection(row(30000, null))).toBe('out');
    expect(suggestedDirection(row(30000, 12000))).toBe('in');
  });
});
