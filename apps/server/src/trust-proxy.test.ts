/** TRUST_PROXY through the whole app: the address the API, the audit and the sockets see. */
import { and, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { STAFF_ROOM } from '@truck-queue/shared/contracts/socket-events';
import { authEvents } from './db/schema.ts';
import { THROTTLE } from './modules/auth/auth.service.ts';
import { createTestContext, type TestContext } from './test/harness.ts';
import { closeSockets, emitAck, listen } from './test/sockets.ts';

/**
 * TRUST_PROXY names the proxies in front of the server. Only they may say who the client is,
 * and the client is the right-most forwarded address that is not one of them: anything left of
 * it was written by the client. HTTP and Socket.IO follow the same rule.
 */

describe('TRUST_PROXY on the API and the sockets', () => {
  let t: TestContext;
  let branch: { id: number; name: string };
  const PROXY = '127.0.0.1';

  beforeAll(async () => {
    // The sockets below come from 127.0.0.1: that is the proxy here.
    t = await createTestContext({ trustProxy: [PROXY] });
    branch = await t.createBranch('Proxied plant');
  });
  afterEach(() => closeSockets());
  afterAll(() => t.close());

  const signIn = (email: string, password: string, ip: string, forwardedFor: string) =>
    t.post(
      'authen/signin',
      { email, password: prehashPassword(password) },
      { ip, headers: { 'x-forwarded-for': forwardedFor } },
    );

  const auditedAddresses = async (email: string) =>
    (
      await t.db
        .select({ ip: authEvents.ip })
        .from(authEvents)
        .where(and(eq(authEvents.email, email), eq(authEvents.kind, 'signin_failed')))
    ).map((r) => r.ip);

  it('counts and audits a direct caller with a forged X-Forwarded-For under its real address', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const attacker = '203.0.113.66';
    for (let i = 0; i < THROTTLE.perPair; i++) {
      const forged = `192.0.2.${i + 1}`;
      expect((await signIn(officer.email, `guess-${i}`, attacker, forged)).statusCode).toBe(401);
    }
    expect(await auditedAddresses(officer.email)).toEqual(Array(THROTTLE.perPair).fill(attacker));
    // A new forged address each time does not escape the throttle.
    const refused = await signIn(officer.email, officer.password, attacker, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 0, code: 'TOO_MANY_ATTEMPTS' });
  });

  it('takes the right-most address the proxy did not write itself', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const response = await signIn(officer.email, 'wrong', PROXY, '192.0.2.1, 198.51.100.20');
    expect(response.statusCode).toBe(401);
    expect(await auditedAddresses(officer.email)).toEqual(['198.51.100.20']);
  });

  it('audits a refused socket event under the same address as a refused HTTP call', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    const forwardedFor = '192.0.2.1, 198.51.100.30';
    const other = await t.createBranch('Not theirs');

    const http = await t.post(
      'officer/mainOfficer',
      {},
      { session, headers: { 'x-forwarded-for': forwardedFor } },
    );
    expect(http.statusCode).toBe(403);

    const socket = connect(await listen(t), {
      auth: { session, apiKey: t.config.apiKey },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await emitAck(socket, 'joinRoom', other.id, STAFF_ROOM)).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      socket.close();
    }

    const rows = await t.db
      .select({ ip: authEvents.ip, detail: authEvents.detail })
      .from(authEvents)
      .where(and(eq(authEvents.officerId, officer.id), eq(authEvents.kind, 'forbidden')))
      .orderBy(authEvents.id);
    expect(rows).toEqual([
      { ip: '198.51.100.30', detail: 'officer/mainOfficer' },
      { ip: '198.51.100.30', detail: 'socket:joinRoom' },
    ]);
  });
});
