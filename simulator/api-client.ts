import { performance } from 'node:perf_hooks';
import {
  ApiErrorSchema,
  HEADER_API_KEY,
  HEADER_DEVICE_ID,
  HEADER_DEVICE_SECRET,
  HEADER_SESSION,
  type ApiContract,
  type ApiError,
  type BodyOf,
  type ResponseOf,
} from '@truck-queue/shared/contracts/api';
import type { Ledger } from './ledger.ts';

/** Who makes a call: an officer's session, a registered device, or nobody (public calls). */
export type Credentials = { session: string } | { deviceId: string; secret: string } | null;

/** A refusal the simulator provokes on purpose, and must get exactly. */
export interface Refusal {
  status: number;
  code: ApiError['code'];
  reason?: ApiError['reason'];
}

export class CallFailed extends Error {}

/** An HTTP answer as it came: the status and the parsed JSON body. */
export interface Answer {
  status: number;
  json: unknown;
}

const CALL_TIMEOUT_MS = 30_000;

/**
 * The API as the web app and the devices call it: POST /api/<path> with the API key, a session
 * or device credentials, a JSON body. Every answer is checked against its contract; every call
 * is timed; a non-2xx the simulator did not ask for is an error.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
    private readonly ledger: Ledger,
  ) {}

  /** Posts a call and times it; no answer at all (a timeout, a dropped connection) is an error. */
  async post(contract: ApiContract, body: unknown, who: Credentials): Promise<Answer> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [HEADER_API_KEY]: this.apiKey,
    };
    if (who && 'session' in who) headers[HEADER_SESSION] = who.session;
    if (who && 'deviceId' in who) {
      headers[HEADER_DEVICE_ID] = who.deviceId;
      headers[HEADER_DEVICE_SECRET] = who.secret;
    }
    const started = performance.now();
    let response: Response;
    let json: unknown;
    try {
      response = await fetch(`${this.baseUrl}/api/${contract.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        // A server that stops answering fails the run instead of hanging it.
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      json = await response.json();
    } catch (error) {
      const message = `${contract.path}: no answer (${(error as Error).message})`;
      this.ledger.error(message);
      throw new CallFailed(message);
    }
    this.ledger.latency(contract.path, performance.now() - started);
    return { status: response.status, json };
  }

  /** A posted call's answer, which must be a 2xx valid against its contract. */
  expectOk<C extends ApiContract>(contract: C, body: BodyOf<C>, { status, json }: Answer): ResponseOf<C> {
    if (status < 200 || status > 299) {
      const message = `${contract.path} ${JSON.stringify(body)}: HTTP ${status} ${JSON.stringify(json)}`;
      this.ledger.error(message);
      throw new CallFailed(message);
    }
    const parsed = contract.response.safeParse(json);
    if (!parsed.success) {
      const message = `${contract.path}: the answer does not match its contract: ${parsed.error.issues[0]?.message}`;
      this.ledger.error(message);
      throw new CallFailed(message);
    }
    return parsed.data as ResponseOf<C>;
  }

  /** A posted call's answer, which must be the refusal `expected` (and so change nothing). */
  expectRefusal<C extends ApiContract>(
    contract: C,
    body: BodyOf<C>,
    { status, json }: Answer,
    expected: Refusal,
  ): ApiError | null {
    const error = ApiErrorSchema.safeParse(json);
    if (
      status !== expected.status ||
      !error.success ||
      error.data.code !== expected.code ||
      (expected.reason !== undefined && error.data.reason !== expected.reason)
    ) {
      this.ledger.error(
        `${contract.path} ${JSON.stringify(body)}: expected ${expected.status} ${expected.code}` +
          `${expected.reason ? `/${expected.reason}` : ''}, got HTTP ${status} ${JSON.stringify(json)}`,
      );
      return null;
    }
    this.ledger.slip(`${contract.path} again → ${expected.reason ?? expected.code}`);
    return error.data;
  }

  async call<C extends ApiContract>(contract: C, body: BodyOf<C>, who: Credentials): Promise<ResponseOf<C>> {
    return this.expectOk(contract, body, await this.post(contract, body, who));
  }

  /** A call that must be refused with `expected` (and so change nothing). */
  async refuse<C extends ApiContract>(
    contract: C,
    body: BodyOf<C>,
    who: Credentials,
    expected: Refusal,
  ): Promise<ApiError | null> {
    return this.expectRefusal(contract, body, await this.post(contract, body, who), expected);
  }
}
