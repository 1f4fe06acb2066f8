import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../lib/json-depth.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { PUBLIC_BODY_LIMIT } from './register-call.ts';

/**
 * Issue 37, hole 4: a body nested a million deep was parsed (hundreds of milliseconds of the
 * event loop) before sign-in's throttle could refuse it. Bodies are now refused by their depth
 * before JSON.parse sees them, and public calls take small bodies only.
 */

let t: TestContext;
let officer: { email: string; password: string };

beforeAll(async () => {
  t = await createTestContext();
  const branch = await t.createBranch('Body plant');
  officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** POSTs raw text as JSON. */
function postRaw(path: string, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': 'application/json', authorization: t.config.apiKey, ...headers },
    payload,
  });
}

/** Counts the JSON.parse calls the server makes on texts that start like this one. */
function countParses(prefix: string) {
  const parse = JSON.parse.bind(JSON);
  let calls = 0;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.startsWith(prefix)) calls++;
    return parse(text, reviver) as unknown;
  });
  return () => calls;
}

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('the depth scan', () => {
  it('counts brackets outside strings only, and stops at the first one too deep', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`{"a":"${'['.repeat(1000)}"}`)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash does not escape the quote.
    expect(jsonTooDeep(`["\\"${'['.repeat(100)}"]`)).toBe(false);
    expect(jsonTooDeep(`["\\\\",${nested(40)}]`)).toBe(true);
    expect(jsonTooDeep(`{"a":${nested(20, '{"b":{"c":[1]}}')}}`)).toBe(false);
    // Unterminated, never closed: still too deep (JSON.parse would have gone that deep first).
    expect(jsonTooDeep('['.repeat(100))).toBe(true);
    // What JSON.parse refuses at once is left to it.
    expect(jsonTooDeep(`]${'['.repeat(100)}`)).toBe(false);
  });
});

describe('a deeply nested body', () => {
  it('is refused on sign-in before JSON.parse reads it: 1 MiB is over its size, 8 KB over its depth', async () => {
    const parses = countParses('{"email":[[[[');
    const huge = await postRaw('authen/signin', `{"email":${nested(500_000)}}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 0, code: 'PAYLOAD_TOO_LARGE' });
    const deep = await postRaw('authen/signin', `{"email":${nested(3000)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ status: 0, code: 'BODY_TOO_DEEP' });
    expect(parses()).toBe(0);

    const ok = await postRaw(
      'authen/signin',
      JSON.stringify({ email: officer.email, password: prehashPassword(officer.password) }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('is refused on a signed-in call (1 MiB, half a million deep) and on an unknown path, without being parsed', async () => {
    const session = await t.signIn(officer.email, officer.password);
    const parses = countParses('[[[[');
    const refused = await postRaw('authen/checkSession', nested(500_000), { session });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 0, code: 'BODY_TOO_DEEP' });
    const unknown = await postRaw('authen/nothing', nested(100));
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(parses()).toBe(0);
    // As deep as allowed: parsed, and refused by the contract as any wrong body is.
    const allowed = await postRaw('authen/checkSession', `{"a":${nested(MAX_JSON_DEPTH - 1)}}`, { session });
    expect(allowed.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    expect((await postRaw('authen/checkSession', '{}', { session })).statusCode).toBe(200);
  });
});

describe('an address no route serves', () => {
  it('is answered 404 before its body is read: a flat 900 KB body is never parsed', async () => {
    const parses = countParses('{"pad":');
    const body = JSON.stringify({ pad: 'x'.repeat(900_000) });
    for (const [method, url] of [
      ['POST', '/api/nothing'],
      ['PUT', '/api/authen/signin'],
      ['DELETE', '/anything'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', authorization: t.config.apiKey },
        payload: body,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 0, code: 'NOT_FOUND' });
    }
    expect(parses()).toBe(0);
  });
});

describe('the size of a public body', () => {
  it('is bounded far below the 1 MiB of signed-in calls: sign-in takes a few hundred bytes', async () => {
    const padded = JSON.stringify({
      email: officer.email,
      password: prehashPassword(officer.password),
      pad: 'x'.repeat(PUBLIC_BODY_LIMIT),
    });
    const parses = countParses('{"email":');
    const response = await postRaw('authen/signin', padded);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 0, code: 'PAYLOAD_TOO_LARGE' });
    expect(parses()).toBe(0);
    expect(PUBLIC_BODY_LIMIT).toBeLessThanOrEqual(16 * 1024);
  });
});
