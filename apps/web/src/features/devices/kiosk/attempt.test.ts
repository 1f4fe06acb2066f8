import { describe, expect, it } from 'vitest';
import { attemptAfter, attemptFor, type TicketChoice } from './attempt.ts';

const choice: TicketChoice = { kind: 'walk_in', queueTypeId: 1, productId: 2, licence: '70-1234' };

function keys() {
  let n = 0;
  return () => `key-${++n}-abcdef`;
}

describe('a ticket attempt and its idempotency key', () => {
  it('gets a key when the truck confirms, and keeps it for every retry until issued', () => {
    const newKey = keys();
    const first = attemptFor(null, choice, newKey);
    expect(first.key).toBe('key-1-abcdef');
    // The server could not be reached: the retry sends the same key.
    const kept = attemptAfter(first, 'unreachable');
    expect(attemptFor(kept, { ...choice }, newKey).key).toBe('key-1-abcdef');
    expect(attemptFor(attemptAfter(first, 'refused'), choice, newKey).key).toBe('key-1-abcdef');
    // Issued: the next truck (even the same choice) starts a new attempt.
    expect(attemptAfter(first, 'issued')).toBeNull();
    expect(attemptFor(attemptAfter(first, 'issued'), choice, newKey).key).toBe('key-2-abcdef');
  });

  it('makes a new key when the choice changed, so it never gets the earlier choice’s ticket', () => {
    const newKey = keys();
    const first = attemptFor(null, choice, newKey);
    expect(attemptFor(first, { ...choice, licence: '70-9999' }, newKey).key).toBe('key-2-abcdef');
    expect(attemptFor(first, { ...choice, productId: 3 }, newKey).key).toBe('key-3-abcdef');
    expect(attemptFor(first, { ...choice, queueTypeId: 4 }, newKey).key).toBe('key-4-abcdef');
  });
});

describe('a booking check-in attempt', () => {
  const booked: TicketChoice = { kind: 'booking', code: 'ACDEFGH3', licence: '' };

  it('keeps its key for retries of the same code and plate, and takes a new one for another', () => {
    const newKey = keys();
    const first = attemptFor(null, booked, newKey);
    expect(attemptFor(attemptAfter(first, 'unreachable'), { ...booked }, newKey).key).toBe('key-1-abcdef');
    expect(attemptFor(first, { ...booked, code: 'ACDEFGH4' }, newKey).key).toBe('key-2-abcdef');
    expect(attemptFor(first, { ...booked, licence: '70-1234' }, newKey).key).toBe('key-3-abcdef');
    // A walk-in ticket for the same plate is another request.
    expect(attemptFor(first, { ...choice, licence: '' }, newKey).key).toBe('key-4-abcdef');
  });
});
