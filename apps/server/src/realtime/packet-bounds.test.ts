import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_ROOM } from '@truck-queue/shared/contracts/socket-events';
import { newBrowser } from '../test/devices.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, deviceSocket, emitAck, listen, publicSocket, staffSocket } from '../test/sockets.ts';
import { RATE_LIMITS } from '../lib/rate-limit.ts';
import { PACKET_LIMITS } from './packet-parser.ts';

/**
 * Issue 37, hole 5: an unregistered `/device` socket's packets nested thousands deep were
 * parsed before any limit, taking the event loop from everyone else. Every packet's raw text is
 * now checked for its namespace's size and for its depth before it is parsed; a client that
 * sends one too big or too deep is cut.
 */

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  url = await listen(t);
});
afterEach(() => {
  closeSockets();
  vi.restoreAllMocks();
});
afterAll(() => t.close());

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Counts the JSON.parse calls the server makes on texts that start like this one. */
function countParses(prefix: string) {
  const parse = JSON.parse.bind(JSON);
  let calls = 0;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.startsWith(prefix)) calls++;
    return parse(text, reviver) as unknown;
  });
  return () => calls;
}

/** Resolves with the reason the client's connection closed (the server cut it: "transport close"). */
function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.io.once('close', (reason) => resolve(reason)));
}

/** Sends a Socket.IO packet as raw text, as a hostile client would write it. */
function sendRaw(socket: Socket, packet: string) {
  socket.io.engine.send(packet);
}

const unregisteredDevice = () => {
  const browser = newBrowser();
  return deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'display',
    device_id: browser.id,
    secret: browser.secret,
  });
};

/** A staff socket that works: it joins its branch's room and is answered. */
async function staffWorks(socket: Socket) {
  expect(socket.connected).toBe(true);
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, STAFF_ROOM)).toEqual({ status: 1 });
}

describe('a packet nested too deep', () => {
  it('cuts an unregistered /device socket before it is parsed; an officer connected beside it keeps working', async () => {
    const officer = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    const hostile = await unregisteredDevice();
    const parses = countParses('["status",[[[[');
    const cut = closed(hostile);
    sendRaw(hostile, `2${'/device'},["status",${nested(1000)}]`);
    expect(await cut).toBe('transport close');
    expect(parses()).toBe(0);
    await staffWorks(officer);

    // As deep as allowed: read (and ignored: an unregistered screen has nothing to report).
    const allowed = await unregisteredDevice();
    sendRaw(allowed, `2/device,["status",${nested(PACKET_LIMITS.depth - 2)}]`);
    await staffWorks(officer);
    expect(allowed.connected).toBe(true);
  });

  it('cuts a staff socket and a driver page socket alike', async () => {
    const officer = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    const other = await staffSocket(url, { session: plant.officers.admin.session, apiKey: t.config.apiKey });
    const parses = countParses('["joinRoom",[[[[');
    const cut = closed(other);
    sendRaw(other, `2["joinRoom",${nested(200)}]`);
    expect(await cut).toBe('transport close');
    expect(parses()).toBe(0);

    const ticket = await issueTicket(t, plant, 'standard', 'กข 5555');
    const driver = await publicSocket(url, ticket.uuid);
    const driverCut = closed(driver);
    sendRaw(driver, `2/public,["x",${nested(100)}]`);
    expect(await driverCut).toBe('transport close');
    await staffWorks(officer);
  });
});

describe('a packet to a namespace the server does not serve', () => {
  it('is not read: a quote in its name cannot hide a deep payload from the depth check', async () => {
    const officer = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    for (const packet of [`0/"x,{"a":${nested(300)}}`, `2/"x,["e",${nested(200)}]`, '2/nowhere,["e"]']) {
      const hostile = await unregisteredDevice();
      const parses = countParses('{"a":[[[[');
      const eventParses = countParses('["e"');
      const cut = closed(hostile);
      sendRaw(hostile, packet);
      expect(await cut, packet).toBe('transport close');
      expect(parses() + eventParses(), packet).toBe(0);
      vi.restoreAllMocks();
    }
    await staffWorks(officer);
  });
});

describe('a packet too big for its namespace', () => {
  it('cuts a /device socket past 4 KiB, a /public socket past 512 characters, a handshake past 2 KiB', async () => {
    const officer = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    const device = await unregisteredDevice();
    const deviceCut = closed(device);
    sendRaw(device, `2/device,["status","${'x'.repeat(PACKET_LIMITS.namespaces.get('/device')!)}"]`);
    expect(await deviceCut).toBe('transport close');

    const ticket = await issueTicket(t, plant, 'standard', 'กข 6666');
    const driver = await publicSocket(url, ticket.uuid);
    const driverCut = closed(driver);
    sendRaw(driver, `2/public,["x","${'x'.repeat(600)}"]`);
    expect(await driverCut).toBe('transport close');

    // A handshake whose auth is too big never reaches the namespace's middleware.
    const browser = newBrowser();
    const big = connect(`${url}/device`, {
      auth: { apiKey: t.config.apiKey, kind: 'display', device_id: browser.id, secret: 'x'.repeat(3000) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    expect(await closed(big)).toBe('transport close');
    expect(big.connected).toBe(false);
    big.close();

    // A staff event of 10 KiB is within the staff namespace's bound (and refused by its own checks).
    sendRaw(officer, `2["joinRoom","${'x'.repeat(10_000)}"]`);
    await staffWorks(officer);
  });

  it("cuts a client past its connection's packet bucket, counted before parsing: the namespaces without limits of their own", async () => {
    // The handshake was the connection's first packet.
    const burst = RATE_LIMITS.socketPackets.burst - 1;
    const device = await unregisteredDevice();
    const parses = countParses('["status",{"n":');
    for (let i = 0; i < burst; i++) sendRaw(device, `2/device,["status",{"n":${i}}]`);
    // Every one of them read (and ignored: an unregistered screen has nothing to report)...
    await vi.waitFor(() => expect(parses()).toBe(burst), { timeout: 20_000, interval: 20 });
    expect(device.connected).toBe(true);
    // ...and the next one, on the same app clock, cut before it is parsed.
    const cut = closed(device);
    sendRaw(device, `2/device,["status",{"n":${burst}}]`);
    expect(await cut).toBe('transport close');
    expect(parses()).toBe(burst);
  });

  it('cuts a client that sends binary', async () => {
    const device = await unregisteredDevice();
    const cut = closed(device);
    device.emit('status', Buffer.from('binary'));
    expect(await cut).toBe('transport close');
  });
});
