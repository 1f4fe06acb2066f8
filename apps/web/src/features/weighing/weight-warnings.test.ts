import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { storedTareOffer, warningLines, weightWarningsOf } from './weight-warnings.ts';

const tare = {
  kg: 11_000,
  weighed_at: '2026-12-01T08:00:00Z',
  expires_at: '2026-12-31T08:00:00Z',
  valid: true,
};

describe('the stored tare offer', () => {
  it('offers finishing a weighed-in truck on a valid, lighter tare where the branch allows it', () => {
    expect(storedTareOffer({ weigh_in_kg: 30_000, weigh_out_kg: null }, { allowed: true, tare })).toBe(
      'finish',
    );
  });

  it('says when the tare has lapsed or is not lighter, and offers nothing otherwise', () => {
    const truck = { weigh_in_kg: 30_000, weigh_out_kg: null };
    expect(storedTareOffer(truck, { allowed: true, tare: { ...tare, valid: false } })).toBe('expired');
    expect(storedTareOffer({ ...truck, weigh_in_kg: 10_000 }, { allowed: true, tare })).toBe('heavy');
    expect(storedTareOffer(truck, { allowed: false, tare })).toBe('none');
    expect(storedTareOffer(truck, { allowed: true, tare: null })).toBe('none');
    expect(storedTareOffer({ weigh_in_kg: null, weigh_out_kg: null }, { allowed: true, tare })).toBe('none');
    expect(storedTareOffer({ weigh_in_kg: 30_000, weigh_out_kg: 11_000 }, { allowed: true, tare })).toBe(
      'none',
    );
    expect(storedTareOffer(undefined, { allowed: true, tare })).toBe('none');
  });
});

describe('weight warnings', () => {
  it('are read from a WEIGHT_WARNING refusal only', () => {
    const warnings = [{ code: 'GROSS_OVER_LEGAL' as const, kg: 26_500, limit_kg: 25_000 }];
    const refused = new ApiRequestError('CONFLICT', 409, 'x', { reason: 'WEIGHT_WARNING', warnings });
    expect(weightWarningsOf(refused)).toEqual(warnings);
    expect(
      weightWarningsOf(new ApiRequestError('CONFLICT', 409, 'x', { reason: 'OUT_OF_ORDER' })),
    ).toBeNull();
    expect(weightWarningsOf(new Error('x'))).toBeNull();
  });

  it('are written with their figures in the reader’s digits', () => {
    const t = ((key: string, o: Record<string, string>) =>
      `${key} ${o.kg} ${o.limit}`) as unknown as TFunction;
    expect(warningLines(t, [{ code: 'GROSS_OVER_LEGAL', kg: 26_500, limit_kg: 25_000 }], 'en')).toEqual([
      'weighing.warnings.GROSS_OVER_LEGAL 26,500 25,000',
    ]);
  });
});
