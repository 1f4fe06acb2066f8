// The screens of refresh-bench.ts, in a worker thread so that the server under test has the
// bench's main thread to itself: officer pages (a staff socket each, watching its calling cards
// as the calling page does: the server pushes them with their proof after every change), TVs (registered displays' sockets) and drivers'
// pages (public sockets following their tickets). Times are absolute (timeOrigin + now) so the
// main thread's and this thread's instants compare.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const setup = workerData;
const CALLED = new Set(['C', 'RC']);
const WAIT_MS = 15_000;

function connected(socket) {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
  });
}

const options = (auth, ip) => ({
  auth,
  transports: ['websocket'],
  reconnection: false,
  forceNew: true,
  // Each driver's phone and each office PC has its own address (the server trusts this proxy header).
  extraHeaders: { 'x-forwarded-for': ip },
});
const ipOf = (group, i) => `10.${group}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** An officer's calling page: the cards and their proof the server pushes to it (watchCards). */
class Screen {
  constructor(officer, socket) {
    this.officer = officer;
    this.socket = socket;
    this.last = null;
    this.payloadBytes = 0;
    socket.on('callingCards', (state) => {
      this.last = state;
    });
  }
  /** Watches the cards as the calling page does, and waits for the first push. */
  async watch() {
    const first = arrival(this.socket, 'callingCards');
    const ack = await this.socket.emitWithAck('watchCards', setup.branchId, 1);
    if (ack.status !== 1) throw new Error(`watchCards: ${JSON.stringify(ack)}`);
    await first;
  }
}

/** The ticket's state on these pushed cards, or null when none of them holds it. */
function stateIn(state, uuid) {
  for (const card of state.card) {
    const q = card.queue_number.find((row) => row.uuid === uuid);
    if (q) return q.queue_state;
  }
  return null;
}

const screens = [];
const tvs = [];
const drivers = [];

async function open() {
  for (const [i, officer] of setup.officers.entries()) {
    const socket = await connected(
      connect(setup.url, options({ session: officer.session, apiKey: setup.apiKey }, ipOf(1, i))),
    );
    const ack = await socket.emitWithAck('joinRoom', setup.branchId, 'System');
    if (ack.status !== 1) throw new Error(`joinRoom: ${JSON.stringify(ack)}`);
    const screen = new Screen(officer, socket);
    await screen.watch();
    screens.push(screen);
  }
  for (const [i, tv] of setup.displays.entries()) {
    const auth = { apiKey: setup.apiKey, kind: 'display', device_id: tv.id, secret: tv.secret };
    tvs.push(await connected(connect(`${setup.url}/device`, options(auth, ipOf(2, i)))));
  }
  // Twenty at a time: a plant's drivers do not all open their page in the same millisecond.
  for (let i = 0; i < setup.drivers.length; i += 20) {
    const batch = setup.drivers
      .slice(i, i + 20)
      .map((uuid, j) => connected(connect(`${setup.url}/public`, options({ queue: uuid }, ipOf(3, i + j)))));
    drivers.push(...(await Promise.all(batch)));
  }
}

/** Resolves with the instant `event` (passing `match`) reached the socket, or rejects after WAIT_MS. */
function arrival(socket, event, match = () => true) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${WAIT_MS} ms`));
    }, WAIT_MS);
    const listener = (payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(now());
    };
    socket.on(event, listener);
  });
}

/** One doCalling by the first officer's page, and when each page held what it changed. */
async function oneCall(call) {
  let stale = 0;
  const officerDone = screens.map((screen) => {
    // An officer calling that queue type holds the new state once a push shows the truck called
    // (a push without it counts as stale); any other officer's cards do not change, and the
    // first push after the call is theirs.
    const calls = screen.officer.typeIds.includes(call.typeId);
    let first = true;
    return arrival(screen.socket, 'callingCards', (state) => {
      const fresh = !calls || CALLED.has(stateIn(state, call.uuid));
      if (first && !fresh) stale += 1;
      first = false;
      return fresh;
    });
  });
  const tvDone = tvs.map((tv) => arrival(tv, 'called', (p) => p.queue_number === call.number));
  const driverDone = drivers.map((page) => arrival(page, 'queueChanged'));
  const ack = await screens[0].socket.emitWithAck('doCalling', setup.branchId, call.id, setup.stationId);
  const replied = now();
  if (ack.status !== 1) throw new Error(`doCalling: ${JSON.stringify(ack)}`);
  const last = async (list) => Math.max(...(await Promise.all(list))) - replied;
  return {
    officers: await last(officerDone),
    tvs: await last(tvDone),
    drivers: await last(driverDone),
    stale,
    bytes: screens.map((screen) => JSON.stringify(screen.last).length),
  };
}

let pendingEmit = null;
/** One bare broadcast by the main thread: the same payloads to the same sockets. */
async function oneBroadcast(i) {
  const arrivals = [
    ...screens.map((s) => arrival(s.socket, 'benchPing', (p) => p.i === i)),
    ...tvs.map((tv) => arrival(tv, 'benchPing', (p) => p.i === i)),
    ...drivers.map((page) => arrival(page, 'benchPing', (p) => p.i === i)),
  ];
  const emitted = new Promise((resolve) => (pendingEmit = resolve));
  parentPort.postMessage({ type: 'emit', i });
  const t0 = await emitted;
  return Math.max(...(await Promise.all(arrivals))) - t0;
}

parentPort.on('message', async (message) => {
  try {
    if (message.type === 'emitted') {
      pendingEmit?.(message.at);
      return;
    }
    if (message.type === 'open') {
      await open();
      parentPort.postMessage({ type: 'opened' });
    } else if (message.type === 'calls') {
      const results = [];
      for (const call of setup.calls) results.push(await oneCall(call));
      parentPort.postMessage({ type: 'called', results });
    } else if (message.type === 'bare') {
      // The bare broadcast sends each officer's page the last push it got, as the product does.
      parentPort.postMessage({
        type: 'payloads',
        list: screens.map((screen) => ({ session: screen.officer.session, payload: screen.last })),
      });
      const results = [];
      for (let i = 0; i < setup.calls.length; i++) results.push(await oneBroadcast(i));
      parentPort.postMessage({ type: 'bared', results });
    } else if (message.type === 'close') {
      for (const s of [...screens.map((x) => x.socket), ...tvs, ...drivers]) s.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.stack : String(error) });
  }
});
