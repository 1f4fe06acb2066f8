import { prehashedPasswordProblem } from '@truck-queue/shared/password-rule';
import { AppError } from './app-error.ts';

const MESSAGES = {
  PASSWORD_IS_EMAIL: 'The new password may not be the e-mail or the part before its @. Choose another.',
  PASSWORD_TOO_COMMON: 'The new password is one of the commonest passwords. Choose another.',
} as const;

/**
 * Refuses a new password (pre-hashed, as every client sends it) that the shared rule says is the
 * officer's e-mail or a common password; the form also checks its length, which the server
 * cannot see (shared/password-rule.ts). For creating an officer, an admin's reset and one's own change.
 */
export function assertPasswordAllowed(prehash: string, email: string, field: string): void {
  const problem = prehashedPasswordProblem(prehash, email);
  if (problem) throw new AppError(problem, MESSAGES[problem], [{ path: field, message: MESSAGES[problem] }]);
}
