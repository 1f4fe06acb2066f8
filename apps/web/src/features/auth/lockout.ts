import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/api-client.ts';
import { errorCodeOf, errorMessage } from '../../lib/errors.ts';

/**
 * A wait as a person reads it: seconds under a minute; from a minute on, minutes and seconds
 * rounded up to ten seconds (899 s is "15 min", 861 s "14 min 30 s"), so it never says less
 * than the server asked for.
 */
export function waitParts(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { minutes: 0, seconds: whole };
  const rounded = Math.ceil(whole / 10) * 10;
  return { minutes: Math.floor(rounded / 60), seconds: rounded % 60 };
}

/** "15 นาที", "14 นาที 30 วินาที", "25 วินาที" (the language's words). */
export function waitText(t: TFunction, seconds: number): string {
  const parts = waitParts(seconds);
  if (parts.minutes === 0) return t('auth.login.wait.seconds', { s: parts.seconds });
  if (parts.seconds === 0) return t('auth.login.wait.minutes', { m: parts.minutes });
  return t('auth.login.wait.minutesSeconds', { m: parts.minutes, s: parts.seconds });
}

/** When a refused sign-in may be tried again (epoch ms), from the server's Retry-After; null if it did not say. */
export function lockedUntil(error: unknown, now: number): number | null {
  if (!isApiRequestError(error) || error.code !== 'TOO_MANY_ATTEMPTS') return null;
  const seconds = error.detail.retryAfterSeconds;
  return seconds === undefined ? null : now + seconds * 1000;
}

/**
 * What "Change my password" says when the server refused the call: a wrong current password,
 * or too many of them and how long to wait (the server's Retry-After, as the login page says
 * it), else the error's own text.
 */
export function currentPasswordFailure(t: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  if (code === 'INVALID_CREDENTIALS') return t('password.currentWrong');
  if (code !== 'TOO_MANY_ATTEMPTS') return errorMessage(t, error);
  const seconds = isApiRequestError(error) ? error.detail.retryAfterSeconds : undefined;
  return seconds === undefined
    ? t('password.tooManyAttempts')
    : t('password.lockedFor', { wait: waitText(t, seconds) });
}
