import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callAnnouncements } from '@truck-queue/shared/contracts/announcement.contract';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { branchQueueTypeProducts, branchQueueTypes, devices, queueTypes } from './db/schema.ts';
import { DEMO_PASSWORD } from './demo/demo-data.ts';
import { prepareDatabase } from './prepare-database.ts';
import { createScratchDatabase } from './test/scratch-postgres.ts';
import { PROOF_MAX_AGE_MS } from './modules/announcements/announcements.service.ts';
import { CARD_SNAPSHOT_MAX_AGE_MS } from './modules/queue/branch-cards.ts';

/**
 * Two instances on one PostgreSQL and one Redis, as behind a load balancer: a change made
 * through one must make what the other holds in memory stale (the calling cards snapshot and
 * the announcement proofs: branchCardsChanged and announcementsChanged are shared).
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseServer || !redisUrl)('the calling cards on two instances', () => {
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | null = null;

  let config: ReturnType<typeof loadConfig>;
  let session: string;

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

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

  beforeAll(async () => {
    const scratch = await createScratchDatabase(databaseServer!, 'tq_cards');
    drop = scratch.drop;
    config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: scratch.url, REDIS_URL: redisUrl! }),
      // Its own channel: other runs on the same Redis never reach these instances.
      redisPrefix: scratch.url.split('/').pop()!,
      demoData: true,
    };
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      databases.push(database);
      if (i === 0) await prepareDatabase(database, config);
      const app = await buildApp({ config, database, logger: false, serveWeb: false });
      await app.ready();
      apps.push(app);
    }
    const signedIn = await post(apps[0]!, 'authen/signin', {
      email: config.adminEmail,
      password: prehashPassword(config.adminPassword),
    });
    session = signedIn.json<{ officer: { session: string } }>().officer.session;
  });

  it("shows a ticket issued through one instance on the other's next refetch", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];

    // A queue type of the demo plant with a product, to issue tickets of.
    const { db } = databases[0]!;
    const [type] = await db
      .select({ id: branchQueueTypes.id })
      .from(branchQueueTypes)
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .where(and(eq(branchQueueTypes.active, true)))
      .limit(1);
    expect(type, 'the first start seeds a queue type').toBeDefined();
    const [product] = await db
      .select({ id: branchQueueTypeProducts.productId })
      .from(branchQueueTypeProducts)
      .where(eq(branchQueueTypeProducts.branchQueueTypeId, type!.id));

    const uuidsOn = async (app: FastifyInstance) => {
      const answer = await post(app, getCardInProcess.path, { find_total_day: 1 }, session);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json<{ card: { queue_number: { uuid: string }[] }[] }>()
        .card.flatMap((c) => c.queue_number.map((q) => q.uuid));
    };
    // B holds its snapshot of the branch.
    const before = await uuidsOn(b);

    const issued = await post(
      a,
      'process/printer/issueQueue',
      { id_branchQT: type!.id, product: product?.id ?? null, truck_license: 'สองเครื่อง 1' },
      session,
    );
    expect(issued.statusCode, issued.body).toBe(200);
    const uuid = issued.json<{ queue: { uuid: string } }>().queue.uuid;
    expect(before).not.toContain(uuid);
    // Redis carries the drop in a few milliseconds; well before the snapshot's age would end it.
    await vi.waitFor(async () => expect(await uuidsOn(b)).toContain(uuid), {
      timeout: CARD_SNAPSHOT_MAX_AGE_MS / 2,
      interval: 20,
    });
  });

  it("shows a display an admin renamed through one instance on the other's next proof", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const created = await post(a, displayContracts.save.path, { name: 'จอลานจอด' }, session);
    expect(created.statusCode, created.body).toBe(200);
    const { uuid, id } = created.json<{ device: { uuid: string; id: number } }>().device;
    const types = await post(a, displayContracts.loadQueueType.path, { id }, session);
    const typeIds = types.json<{ queueType: { id: number }[] }>().queueType.map((q) => q.id);
    expect(
      (await post(a, displayContracts.manageOT.path, { id, branch_queue_type: typeIds }, session)).statusCode,
    ).toBe(200);
    // Registered on a TV (as the controller's "add device" does once the TV said hello).
    await databases[0]!.db
      .update(devices)
      .set({ deviceId: 'TV-LANE-1', verifiedDate: new Date() })
      .where(eq(devices.id, id));
    // The demo's calling officer, who calls every queue type of the branch.
    const caller = (
      await post(a, 'authen/signin', {
        email: 'employee@example.com',
        password: prehashPassword(DEMO_PASSWORD),
      })
    ).json<{ officer: { session: string } }>().officer.session;
    const nameOn = async (app: FastifyInstance) => {
      const answer = await post(app, callAnnouncements.path, { queue_ids: [] }, caller);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json<{ displays: { uuid: string; name: string }[] }>()
        .displays.find((d) => d.uuid === uuid)?.name;
    };
    // B holds the proof with the display as it was.
    await vi.waitFor(async () => expect(await nameOn(b)).toBe('จอลานจอด'), {
      timeout: PROOF_MAX_AGE_MS / 2,
      interval: 20,
    });
    expect((await post(a, displayContracts.save.path, { uuid, name: 'จอหน้าตาชั่ง' }, session)).statusCode).toBe(
      200,
    );
    await vi.waitFor(async () => expect(await nameOn(b)).toBe('จอหน้าตาชั่ง'), {
      timeout: PROOF_MAX_AGE_MS / 2,
      interval: 20,
    });
  });
});
