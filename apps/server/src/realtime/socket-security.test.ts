import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents, sessions } from '../db/schema.ts';
import { tokenHash } from '../lib/tokens.ts';
import { SESSION_CACHE_MS } from '../modules/auth/auth.service.ts';
import { newBrowser, registerDevice } from '../test/devices.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, next, staffSocket } from '../test/sockets.ts';

let t: TestContext;
let url: string;
let plant: Plant;
let namespaces: { path: string; auth: Record<string, unknown> }[];

beforeAll(async () => {
  t = await createTestContext({
    allowedOrigins: ['https://tv.example.co.th'],
    publicUrl: 'https://queue.example.co.th',
  });
  plant = await createPlant(t);
  url = await listen(t);
  const display = newBrowser();
  await registerDevice(t, plant, 'display', display);
  const ticket = await issueTicket(t, plant, 'standard', 'กข 1234');
  // Credentials that work on each namespace: only the origin decides below.
  namespaces = [
    { path: '/', auth: { session: plant.officers.caller.session, apiKey: t.config.apiKey } },
    { path: '/public', auth: { queue: ticket.uuid } },
    {
      path: '/device',
      auth: { apiKey: t.config.apiKey, kind: 'display', device_id: display.id, secret: display.secret },
    },
  ];
});
afterEach(() => closeSockets());
afterAll(() => t.close());

/** Connects once and answers 'connected' or the refusal's message; the socket is closed after. */
function attempt(path: string, auth: Record<string, unknown>, transport: string, origin?: string) {
  const socket = connect(`${url}${path === '/' ? '' : path}`, {
    auth,
    transports: [transport],
    reconnection: false,
    forceNew: true,
    extraHeaders: origin === undefined ? {} : { origin },
  });
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  }).finally(() => socket.close());
}

/** The Engine.IO handshake itself, as a browser's long-polling request makes it. */
function pollingHandshake(origin?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.get(
        `${url}/socket.io/?EIO=4&transport=polling`,
        { headers: origin === undefined ? {} : { origin } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
    },
  );
}

describe('Socket.IO and foreign origins', () => {
  it('refuses a page from another site on every namespace, over WebSocket and long-polling', async () => {
    for (const { path, auth } of namespaces) {
      for (const transport of ['websocket', 'polling']) {
        expect(await attempt(path, auth, transport, 'https://evil.example'), `${path} ${transport}`).not.toBe(
          'connected',
        );
        expect(await attempt(path, auth, transport, 'null'), `${path} ${transport} null`).not.toBe(
          'connected',
        );
      }
    }
    const refused = await pollingHandshake('https://evil.example');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'FOREIGN_ORIGIN' });
  });

  it("accepts no Origin (non-browser clients), the server's own page, ALLOWED_ORIGINS and PUBLIC_URL", async () => {
    const own = new URL(url).origin;
    for (const { path, auth } of namespaces) {
      for (const origin of [undefined, own, 'https://tv.example.co.th', 'https://queue.example.co.th']) {
        expect(await attempt(path, auth, 'websocket', origin), `${path} from ${origin}`).toBe('connected');
      }
      expect(await attempt(path, auth, 'polling', own), `${path} polling`).toBe('connected');
    }
    const otherPort = `http://127.0.0.1:${Number(new URL(url).port) + 1}`;
    expect(await attempt('/', namespaces[0]!.auth, 'websocket', otherPort)).not.toBe('connected');
  });

  it('sends the security headers on the long-polling transport too', async () => {
    const answer = await pollingHandshake();
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('reconnecting runs the handshake middlewares again', () => {
  it('has no connection-state recovery: a reconnected socket starts afresh', () => {
    expect(t.app.realtime.io._opts.connectionStateRecovery).toBeUndefined();
  });

  it('lets a socket back after a network blip, but not once its session has ended', async () => {
    const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    const socket: Socket = connect(url, {
      auth: { session, apiKey: t.config.apiKey },
      transports: ['websocket'],
      reconnectionDelay: 50,
      reconnectionDelayMax: 50,
      forceNew: true,
    });
    try {
      await next(socket, 'connect');
      const dropTransport = () => t.app.realtime.io.of('/').sockets.get(socket.id!)!.conn.close();

      const firstId = socket.id;
      const back = next(socket, 'connect');
      dropTransport();
      await back;
      // A new socket, not a recovered one (recovery would keep the id and skip the middlewares).
      expect(socket.id).not.toBe(firstId);
      expect(socket.recovered).not.toBe(true);

      // The session ends in the database without its sockets hearing of it; the next blip,
      // once the session check no longer holds it in memory (SESSION_CACHE_MS: only a change
      // made behind the server's back waits that long), sends the socket through the session
      // check again, which refuses it.
      await t.db
        .update(sessions)
        .set({ revokedAt: t.clock.now() })
        .where(eq(sessions.tokenHash, tokenHash(session)));
      t.clock.advance(SESSION_CACHE_MS);
      const refused = next<Error>(socket, 'connect_error');
      dropTransport();
      expect((await refused).message).toBe('UNAUTHENTICATED');
    } finally {
      socket.close();
    }
  });

  it('does not let the socket of a signed-out session connect again', async () => {
    const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
    const gone = next(socket, 'disconnect');
    expect((await t.post('authen/signout', {}, { session })).statusCode).toBe(200);
    await gone;
    const refused = next<Error>(socket, 'connect_error');
    socket.connect();
    expect((await refused).message).toBe('UNAUTHENTICATED');
  });
});

describe('refused socket events', () => {
  it('audits a refused staff event: who, what, from where, when', async () => {
    const { security } = plant.officers;
    const socket = await staffSocket(url, { session: security.session, apiKey: t.config.apiKey });
    const ticket = await issueTicket(t, plant, 'standard', 'กข 5678');
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toMatchObject({ status: 0, code: 'FORBIDDEN' });

    const rows = await t.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.officerId, security.id), eq(authEvents.kind, 'forbidden')));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        kind: 'forbidden',
        email: null,
        officerId: security.id,
        ip: '127.0.0.1',
        detail: 'socket:doCalling',
        created: t.clock.now(),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(security.session);
  });
});
