/**
 * What an officer signs in with: an e-mail, or a username for an officer who has none (issue 36).
 * Both are matched case-insensitively and are unique over the installation; a username never
 * holds an '@', so it can never be read as somebody's e-mail.
 */

/** 3 to 32 letters a-z, digits, '.', '_' or '-', starting with a letter or digit ("somchai.k", "emp0142"). */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const USERNAME_MAX = 32;

/** The form a login is compared and stored in: trimmed, lower case. */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

/** Whether a typed login is an e-mail (it has an '@'); otherwise it is a username. */
export function isEmailLogin(login: string): boolean {
  return login.includes('@');
}

/** Whether `username` (normalized) is one an admin may give. */
export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}
