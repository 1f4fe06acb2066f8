// The screens of refresh-bench.ts, in a worker thread so that the server under test has the
// bench's main thread to itself: officer pages (a staff socket each, refetching over HTTP what
// the calling page refetches on `refreshUI`), TVs (registered displays' sockets) and drivers'
// pages (public sockets following their tickets). Times are absolute (timeOrigin + now) so the
// main thread's and this thread's instants compare.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';
import { Pool } from 'undici';

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

const pool = new Pool(setup.url, { connections: 64, pipelining: 1 });
async function post(path, session, body) {
  const response = await pool.request({
    path: `/api/${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: setup.apiKey, session },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${text}`);
  return JSON.parse(text);
}

/** An officer's calling page: its cards and the announcement proof of the called trucks on them. */
class Screen {
  constructor(officer, socket) {
    this.officer = officer;
    this.socket = socket;
  }
  idsOf(cards) {
    return cards
      .flatMap((card) => card.queue_number.filter((q) => CALLED.has(q.queue_state)).map((q) => q._id))
      .sort((a, b) => a - b);
  }
  /**
   * What invalidating queueKeys.allLive does on that page: the cards refetch, and the proof of
   * their called trucks follows them (features/calling/api/use-announcements.ts).
   */
  async refetch() {
    const t0 = now();
    const cards = await post('process/calling/getCardInProcess', this.officer.session, { find_total_day: 1 });
    const t1 = now();
    this.cardsAt = t1;
    this.cards = cards.card;
    await post('calling/announcements', this.officer.session, { queue_ids: this.idsOf(this.cards) });
    // How long each request of the refetch took (what the server spent on it, queueing included).
    this.lastTimes = { cards: t1 - t0, announcements: now() - t1 };
  }
  stateOf(uuid) {
    for (const card of this.cards ?? []) {
      const q = card.queue_number.find((row) => row.uuid === uuid);
      if (q) return q.queue_state;
    }
    return null;
  }
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
    await screen.refetch();
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

/** One doCalling by the first officer's page, and when each screen held what it changed. */
async function oneCall(call) {
  let stale = 0;
  const timings = [];
  /** When each page had its new cards (before their proof). */
  const cardsIn = [];
  const officerDone = screens.map(async (screen) => {
    await arrival(screen.socket, 'refreshUI', (p) => p.queue_uuid === call.uuid);
    await screen.refetch();
    const done = now();
    cardsIn.push(screen.cardsAt);
    // An officer calling that queue type must see the truck called; any other sees no change.
    if (screen.officer.typeIds.includes(call.typeId) && !CALLED.has(screen.stateOf(call.uuid))) stale += 1;
    timings.push(screen.lastTimes);
    return done;
  });
  const tvDone = tvs.map((tv) => arrival(tv, 'called', (p) => p.queue_number === call.number));
  const driverDone = drivers.map((page) => arrival(page, 'queueChanged'));
  const ack = await screens[0].socket.emitWithAck('doCalling', setup.branchId, call.id, setup.stationId);
  const replied = now();
  if (ack.status !== 1) throw new Error(`doCalling: ${JSON.stringify(ack)}`);
  const last = async (list) => Math.max(...(await Promise.all(list))) - replied;
  const officers = await last(officerDone);
  return {
    officers,
    cards: Math.max(...cardsIn) - replied,
    tvs: await last(tvDone),
    drivers: await last(driverDone),
    stale,
    timings,
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
      const results = [];
      for (let i = 0; i < setup.calls.length; i++) results.push(await oneBroadcast(i));
      parentPort.postMessage({ type: 'bared', results });
    } else if (message.type === 'close') {
      for (const s of [...screens.map((x) => x.socket), ...tvs, ...drivers]) s.close();
      await pool.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.stack : String(error) });
  }
});
