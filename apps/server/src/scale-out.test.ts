import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSession, signout } from '@truck-queue/shared/contracts/auth.contract';
import { displayContracts, scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import { getCardInProcess, ticketOptions } from '@truck-queue/shared/contracts/queue.contract';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { apiClient, DEFAULT_API_KEY } from './test/api-client.ts';
import { newBrowser } from './test/devices.ts';
import { createScratchDatabase } from './test/scratch-postgres.ts';
import { startServer, type ServerProcess } from './test/server-process.ts';
import { closeSockets, deviceSocket, emitAck, staffSocket } from './test/sockets.ts';

/**
 * Two server processes started at the same moment on one fresh PostgreSQL database and one
 * Redis, as behind a load balancer: they migrate and seed once between them, a session from
 * one works on the other, and what happens through one reaches the screens on the other.
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ADMIN = { email: 'scale-admin@example.com', password: 'scale-test-password' };
const JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle/meta/_journal.json');

/**
 * The next `event` whose payload passes `match`. Other tests may share this Redis, and rooms
 * are named by ids that every scratch database starts at 1: their broadcasts can reach us too.
 */
function eventMatching<T>(socket: Socket, event: string, match: (payload: T) => boolean, ms = 10_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

describe.skipIf(!databaseServer || !redisUrl)('two server instances on one PostgreSQL and one Redis', () => {
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    closeSockets();
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop?.();
  });

  it('start together, migrate and seed once, share sessions and reach each other’s sockets', async () => {
    const scratch = await createScratchDatabase(databaseServer!, 'tq_scale');
    drop = scratch.drop;
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl!,
      // Its own channels: other runs on the same Redis never reach these screens.
      REDIS_PREFIX: scratch.url.split('/').pop()!,
      DEMO_DATA: 'on',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    servers.push(startServer(env), startServer(env));
    const [urlA, urlB] = await Promise.all(servers.map((s) => s.ready(180_000)));
    const a = apiClient(urlA!);
    const b = apiClient(urlB!);
    expect(urlA).not.toBe(urlB);

    for (const url of [urlA, urlB]) {
      const health = await fetch(`${url}/healthz`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'ready' });
    }

    // Migrations and the first-start seeding ran once between the two.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
      const migrations = await client.query<{ hash: string; times: number }>(
        'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(migrations.rows).toHaveLength(journal.entries.length);
      expect(migrations.rows.every((m) => m.times === 1)).toBe(true);
      const counts = await client.query<{
        admins: number;
        officers: number;
        emails: number;
        branches: number;
      }>(
        `select (select count(*)::int from officers where email = $1) as admins,
                (select count(*)::int from officers) as officers,
                (select count(distinct email)::int from officers) as emails,
                (select count(*)::int from branches) as branches`,
        [ADMIN.email],
      );
      // The demo plant: its two branches and six officers (the admin and five demo ones), once.
      expect(counts.rows[0]).toEqual({ admins: 1, officers: 6, emails: 6, branches: 2 });
    } finally {
      await client.end();
    }

    // A session signed in through A is good on B.
    const session = await a.signIn(ADMIN.email, ADMIN.password);
    const { officer } = await b.call(checkSession, {}, session);
    expect(officer.email).toBe(ADMIN.email);
    const branchId = officer.branch.id;

    // A display registered through A, its socket on B; an officer's socket on each.
    const { queue_type: types } = await a.call(ticketOptions, {}, session);
    const browser = newBrowser();
    const { device } = await a.call(displayContracts.save, { name: 'Scale-out display' }, session);
    await a.call(
      displayContracts.manageOT,
      { id: device.id, branch_queue_type: types.map((t) => t.id) },
      session,
    );
    // The screen says hello through B; Register through A finds it waiting (kept in the database).
    const waiting = await b.post(
      'device/hello',
      { device_id: browser.id, kind: 'display' },
      { headers: browser.headers },
    );
    expect(waiting.body).toMatchObject({ registered: false });
    // A mistyped id is refused through A as through B: no screen anywhere shows it.
    const typo = `${browser.id.slice(0, -1)}${browser.id.endsWith('3') ? '4' : '3'}`;
    for (const server of [a, b]) {
      const refused = await server.post(
        displayContracts.addDevice.path,
        { uuid: device.uuid, device_id: typo },
        { session },
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CONFLICT', reason: 'DEVICE_NOT_WAITING' });
    }
    await a.call(displayContracts.addDevice, { uuid: device.uuid, device_id: browser.id }, session);
    const hello = await a.post(
      'device/hello',
      { device_id: browser.id, kind: 'display' },
      { headers: browser.headers },
    );
    expect(hello.body).toMatchObject({ registered: true });
    const display = await deviceSocket(urlB!, {
      apiKey: DEFAULT_API_KEY,
      kind: 'display',
      device_id: browser.id,
      secret: browser.secret,
    });
    const staffOnB = await staffSocket(urlB!, { session, apiKey: DEFAULT_API_KEY });
    expect(await emitAck(staffOnB, 'joinRoom', branchId, 'System')).toEqual({ status: 1 });
    const staffOnA = await staffSocket(urlA!, { session, apiKey: DEFAULT_API_KEY });
    // Room joins on B reach A's adapter through Redis; give them a moment before A emits.
    await new Promise((r) => setTimeout(r, 300));

    // A ticket issued through A refreshes the screens on B (listening first: the event may
    // arrive before A's answer).
    // The standard flow: a new ticket may be called at once (the lab flow samples first).
    const type = types.find((t) => t.flow_engine_id === FLOW_ENGINE.standard)!;
    const refreshes: { queue_uuid: string; action: string }[] = [];
    staffOnB.on('refreshUI', (e: { queue_uuid: string; action: string }) => refreshes.push(e));
    const issued = await a.post(
      'process/printer/issueQueue',
      { id_branchQT: type.id, product: type.product[0]!.id, truck_license: 'SCALE 1' },
      { session },
    );
    expect(issued.status).toBe(200);
    const ticket = (issued.body as { queue: { uuid: string; queue_number: string } }).queue;
    await expect
      .poll(() => refreshes.some((e) => e.queue_uuid === ticket.uuid && e.action === 'issue'), {
        timeout: 10_000,
      })
      .toBe(true);

    // A call made on A is announced by the display connected to B.
    const { card } = await a.call(getCardInProcess, { find_total_day: 1 }, session);
    const ofType = card.find((c) => c._id === type.id)!;
    const queue = ofType.queue_number.find((q) => q.uuid === ticket.uuid)!;
    const station = ofType.station_permission.find((s) => s.type === 1)!;
    const called = eventMatching<{ queue_number: string; station_id: number }>(
      display,
      'called',
      (e) => e.queue_number === ticket.queue_number && e.station_id === station.id,
    );
    expect(await emitAck(staffOnA, 'doCalling', branchId, queue._id, station.id)).toEqual({ status: 1 });
    expect(await called).toMatchObject({ queue_number: ticket.queue_number, station_name: station.name });

    // A scale bridge connected to B, watched by a weighing page on A: cancelled through A, the
    // bridge is disconnected on B at once and the page on A shows the scale offline.
    const bridgeBrowser = newBrowser();
    const { device: scale } = await a.call(
      scaleContracts.save,
      { name: 'Scale-out scale', station_id: null },
      session,
    );
    const scaleHello = () =>
      b.post(
        'device/hello',
        { device_id: bridgeBrowser.id, kind: 'scale' },
        { headers: bridgeBrowser.headers },
      );
    expect((await scaleHello()).body).toMatchObject({ registered: false });
    await a.call(scaleContracts.addDevice, { uuid: scale.uuid, device_id: bridgeBrowser.id }, session);
    expect((await scaleHello()).body).toMatchObject({ registered: true });
    const bridge = await deviceSocket(urlB!, {
      apiKey: DEFAULT_API_KEY,
      kind: 'scale',
      device_id: bridgeBrowser.id,
      secret: bridgeBrowser.secret,
    });
    const ofScale =
      (state: string, kg: number | null) => (e: { uuid: string; state: string; kg: number | null }) =>
        e.uuid === scale.uuid && e.state === state && e.kg === kg;
    const watching = eventMatching(staffOnA, 'scaleWeight', ofScale('no-signal', null));
    expect(await emitAck(staffOnA, 'watchScale', branchId, scale.uuid)).toEqual({ status: 1 });
    await watching;
    const weighed = eventMatching(staffOnA, 'scaleWeight', ofScale('stable', 30_000));
    bridge.emit('weight', {
      state: 'stable',
      kg: 30_000,
      raw: 'ST,GS,+0030000kg',
      at: new Date().toISOString(),
    });
    await weighed;
    const bridgeDropped = eventMatching<string>(bridge, 'disconnect', () => true);
    const offline = eventMatching(staffOnA, 'scaleWeight', ofScale('offline', null));
    await a.call(scaleContracts.cancelDevice, { uuid: scale.uuid }, session);
    expect(await bridgeDropped).toBe('io server disconnect');
    await offline;
    expect((await scaleHello()).body).toMatchObject({ registered: false });

    // Signing out through A closes the session's socket on B, and B refuses the session.
    expect(staffOnB.connected).toBe(true);
    const disconnected = eventMatching<string>(staffOnB, 'disconnect', () => true);
    await a.call(signout, {}, session);
    expect(await disconnected).toBe('io server disconnect');
    expect((await b.post(checkSession.path, {}, { session })).status).toBe(401);
  }, 300_000);
});
