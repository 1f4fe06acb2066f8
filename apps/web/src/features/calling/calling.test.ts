import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { isStaffAction } from '@truck-queue/shared/queue/queue-machine';
import { formatElapsed, secondsSince } from './components/elapsed.ts';
import { newIdempotencyKey } from './api/use-issue-ticket.ts';
import { ackError } from './api/use-queue-action.ts';
import { hasStaffActions, labWait } from './components/process-card.tsx';
import { callingKeys } from './api/query-keys.ts';
import { queueKeys } from '../../lib/query-keys.ts';

/** Echoes the key and its values, so a test sees which text the UI would show. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('waiting times', () => {
  it('counts whole seconds since the ticket, never negative', () => {
    const now = Date.parse('2026-03-07T10:00:00Z');
    expect(secondsSince('2026-03-07T09:58:30Z', now)).toBe(90);
    expect(secondsSince('2026-03-07T10:05:00Z', now)).toBe(0);
    expect(secondsSince('not a date', now)).toBe(0);
  });

  it('shows whole minutes, hours and minutes, or days and hours, never a zero part', () => {
    expect(formatElapsed(t, 59, 'short')).toBe('duration.short.lessThanMinute');
    expect(formatElapsed(t, 25 * 60 + 59, 'long')).toBe('duration.long.minute {"n":25}');
    expect(formatElapsed(t, 65 * 60, 'short')).toBe(
      'duration.short.hour {"n":1} duration.short.minute {"n":5}',
    );
    expect(formatElapsed(t, 120 * 60 + 30, 'short')).toBe('duration.short.hour {"n":2}');
    expect(formatElapsed(t, (49 * 60 + 10) * 60, 'long')).toBe(
      'duration.long.day {"n":2} duration.long.hour {"n":1}',
    );
  });
});

describe('queue actions', () => {
  it('offers call, recheck, reject and finish only where the queue machine allows them', () => {
    expect(hasStaffActions(2, 'QS')).toBe(true);
    expect(hasStaffActions(3, 'QS')).toBe(false);
    expect(hasStaffActions(3, 'LS')).toBe(false);
    expect(hasStaffActions(3, 'LF')).toBe(true);
    expect(hasStaffActions(3, 'RC')).toBe(true);
    expect(hasStaffActions(1, 'C')).toBe(true);
    expect(hasStaffActions(2, 'F')).toBe(false);
    expect(isStaffAction('accept')).toBe(false);
  });

  it('says why a lab queue cannot be called before its result', () => {
    expect(labWait(3, 'QS')).toBe('sampleNotCollected');
    expect(labWait(3, 'LS')).toBe('awaitingLab');
    expect(labWait(3, 'L')).toBe('awaitingLab');
    expect(labWait(3, 'LF')).toBeNull();
    expect(labWait(2, 'QS')).toBeNull();
  });

  it('turns a refused acknowledgement into an error whose code the UI translates', () => {
    expect(ackError({ status: 0, code: 'CONFLICT', message: 'x' }).code).toBe('CONFLICT');
    expect(ackError({ status: 0, code: 'NETWORK', message: 'x' }).code).toBe('NETWORK');
    expect(ackError({ status: 0, code: 'SOMETHING_NEW', message: 'x' }).code).toBe('INTERNAL');
  });
});

describe('ticket requests', () => {
  it('get a fresh idempotency key each time, long enough for the server', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(8);
  });
});

describe('the announcement proof key', () => {
  it('follows the list it was taken from: a refetched list asks for the proof again, once', () => {
    expect(callingKeys.announcements([3, 1, 2], 1000)).toEqual(callingKeys.announcements([1, 2, 3], 1000));
    expect(callingKeys.announcements([1, 2], 1000)).not.toEqual(callingKeys.announcements([1, 2], 2000));
    // Outside the live keys: a queue change refetches the list, not the proof of the old list.
    expect(callingKeys.announcements([1], 1000).slice(0, queueKeys.allLive.length)).not.toEqual(
      queueKeys.allLive,
    );
    expect(callingKeys.announcements([1], 1000).slice(0, 2)).toEqual(callingKeys.allAnnouncements);
  });
});
