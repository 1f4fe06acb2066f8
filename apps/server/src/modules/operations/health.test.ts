import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { knownMigrations } from '../../db/backup/schema-level.ts';
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
      schema: 'ok',
      redis: 'off',
      engine: t.database.engine,
    });
  });

  it('answers 503 when the database answers but its schema is not the one this build expects', async () => {
    const health = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      return { code: response.statusCode, body: response.json<Record<string, string>>() };
    };
    const [last] = (
      await t.db.execute<{ id: number; created_at: string }>(
        sql`select id, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;

    // The last migration not applied: an older schema than this build needs.
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    expect(await health()).toEqual({
      code: 503,
      body: { status: 'down', database: 'ok', schema: 'behind', redis: 'off', engine: t.database.engine },
    });

    // A newer build has migrated it further (a rolling upgrade): still serving, and said so.
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, 'newer', ${Number(last!.created_at) + 60_000})`,
    );
    expect(await health()).toMatchObject({
      code: 200,
      body: { status: 'ok', database: 'ok', schema: 'ahead' },
    });

    // No migrations table at all: a database this server has never set up.
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`);
    expect((await health()).body).toMatchObject({ status: 'down', database: 'ok', schema: 'behind' });

    // Put back as it was: every migration up to this build's last.
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`);
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = 'restored', created_at = ${last!.created_at} where id = ${last!.id}`,
    );
    expect((await health()).code).toBe(200);
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
    const current = () => Promise.resolve({ rows: [{ last: String(knownMigrations().at(-1)!.millis) }] });
    expect(await probe(() => Promise.reject(new Error('connection refused')), 'off')).toEqual({
      code: 503,
      body: { status: 'down', database: 'down', schema: 'unknown', redis: 'off', engine: 'postgres' },
    });
    expect((await probe(() => new Promise(() => undefined), 'ready')).body.database).toBe('down');
    expect(await probe(current, 'down')).toMatchObject({
      code: 503,
      body: { database: 'ok', schema: 'ok', redis: 'down' },
    });
    expect((await probe(current, 'ready')).code).toBe(200);
  });
});
