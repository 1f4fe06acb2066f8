import type { TFunction } from 'i18next';
import { isApiRequestError, type ClientErrorCode } from './api-client.ts';

export function errorCodeOf(error: unknown): ClientErrorCode {
  return isApiRequestError(error) ? error.code : 'INTERNAL';
}

/** The translated text for a failed call: one key per error code under `errors.`. */
export function errorMessage(t: TFunction, error: unknown): string {
  return t(`errors.${errorCodeOf(error)}`);
}
