import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HEADER_API_KEY, HEADER_SESSION } from '@truck-queue/shared/contracts/api';
import { ROLE } from '@truck-queue/shared/roles';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { memoryLog } from '../test/memory-log.ts';

interface RequestLine {
  level: number;
  msg: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

let t: TestContext;
let session: string;
const log = memoryLog();
const apps: FastifyInstance[] = [];

/** The whole app logging into memory at `debug`, with the request log settings given. */
async function appWith(requests: { all: boolean; slowMs: number }) {
  const app = await buildApp({
    config: { ...t.config, logLevel: 'debug', requests },
    database: t.database,
    clock: t.clock,
    logStream: log.stream,
    serveWeb: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestContext();
  const branch = await t.createBranch();
  const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
  session = await t.signIn(officer.email, officer.password);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});
beforeEach(() => log.clear());

const checkSession = (app: FastifyInstance, token = session) =>
  app.inject({
    method: 'POST',
    url: '/api/authen/checkSession',
    headers: {
      'content-type': 'application/json',
      [HEADER_API_KEY]: t.config.apiKey,
      [HEADER_SESSION]: token,
    },
    payload: '{}',
  });

/** The request lines logged so far. */
const requestLines = (): RequestLine[] =>
  log
    .text()
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.msg === 'request completed');

describe('request log lines', () => {
  it('logs a quick success at debug, a refusal and a slow call at info, each with its duration', async () => {
    // Slow from 2 s: a quick check on a loaded machine stays under it, a check that waits 3 s for
    // a held table goes past it, whatever the machine's speed.
    const app = await appWith({ all: false, slowMs: 2000 });
    expect((await checkSession(app)).statusCode).toBe(200);
    expect((await checkSession(app, 'not-a-session')).statusCode).toBe(401);

    // The sessions table is held by another transaction for 3 s: the next check waits for it.
    const held = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sessions in access exclusive mode`);
      await sleep(3000);
    });
    await sleep(50);
    t.clock.advance(10_000); // past the session check's memory: the check reads the table
    expect((await checkSession(app)).statusCode).toBe(200);
    await held;

    const lines = requestLines();
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([
      ['/api/authen/checkSession', 200, 20],
      ['/api/authen/checkSession', 401, 30],
      ['/api/authen/checkSession', 200, 30],
    ]);
    for (const line of lines) expect(line.durationMs).toBeTypeOf('number');
    expect(lines[0]!.durationMs).toBeLessThan(2000);
    expect(lines[2]!.durationMs).toBeGreaterThan(2000);
  });

  it('logs every request at info with LOG_REQUESTS=all', async () => {
    const app = await appWith({ all: true, slowMs: 500 });
    expect((await checkSession(app)).statusCode).toBe(200);
    expect(requestLines().map((l) => [l.status, l.level])).toEqual([[200, 30]]);
  });

  it('reads LOG_REQUESTS and LOG_SLOW_MS, and refuses values it does not know', () => {
    expect(loadConfig({}).requests).toEqual({ all: false, slowMs: 500 });
    expect(loadConfig({ LOG_REQUESTS: 'all', LOG_SLOW_MS: '200' }).requests).toEqual({
      all: true,
      slowMs: 200,
    });
    expect(() => loadConfig({ LOG_REQUESTS: 'everything' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_SLOW_MS: 'slow' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_SLOW_MS: '-1' })).toThrow(ConfigError);
  });
});
