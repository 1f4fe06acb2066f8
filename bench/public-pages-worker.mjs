// The drivers' pages of public-push-bench.ts, in a process of their own (child_process.fork), so
// that the bench process's CPU time (process.cpuUsage) is the server's alone: the pages' sockets
// to `/public`, each following its ticket, and the officer's calling page (a staff socket that
// watches its cards) whose doCalling moves the line. The parent sends commands over IPC and gets
// one reply each. Times are absolute (performance.timeOrigin + now) so the two processes' instants
// compare; the figures of a call are measured here, on one clock.
import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const WAIT_MS = 15_000;

/** Set by 'setup': the app's address, the officer, the call station and the line in its order. */
let setup = null;
/** The line's trucks in order ({ id, uuid }), the head first; a call takes the head. */
let line = [];
/** How many calls were made: a waiting ticket's place is its index in the first line minus this. */
let calls = 0;
/** Each ticket's index in the line as it was at setup. */
const firstIndex = new Map();
/** The pages by ticket uuid. */
const pages = new Map();
let officer = null;
/** What the current call waits for: each page it must update, resolved with the instant it was. */
let expecting = null;

/** Every payload a page heard that was not its own place (or was not for it at all). */
const wrong = [];
/** Events the pages heard other than `line` and `ticket`, by name. */
const others = new Map();
/** Pushes to pages whose place had not changed (a called truck's page hearing the line again). */
let redundant = 0;

const options = (auth, ip) => ({
  auth,
  transports: ['websocket'],
  reconnection: false,
  forceNew: true,
  // Each driver's phone has its own address (the server trusts this proxy header).
  extraHeaders: { 'x-forwarded-for': ip },
});
const ipOf = (i) => `10.35.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function connected(socket) {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
  });
}

/** The page's place now: trucks ahead of it, or null once its truck was called. */
function placeOf(uuid) {
  const index = firstIndex.get(uuid) - calls;
  return index >= 0 ? index : null;
}

/** A driver's page: it checks that every push it hears is its own ticket's place. */
function follow(uuid, socket) {
  const page = { uuid, socket, heard: 0 };
  const settle = () => {
    const waiter = expecting?.get(uuid);
    if (waiter) {
      expecting.delete(uuid);
      waiter(now());
    }
  };
  socket.on('line', (update) => {
    page.heard += 1;
    const ahead = placeOf(uuid);
    if (ahead === null) {
      // A called truck's place does not change when the line moves behind it.
      redundant += 1;
      return;
    }
    if (update.queue_state !== 'QS' || update.ahead !== ahead || update.station_name !== null) {
      wrong.push({ uuid, event: 'line', expected: ahead, got: update });
      return;
    }
    settle();
  });
  socket.on('ticket', (queue) => {
    page.heard += 1;
    if (queue.uuid !== uuid || queue.queue_state !== 'C' || queue.ahead !== null || !queue.station_name) {
      wrong.push({ uuid, event: 'ticket', got: { uuid: queue.uuid, queue_state: queue.queue_state } });
      return;
    }
    settle();
  });
  socket.onAny((event) => {
    // The bare emit's 'benchPlace' is the bench's own.
    if (event !== 'line' && event !== 'ticket' && event !== 'benchPlace')
      others.set(event, (others.get(event) ?? 0) + 1);
  });
  return page;
}

async function openPages(uuids) {
  // Twenty at a time: a plant's drivers do not all open their page in the same millisecond.
  for (let i = 0; i < uuids.length; i += 20) {
    const batch = uuids.slice(i, i + 20).map(async (uuid) => {
      const socket = await connected(
        connect(`${setup.url}/public`, options({ queue: uuid }, ipOf(firstIndex.get(uuid)))),
      );
      return follow(uuid, socket);
    });
    for (const page of await Promise.all(batch)) pages.set(page.uuid, page);
  }
}

async function openOfficer() {
  const socket = await connected(
    connect(setup.url, { ...options({ session: setup.session, apiKey: setup.apiKey }, '10.36.0.1') }),
  );
  const joined = await socket.emitWithAck('joinRoom', setup.branchId, 'System');
  if (joined.status !== 1) throw new Error(`joinRoom: ${JSON.stringify(joined)}`);
  // The calling page watches its cards: the server pushes them after every change, from the
  // same snapshot of the open queues the drivers' places are worked out from.
  const first = new Promise((resolve) => socket.once('callingCards', resolve));
  const watched = await socket.emitWithAck('watchCards', setup.branchId, 1);
  if (watched.status !== 1) throw new Error(`watchCards: ${JSON.stringify(watched)}`);
  await first;
  officer = socket;
}

/** Resolves with the instant the officer's cards show `uuid` called, or null after WAIT_MS. */
function cardsShowCalled(uuid) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      officer.off('callingCards', listener);
      resolve(null);
    }, WAIT_MS);
    const listener = (state) => {
      for (const card of state.card)
        if (card.queue_number.some((row) => row.uuid === uuid && row.queue_state === 'C')) {
          clearTimeout(timer);
          officer.off('callingCards', listener);
          resolve(now());
          return;
        }
    };
    officer.on('callingCards', listener);
  });
}

/**
 * One doCalling of the line's first truck, and when each open page of the line held its new
 * place: the called truck's pages its ticket, every waiting truck's page its trucks ahead.
 */
async function oneCall() {
  const head = line.shift();
  if (!head) throw new Error('the line is empty');
  const wrongBefore = wrong.length;
  const heardBefore = new Map([...pages].map(([uuid, page]) => [uuid, page.heard]));
  const arrivals = [];
  expecting = new Map();
  for (const [uuid] of pages) {
    const index = firstIndex.get(uuid) - calls;
    // Pages of trucks called earlier: nothing to hear.
    if (index < 0) continue;
    arrivals.push(new Promise((resolve) => expecting.set(uuid, resolve)));
  }
  const cards = cardsShowCalled(head.uuid);
  calls += 1;
  const sent = now();
  const ack = await officer.emitWithAck('doCalling', setup.branchId, head.id, setup.stationId);
  const acked = now();
  if (ack.status !== 1) throw new Error(`doCalling: ${JSON.stringify(ack)}`);
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), WAIT_MS)));
  const all = await Promise.race([Promise.all(arrivals), timeout]);
  clearTimeout(timer);
  const missing = expecting.size;
  expecting = null;
  const cardsAt = await cards;
  let updated = 0;
  for (const [uuid, page] of pages) if (page.heard > heardBefore.get(uuid)) updated += 1;
  return {
    ackMs: acked - sent,
    lastMs: all === 'timeout' || all.length === 0 ? null : Math.max(...all) - acked,
    cardsMs: cardsAt === null ? null : cardsAt - acked,
    expected: arrivals.length,
    updated,
    missing,
    wrong: wrong.length - wrongBefore,
  };
}

/** One bare Socket.IO emit to every page by the parent, timed from the parent's instant. */
async function oneBare(i) {
  const arrivals = [...pages.values()].map(
    (page) =>
      new Promise((resolve) => {
        const listener = (payload) => {
          if (payload.i !== i) return;
          page.socket.off('benchPlace', listener);
          resolve(now());
        };
        page.socket.on('benchPlace', listener);
      }),
  );
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('bare emit: a page heard nothing')), WAIT_MS);
  });
  try {
    return Math.max(...(await Promise.race([Promise.all(arrivals), timeout])));
  } finally {
    clearTimeout(timer);
  }
}

const reply = (message) => process.send(message);

process.on('message', async (message) => {
  try {
    if (message.type === 'setup') {
      setup = message;
      line = [...message.line];
      for (const [i, truck] of line.entries()) firstIndex.set(truck.uuid, i);
      await openOfficer();
      reply({ type: 'ready' });
    } else if (message.type === 'open') {
      const unknown = message.uuids.filter((uuid) => !firstIndex.has(uuid));
      if (unknown.length > 0) throw new Error(`pages of tickets not in the line: ${unknown.length}`);
      await openPages(message.uuids);
      reply({ type: 'opened', pages: pages.size });
    } else if (message.type === 'call') {
      reply({ type: 'called', result: await oneCall() });
    } else if (message.type === 'bare') {
      // Armed first, then the parent emits and says when.
      const last = oneBare(message.i);
      reply({ type: 'armed' });
      const emittedAt = await new Promise((resolve) => {
        const listener = (m) => {
          if (m.type !== 'emitted') return;
          process.off('message', listener);
          resolve(m.at);
        };
        process.on('message', listener);
      });
      reply({ type: 'bared', ms: (await last) - emittedAt });
    } else if (message.type === 'report') {
      reply({
        type: 'report',
        wrong: wrong.slice(0, 5),
        wrongCount: wrong.length,
        redundant,
        others: Object.fromEntries(others),
        cpu: process.cpuUsage(),
      });
    } else if (message.type === 'close') {
      for (const page of pages.values()) page.socket.close();
      officer?.close();
      reply({ type: 'closed' });
      process.disconnect();
    }
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.stack : String(error) });
  }
});
