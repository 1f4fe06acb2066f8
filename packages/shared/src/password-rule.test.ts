import { describe, expect, it } from 'vitest';
import { prehashPassword } from './password.ts';
import {
  COMMON_PASSWORDS,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  prehashedPasswordProblem,
} from './password-rule.ts';

const EMAIL = 'Somchai.K@Plant.co.th';

describe('passwordProblem (the form)', () => {
  it('wants at least 8 characters, counting Thai letters and marks as typed', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordProblem('1', EMAIL)).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('k7#mQ2x', EMAIL)).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('k7#mQ2xZ', EMAIL)).toBeNull();
    expect(passwordProblem('ข้าวหอมมะลิ', EMAIL)).toBeNull();
  });

  it('refuses the e-mail and its local part, whatever the letter case', () => {
    expect(passwordProblem('somchai.k@plant.co.th', EMAIL)).toBe('PASSWORD_IS_EMAIL');
    expect(passwordProblem('SOMCHAI.K', EMAIL)).toBe('PASSWORD_IS_EMAIL');
    expect(passwordProblem('somchai.k1', EMAIL)).toBeNull();
  });

  it('refuses the common list in any letter case, Thai ones and the Thai keyboard layout included', () => {
    for (const common of ['12345678', 'password', 'Password', 'QWERTY123', '11111111', '1qaz2wsx']) {
      expect(passwordProblem(common, EMAIL), common).toBe('PASSWORD_TOO_COMMON');
    }
    expect(passwordProblem('ประเทศไทย', EMAIL)).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('ยฟหหไนพก', EMAIL)).toBe('PASSWORD_TOO_COMMON');
  });

  it('keeps the documented demo passwords usable', () => {
    expect(passwordProblem('demo1234', 'somchai@example.com')).toBeNull();
    expect(passwordProblem('admin1234', 'admin@example.com')).toBeNull();
  });

  it('lists each entry once, in lower case', () => {
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const entry of COMMON_PASSWORDS) expect(entry, entry).toBe(entry.toLowerCase());
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(100);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(200);
  });
});

describe('prehashedPasswordProblem (the server, which sees only the pre-hash)', () => {
  it('recognises the e-mail and its local part as usually spelled', () => {
    for (const typed of ['somchai.k@plant.co.th', 'somchai.k', 'SOMCHAI.K', 'Somchai.k']) {
      expect(prehashedPasswordProblem(prehashPassword(typed), EMAIL), typed).toBe('PASSWORD_IS_EMAIL');
    }
  });

  it('recognises every common password, short ones included, lower, upper and capitalised', () => {
    for (const common of COMMON_PASSWORDS) {
      expect(prehashedPasswordProblem(prehashPassword(common), EMAIL), common).toBe('PASSWORD_TOO_COMMON');
    }
    for (const typed of ['1', 'PASSWORD', 'Password', 'Qwerty']) {
      expect(prehashedPasswordProblem(prehashPassword(typed), EMAIL), typed).toBe('PASSWORD_TOO_COMMON');
    }
  });

  it('lets a good password and the demo passwords through', () => {
    expect(prehashedPasswordProblem(prehashPassword('k7#mQ2xZ'), EMAIL)).toBeNull();
    expect(prehashedPasswordProblem(prehashPassword('demo1234'), 'somchai@example.com')).toBeNull();
    expect(prehashedPasswordProblem(prehashPassword('admin1234'), 'admin@example.com')).toBeNull();
  });
});
