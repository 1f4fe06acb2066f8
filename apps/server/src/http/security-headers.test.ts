import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers.ts';
import { WEB_DIST } from './web-app.ts';

/** The browser tests build the web app; without a build, pages and files answer 404 (still checked). */
const built = existsSync(path.join(WEB_DIST, 'index.html'));

let t: TestContext;
/** The whole app as `npm start` serves it: API, pages and static files, plus a route that fails. */
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  app = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
  app.get('/test/fails', () => {
    throw new Error('an unexpected failure');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(response.headers[name], `${name} on ${what}`).toBe(value);
  }
}

const api = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', authorization: t.config.apiKey, ...headers },
  });

describe('security headers', () => {
  it('has the policy the issue asks for', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
      'connect-src': "'self'",
    });
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(SECURITY_HEADERS).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('come with API answers: success, refusal, bad input, unknown call', async () => {
    const officer = await t.createOfficer({ branchId: (await t.createBranch()).id, roles: ROLE.employee });
    const signin = await api(
      '/api/authen/signin',
      JSON.stringify({ email: officer.email, password: prehashPassword(officer.password) }),
    );
    expect(signin.statusCode).toBe(200);
    expectSecurityHeaders(signin, 'a successful call');

    const cases: [string, LightMyRequestResponse, number][] = [
      ['a call without session', await api('/api/authen/checkSession', '{}'), 401],
      ['a call without API key', await api('/api/authen/checkSession', '{}', { authorization: '' }), 401],
      ['a body that is not JSON', await api('/api/authen/signin', '{oops'), 400],
      ['an invalid body', await api('/api/authen/signin', '{"email":1}'), 400],
      ['an unknown call', await api('/api/nothing/here', '{}'), 404],
      ['a GET of an unknown API path', await app.inject({ method: 'GET', url: '/api/nothing' }), 404],
      ['a failure on the server', await app.inject({ method: 'GET', url: '/test/fails' }), 500],
      ['the health check', await app.inject({ method: 'GET', url: '/healthz' }), 200],
    ];
    for (const [what, response, status] of cases) {
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  it('come with pages and static files', async () => {
    const asset = built ? readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js')) : 'x.js';
    const cases: [string, string, string][] = [
      ['the back office', '/', 'text/html'],
      ['a back-office route', '/System/dashboard', 'text/html'],
      ["the driver's page", '/Queue/data/1b4e28ba-2fa1-41d2-883f-0016d3cca427', 'text/html'],
      ['a script', `/assets/${asset}`, 'javascript'],
      ['the icon', '/favicon.svg', 'image/svg+xml'],
      ['a missing file', '/assets/missing-file.js', ''],
    ];
    for (const [what, url, type] of cases) {
      const response = await app.inject({ method: 'GET', url });
      if (built) expect(response.headers['content-type'], what).toContain(type);
      expectSecurityHeaders(response, what);
    }
  });

  it.skipIf(!built)('serve pages without inline scripts, so script-src stays at self', async () => {
    for (const url of ['/', '/Queue/data/1b4e28ba-2fa1-41d2-883f-0016d3cca427']) {
      const html = (await app.inject({ method: 'GET', url })).body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        // The driver's page carries its data in a JSON block: never run, so not a script CSP governs.
        if (/\btype="application\/json"/.test(attributes!)) {
          expect(() => JSON.parse(body!) as unknown, url).not.toThrow();
          continue;
        }
        expect(attributes, url).toMatch(/\bsrc="\/assets\//);
        expect(body!.trim(), url).toBe('');
      }
      expect(html, url).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});
