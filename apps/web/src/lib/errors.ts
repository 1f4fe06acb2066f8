import type { TFunction } from 'i18next';
import type { ConflictReason } from '@truck-queue/shared/contracts/api';
import { isApiRequestError, type ClientErrorCode } from './api-client.ts';

export function errorCodeOf(error: unknown): ClientErrorCode {
  return isApiRequestError(error) ? error.code : 'INTERNAL';
}

/** Why the server refused with CONFLICT (its `reason`), if it said. */
export function conflictReasonOf(error: unknown): ConflictReason | undefined {
  return isApiRequestError(error) ? error.detail.reason : undefined;
}

/**
 * The translated text for a failed call: for a conflict with a known reason, what happened to
 * which queue (`errors.reasons.<REASON>`); otherwise one text per error code (`errors.<CODE>`).
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiRequestError(error) && error.detail.reason) {
    return t(`errors.reasons.${error.detail.reason}`, { n: error.detail.queueNumber ?? '' });
  }
  return t(`errors.${errorCodeOf(error)}`);
}
