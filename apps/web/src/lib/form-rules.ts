import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { hasHiddenCharacter, startsLikeFormula } from '@truck-queue/shared/typed-text';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@truck-queue/shared/password-rule';
import { isApiRequestError } from './api-client.ts';

/**
 * Text a person types that others read (a name of an officer, product, station or screen, a
 * reason, a note): it may not start like a spreadsheet formula, and may not hold characters
 * nobody sees (direction marks, zero-width spaces; pasted text brings them): said in the form,
 * before the server refuses it the same way (shared contracts/api.ts). `lines`: a note with lines.
 */
export function typedTextRule(t: TFunction, lines = false): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string'
        ? Promise.resolve()
        : startsLikeFormula(value.trim())
          ? Promise.reject(new Error(t('common.startsLikeFormula')))
          : hasHiddenCharacter(value, lines)
            ? Promise.reject(new Error(t('common.hiddenCharacters')))
            : Promise.resolve(),
  };
}

/**
 * A new password (create an officer, an admin's reset, one's own change): the shared rule
 * (shared/password-rule.ts), each problem said in the officer's language, as the server says it
 * with the same code. `email` is whose password it is (read when the rule runs).
 */
export function newPasswordRule(t: TFunction, logins: () => string | readonly string[]): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return Promise.resolve();
      // The officer's e-mail and username (issue 36): the password may be neither.
      const problems = [logins()].flat().map((login) => passwordProblem(value, login));
      const problem = problems.find((p) => p === 'PASSWORD_IS_EMAIL') ?? problems[0] ?? null;
      return problem
        ? Promise.reject(new Error(t(`errors.${problem}`, { min: PASSWORD_MIN_LENGTH })))
        : Promise.resolve();
    },
  };
}

/** The server refused the new password by the same rule (PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON). */
export function isPasswordRefusal(error: unknown): boolean {
  return (
    isApiRequestError(error) && (error.code === 'PASSWORD_IS_EMAIL' || error.code === 'PASSWORD_TOO_COMMON')
  );
}
