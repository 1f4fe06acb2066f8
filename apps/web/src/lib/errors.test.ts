import { describe, expect, it } from 'vitest';
import type { NumberCandidate } from '@truck-queue/shared/contracts/api';
import { ApiRequestError } from './api-client.ts';
import { conflictReasonOf, numberCandidatesOf, unfinishedStepsOf } from './errors.ts';

const candidates: NumberCandidate[] = [
  {
    uuid: '7d3c1c1e-5a4b-4c7e-9a51-0f6f2b9c1d01',
    queue_number: 'D001',
    truck_license: '70-1234 ขอนแก่น',
    queue_type_name: 'ติดต่อทั่วไป',
    created: '2026-11-23T15:40:00.000Z',
    queue_date: '2026-11-23',
  },
  {
    uuid: '7d3c1c1e-5a4b-4c7e-9a51-0f6f2b9c1d02',
    queue_number: 'D001',
    truck_license: '81-5678 ขอนแก่น',
    queue_type_name: 'ติดต่อทั่วไป',
    created: '2026-11-24T00:10:00.000Z',
    queue_date: '2026-11-24',
  },
];

const conflict = (detail: ConstructorParameters<typeof ApiRequestError>[3]) =>
  new ApiRequestError('CONFLICT', 409, 'refused', detail);

describe('numberCandidatesOf', () => {
  it('reads the trucks a number may mean from an AMBIGUOUS_NUMBER refusal', () => {
    const error = conflict({ reason: 'AMBIGUOUS_NUMBER', queueNumber: 'D001', candidates });
    expect(conflictReasonOf(error)).toBe('AMBIGUOUS_NUMBER');
    expect(numberCandidatesOf(error)).toEqual(candidates);
  });

  it('gives none for any other failure, or an ambiguity without its list', () => {
    expect(numberCandidatesOf(conflict({ reason: 'ALREADY_LEFT', candidates }))).toEqual([]);
    expect(numberCandidatesOf(conflict({ reason: 'AMBIGUOUS_NUMBER' }))).toEqual([]);
    expect(numberCandidatesOf(new Error('network'))).toEqual([]);
    expect(numberCandidatesOf(undefined)).toEqual([]);
  });
});

describe('unfinishedStepsOf', () => {
  it("reads what a truck has not done from the gate's UNFINISHED_EXIT refusal", () => {
    const error = conflict({
      reason: 'UNFINISHED_EXIT',
      queueNumber: 'B004',
      missing: ['call', 'weigh_out'],
    });
    expect(unfinishedStepsOf(error)).toEqual(['call', 'weigh_out']);
  });

  it('still asks when the server named no step; null for any other failure', () => {
    expect(unfinishedStepsOf(conflict({ reason: 'UNFINISHED_EXIT' }))).toEqual([]);
    expect(unfinishedStepsOf(conflict({ reason: 'EXIT_ALREADY_RECORDED', missing: ['call'] }))).toBeNull();
    expect(unfinishedStepsOf(new ApiRequestError('NOT_FOUND', 404, 'no such queue'))).toBeNull();
    expect(unfinishedStepsOf(new Error('boom'))).toBeNull();
  });
});
