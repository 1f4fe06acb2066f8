import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { registerHealthRoutes } from './health.routes.ts';

describe('GET /healthz', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 200 without an API key while the database answers, and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'off',
      engine: t.database.engine,
    });
  });

  it('answers 503 when the database fails or hangs, or Redis is down, so a balancer takes the instance out', async () => {
    const probe = async (execute: () => Promise<unknown>, redis: 'off' | 'ready' | 'down') => {
      const app = Fastify();
      registerHealthRoutes(app, {
        database: { engine: 'postgres', db: { execute } } as never,
        redisStatus: () => redis,
      });
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      await app.close();
      return { code: response.statusCode, body: response.json<Record<string, string>>() };
    };
    expect(await probe(() => Promise.reject(new Error('connection refused')), 'off')).toEqual({
      code: 503,
      body: { status: 'down', database: 'down', redis: 'off', engine: 'postgres' },
    });
    expect((await probe(() => new Promise(() => undefined), 'ready')).body.database).toBe('down');
    expect(await probe(() => Promise.resolve(), 'down')).toMatchObject({
      code: 503,
      body: { database: 'ok', redis: 'down' },
    });
    expect((await probe(() => Promise.resolve(), 'ready')).code).toBe(200);
  });
});
