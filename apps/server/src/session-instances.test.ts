import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { doBranchQT } from '@truck-queue/shared/contracts/catalog.contract';
import { ticketOptions } from '@truck-queue/shared/contracts/queue.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { prepareDatabase } from './prepare-database.ts';
import { TestClock } from './test/harness.ts';
import { createScratchDatabase } from './test/scratch-postgres.ts';

/**
 * Two instances on one PostgreSQL and one Redis, as behind a load balancer. Each holds the
 * sessions it checked, and the calling scopes it read, in memory (auth.service.ts,
 * calling-scope.ts); what ends a session or edits the scope through one instance must reach the
 * other's memory at once. Both run on one stopped clock, so nothing held there ever ages out:
 * only the shared events (sessionsEnded, referenceChanged) can drop it.
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseServer || !redisUrl)('sessions and the calling scope on two instances', () => {
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it("ends on the other instance at once a session signed out, re-passworded, re-roled or deactivated through one, and shows an admin's edit there", async () => {
    const scratch = await createScratchDatabase(databaseServer!, 'tq_sessions');
    drop = scratch.drop;
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: scratch.url, REDIS_URL: redisUrl! }),
      // Its own channel: other runs on the same Redis never reach these instances.
      redisPrefix: scratch.url.split('/').pop()!,
      demoData: true,
    };
    const clock = new TestClock();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      databases.push(database);
      if (i === 0) await prepareDatabase(database, config);
      const app = await buildApp({ config, database, clock, logger: false, serveWeb: false });
      await app.ready();
      apps.push(app);
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const post = (app: FastifyInstance, path: string, body: unknown, session?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: {
          'content-type': 'application/json',
          authorization: config.apiKey,
          ...(session ? { session } : {}),
        },
        payload: JSON.stringify(body),
      });
    const signIn = async (email: string, password: string) => {
      const answer = await post(a, 'authen/signin', { email, password: prehashPassword(password) });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ officer: { session: string } }>().officer.session;
    };
    const statusOn = async (app: FastifyInstance, session: string) =>
      (await post(app, 'authen/checkSession', {}, session)).statusCode;

    const admin = await signIn(config.adminEmail, config.adminPassword);
    const signedOut = await signIn('employee@example.com', 'demo1234');
    const rePassworded = await signIn('lab@example.com', 'demo1234');
    const reRoled = await signIn('security@example.com', 'demo1234');
    const deactivated = await signIn('manager@example.com', 'demo1234');
    const all = [signedOut, rePassworded, reRoled, deactivated];
    // B checks them all: from now on it answers them from memory.
    for (const session of all) expect(await statusOn(b, session)).toBe(200);

    const officers = (await post(a, 'officer/mainOfficer', {}, admin)).json<{
      officer: { uuid: string; email: string; name: string; lastname: string }[];
    }>().officer;
    const officer = (email: string) => officers.find((o) => o.email === email)!;

    expect((await post(a, 'authen/signout', {}, signedOut)).statusCode).toBe(200);
    const lab = officer('lab@example.com');
    const reset = await post(
      a,
      'officer/changePassword',
      { uuid: lab.uuid, new_password: prehashPassword('harvest-2026'), c_password: 'harvest-2026' },
      admin,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const security = officer('security@example.com');
    const reRole = await post(
      a,
      'officer/doMainOfficer',
      {
        uuid: security.uuid,
        name: security.name,
        lastname: security.lastname,
        email: security.email,
        roles: ROLE.employee,
      },
      admin,
    );
    expect(reRole.statusCode, reRole.body).toBe(200);
    const cancel = await post(
      a,
      'officer/cancelOfficer',
      { uuid: officer('manager@example.com').uuid },
      admin,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);

    // Redis carries the drops in milliseconds; the stopped clock would keep them held forever.
    await vi.waitFor(
      async () => {
        for (const session of all) expect(await statusOn(b, session)).toBe(401);
      },
      { timeout: 3000, interval: 20 },
    );
    expect(await statusOn(b, admin)).toBe(200);

    // The admin's queue types, held by B; an edit through A shows on B's next answer.
    const prefixesOn = async (app: FastifyInstance) =>
      (await post(app, ticketOptions.path, {}, admin))
        .json<{ queue_type: { prefix: string }[] }>()
        .queue_type.map((q) => q.prefix);
    const before = await prefixesOn(b);
    const types = (await post(a, 'defineQueue/branchQT', {}, admin)).json<{
      branchQT: { uuid: string; prefix: string }[];
    }>().branchQT;
    const edited = types[0]!;
    const renamed = await post(a, doBranchQT.path, { uuid: edited.uuid, prefix: 'ZQX' }, admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(before).not.toContain('ZQX');
    await vi.waitFor(async () => expect(await prefixesOn(b)).toContain('ZQX'), {
      timeout: 3000,
      interval: 20,
    });
  });
});
