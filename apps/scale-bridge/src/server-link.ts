import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  type DeviceClientToServer,
  type DeviceServerToClient,
  type ScaleWeightReport,
} from '@truck-queue/shared/contracts/socket-events';
import { sayHello, idTakenMessage, type HelloAnswer, type HelloFailure } from './hello.ts';
import { formatDeviceId, type Identity } from './identity.ts';
import { quietRepeats, type Log } from './log.ts';

type DeviceSocket = Socket<DeviceServerToClient, DeviceClientToServer>;

export interface ServerLinkOptions {
  server: string;
  apiKey: string;
  identity: Identity;
  identityFile: string;
  log: Log;
  /** The socket is up (first time or again): the bridge sends the weight of now at once. */
  onConnect: () => void;
  /** The wait before another hello after a failure, or after the server refused the socket. */
  retryMs?: number;
  /** The same when a person must fix something first (a wrong API key): no use asking often. */
  slowRetryMs?: number;
}

export interface ServerLink {
  /** Sends a report while the socket is connected; false (nothing sent) while it is not. */
  send(report: ScaleWeightReport): boolean;
  close(): void;
}

export const HELLO_RETRY_MS = 5000;
export const SLOW_RETRY_MS = 30_000;
/** The server closes a device's socket on purpose when its registration changed: back after this. */
const SERVER_DISCONNECT_RETRY_MS = 1000;

/**
 * The bridge's link to the truck queue server, as a device of kind `scale`: it says hello
 * (POST device/hello) to learn whether an officer registered it, then keeps a Socket.IO
 * connection on /device that carries the weight. An unregistered bridge is accepted and waits;
 * `deviceChanged` (registered, cancelled, edited) makes it say hello again and reconnect, so
 * the server puts the socket where its new state belongs. Nothing here ever gives up.
 */
export function openServerLink(options: ServerLinkOptions): ServerLink {
  const { server, apiKey, identity, log } = options;
  const retryMs = options.retryMs ?? HELLO_RETRY_MS;
  const slowRetryMs = options.slowRetryMs ?? SLOW_RETRY_MS;
  const helloFailures = quietRepeats((message) => log.warn(message));
  const connectFailures = quietRepeats((message) => log.warn(message));
  const shownId = formatDeviceId(identity.device_id);
  const abort = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let known: HelloAnswer | null = null;

  const later = (action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) action();
    }, ms);
    timers.add(timer);
  };

  const socket: DeviceSocket = io(`${server}${DEVICE_NAMESPACE}`, {
    auth: { apiKey, kind: 'scale', device_id: identity.device_id, secret: identity.secret },
    transports: ['websocket'],
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });

  function tellRegistration(answer: HelloAnswer) {
    const same =
      known?.registered === answer.registered &&
      (!answer.registered ||
        (known.registered && known.name === answer.name && known.branch === answer.branch));
    known = answer;
    if (same) return;
    if (answer.registered) {
      const where = answer.branch ? ` at ${answer.branch}` : '';
      log.info(`The server knows this scale: registered as "${answer.name}"${where}.`);
    } else {
      log.info(`The server does not know this scale yet: register id ${shownId} on the Weighbridge page.`);
    }
  }

  function failed(failure: HelloFailure, reconnect: boolean) {
    const waitMs = Math.max(failure.needsPerson ? slowRetryMs : retryMs, failure.retryAfterMs ?? 0);
    helloFailures.say(`${failure.message} Trying again in ${Math.max(1, Math.round(waitMs / 1000))} s.`);
    later(() => void greet(reconnect), waitMs);
  }

  let greeting = false;
  /** The socket is connecting right after a hello: its connect needs no other one. */
  let greeted = false;
  /** Asked again while a hello was under way: one more follows it, so no change is missed. */
  let again: { reconnect: boolean } | null = null;

  /** Hello, then (re)connect the socket; on a failure, both again later. */
  async function greet(reconnect: boolean): Promise<void> {
    if (greeting) {
      again = { reconnect: reconnect || (again?.reconnect ?? false) };
      return;
    }
    greeting = true;
    const result = await sayHello(
      { server, apiKey, identity, identityFile: options.identityFile },
      abort.signal,
    );
    greeting = false;
    if (closed) return;
    if ('failure' in result) {
      failed(result.failure, reconnect || (again?.reconnect ?? false));
      again = null;
      return;
    }
    helloFailures.reset();
    tellRegistration(result.answer);
    const followUp = again;
    again = null;
    if (reconnect && socket.active) socket.disconnect();
    if (!socket.active) {
      greeted = true;
      socket.connect();
    }
    if (followUp) void greet(followUp.reconnect);
  }

  socket.on('connect', () => {
    connectFailures.reset();
    log.info(`Connected to the server at ${server}: sending the weight.`);
    options.onConnect();
    // Back after the server was away: its registration may have changed meanwhile.
    if (!greeted) void greet(false);
    greeted = false;
  });
  socket.on('disconnect', (reason) => {
    if (closed) return;
    // The bridge's own reconnect to take a new registration is no trouble to warn of.
    if (reason === 'io client disconnect') log.info('Reconnecting to the server with its new registration.');
    else log.warn(`Disconnected from the server (${reason}).`);
    // The server dropped this socket itself: its registration changed, so hello first.
    if (reason === 'io server disconnect') later(() => void greet(true), SERVER_DISCONNECT_RETRY_MS);
  });
  socket.on('connect_error', (error) => {
    if (closed) return;
    greeted = false;
    if (socket.active) {
      // The server could not be reached: socket.io-client tries again by itself, forever.
      connectFailures.say(`Cannot connect to the server at ${server} (${error.message}): trying again.`);
      return;
    }
    // The server refused the handshake (its message is a code): socket.io-client does not retry
    // a refusal, so the bridge says hello again later, which also says why in full.
    const code = error.message;
    if (code === 'DEVICE_ID_TAKEN')
      connectFailures.say(idTakenMessage(identity.device_id, options.identityFile));
    else if (code === 'UNAUTHENTICATED') {
      connectFailures.say("The server refused this scale's connection (UNAUTHENTICATED): check --api-key.");
    } else connectFailures.say(`The server refused this scale's connection (${code}): trying again.`);
    const slow = code === 'DEVICE_ID_TAKEN' || code === 'UNAUTHENTICATED';
    later(() => void greet(false), slow ? slowRetryMs : retryMs);
  });
  socket.on('deviceChanged', () => {
    log.info("The server says this scale's registration changed: saying hello again.");
    void greet(true);
  });

  void greet(false);

  return {
    send(report) {
      if (!socket.connected) return false;
      socket.emit('weight', report);
      return true;
    },
    close() {
      closed = true;
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      socket.disconnect();
    },
  };
}
