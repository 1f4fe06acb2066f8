import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { ApiRequestError, retryAfterSecondsOf } from '../../lib/api-client.ts';
import { currentPasswordFailure, lockedUntil, waitParts, waitText } from './lockout.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en }, th: { translation: th } } });
const enT = i18n.getFixedT('en');
const thT = i18n.getFixedT('th');

describe('waitParts (never less than the server asked)', () => {
  it.each([
    [0.2, 0, 1],
    [1, 0, 1],
    [29.4, 0, 30],
    [59, 0, 59],
    [60, 1, 0],
    [61, 1, 10],
    [861, 14, 30],
    [870, 14, 30],
    [899, 15, 0],
    [900, 15, 0],
  ])('%s s is %s min %s s', (seconds, minutes, rest) => {
    expect(waitParts(seconds)).toEqual({ minutes, seconds: rest });
  });
});

describe('waitText', () => {
  it('says the 15-minute lock-out, and the rest of one, in Thai and English', () => {
    expect(thT('auth.login.lockedFor', { wait: waitText(thT, 900) })).toBe(
      'เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป ลองใหม่ได้ในอีก 15 นาที',
    );
    expect(waitText(thT, 866)).toBe('14 นาที 30 วินาที');
    expect(waitText(thT, 25)).toBe('25 วินาที');
    expect(enT('auth.login.lockedFor', { wait: waitText(enT, 866) })).toBe(
      'Too many failed sign-in attempts. You can try again in 14 min 30 s.',
    );
  });
});

describe('lockedUntil', () => {
  it("reads the deadline from a throttled sign-in's Retry-After, and nothing else", () => {
    const throttled = new ApiRequestError('TOO_MANY_ATTEMPTS', 429, 'wait', { retryAfterSeconds: 900 });
    expect(lockedUntil(throttled, 1_000)).toBe(901_000);
    expect(lockedUntil(new ApiRequestError('TOO_MANY_ATTEMPTS', 429, 'wait'), 1_000)).toBeNull();
    expect(lockedUntil(new ApiRequestError('INVALID_CREDENTIALS', 401, 'no'), 1_000)).toBeNull();
  });
});

describe('retryAfterSecondsOf', () => {
  it('reads seconds or an HTTP date; nothing from an absent or unreadable header', () => {
    expect(retryAfterSecondsOf('900')).toBe(900);
    const now = Date.parse('2026-11-23T08:00:00Z');
    expect(retryAfterSecondsOf('Mon, 23 Nov 2026 08:15:00 GMT', now)).toBe(900);
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf('soon')).toBeUndefined();
  });
});

describe('currentPasswordFailure (Change my password)', () => {
  it('says a wrong current password, and too many of them with the wait, in Thai', () => {
    expect(currentPasswordFailure(thT, new ApiRequestError('INVALID_CREDENTIALS', 401, 'no'))).toBe(
      'รหัสผ่านปัจจุบันไม่ถูกต้อง',
    );
    const throttled = new ApiRequestError('TOO_MANY_ATTEMPTS', 429, 'wait', { retryAfterSeconds: 30 });
    expect(currentPasswordFailure(thT, throttled)).toBe('ใส่รหัสผ่านปัจจุบันผิดหลายครั้งเกินไป ลองใหม่ได้ในอีก 30 วินาที');
    expect(currentPasswordFailure(thT, new ApiRequestError('TOO_MANY_ATTEMPTS', 429, 'wait'))).toBe(
      'ใส่รหัสผ่านปัจจุบันผิดหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่อีกครั้ง',
    );
    expect(currentPasswordFailure(enT, throttled)).toBe(
      'Too many wrong current passwords. You can try again in 30 s.',
    );
  });
});
