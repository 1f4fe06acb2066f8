import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_API_KEY, HEADER_SESSION } from '@truck-queue/shared/contracts/api';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { buildApp } from '../app.ts';
import { newBrowser, registerDevice } from '../test/devices.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { memoryLog } from '../test/memory-log.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { loggerOptions, maskUrl } from './log-options.ts';

const API_KEY = 'plant-api-key-never-in-logs';

let t: TestContext;
let plant: Plant;
/** The server under test: the whole app, logging at trace level into memory, on a real port. */
let app: FastifyInstance;
let url: string;
const log = memoryLog();
/** Every secret the scenario below handles. */
const secrets: string[] = [API_KEY];

beforeAll(async () => {
  t = await createTestContext({ apiKey: API_KEY });
  plant = await createPlant(t);
  app = await buildApp({
    config: { ...t.config, logLevel: 'trace' },
    database: t.database,
    clock: t.clock,
    logStream: log.stream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (app.server.listening) await app.close();
  await t.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER_API_KEY]: API_KEY, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Connects a socket and waits for its answer (connected or refused). */
function socketOnce(path: string, auth: Record<string, unknown>) {
  const socket = connect(`${url}${path}`, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  }).finally(() => socket.close());
}

describe('the logs', () => {
  it('hold no password, token, API key or device secret after a day of ordinary and refused calls', async () => {
    // Sign-in: right, wrong, and with "remember me".
    const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.admin });
    const wrongPassword = 'wrong-password-typed';
    secrets.push(officer.password, prehashPassword(officer.password), prehashPassword(wrongPassword));
    expect(
      (await post('authen/signin', { email: officer.email, password: prehashPassword(wrongPassword) }))
        .status,
    ).toBe(401);
    const signedIn = await post('authen/signin', {
      email: officer.email,
      password: prehashPassword(officer.password),
      remember: true,
    });
    const session = (signedIn.body.officer as { session: string }).session;
    secrets.push(session);

    // Calls with the session header, one refused, one with a session that is not one.
    expect((await post('authen/checkSession', {}, { [HEADER_SESSION]: session })).status).toBe(200);
    expect((await post('authen/checkSession', {}, { [HEADER_SESSION]: `${session}x` })).status).toBe(401);
    const employee = plant.officers.caller.session;
    secrets.push(employee);
    expect((await post('officer/mainOfficer', {}, { [HEADER_SESSION]: employee })).status).toBe(403);

    // A password change: old and new passwords travel in the body.
    const newPassword = 'brand-new-password';
    secrets.push(newPassword, prehashPassword(newPassword));
    const changed = await post(
      'authen/changeOwnPassword',
      { old_password: prehashPassword(officer.password), new_password: prehashPassword(newPassword) },
      { [HEADER_SESSION]: session },
    );
    expect(changed.status).toBe(200);

    // An admin's reset of another officer's password: the spec's plaintext confirmation
    // (c_password) is still taken, matching and not; without it too (the web sends none).
    const resetOfficer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });
    const resetPassword = 'reset-password-typed';
    const typo = 'reset-password-typo';
    secrets.push(resetPassword, prehashPassword(resetPassword), typo, prehashPassword(typo));
    const reset = (body: Record<string, unknown>) =>
      post('officer/changePassword', { uuid: resetOfficer.uuid, ...body }, { [HEADER_SESSION]: session });
    expect((await reset({ new_password: prehashPassword(resetPassword), c_password: typo })).status).toBe(
      400,
    );
    expect(
      (await reset({ new_password: prehashPassword(resetPassword), c_password: resetPassword })).status,
    ).toBe(200);
    expect((await reset({ new_password: prehashPassword(resetPassword) })).status).toBe(200);

    // A display: its calls and its socket carry the device secret.
    const display = newBrowser();
    secrets.push(display.secret);
    await registerDevice(t, plant, 'display', display);
    expect((await post('device/displayBoard', {}, display.headers)).status).toBe(200);
    expect((await post('device/displayBoard', {}, { ...display.headers, 'device-secret': 'x' })).status).toBe(
      401,
    );
    expect(
      await socketOnce('/device', {
        apiKey: API_KEY,
        kind: 'display',
        device_id: display.id,
        secret: display.secret,
      }),
    ).toBe('connected');

    // Staff sockets, accepted and refused, and the driver's socket.
    expect(await socketOnce('', { session, apiKey: API_KEY })).toBe('connected');
    expect(await socketOnce('', { session: 'not-a-session', apiKey: API_KEY })).toBe('UNAUTHENTICATED');
    const ticket = await issueTicket(t, plant, 'standard', 'กข 4321');
    expect(await socketOnce('/public', { queue: ticket.uuid })).toBe('connected');

    // The driver's page and its call.
    expect((await fetch(`${url}/Queue/data/${ticket.uuid}`)).status).toBeLessThan(500);
    expect((await post('process/user/queueInformation', { queue_number_id: ticket.uuid })).status).toBe(200);

    // An Excel export: its token is in the download address.
    const made = await post(
      'report/inOutTransactionExport',
      { find_start: '2026-11-19', find_finish: '2026-11-22' },
      { [HEADER_SESSION]: session },
    );
    expect(made.status).toBe(200);
    const excelUrl = made.body.excel_url as string;
    secrets.push(excelUrl.split('/').pop()!);
    const download = await fetch(`${url}${excelUrl}`, {
      headers: { [HEADER_API_KEY]: API_KEY, [HEADER_SESSION]: session },
    });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    expect((await fetch(`${url}${excelUrl}`, { headers: { [HEADER_API_KEY]: API_KEY } })).status).toBe(401);

    // A body that is not JSON, with a password in it.
    const broken = await fetch(`${url}/api/authen/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER_API_KEY]: API_KEY },
      body: `{"email":"a@example.com","password":"${prehashPassword(wrongPassword)}"`,
    });
    expect(broken.status).toBe(400);

    expect((await post('authen/signout', {}, { [HEADER_SESSION]: session })).status).toBe(200);
    await app.close();

    const text = log.text();
    // The log did record the scenario: one line per request, the download among them.
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(15);
    expect(text).toContain('report/download');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(text, 'a secret reached the log').not.toContain(secret);
    }
  });

  it('mask secrets in anything logged later: request headers, secret fields, the download address', () => {
    const captured = memoryLog();
    const logger = Fastify({ logger: loggerOptions('info', captured.stream) }).log;
    logger.info(
      {
        req: {
          url: '/x',
          headers: { session: 'S-token', authorization: 'API-key', 'device-secret': 'D-secret' },
        },
        officer: { email: 'a@example.com', session: 'S-token-2', password: 'P-word' },
        body: { uuid: 'u', new_password: 'N-hash', c_password: 'C-plain', old_password: 'O-hash' },
        handshake: { apiKey: 'API-key-2', secret: 'D-secret-2' },
      },
      'something',
    );
    const text = captured.text();
    for (const secret of ['S-token', 'API-key', 'D-secret', 'P-word', 'N-hash', 'C-plain', 'O-hash'])
      expect(text).not.toContain(secret);
    expect(text).toContain('a@example.com');
    expect(maskUrl('/api/report/download/AbCdEfGhIjKlMnOpQrStUvWxYz012345?x=1')).toBe(
      '/api/report/download/[REDACTED]?x=1',
    );
    expect(maskUrl('/Queue/data/1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(
      '/Queue/data/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    );
  });
});
