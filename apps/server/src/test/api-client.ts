import type { z } from 'zod';
import type { ApiContract } from '@truck-queue/shared/contracts/api';
import { prehashPassword } from '@truck-queue/shared/password';

/** The default API key (config.ts), which the process tests' servers keep. */
export const DEFAULT_API_KEY = 'truck-queue-web';

export interface Answer {
  status: number;
  body: unknown;
}

/** Calls a real server over HTTP, as the web app does: POST /api/<path> with the key and session headers. */
export function apiClient(baseUrl: string, apiKey = DEFAULT_API_KEY) {
  async function post(
    path: string,
    body: unknown,
    options: { session?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: apiKey };
    if (options.session) headers.session = options.session;
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { ...headers, ...options.headers },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Calls a contract and expects success; returns the answer checked against the contract. */
  async function call<C extends ApiContract>(
    contract: C,
    body: z.input<C['body']>,
    session?: string,
  ): Promise<z.output<C['response']>> {
    const answer = await post(contract.path, body, { session });
    if (answer.status !== 200) {
      throw new Error(`${contract.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return contract.response.parse(answer.body) as z.output<C['response']>;
  }

  /** Signs in with a password as typed (the client pre-hashes it) and returns the session token. */
  async function signIn(email: string, password: string): Promise<string> {
    const answer = await post('authen/signin', { email, password: prehashPassword(password) });
    if (answer.status !== 200)
      throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as { officer: { session: string } }).officer.session;
  }

  return { baseUrl, post, call, signIn };
}

export type ApiClient = ReturnType<typeof apiClient>;
