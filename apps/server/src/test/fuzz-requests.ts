import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { ApiErrorSchema, type ApiContract } from '@truck-queue/shared/contracts/api';
import {
  anyBody,
  fieldsBody,
  fuzzString,
  headerValue,
  mutation,
  rawPayload,
  type FuzzValue,
  type Mutation,
  type RawPayload,
} from './fuzz-bodies.ts';
import type { FuzzPlant } from './fuzz-plant.ts';
import { fieldNames } from './fuzz-routes.ts';

/**
 * A fuzzed API call as fast-check generates it (a body, the headers, the client's address), the
 * headers it turns into, and what its answer must look like.
 */

export type BodyPlan =
  | { kind: 'any'; value: FuzzValue }
  | { kind: 'fields'; value: FuzzValue }
  | { kind: 'mutate'; change: Mutation }
  | { kind: 'raw'; raw: RawPayload };

export type HeaderPlan =
  | { kind: 'proper' }
  | { kind: 'wrong-role' }
  | { kind: 'no-api-key' }
  | { kind: 'bad-api-key'; value: string }
  | { kind: 'no-session' }
  | { kind: 'bad-session'; value: string }
  | { kind: 'bad-device'; id: string; secret: string }
  | { kind: 'junk'; headers: [string, string][] }
  | { kind: 'doubled' };

export interface Plan {
  body: BodyPlan;
  headers: HeaderPlan;
  ip: string;
}

const junkHeaderName = fc.oneof(
  fc.constantFrom(
    'x-forwarded-for',
    'x-real-ip',
    'accept',
    'accept-language',
    'accept-encoding',
    'content-encoding',
    'user-agent',
    'origin',
    'referer',
    'cookie',
    'x-http-method-override',
    'device-id',
    'device-secret',
    'x-request-id',
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
);

/** Mostly the right credentials (so bodies reach validation and handlers), else missing, wrong or odd ones. */
const headerPlan: fc.Arbitrary<HeaderPlan> = fc.oneof(
  { weight: 14, arbitrary: fc.constant({ kind: 'proper' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrong-role' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'no-api-key' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bad-api-key' as const), value: headerValue }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'no-session' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bad-session' as const), value: headerValue }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bad-device' as const), id: headerValue, secret: headerValue }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('junk' as const),
      headers: fc.array(fc.tuple(junkHeaderName, headerValue), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'doubled' as const }) },
);

/** Any address but the one the fixture signs in from, so the per-address throttle never locks the fixture out. */
const clientIp = fc.oneof(fc.ipV4(), fc.ipV6()).filter((ip) => ip !== '127.0.0.1');

/**
 * The route's valid body with its proper headers: each route's first request, so that every
 * route is accepted at least once whatever its share of random plans (npm test sends fewer).
 */
export const VALID_PLAN: Plan = {
  body: { kind: 'mutate', change: { op: 'valid' } },
  headers: { kind: 'proper' },
  ip: '192.0.2.10',
};

/**
 * The valid body with one field set to a string holding NUL, for every field: PostgreSQL's text
 * cannot hold it (PGlite's can), so a schema that forgets `noNul` fails only there. Sent on every
 * run, not left to chance.
 */
export function nulPlans(contract: ApiContract): Plan[] {
  return fieldNames(contract.body).map((field) => ({
    ...VALID_PLAN,
    body: { kind: 'mutate', change: { op: 'set', field, value: 'a\u0000b' } },
  }));
}

export function planFor(contract: ApiContract): fc.Arbitrary<Plan> {
  const fields = fieldNames(contract.body);
  const body: fc.Arbitrary<BodyPlan> = fc.oneof(
    { weight: 2, arbitrary: anyBody.map((value) => ({ kind: 'any' as const, value })) },
    { weight: 3, arbitrary: fieldsBody(fields).map((value) => ({ kind: 'fields' as const, value })) },
    { weight: 4, arbitrary: mutation(fields).map((change) => ({ kind: 'mutate' as const, change })) },
    { weight: 1, arbitrary: rawPayload.map((raw) => ({ kind: 'raw' as const, raw })) },
  );
  return fc.record({ body, headers: headerPlan, ip: clientIp });
}

/**
 * The headers of a plan. `viaDevice` picks, for calls a kiosk may make with its credentials
 * instead of a session, which of the two the proper headers carry.
 */
export function headersFor(
  contract: ApiContract,
  plan: HeaderPlan,
  fuzz: FuzzPlant,
  apiKey: string,
  viaDevice: boolean,
): Record<string, string | string[]> {
  // An integration call carries its key where the others carry the API key.
  const key = fuzz.keyFor(contract);
  const headers: Record<string, string | string[]> = { authorization: key ? `Bearer ${key}` : apiKey };
  const session = fuzz.sessionFor(contract);
  const device = fuzz.deviceFor(contract);
  const proper = (): Record<string, string> =>
    device && (!session || viaDevice) ? { ...device } : session ? { session } : {};
  switch (plan.kind) {
    case 'proper':
      return { ...headers, ...proper() };
    case 'wrong-role':
      return { ...headers, session: fuzz.wrongSessionFor(contract) ?? session ?? '' };
    case 'no-api-key':
      return { ...proper() };
    case 'bad-api-key':
      return { ...proper(), authorization: plan.value === apiKey ? `${plan.value}x` : plan.value };
    case 'no-session':
      return headers;
    case 'bad-session':
      return { ...headers, session: plan.value };
    case 'bad-device':
      return { ...headers, ...proper(), 'device-id': plan.id, 'device-secret': plan.secret };
    case 'junk':
      return { ...headers, ...proper(), ...Object.fromEntries(plan.headers) };
    case 'doubled':
      // Node keeps the first of repeated Authorization headers and joins repeated custom ones:
      // the API key still holds, the session becomes "token, y" and must not.
      return { ...proper(), authorization: [apiKey, apiKey], session: [session ?? 'x', 'y'] };
  }
}

/** True when these headers alone must get the call refused, whatever the body. */
export function headersRefuse(contract: ApiContract, plan: HeaderPlan, fuzz: FuzzPlant): boolean {
  const byKey = contract.access === 'integration';
  const needsSession = contract.access !== 'public' && contract.access !== 'device' && !byKey;
  switch (plan.kind) {
    case 'no-api-key':
    case 'bad-api-key':
      return true;
    case 'wrong-role':
      return fuzz.wrongSessionFor(contract) !== null;
    case 'no-session':
    case 'bad-session':
      return needsSession && !contract.device;
    case 'doubled':
      // The first of the doubled Authorization headers, the API key, is no integration key.
      return byKey || (needsSession && !contract.device);
    case 'bad-device':
      return contract.device !== undefined || contract.access === 'device';
    case 'proper':
    case 'junk':
      return false;
  }
}

/** Whether a JSON body could pass the contract's schema (null: a raw payload, which might). */
export function bodyMayPass(contract: ApiContract, text: string | null): boolean {
  if (text === null) return true;
  try {
    return contract.body.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * What is wrong with an answer, or null: never a 5xx; a refusal is JSON in the API's error shape;
 * an API call's success matches its contract.
 */
export function answerProblem(
  response: LightMyRequestResponse,
  method: string,
  contract: ApiContract | null,
): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (method === 'HEAD') return null;
  // The API docs page redirects to its own address; an API call never does.
  if (response.statusCode >= 300 && response.statusCode < 400) {
    return !contract && response.headers.location ? null : `redirected ${response.statusCode}`;
  }
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  if (!ok) {
    if (!json)
      return `refused ${response.statusCode} without JSON: ${String(response.headers['content-type'])}`;
    const error = ApiErrorSchema.safeParse(response.json());
    return error.success ? null : `refused ${response.statusCode} outside the error shape: ${response.body}`;
  }
  if (!contract) return null;
  if (!json) return `answered ${response.statusCode} without JSON`;
  const parsed = contract.response.safeParse(response.json());
  return parsed.success ? null : `answered outside the contract: ${parsed.error.message.slice(0, 500)}`;
}

/** How an answer is counted: its status when accepted, its code when refused. */
export function answerKey(response: LightMyRequestResponse): string {
  if (response.statusCode < 300) return String(response.statusCode);
  try {
    return response.json<{ code?: string }>().code ?? String(response.statusCode);
  } catch {
    return String(response.statusCode);
  }
}

/** A path segment as a client may send it: encoded, or (lone surrogates) in the obsolete "%u" + four hex digits form no decoder takes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return escape(text);
  }
}

export type GetCaller =
  'owner' | 'other-officer' | 'no-session' | 'bad-session' | 'no-api-key' | 'bad-api-key';

export interface GetPlan {
  method: 'GET' | 'HEAD';
  /** The route pattern, and what replaces its parameter (or wildcard). */
  pattern: string;
  part: string;
  query: string;
  caller: GetCaller;
}

/** Requests to the GET routes under /api: the export's token nearly right, random, undecodable or huge. */
export function getPlan(patterns: string[], realToken: string): fc.Arbitrary<GetPlan> {
  const part = fc.oneof(
    fc.constant(realToken),
    fc
      .nat({ max: realToken.length - 1 })
      .map((i) => `${realToken.slice(0, i)}${realToken[i] === 'A' ? 'B' : 'A'}${realToken.slice(i + 1)}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    fuzzString.map(encode),
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(5000)),
  );
  const query = fc.option(
    fc
      .array(fc.tuple(fuzzString.map(encode), fuzzString.map(encode)), { maxLength: 3 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    { nil: '' },
  );
  return fc.record({
    method: fc.constantFrom('GET' as const, 'HEAD' as const),
    pattern: fc.constantFrom(...patterns),
    part,
    query,
    caller: fc.constantFrom<GetCaller>(
      'owner',
      'other-officer',
      'no-session',
      'bad-session',
      'no-api-key',
      'bad-api-key',
    ),
  });
}

export function getHeaders(caller: GetCaller, apiKey: string, fuzz: FuzzPlant): Record<string, string> {
  const owner = fuzz.sessions.admin;
  switch (caller) {
    case 'owner':
      return { authorization: apiKey, session: owner };
    case 'other-officer':
      return { authorization: apiKey, session: fuzz.sessions.caller };
    case 'no-session':
      return { authorization: apiKey };
    case 'bad-session':
      return { authorization: apiKey, session: 'x'.repeat(43) };
    case 'no-api-key':
      return { session: owner };
    case 'bad-api-key':
      return { authorization: 'nope', session: owner };
  }
}

/** Paths no route serves (or methods a route does not take): each must get a JSON 404 or 400. */
export function strayPlan(known: string[]) {
  const path = fc.oneof(
    fc.constantFrom(...known),
    fc.constantFrom(
      '/api',
      '/api/',
      '/api//authen/signin',
      '/api/authen/signin/',
      '/API/authen/signin',
      '/api/authen/signin%00',
      '/api/report/download',
      '/api/report/download/',
      '/api/__proto__',
      '/api/constructor/prototype',
    ),
    fc
      .array(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,12}$/), { minLength: 1, maxLength: 4 })
      .map((segments) => `/api/${segments.join('/')}`),
  );
  const method = fc.constantFrom<'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD' | 'POST'>(
    'GET',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'HEAD',
    'POST',
  );
  return (
    fc
      .record({ path, method, body: fc.option(anyBody, { nil: undefined }) })
      // POST to a real route is the per-route tests' work; here only what no route serves.
      .filter((plan) => !(plan.method === 'POST' && known.includes(plan.path)))
  );
}
