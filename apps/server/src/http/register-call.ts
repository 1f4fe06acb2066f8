import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  HEADER_API_KEY,
  HEADER_DEVICE_ID,
  HEADER_DEVICE_SECRET,
  HEADER_SESSION,
  type ApiContract,
  type DeviceKind,
} from '@truck-queue/shared/contracts/api';
import { signin } from '@truck-queue/shared/contracts/auth.contract';
import { can } from '@truck-queue/shared/roles';
import type { AuthContext, DeviceContext, IntegrationContext } from '../lib/auth-context.ts';
import { AppError } from '../lib/app-error.ts';
import { createRateLimiter, RATE_LIMITS, retryAfterSeconds, type BucketClock } from '../lib/rate-limit.ts';
import { sameSecret } from '../lib/tokens.ts';

/**
 * The largest body a public call takes (sign-in, the driver's page, a device's hello), in bytes:
 * its body is read before any session says who sent it, and sign-in's before its throttle. The
 * largest valid one (a push subscription with a 2,048-character endpoint, a 500-character
 * dispute note in Thai) is under 3 KB; calls made with a session or a device's credentials,
 * which are checked before the body is read, keep the server's 1 MiB.
 */
export const PUBLIC_BODY_LIMIT = 8 * 1024;

export interface CallContext<C extends ApiContract> {
  body: z.output<C['body']>;
  /** Null on public calls made without a session, and on calls a device made. */
  auth: C['access'] extends 'public' | 'device' | 'integration'
    ? AuthContext | null
    : [Exclude<C['device'], undefined>] extends [never]
      ? AuthContext
      : AuthContext | null;
  /** The registered display or kiosk making the call, on calls a device may make. */
  device: DeviceContext | null;
  /** The integration key making the call, on 'integration' calls (never null there). */
  integration: C['access'] extends 'integration' ? IntegrationContext : null;
  request: FastifyRequest;
}

export type CallHandler<C extends ApiContract> = (ctx: CallContext<C>) => Promise<z.output<C['response']>>;

export type RegisterCall = <C extends ApiContract>(contract: C, handler: NoInfer<CallHandler<C>>) => void;

export interface CallGuard {
  apiKey: string;
  /** The session a token belongs to, or null when it is unknown, expired or revoked. */
  authenticate(token: string, request: FastifyRequest): Promise<AuthContext | null>;
  /** Records a refused call (security audit). */
  onForbidden(auth: AuthContext, path: string, request: FastifyRequest): Promise<void>;
  /** The registered device of this kind these credentials belong to, or null. */
  authenticateDevice(kind: DeviceKind, shortId: string, secret: string): Promise<DeviceContext | null>;
  /** The app's clock, which the public calls' bucket reads. */
  clock: BucketClock;
  /** The live integration key (not revoked, not expired) a bearer token is, or null. */
  authenticateKey(token: string): Promise<IntegrationContext | null>;
  /** Takes one of the key's calls of its rate: 0 when allowed, else the milliseconds to wait. */
  takeKeyCall(key: IntegrationContext): number;
  /** Keeps a call made with a key in its audit, answered or refused. */
  auditKeyCall(key: IntegrationContext, path: string, status: number, request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    device: DeviceContext | null;
    integration: IntegrationContext | null;
  }
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Every call carries the client's API key in the Authorization header. */
export function requireApiKey(request: FastifyRequest, apiKey: string): void {
  const key = headerValue(request, HEADER_API_KEY);
  if (!key || !sameSecret(key, apiKey)) {
    throw new AppError('BAD_API_KEY', "The Authorization header does not hold this server's API key.");
  }
}

/**
 * Registers `POST /api/<path>` for a contract: API key, session and role are checked before
 * the body is validated; the handler receives the parsed body and the caller's AuthContext.
 */
export function createCallRegistrar(app: FastifyInstance, guard: CallGuard): RegisterCall {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Calls anyone may make share one bucket per client address. Sign-in is left to its own
  // throttle, which counts failures per account and address (auth.service.ts).
  const publicCalls = createRateLimiter(RATE_LIMITS.publicCalls, { clock: guard.clock });

  /**
   * An integration call: a live key as the bearer token (never the web's API key, never a
   * session), whose scopes hold the call's, within its rate. Known keys' refusals are audited.
   */
  async function checkKey(request: FastifyRequest, scope: ApiContract['scope']): Promise<void> {
    const token = /^Bearer (\S+)$/.exec(headerValue(request, HEADER_API_KEY) ?? '')?.[1];
    const key = token ? await guard.authenticateKey(token) : null;
    if (!key) {
      throw new AppError(
        'UNAUTHENTICATED',
        'This call wants a live integration key as "Authorization: Bearer tqk_…": the key is missing, unknown, revoked or expired.',
      );
    }
    request.integration = key;
    if (!scope || !key.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `This key's scopes do not include ${scope ?? 'this call'}.`);
    }
    const waitMs = guard.takeKeyCall(key);
    if (waitMs > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `This key may make ${key.ratePerMinute} calls a minute. Wait a few seconds and try again.`,
        undefined,
        { retryAfterSeconds: retryAfterSeconds(waitMs) },
      );
    }
  }

  return (contract, handler) => {
    const limited = contract.access === 'public' && contract.path !== signin.path;
    typed.route({
      method: 'POST',
      url: `/api/${contract.path}`,
      schema: { body: contract.body, response: { 200: contract.response } },
      bodyLimit: contract.bodyLimit ?? (contract.access === 'public' ? PUBLIC_BODY_LIMIT : undefined),
      onRequest: async (request) => {
        request.auth = null;
        request.device = null;
        request.integration = null;
        if (contract.access === 'integration') {
          await checkKey(request, contract.scope);
          return;
        }
        // First of all: before the key, the credentials or the body cost anything.
        const waitMs = limited ? publicCalls.take(request.ip) : 0;
        if (waitMs > 0) {
          throw new AppError(
            'RATE_LIMITED',
            'Too many requests from this address. Wait a few seconds and try again.',
            undefined,
            { retryAfterSeconds: retryAfterSeconds(waitMs) },
          );
        }
        requireApiKey(request, guard.apiKey);
        // A display or kiosk: its credentials instead of a session, on the calls devices may make.
        // Any device-id header, even an empty one, asks for the device path: credentials that do
        // not hold are refused, never quietly replaced by the session the request also carries.
        const deviceId = headerValue(request, HEADER_DEVICE_ID);
        const claimsDevice = request.headers[HEADER_DEVICE_ID] !== undefined;
        if (contract.device && (claimsDevice || contract.access === 'device')) {
          const secret = headerValue(request, HEADER_DEVICE_SECRET);
          const device =
            deviceId && secret ? await guard.authenticateDevice(contract.device, deviceId, secret) : null;
          if (!device) {
            throw new AppError(
              'DEVICE_NOT_REGISTERED',
              'This device is not registered, or its connection was cancelled: register its Device ID in the controller.',
            );
          }
          request.device = device;
          return;
        }
        if (contract.access === 'device') {
          throw new AppError('DEVICE_NOT_REGISTERED', 'Only a registered device may make this call.');
        }
        const token = headerValue(request, HEADER_SESSION);
        const auth = token ? await guard.authenticate(token, request) : null;
        if (contract.access === 'public') {
          request.auth = auth;
          return;
        }
        if (!auth)
          throw new AppError('UNAUTHENTICATED', 'Sign in first: the session is missing, expired or ended.');
        if (contract.access !== 'session' && !can(auth.roles, contract.access)) {
          await guard.onForbidden(auth, contract.path, request);
          throw new AppError('FORBIDDEN', 'Your role may not do this.');
        }
        request.auth = auth;
      },
      // Every call a key made, answered or refused, once it is known which key made it: kept
      // before the answer leaves, so the integration never sees an answer its audit lacks.
      onSend: async (request, reply, payload) => {
        if (!request.integration) return payload;
        await guard
          .auditKeyCall(request.integration, contract.path, reply.statusCode, request)
          .catch((cause: unknown) =>
            request.log.error({ err: cause }, 'could not audit an integration call'),
          );
        return payload;
      },
      // The role check above audits its own refusal (before the session is attached); this audits
      // a handler's: another branch, a station that is not the officer's, a role only SuperAdmin gives.
      onError: async (request, _reply, error) => {
        if (request.auth && error instanceof AppError && error.code === 'FORBIDDEN') {
          await guard
            .onForbidden(request.auth, contract.path, request)
            .catch((cause: unknown) => request.log.error({ err: cause }, 'could not audit a refused call'));
        }
      },
      // A call without fields may come with no body at all.
      preValidation: (request, _reply, done) => {
        if (request.body === undefined) request.body = {};
        done();
      },
      handler: async (request, reply) => {
        const result: unknown = await handler({
          body: request.body,
          auth: request.auth as AuthContext,
          device: request.device,
          integration: request.integration,
          request,
        } as CallContext<typeof contract>);
        if (!contract.largeResponse) return result;
        // Long lists skip the response schema: stringified once (the tests check the shape) and
        // sent as UTF-8 bytes made once (a string would be measured and encoded again on the way out).
        return reply.type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify(result)));
      },
    });
  };
}
