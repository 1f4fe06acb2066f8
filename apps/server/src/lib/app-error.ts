import type {
  ApiError,
  ConflictReason,
  ErrorCode,
  NumberCandidate,
  UnfinishedStep,
} from '@truck-queue/shared/contracts/api';
import type { WeightWarning } from '@truck-queue/shared/queue/weight-checks';

const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_API_KEY: 401,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  FORBIDDEN: 403,
  DEVICE_NOT_REGISTERED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  BODY_TOO_DEEP: 400,
  RATE_LIMITED: 429,
  EXPORT_BUSY: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  PASSWORD_IS_EMAIL: 400,
  PASSWORD_TOO_COMMON: 400,
  PRINTER_HOST_REQUIRED: 400,
  PRINTER_ADDRESS_NOT_LOCAL: 400,
};

/** A refusal the client should see: a stable code, its HTTP status and an English message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly issues: { path: string; message: string }[] | undefined;
  readonly reason: ConflictReason | undefined;
  readonly queueNumber: string | undefined;
  /** Sent as the `Retry-After` header (whole seconds) when the client should wait before retrying. */
  readonly retryAfterSeconds: number | undefined;
  readonly candidates: NumberCandidate[] | undefined;
  readonly missing: UnfinishedStep[] | undefined;
  readonly warnings: WeightWarning[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    issues?: { path: string; message: string }[],
    detail: {
      reason?: ConflictReason;
      queueNumber?: string;
      retryAfterSeconds?: number;
      candidates?: NumberCandidate[];
      missing?: UnfinishedStep[];
      warnings?: WeightWarning[];
    } = {},
  ) {
    super(message);
    this.code = code;
    this.httpStatus = HTTP_STATUS[code];
    this.issues = issues;
    this.reason = detail.reason;
    this.queueNumber = detail.queueNumber;
    this.retryAfterSeconds = detail.retryAfterSeconds;
    this.candidates = detail.candidates;
    this.missing = detail.missing;
    this.warnings = detail.warnings;
  }

  /** The wire form: `{status: 0, code, message, ...}`. */
  toBody(): ApiError {
    return {
      status: 0,
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.queueNumber ? { queue_number: this.queueNumber } : {}),
      ...(this.candidates ? { candidates: this.candidates } : {}),
      ...(this.missing ? { missing: this.missing } : {}),
      ...(this.warnings
        ? { warnings: this.warnings.map((w) => ({ code: w.code, kg: w.kg, limit_kg: w.limitKg })) }
        : {}),
    };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string, reason: ConflictReason, queueNumber?: string) =>
  new AppError('CONFLICT', message, undefined, { reason, queueNumber });
export const forbidden = (message = 'Your role may not do this.') => new AppError('FORBIDDEN', message);
