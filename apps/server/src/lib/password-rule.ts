import { prehashedPasswordProblem } from '@truck-queue/shared/password-rule';
import { AppError } from './app-error.ts';

const MESSAGES = {
  PASSWORD_IS_EMAIL: 'The new password may not be the e-mail or the part before its @. Choose another.',
  PASSWORD_TOO_COMMON: 'The new password is one of the commonest passwords. Choose another.',
} as const;

/**
 * Refuses a new password (pre-hashed, as every client sends it) that the shared rule says is the
 * officer's e-mail or username, or a common password; the form also checks its length, which the server
 * cannot see (shared/password-rule.ts). For creating an officer, an admin's reset and one's own change.
 */
export function assertPasswordAllowed(
  prehash: string,
  logins: string | readonly string[],
  field: string,
): void {
  // A username is checked as an e-mail's part before its @ is: the password may not be it.
  const problem = [logins]
    .flat()
    .filter((login) => login !== '')
    .map((login) => prehashedPasswordProblem(prehash, login))
    .find((p) => p !== null);
  if (problem) throw new AppError(problem, MESSAGES[problem], [{ path: field, message: MESSAGES[problem] }]);
}
