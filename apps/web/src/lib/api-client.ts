import {
  ApiErrorSchema,
  type ApiError,
  HEADER_API_KEY,
  HEADER_DEVICE_ID,
  HEADER_DEVICE_SECRET,
  HEADER_SESSION,
  type ApiContract,
  type BodyOf,
  type ConflictReason,
  type ErrorCode,
  type NumberCandidate,
  type ResponseOf,
  type UnfinishedStep,
} from '@truck-queue/shared/contracts/api';
import { config } from './config.ts';
import { clearSession, readSession } from './session.ts';

/** Server error codes plus the one the client adds when the server cannot be reached. */
export type ClientErrorCode = ErrorCode | 'NETWORK';

/** What a refusal says beyond its code, for the screen to act on. */
export interface ApiErrorDetail {
  reason?: ConflictReason | undefined;
  queueNumber?: string | undefined;
  candidates?: NumberCandidate[] | undefined;
  missing?: UnfinishedStep[] | undefined;
  /** WEIGHT_WARNING: what the weights are outside of (issue 42). */
  warnings?: ApiError['warnings'];
  /** VALIDATION_FAILED: each field refused ('rule.classes.0.name') and why. */
  issues?: { path: string; message: string }[] | undefined;
  /** How long the server asked the client to wait before trying again (its Retry-After), in seconds. */
  retryAfterSeconds?: number | undefined;
}

/** A Retry-After header in seconds (a number of seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSecondsOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export class ApiRequestError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    message: string,
    /**
     * For a CONFLICT: why, and the queue it concerns (errors.reasons.<REASON>); the trucks a
     * number may mean (AMBIGUOUS_NUMBER) and what a truck has not done (UNFINISHED_EXIT).
     */
    readonly detail: ApiErrorDetail = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** For a body that is not the server's error shape (a proxy's page, an empty reply). */
function codeForStatus(status: number): ClientErrorCode {
  if (status === 400 || status === 422) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_ATTEMPTS';
  if (status === 502 || status === 503 || status === 504) return 'NETWORK';
  return 'INTERNAL';
}

let onUnauthenticated: () => void = () => window.location.assign('/authen/login');

/** The router registers a client-side navigation to the login page here. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** A display's or kiosk's identity: the short id it shows and the secret only this browser holds. */
export interface DeviceCredentials {
  id: string;
  secret: string;
}

/**
 * POST `/api/<contract.path>` with the API key and the stored session (or, for a display or
 * kiosk, its device credentials). The response is checked against the contract, so callers
 * get exactly the contract's output type.
 */
export async function callApi<C extends ApiContract>(
  contract: C,
  body: BodyOf<C>,
  options: { signal?: AbortSignal; device?: DeviceCredentials } = {},
): Promise<ResponseOf<C>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADER_API_KEY]: config.apiKey,
  };
  const session = readSession();
  if (options.device) {
    headers[HEADER_DEVICE_ID] = options.device.id;
    headers[HEADER_DEVICE_SECRET] = options.device.secret;
  } else if (session && contract.access !== 'public') {
    headers[HEADER_SESSION] = session;
  }

  let response: Response;
  try {
    response = await fetch(`/api/${contract.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError('NETWORK', 0, error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readJson(response);
  // A cancelled request (a newer refetch replaced it) cuts the body short: not a server fault.
  if (options.signal?.aborted) throw options.signal.reason;

  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(payload);
    const code = parsed.success ? parsed.data.code : codeForStatus(response.status);
    const message = parsed.success ? parsed.data.message : response.statusText;
    if (code === 'UNAUTHENTICATED' && contract.access !== 'public' && !options.device) {
      // A failed session check sends the officer to the login page (SPEC.md section 2).
      clearSession();
      onUnauthenticated();
    }
    const retryAfterSeconds = retryAfterSecondsOf(response.headers.get('retry-after'));
    const detail: ApiErrorDetail = parsed.success
      ? {
          reason: parsed.data.reason,
          queueNumber: parsed.data.queue_number,
          candidates: parsed.data.candidates,
          missing: parsed.data.missing,
          warnings: parsed.data.warnings,
          issues: parsed.data.issues,
          retryAfterSeconds,
        }
      : { retryAfterSeconds };
    throw new ApiRequestError(code, response.status, message, detail);
  }

  const parsed = contract.response.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${contract.path}`, parsed.error);
    throw new ApiRequestError('INTERNAL', response.status, `Unexpected response from ${contract.path}`);
  }
  return parsed.data as ResponseOf<C>;
}
