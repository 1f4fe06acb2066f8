import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { ApiContract, ApiError } from '@truck-queue/shared/contracts/api';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { branches, officers } from '../db/schema.ts';
import { storedPassword } from '../db/seed/first-start.ts';
import { seedDefaultReasons } from '../db/seed/reference-data.ts';
import type { Clock } from '../lib/clock.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * A clock the tests move by hand: nothing that reads it (rate limits, lock-outs, sweeps,
 * retries; lib/clock.ts) moves while a test waits in real time, so a test about a limit moves
 * it instead of sleeping.
 */
export class TestClock implements Clock {
  /** The wall clock. A test may set it outright (another day, a jump back): that moves no bucket. */
  at = new Date('2026-11-20T03:00:00Z');
  private elapsedMs = 0;
  now(): Date {
    return new Date(this.at);
  }
  /** Moved only by `advance`, and never back, as the system's monotonic clock. */
  monotonicMs(): number {
    return this.elapsedMs;
  }
  /**
   * Time passes: the wall clock and the monotonic reading move by `ms` (a negative `ms` moves the
   * wall clock only).
   */
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
    this.elapsedMs += Math.max(0, ms);
  }
  /**
   * Only the monotonic reading moves: rate limits refill, and nothing dated sees time pass (no
   * session is touched, no day turns). The fuzzer between routes.
   */
  elapse(ms: number): void {
    this.elapsedMs += Math.max(0, ms);
  }
}

export interface CallOptions {
  session?: string | null;
  apiKey?: string | null;
  ip?: string;
  /** More headers (a device's credentials). */
  headers?: Record<string, string>;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  clock: TestClock;
  /** POSTs a body (any JSON, valid or not) to a contract's path. */
  post(path: string, body?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** Calls a contract and expects success; returns the parsed response. */
  call<C extends ApiContract>(
    contract: C,
    body: z.input<C['body']>,
    session: string,
  ): Promise<z.output<C['response']>>;
  /** A branch as the API shows it (BranchSchema). */
  createBranch(name?: string): Promise<Branch>;
  createOfficer(options: { branchId: number; roles: string; email?: string; password?: string }): Promise<{
    id: number;
    uuid: string;
    email: string;
    password: string;
  }>;
  /** Signs an officer in through the API and returns the session token. */
  signIn(email: string, password: string, options?: { remember?: boolean; ip?: string }): Promise<string>;
  /** Another server on the same database and clock (a second instance), closed with this context. */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let officerCount = 0;

export async function createTestContext(
  overrides: Partial<Config> = {},
  /** Background work the app does only when asked (main.ts asks for all of it). */
  appOptions: Pick<
    AppOptions,
    | 'watchPrinters'
    | 'logger'
    | 'logStream'
    | 'webPushAgent'
    | 'webPushTimeoutMs'
    | 'webhookAgent'
    | 'webhookTimeoutMs'
  > = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  // Files the server keeps (the voice pack's cache) go to a directory of this test's own.
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'tq-test-data-'));
  const config: Config = { ...loadConfig({ LOG_LEVEL: 'silent' }), demoData: false, dataDir, ...overrides };
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    serveWeb: false,
    ...appOptions,
  });
  await app.ready();

  const post: TestContext['post'] = (path, body, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey !== null) headers.authorization = options.apiKey ?? config.apiKey;
    if (options.session) headers.session = options.session;
    Object.assign(headers, options.headers);
    return app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
      payload: body === undefined ? '' : JSON.stringify(body),
    });
  };

  const others: FastifyInstance[] = [];
  const ctx: TestContext = {
    app,
    database,
    db: database.db,
    config,
    clock,
    post,
    async call(contract, body, session) {
      const response = await post(contract.path, body, { session });
      if (response.statusCode !== 200) {
        const error = response.json<ApiError>();
        throw new Error(`${contract.path} answered ${response.statusCode} ${error.code}: ${error.message}`);
      }
      // Exactly the contract's shape: nothing missing, nothing extra (largeResponse calls skip
      // this check on the server).
      const answer: unknown = response.json();
      const parsed = contract.response.safeParse(answer);
      if (!parsed.success || !isDeepStrictEqual(parsed.data, answer)) {
        throw new Error(
          `${contract.path} answered outside its contract: ${parsed.error?.message ?? 'extra fields'}`,
        );
      }
      return parsed.data as never;
    },
    async createBranch(name = `Branch ${Math.random().toString(36).slice(2, 7)}`) {
      const [row] = await database.db
        .insert(branches)
        .values({ name })
        .returning({
          id: branches.id,
          name: branches.name,
          day_start_minutes: branches.dayStartMinutes,
          calendar: branches.calendar,
          calendar_all_languages: branches.calendarAllLanguages,
          language: sql<Branch['language']>`${branches.language}`,
          company_name: branches.companyName,
          season_start: branches.seasonStart,
          season_finish: branches.seasonFinish,
        });
      await seedDefaultReasons(database.db);
      return row!;
    },
    async createOfficer({ branchId, roles, email, password = 'secret-pass' }) {
      officerCount += 1;
      const address = email ?? `officer${officerCount}-${Date.now()}@example.com`;
      const [row] = await database.db
        .insert(officers)
        .values({
          branchId,
          roles,
          name: 'Test',
          lastname: `Officer ${officerCount}`,
          email: address,
          passwordHash: await storedPassword(password),
        })
        .returning({ id: officers.id, uuid: officers.uuid });
      return { ...row!, email: address, password };
    },
    async signIn(email, password, options = {}) {
      const response = await post(
        'authen/signin',
        { email, password: prehashPassword(password), remember: options.remember },
        { ip: options.ip },
      );
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return response.json<{ officer: { session: string } }>().officer.session;
    },
    async anotherInstance() {
      const { webPushAgent, webhookAgent } = appOptions;
      const instance = await buildApp({
        config,
        database,
        clock,
        logger: false,
        serveWeb: false,
        ...(webPushAgent ? { webPushAgent } : {}),
        ...(webhookAgent ? { webhookAgent } : {}),
      });
      await instance.ready();
      others.push(instance);
      return instance;
    },
    async close() {
      for (const instance of others) await instance.close();
      await app.close();
      await database.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}
