import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { knownMigrations } from '../../db/backup/schema-level.ts';
import { sqlState } from '../../lib/pg-errors.ts';
import { createOperationsRepository } from './operations.repository.ts';

/** How long the database may take to answer before the instance reports itself down. */
const DATABASE_TIMEOUT_MS = 2000;

/**
 * Whether the database answers, and whether its schema is the one this build was made for:
 * the last migration drizzle recorded (`created_at`, the journal's `when`) against this build's
 * last. `behind`: migrations not applied (or none at all); `ahead`: a newer build migrated it.
 */
type SchemaState = 'ok' | 'behind' | 'ahead' | 'unknown';

async function checkDatabase(
  database: Database,
  expected: number,
): Promise<{ database: 'ok' | 'down'; schema: SchemaState }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ database: 'down'; schema: 'unknown' }>((resolve) => {
    timer = setTimeout(() => resolve({ database: 'down', schema: 'unknown' }), DATABASE_TIMEOUT_MS);
  });
  const check = async () => {
    try {
      const last = await createOperationsRepository(database.db).lastMigrationMillis();
      const schema: SchemaState = last === expected ? 'ok' : last < expected ? 'behind' : 'ahead';
      return { database: 'ok' as const, schema };
    } catch (error) {
      // No migrations table (or no drizzle schema): the database answers, unmigrated.
      const state = sqlState(error);
      if (state === '42P01' || state === '3F000')
        return { database: 'ok' as const, schema: 'behind' as const };
      return { database: 'down' as const, schema: 'unknown' as const };
    }
  };
  try {
    return await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz` for load balancers and process supervisors: 200 when this instance can serve
 * (its database answers with the schema this build expects or a newer one, and its Redis answers
 * when one is configured), 503 otherwise, saying which of them is wrong. No API key: it tells nothing about
 * the plant.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; redisStatus: () => 'off' | 'ready' | 'down' },
): void {
  const expected = knownMigrations().at(-1)!.millis;
  app.get('/healthz', async (_request, reply) => {
    const { database, schema } = await checkDatabase(deps.database, expected);
    const redis = deps.redisStatus();
    // 'ahead' (another instance of a newer build has migrated) still serves: during a rolling
    // upgrade the old instances must not all be pulled at once. It is reported, not failed.
    const ok = database === 'ok' && (schema === 'ok' || schema === 'ahead') && redis !== 'down';
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'down', database, schema, redis, engine: deps.database.engine });
  });
}
