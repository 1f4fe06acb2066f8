import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@truck-queue/shared/contracts/api';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { contractsByPath } from './api-contracts.ts';

interface Operation {
  operationId: string;
  description: string;
  security: Record<string, string[]>[];
  requestBody?: { required: boolean; content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, object>;
    securitySchemes: Record<string, { name?: string; type: string; scheme?: string }>;
  };
}

let t: TestContext;
let document: Document;
beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(() => t.close());

/** Every `$ref` in the document, with where it is. */
function refs(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === '$ref' && typeof v === 'string' ? [{ ref: v, at }] : refs(v, `${at}/${key}`),
  );
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every contract as POST /api/<path>, its body and its answer', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    const contracts = [...contractsByPath().values()];
    expect(contracts.length).toBeGreaterThan(50);
    for (const contract of contracts) {
      const operation = document.paths[`/api/${contract.path}`]?.post;
      expect(operation, contract.path).toBeDefined();
      expect(operation!.requestBody?.content['application/json']?.schema, contract.path).toBeTypeOf('object');
      expect(operation!.responses['200']?.content?.['application/json']?.schema, contract.path).toBeTypeOf(
        'object',
      );
      expect(operation!.responses['400']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
    // Nothing else under /api/ but the one download; no web pages, no docs routes.
    const described = Object.keys(document.paths).filter(
      (path) => !contracts.some((c) => `/api/${c.path}` === path),
    );
    expect(described).toEqual(['/api/report/download/{token}']);
  });

  it('says which headers each call wants, with security schemes that exist', () => {
    const schemes = document.components.securitySchemes;
    expect(Object.values(schemes).map((s) => s.name ?? `${s.type} ${s.scheme}`)).toEqual([
      'authorization',
      'http bearer',
      'session',
      'device-id',
      'device-secret',
    ]);
    const contracts = contractsByPath();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(ids.has(operation.operationId), `${path} operationId`).toBe(false);
        ids.add(operation.operationId);
        for (const requirement of operation.security) {
          // Every call wants the API key but the integrations', which want their own key instead.
          const byKey = contracts.get(path.replace(/^\/api\//, ''))?.access === 'integration';
          expect(Object.keys(requirement)).toContain(byKey ? 'integrationKey' : 'apiKey');
          for (const name of Object.keys(requirement)) expect(schemes).toHaveProperty(name);
        }
      }
    }
    const security = (path: string) => document.paths[`/api/${path}`]!.post!.security;
    expect(security('authen/signin')).toContainEqual({ apiKey: [] });
    expect(security('officer/mainOfficer')).toEqual([{ apiKey: [], session: [] }]);
    expect(security('device/displayBoard')).toEqual([{ apiKey: [], deviceId: [], deviceSecret: [] }]);
    expect(security('process/printer/issueQueue')).toEqual([
      { apiKey: [], session: [] },
      { apiKey: [], deviceId: [], deviceSecret: [] },
    ]);
    expect(security('integration/tickets')).toEqual([{ integrationKey: [] }]);
    expect(document.paths['/api/integration/tickets']!.post!.description).toContain('tickets:read');
    expect(document.paths['/api/officer/mainOfficer']!.post!.responses).toHaveProperty('403');
    expect(contracts.get('officer/mainOfficer')!.access).toBe('admin');
  });

  it('describes the error shape with every stable code, and every $ref resolves', () => {
    const apiError = document.components.schemas.ApiError as {
      properties: { code: { enum: string[] }; status: { const?: number } };
      required: string[];
    };
    expect(apiError.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(apiError.required).toEqual(expect.arrayContaining(['status', 'code', 'message']));
    for (const code of ERROR_CODES) expect(document.info.description).toContain(`\`${code}\``);
    for (const { ref, at } of refs(document)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, `${ref} at ${at}`).toBeTypeOf('object');
    }
  });

  it('holds JSON Schemas (2020-12) that accept a real body and refuse a bad one, as the server does', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(() => ajv.compile(document.components.schemas.ApiError!)).not.toThrow();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const media of Object.values(response.content ?? {})) {
            if (!('$ref' in media.schema))
              expect(() => ajv.compile(media.schema), `${path} ${status}`).not.toThrow();
          }
        }
      }
    }
    const signIn = ajv.compile(
      document.paths['/api/authen/signin']!.post!.requestBody!.content['application/json']!.schema,
    );
    expect(signIn({ email: 'a@example.com', password: 'f'.repeat(40) })).toBe(true);
    expect(signIn({ email: 'a@example.com', password: 'f'.repeat(40), extra: 1 })).toBe(false);
    const refused = await t.post('authen/signin', {
      email: 'a@example.com',
      password: 'f'.repeat(40),
      extra: 1,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the docs page', () => {
  it('serves Swagger UI from this server: no inline script, no CDN, every asset answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\/static\//);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
    }
    // Every <script> has a src and an empty body: a CSP with script-src 'self' lets it run.
    for (const [, body] of page.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
      expect(body!.trim()).toBe('');
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });
});
