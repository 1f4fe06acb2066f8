import type { TFunction } from 'i18next';
import type { ConflictReason, NumberCandidate, UnfinishedStep } from '@truck-queue/shared/contracts/api';
import { isApiRequestError, type ClientErrorCode } from './api-client.ts';

export function errorCodeOf(error: unknown): ClientErrorCode {
  return isApiRequestError(error) ? error.code : 'INTERNAL';
}

/** Why the server refused with CONFLICT (its `reason`), if it said. */
export function conflictReasonOf(error: unknown): ConflictReason | undefined {
  return isApiRequestError(error) ? error.detail.reason : undefined;
}

/**
 * The trucks a typed number may mean, when the server refused it as AMBIGUOUS_NUMBER: the
 * officer picks one and the counter sends the same call again with its uuid. Empty otherwise.
 */
export function numberCandidatesOf(error: unknown): NumberCandidate[] {
  if (!isApiRequestError(error) || error.detail.reason !== 'AMBIGUOUS_NUMBER') return [];
  return error.detail.candidates ?? [];
}

/** The queue number a refusal is about, when the server named it (a scanned ticket has none typed). */
export function queueNumberOf(error: unknown): string | undefined {
  return isApiRequestError(error) ? error.detail.queueNumber : undefined;
}

/**
 * What a truck has not done, when the gate refused its exit as UNFINISHED_EXIT (or the
 * weighbridge its weigh-out as OUT_OF_ORDER); null for any other failure. An empty list still means "ask first" (the server said so, without naming why).
 */
export function unfinishedStepsOf(
  error: unknown,
  reason: 'UNFINISHED_EXIT' | 'OUT_OF_ORDER' = 'UNFINISHED_EXIT',
): UnfinishedStep[] | null {
  if (!isApiRequestError(error) || error.detail.reason !== reason) return null;
  return error.detail.missing ?? [];
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
