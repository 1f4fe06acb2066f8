import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

/** How long the database may take to answer `select 1` before the instance reports itself down. */
const DATABASE_TIMEOUT_MS = 2000;

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz` for load balancers and process supervisors: 200 when this instance can serve
 * (its database answers, and its Redis when one is configured), 503 otherwise. No API key: it
 * tells nothing about the plant.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; redisStatus: () => 'off' | 'ready' | 'down' },
): void {
  app.get('/healthz', async (_request, reply) => {
    const database = (await databaseAnswers(deps.database)) ? 'ok' : 'down';
    const redis = deps.redisStatus();
    const ok = database === 'ok' && redis !== 'down';
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'down', database, redis, engine: deps.database.engine });
  });
}
