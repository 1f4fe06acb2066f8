import { describe, expect, it } from 'vitest';
import { isEmailLogin, isValidUsername, normalizeLogin } from './login.ts';

describe('logins', () => {
  it('takes usernames of letters, digits, dots, dashes and underscores, never one that looks like an e-mail', () => {
    expect(isValidUsername('somchai.k')).toBe(true);
    expect(isValidUsername('emp0142')).toBe(true);
    expect(isValidUsername('somchai@plant')).toBe(false);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('.dot')).toBe(false);
    expect(isValidUsername('สมชาย')).toBe(false);
    expect(isValidUsername('a'.repeat(33))).toBe(false);
  });

  it('compares logins trimmed and in lower case, and tells an e-mail by its @', () => {
    expect(normalizeLogin('  SomChai.K ')).toBe('somchai.k');
    expect(isEmailLogin('lab@example.com')).toBe(true);
    expect(isEmailLogin('emp0142')).toBe(false);
  });
});
