import { describe, expect, it } from 'vitest';
import { DEFAULT_HARVEST_SEASON } from '@truck-queue/shared/season';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  changedQuotas,
  deliveredPercent,
  newSeasonDays,
  quotaRefusals,
  seasonRefusals,
  withDraft,
} from './season-rules.ts';

const refused = (
  detail: ConstructorParameters<typeof ApiRequestError>[3],
  code: 'VALIDATION_FAILED' | 'CONFLICT',
) => new ApiRequestError(code, code === 'CONFLICT' ? 409 : 400, 'refused', detail);

describe('a new season', () => {
  it('is the crop year holding today, or between seasons the next one, named in the calendar', () => {
    expect(newSeasonDays('2026-11-30', DEFAULT_HARVEST_SEASON, 'BE')).toEqual({
      name: '2569/70',
      starts_on: '2026-11-01',
      ends_on: '2027-04-30',
    });
    expect(newSeasonDays('2027-02-14', DEFAULT_HARVEST_SEASON, 'CE')).toEqual({
      name: '2026/27',
      starts_on: '2026-11-01',
      ends_on: '2027-04-30',
    });
    expect(newSeasonDays('2027-07-10', DEFAULT_HARVEST_SEASON, 'BE')).toMatchObject({
      name: '2570/71',
      starts_on: '2027-11-01',
    });
    // A season inside one year is named by it.
    expect(newSeasonDays('2027-03-01', { start: '01-15', finish: '06-30' }, 'BE')).toEqual({
      name: '2570',
      starts_on: '2027-01-15',
      ends_on: '2027-06-30',
    });
  });
});

describe('refusals', () => {
  it('land an overlap on the days and each field the server names', () => {
    expect(seasonRefusals(refused({ reason: 'SEASON_OVERLAP' }, 'CONFLICT'))).toEqual([
      { field: 'days', key: 'seasons.form.overlap' },
    ]);
    expect(
      seasonRefusals(
        refused(
          {
            issues: [
              { path: 'product', message: 'x' },
              { path: 'ends_on', message: 'x' },
              { path: 'starts_on', message: 'x' },
              { path: 'unit', message: 'x' },
            ],
          },
          'VALIDATION_FAILED',
        ),
      ),
    ).toEqual([
      { field: 'product', key: 'seasons.form.refused.product' },
      { field: 'days', key: 'seasons.form.refused.days' },
      { field: 'unit', key: 'seasons.form.refused.unit' },
    ]);
    expect(seasonRefusals(new Error('offline'))).toEqual([]);
  });

  it('name the quota rows by supplier from the index the server gives', () => {
    const sent = [{ supplier_id: 7 }, { supplier_id: 9 }];
    const rows = quotaRefusals(
      refused(
        {
          issues: [
            { path: 'quotas.1.supplier_id', message: 'x' },
            { path: 'quotas.0.entitlement', message: 'x' },
            { path: 'quotas.5.entitlement', message: 'x' },
          ],
        },
        'VALIDATION_FAILED',
      ),
      sent,
    );
    expect([...rows]).toEqual([
      [9, 'seasons.quotas.refused.supplier'],
      [7, 'seasons.quotas.refused.entitlement'],
    ]);
  });
});

describe('the quota table', () => {
  it('keeps a typed entitlement only while it differs from the saved one', () => {
    let drafts = withDraft(new Map(), 7, 40, 45);
    drafts = withDraft(drafts, 9, null, 10);
    drafts = withDraft(drafts, 11, 12, null);
    expect(changedQuotas(drafts)).toEqual([
      { supplier_id: 7, entitlement: 45 },
      { supplier_id: 9, entitlement: 10 },
      { supplier_id: 11, entitlement: null },
    ]);
    expect(changedQuotas(withDraft(drafts, 7, 40, 40)).map((q) => q.supplier_id)).toEqual([9, 11]);
  });

  it('fills the progress bar to the entitlement, full past it', () => {
    expect(deliveredPercent(30, 120)).toBe(25);
    expect(deliveredPercent(130, 120)).toBe(100);
    expect(deliveredPercent(0, 0)).toBe(0);
    expect(deliveredPercent(5, 0)).toBe(100);
  });
});
