import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { DEVICE_NAMESPACE, PUBLIC_NAMESPACE } from '@truck-queue/shared/contracts/socket-events';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  flowStates,
  officerQueueTypes,
  officers,
  officerStations,
  queues,
  queueTypes,
  stations,
  stationStates,
} from '../apps/server/src/db/schema.ts';
import { storedPassword } from '../apps/server/src/db/seed/first-start.ts';
import { branchRoom, deviceRoom, queueTypeRoom } from '../apps/server/src/realtime/rooms.ts';
import { newBrowser } from '../apps/server/src/test/devices.ts';
import { listeningApp, ms, percentile } from './support.ts';

/**
 * Goal 3 of issue 19: after a call, every screen of the branch holds the new state quickly.
 * 30 officer pages (three different scopes), 10 TVs and 500 drivers' pages of one branch are
 * connected to the app on a real port; for each of CALLS calls, from doCalling's reply to the
 * last officer page holding the new state (the cards and proof the server pushes), beside a bare Socket.IO
 * broadcast of the same payloads to the same 540 sockets in the same run. The clients run in
 * a worker thread (refresh-clients-worker.mjs); the server has the main thread.
 */
const OFFICERS = 30;
const DISPLAYS = 10;
const DRIVERS = 500;
const CALLS = Number(process.env.BENCH_REFRESH_CALLS ?? 50);
const GOAL_P99_MS = { PGlite: 150, PostgreSQL: 100 } as const;
const GOAL_RATIO = 2;
const OFFICER_PASSWORD = 'refresh-bench-password';

// The drivers' phones and office PCs each have their own address, as behind the plant's proxy.
const config = { ...loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }), demoData: true };
const headers = { 'content-type': 'application/json', authorization: config.apiKey };
const now = () => performance.timeOrigin + performance.now();

async function post(app: FastifyInstance, path: string, body: unknown, session?: string, extra = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { ...headers, ...(session ? { session } : {}), ...extra },
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200)
    throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
  return response.json<Record<string, unknown>>();
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const answer = await post(app, 'authen/signin', { email, password: prehashPassword(password) });
  return (answer as { officer: { session: string } }).officer.session;
}

/** The demo branch's standard-flow queue type (the one called), all its queue types, and its stations by flow. */
async function branchLayout(database: Database) {
  const { db } = database;
  const [called] = await db
    .select({
      id: branchQueueTypes.id,
      branchId: branchQueueTypes.branchId,
      flowEngineId: queueTypes.flowEngineId,
    })
    .from(branchQueueTypes)
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .where(eq(queueTypes.flowEngineId, 2));
  const types = await db
    .select({ id: branchQueueTypes.id, flowEngineId: queueTypes.flowEngineId })
    .from(branchQueueTypes)
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .where(and(eq(branchQueueTypes.branchId, called!.branchId), eq(branchQueueTypes.active, true)));
  const stationRows = await db
    .selectDistinct({ id: stations.id, flowEngineId: flowStates.flowEngineId, state: flowStates.state })
    .from(stations)
    .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
    .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
    .where(and(eq(stations.branchId, called!.branchId), eq(stations.active, true)));
  const [product] = await db
    .select({ id: branchQueueTypeProducts.productId })
    .from(branchQueueTypeProducts)
    .where(eq(branchQueueTypeProducts.branchQueueTypeId, called!.id));
  const callStation = stationRows.find((s) => s.flowEngineId === 2 && s.state === 'C')!;
  return { called: called!, types, stationRows, productId: product!.id, callStation: callStation.id };
}

type Layout = Awaited<ReturnType<typeof branchLayout>>;

/**
 * Thirty officers in three scopes, as a plant assigns them: every queue type; only the called
 * type at its one call station; every type but the called one (their cards do not change, but
 * their pages refetch all the same).
 */
async function createOfficers(app: FastifyInstance, database: Database, layout: Layout) {
  const all = layout.types.map((t) => t.id);
  const scopes = [
    { typeIds: all, stationIds: [...new Set(layout.stationRows.map((s) => s.id))] },
    { typeIds: [layout.called.id], stationIds: [layout.callStation] },
    {
      typeIds: all.filter((id) => id !== layout.called.id),
      stationIds: [...new Set(layout.stationRows.filter((s) => s.flowEngineId !== 2).map((s) => s.id))],
    },
  ];
  const passwordHash = await storedPassword(OFFICER_PASSWORD);
  const result: { session: string; typeIds: number[] }[] = [];
  for (let i = 0; i < OFFICERS; i++) {
    const scope = scopes[i % scopes.length]!;
    const email = `refresh-officer-${i}@example.com`;
    const [row] = await database.db
      .insert(officers)
      .values({
        branchId: layout.called.branchId,
        roles: ROLE.employee,
        name: 'Bench',
        lastname: `Officer ${i}`,
        email,
        passwordHash,
      })
      .returning({ id: officers.id });
    await database.db
      .insert(officerQueueTypes)
      .values(scope.typeIds.map((branchQueueTypeId) => ({ officerId: row!.id, branchQueueTypeId })));
    if (scope.stationIds.length > 0)
      await database.db
        .insert(officerStations)
        .values(scope.stationIds.map((stationId) => ({ officerId: row!.id, stationId })));
    result.push({ session: await signIn(app, email, OFFICER_PASSWORD), typeIds: scope.typeIds });
  }
  // The first one calls: it must call the called type.
  return result.sort(
    (a, b) => Number(b.typeIds.includes(layout.called.id)) - Number(a.typeIds.includes(layout.called.id)),
  );
}

/** Ten TVs showing every queue type of the branch, registered as an admin does it. */
async function registerDisplays(app: FastifyInstance, admin: string, layout: Layout) {
  const displays: { id: string; secret: string; deviceId: number }[] = [];
  for (let i = 0; i < DISPLAYS; i++) {
    const browser = newBrowser();
    await post(app, 'device/hello', { device_id: browser.id, kind: 'display' }, undefined, browser.headers);
    const created = (await post(app, displayContracts.save.path, { name: `Bench TV ${i}` }, admin)) as {
      device: { id: number; uuid: string };
    };
    await post(
      app,
      displayContracts.manageOT.path,
      { id: created.device.id, branch_queue_type: layout.types.map((t) => t.id) },
      admin,
    );
    await post(
      app,
      displayContracts.addDevice.path,
      { uuid: created.device.uuid, device_id: browser.id },
      admin,
    );
    displays.push({ id: browser.id, secret: browser.secret, deviceId: created.device.id });
  }
  return displays;
}

/** DRIVERS tickets of the called type, twenty issued at a time: the first CALLS are called. */
async function issueTickets(app: FastifyInstance, admin: string, layout: Layout) {
  let next = 0;
  const uuids: string[] = [];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < DRIVERS) {
        const i = next++;
        const answer = (await post(
          app,
          'process/printer/issueQueue',
          { id_branchQT: layout.called.id, product: layout.productId, truck_license: `REFRESH ${i}` },
          admin,
        )) as { queue: { uuid: string } };
        uuids.push(answer.queue.uuid);
      }
    }),
  );
  return uuids;
}

interface CallFigures {
  officers: number;
  tvs: number;
  drivers: number;
  stale: number;
  /** The size of each officer page's push (JSON characters). */
  bytes: number[];
}

interface WorkerMessage {
  type: string;
  i?: number;
  message?: string;
  list?: { session: string; payload: object }[];
}

function talk(worker: Worker, app: FastifyInstance, layout: Layout, displayIds: number[]) {
  let waiting: { type: string; resolve: (m: never) => void; reject: (e: Error) => void } | null = null;
  /** Each officer page's last push, by session: what the bare broadcast sends it. */
  let payloads = new Map<string, object>();
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'payloads') {
      payloads = new Map(message.list!.map((p) => [p.session, p.payload]));
      return;
    }
    if (message.type === 'emit') {
      // The same payloads as a call's: each officer page's cards and proof, refreshUI's to the
      // branch room, the call to the TVs, the drivers' nudge.
      const at = now();
      const i = message.i!;
      for (const socket of app.realtime.io.of('/').sockets.values()) {
        const payload = payloads.get(socket.data.token);
        if (payload) socket.emit('benchPing' as never, { ...payload, i });
      }
      app.realtime.io.to(branchRoom(layout.called.branchId)).emit('benchRefresh' as never, {
        i,
        queue_uuid: '00000000-0000-4000-8000-000000000000',
        queue_number: 'B001',
        action: 'call',
        from_state: 'QS',
        to_state: 'C',
        station_name: 'ช่องขึ้นสินค้า 1',
        queue_type_id: layout.called.id,
      });
      app.realtime.io.of(DEVICE_NAMESPACE).to(displayIds.map(deviceRoom)).emit('benchPing', {
        i,
        id: i,
        queue_number: 'B001',
        queue_type_name: 'รับสินค้า',
        station_id: layout.callStation,
        station_name: 'ช่องขึ้นสินค้า 1',
        action: 'call',
        called_at: new Date().toISOString(),
        truck_license: 'กข 1234',
        attempt: 0,
      });
      app.realtime.io.of(PUBLIC_NAMESPACE).to(queueTypeRoom(layout.called.id)).emit('benchPing', { i });
      worker.postMessage({ type: 'emitted', at });
      return;
    }
    const current = waiting;
    waiting = null;
    if (message.type === 'error') current?.reject(new Error(message.message));
    else current?.resolve(message as never);
  });
  worker.on('error', (error) => waiting?.reject(error));
  return <T>(type: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting = { type, resolve: resolve, reject };
      worker.postMessage({ type });
    });
}

const verdict = (ok: boolean) => (ok ? '✓' : '✗');

export async function benchRefresh(
  label: 'PGlite' | 'PostgreSQL',
  target: DatabaseTarget,
): Promise<string[]> {
  const { database, app, url } = await listeningApp(config, target);
  try {
    const layout = await branchLayout(database);
    const admin = await signIn(app, config.adminEmail, config.adminPassword);
    const officerList = await createOfficers(app, database, layout);
    const displays = await registerDisplays(app, admin, layout);
    const driverTickets = await issueTickets(app, admin, layout);
    const toCall = await database.db
      .select({ id: queues.id, uuid: queues.uuid, number: queues.queueNumber })
      .from(queues)
      .where(inArray(queues.uuid, driverTickets.slice(0, CALLS)));

    const worker = new Worker(new URL('./refresh-clients-worker.mjs', import.meta.url), {
      workerData: {
        url,
        apiKey: config.apiKey,
        branchId: layout.called.branchId,
        stationId: layout.callStation,
        officers: officerList,
        displays: displays.map(({ id, secret }) => ({ id, secret })),
        drivers: driverTickets,
        calls: toCall.map((c) => ({ ...c, typeId: layout.called.id })),
      },
    });
    const ask = talk(
      worker,
      app,
      layout,
      displays.map((d) => d.deviceId),
    );
    try {
      await ask('open');
      const { results } = await ask<{ results: CallFigures[] }>('calls');
      const { results: bare } = await ask<{ results: number[] }>('bare');
      await ask('close');

      const last = results.map((r) => r.officers);
      const p99 = percentile(last, 99);
      const bareP99 = percentile(bare, 99);
      const goal = GOAL_P99_MS[label];
      const stale = results.reduce((sum, r) => sum + r.stale, 0);
      const sockets = OFFICERS + DISPLAYS + DRIVERS;
      const bytes = results.flatMap((r) => r.bytes);
      return [
        `doCalling reply → last of ${OFFICERS} officer pages holding the new state (cards + proof pushed), ${results.length} calls | p50 ${ms(percentile(last, 50))}, p99 ${ms(p99)} (goal ≤ ${goal} ms) ${verdict(p99 <= goal)}; ${(p99 / bareP99).toFixed(2)}x bare (goal ≤ ${GOAL_RATIO}x) ${verdict(p99 <= GOAL_RATIO * bareP99)}; stale pushes ${stale} ${verdict(stale === 0)}`,
        `one officer page's push (cards + proof), JSON | p50 ${(percentile(bytes, 50) / 1024).toFixed(1)} KB, max ${(Math.max(...bytes) / 1024).toFixed(1)} KB`,
        `doCalling reply → last of ${DISPLAYS} TVs called, same calls | p50 ${ms(
          percentile(
            results.map((r) => r.tvs),
            50,
          ),
        )}, p99 ${ms(
          percentile(
            results.map((r) => r.tvs),
            99,
          ),
        )}`,
        `doCalling reply → last of ${DRIVERS} driver pages told, same calls | p50 ${ms(
          percentile(
            results.map((r) => r.drivers),
            50,
          ),
        )}, p99 ${ms(
          percentile(
            results.map((r) => r.drivers),
            99,
          ),
        )}`,
        `bare Socket.IO broadcast, same payloads to the same ${sockets} sockets, ${bare.length} times (last socket) | p50 ${ms(percentile(bare, 50))}, p99 ${ms(bareP99)}`,
      ];
    } finally {
      await worker.terminate();
    }
  } finally {
    await app.close();
    await database.close();
  }
}
