import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import type { Config } from '../apps/server/src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  flowStates,
  queueTypes,
  stations,
  stationStates,
} from '../apps/server/src/db/schema.ts';
import { prepareDatabase } from '../apps/server/src/prepare-database.ts';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function postgresAvailable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The app on `target`, prepared and listening on 127.0.0.1 (the socket benches' clients need a port). */
export async function listeningApp(config: Config, target: DatabaseTarget) {
  const database = await openDatabase(target);
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { database, app, url };
}

/** The demo branch's standard-flow queue type, a product of it and an active call station of its branch. */
export async function standardLine(database: Database) {
  const { db } = database;
  const [type] = await db
    .select({ id: branchQueueTypes.id, branchId: branchQueueTypes.branchId })
    .from(branchQueueTypes)
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .where(eq(queueTypes.flowEngineId, 2));
  const [product] = await db
    .select({ id: branchQueueTypeProducts.productId })
    .from(branchQueueTypeProducts)
    .where(eq(branchQueueTypeProducts.branchQueueTypeId, type!.id));
  const [station] = await db
    .select({ id: stations.id })
    .from(stations)
    .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
    .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
    .where(
      and(
        eq(stations.branchId, type!.branchId),
        eq(stations.active, true),
        eq(flowStates.flowEngineId, 2),
        eq(flowStates.state, 'C'),
      ),
    );
  return { typeId: type!.id, branchId: type!.branchId, productId: product!.id, stationId: station!.id };
}

/** How long each of `times` runs took, in ms, one after another. */
export async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A signed-in officer's POST to `/api/<path>` through `app.inject`; throws unless it answers 200. */
export function apiCaller(app: FastifyInstance, apiKey: string, session: string) {
  const headers = { 'content-type': 'application/json', authorization: apiKey, session };
  return async (path: string, body: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers,
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.body.slice(0, 300)}`);
    return response;
  };
}
