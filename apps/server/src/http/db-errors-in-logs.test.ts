import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_API_KEY, HEADER_SESSION } from '@truck-queue/shared/contracts/api';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { buildApp } from '../app.ts';
import { officers } from '../db/schema.ts';
import { tokenHash } from '../lib/tokens.ts';
import { serializeError } from './process-log.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { memoryLog } from '../test/memory-log.ts';
import { loggerOptions } from './log-options.ts';

/** 64 hex digits: a SHA-256 such as a stored token hash. */
const HASH = /[0-9a-f]{64}/;

let t: TestContext;
let app: FastifyInstance;
let branchId: number;
const log = memoryLog();

beforeAll(async () => {
  t = await createTestContext();
  branchId = (await t.createBranch()).id;
  // The whole app, logging into memory (the test context's own app logs nothing).
  app = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    clock: t.clock,
    logStream: log.stream,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': 'application/json', [HEADER_API_KEY]: t.config.apiKey, ...headers },
    payload: JSON.stringify(body),
  });

/** The error lines of the log, parsed. */
const errorLines = () =>
  log
    .text()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; err?: Record<string, unknown> })
    .filter((line) => line.level >= 50 && line.err);

describe('a call that fails in the database', () => {
  it('logs the statement, the code and the constraint, never the e-mail it carried', async () => {
    const officer = await t.createOfficer({ branchId, roles: ROLE.admin });
    // Sign-in writes the attempt, with the e-mail, before anything else: make that write fail.
    await t.db.execute(sql`alter table auth_events add constraint no_audit check (false) not valid`);
    try {
      log.clear();
      const signin = await post('authen/signin', {
        email: officer.email,
        password: prehashPassword(officer.password),
      });
      expect(signin.statusCode).toBe(500);
      expect(signin.json()).toMatchObject({ status: 0, code: 'INTERNAL' });
      expect(log.text()).not.toContain(officer.email);
      expect(log.text()).not.toContain('params');
      // What is needed to find the fault is there.
      const [line] = errorLines();
      expect(line?.err).toMatchObject({
        type: 'DrizzleQueryError',
        cause: { code: '23514', constraint: 'no_audit' },
      });
      expect(String(line?.err?.query)).toContain('insert into "auth_events"');
    } finally {
      await t.db.execute(sql`alter table auth_events drop constraint no_audit`);
    }
  });

  it('logs the statement, never the token hash it looked a session up by', async () => {
    const officer = await t.createOfficer({ branchId, roles: ROLE.admin });
    // A signed-in session, whose token (and so its hash) the test knows.
    const session = await t.signIn(officer.email, officer.password);
    // Every call looks its session up by the token's hash: make that read fail.
    await t.db.execute(sql`alter table sessions rename column last_seen to last_seen_gone`);
    try {
      log.clear();
      const check = await post('authen/checkSession', {}, { [HEADER_SESSION]: session });
      expect(check.statusCode).toBe(500);
      expect(log.text()).not.toContain(tokenHash(session));
      expect(log.text()).not.toContain(session);
      expect(log.text()).not.toMatch(HASH);
      const [line] = errorLines();
      expect(line?.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '42703' } });
      expect(String(line?.err?.query)).toContain('from "sessions"');
    } finally {
      await t.db.execute(sql`alter table sessions rename column last_seen_gone to last_seen`);
    }
  });

  it('keeps values out of what PostgreSQL itself says: the detail of a duplicate, the input it could not read', async () => {
    const captured = memoryLog();
    const logger = Fastify({ logger: loggerOptions('info', captured.stream) }).log;
    const officer = await t.createOfficer({ branchId, roles: ROLE.admin });

    // A duplicate e-mail: PostgreSQL's detail says "Key (email)=(…) already exists".
    const duplicate = await t.db
      .insert(officers)
      .values({
        branchId,
        roles: '1',
        name: 'Dup',
        lastname: 'Licate',
        email: officer.email,
        passwordHash: 'x',
      })
      .catch((error: unknown) => error);
    // A value PostgreSQL cannot read: its message quotes it.
    const unreadable = await t.db
      .execute(sql`select ${officer.email}::uuid`)
      .catch((error: unknown) => error);
    // The same through the pool, without Drizzle around it.
    const raw = await t.database.pool
      .query('select $1::int', [officer.email])
      .catch((error: unknown) => error);

    for (const error of [duplicate, unreadable, raw]) {
      expect(error).toBeInstanceOf(Error);
      logger.error({ err: error }, 'failed');
      // The process log (before the app exists, after it closed) writes errors the same way.
      expect(JSON.stringify(serializeError(error))).not.toContain(officer.email);
    }
    const lines = captured
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { err: Record<string, unknown> });
    expect(captured.text()).not.toContain(officer.email);
    expect(lines[0]!.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23505', table: 'officers', constraint: expect.stringContaining('email') },
    });
    expect(String(lines[0]!.err.message)).toMatch(/^Failed query: insert into "officers"/);
    expect(lines[1]!.err).toMatchObject({
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: "[REDACTED]"' },
    });
    expect(lines[2]!.err).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
      message: 'invalid input syntax for type integer: "[REDACTED]"',
    });
    // The statement and its place in the stack are still there to find the bug by.
    expect(String(lines[1]!.err.stack)).toMatch(/^DrizzleQueryError: Failed query: select \$1::uuid\n\s+at /);
  });
});
