import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { PublicLineUpdate, PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import type { PublicServerToClient } from '@truck-queue/shared/contracts/socket-events';
import { fetchQueueInformation, isLineUpdate, isPublicQueue } from './api.ts';

/**
 * socket-events.ts's PUBLIC_NAMESPACE and RECONNECT_DELAY_MS, written out (api.test.ts checks
 * they agree): that module builds zod schemas, which would land in this page's bundle.
 */
export const PUBLIC_NAMESPACE = '/public';
export const RECONNECT_DELAY_MS = 10_000;

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export type QueueView =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  /** Nothing loaded yet and the server cannot be reached; retried every RECONNECT_DELAY_MS. */
  | { kind: 'error' }
  | { kind: 'ready'; queue: PublicQueue; updatedAt: Date; live: LiveState | 'ended' };

type PublicSocket = Socket<PublicServerToClient, Record<string, never>>;

/** The ticket as the server rendered it (null: not found), and when it read it. */
export interface InitialQueue {
  queue: PublicQueue | null;
  at: Date;
}

/** The ticket at the place in its line the server pushed. */
const withPlace = (queue: PublicQueue, place: PublicLineUpdate): PublicQueue => ({
  ...queue,
  queue_state: place.queue_state,
  ahead: place.ahead,
  expected_wait: place.expected_wait,
  station_name: place.station_name,
});

function initialView(uuid: string | null, initial: InitialQueue | undefined): QueueView {
  if (!uuid) return { kind: 'notFound' };
  if (!initial) return { kind: 'loading' };
  if (!initial.queue) return { kind: 'notFound' };
  return {
    kind: 'ready',
    queue: initial.queue,
    updatedAt: initial.at,
    live: initial.queue.exited ? 'ended' : 'connecting',
  };
}

/**
 * One ticket, kept fresh: fetched once (unless the server rendered it: `initial`), then pushed
 * by the server over /public: the whole ticket when it changed (`ticket`), its place when its
 * line moved (`line`: state, trucks ahead, expected wait, station). It is fetched again only
 * after a (re)connect (changes may have been missed), when the phone wakes the page up, and when
 * the branch's settings changed (`queueChanged`). socket.io-client is loaded after the first
 * answer, so the first paint waits only for the page. A ticket whose truck has left cannot
 * change, nor can one the server did not find: no connection then.
 */
export function useQueue(
  uuid: string | null,
  initial?: InitialQueue,
): { view: QueueView; retry: () => void } {
  const [view, setView] = useState<QueueView>(() => initialView(uuid, initial));
  const retryRef = useRef<() => void>(() => undefined);
  // The page's uuid never changes, so neither does what the server rendered for it.
  const initialRef = useRef(initial);

  useEffect(() => {
    if (!uuid) return;
    const rendered = initialRef.current;
    if (rendered && (!rendered.queue || rendered.queue.exited)) return;
    let disposed = false;
    let controller: AbortController | null = null;
    let again = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let socket: PublicSocket | null = null;
    let socketWanted = false;
    let live: LiveState = 'connecting';
    let ended = false;
    /**
     * What the server pushed, counted: an answer to a fetch begun before a push may be older than
     * it (the page's fetch on connect crossing a call), so it does not undo the push.
     */
    let pushes = 0;
    let lastTicketPush = 0;
    let lastPlace: PublicLineUpdate | null = null;

    const setLive = (next: LiveState) => {
      if (disposed || ended) return;
      live = next;
      setView((current) => (current.kind === 'ready' ? { ...current, live: next } : current));
    };

    const stopSocket = () => {
      clearTimeout(reconnectTimer);
      socket?.disconnect();
      socket = null;
    };

    /** The ticket as the server answered or pushed it: a truck gone out ends the live page. */
    const show = (queue: PublicQueue) => {
      if (queue.exited) {
        ended = true;
        stopSocket();
      }
      setView({ kind: 'ready', queue, updatedAt: new Date(), live: ended ? 'ended' : live });
    };

    const load = async () => {
      if (controller) {
        again = true;
        return;
      }
      clearTimeout(retryTimer);
      const current = new AbortController();
      controller = current;
      const pushesBefore = pushes;
      try {
        const queue = await fetchQueueInformation(uuid, current.signal);
        if (disposed) return;
        if (!queue) {
          ended = true;
          stopSocket();
          setView({ kind: 'notFound' });
          return;
        }
        // The whole ticket was pushed meanwhile: that is newer. Only its place: it is laid over.
        if (lastTicketPush <= pushesBefore) {
          show(pushes > pushesBefore && lastPlace ? withPlace(queue, lastPlace) : queue);
        }
        if (!ended) startSocket();
      } catch (error) {
        if (disposed) return;
        console.warn('Could not load the queue', error);
        // Keep what is on screen (marked as not live) and try again later.
        setView((previous) =>
          previous.kind === 'ready' ? { ...previous, live: 'reconnecting' } : { kind: 'error' },
        );
        retryTimer = setTimeout(() => void load(), RECONNECT_DELAY_MS);
      } finally {
        if (controller === current) controller = null;
        if (again && !disposed && !ended) {
          again = false;
          void load();
        }
      }
    };

    const startSocket = () => {
      if (socketWanted) return;
      socketWanted = true;
      import('socket.io-client')
        .then(({ io }) => {
          if (disposed || ended) return;
          const s: PublicSocket = io(PUBLIC_NAMESPACE, {
            auth: { queue: uuid },
            reconnection: true,
            reconnectionAttempts: Infinity,
            reconnectionDelay: RECONNECT_DELAY_MS,
            reconnectionDelayMax: RECONNECT_DELAY_MS,
          });
          socket = s;
          // Every (re)connect may have missed changes: refetch.
          s.on('connect', () => {
            setLive('live');
            void load();
          });
          s.on('queueChanged', () => void load());
          // What the server pushes is checked as a fetched answer is; anything else, refetch.
          s.on('ticket', (queue) => {
            if (disposed || ended) return;
            if (!isPublicQueue(queue) || queue.uuid !== uuid) return void load();
            lastTicketPush = ++pushes;
            lastPlace = null;
            show(queue);
          });
          s.on('line', (place) => {
            if (disposed || ended) return;
            if (!isLineUpdate(place)) return void load();
            pushes++;
            lastPlace = place;
            setView((current) =>
              current.kind === 'ready'
                ? { ...current, queue: withPlace(current.queue, place), updatedAt: new Date() }
                : current,
            );
          });
          s.on('disconnect', () => {
            setLive('reconnecting');
            scheduleManualReconnect(s);
          });
          s.on('connect_error', () => {
            setLive('reconnecting');
            scheduleManualReconnect(s);
          });
        })
        .catch((error: unknown) => {
          // The chunk did not arrive (connection lost): the next successful load tries again.
          console.warn('Could not load the live connection', error);
          socketWanted = false;
          setLive('reconnecting');
        });
    };

    /**
     * socket.io retries by itself except after a refusal by the server's middleware or a
     * server-side disconnect; then reconnect by hand, as often as the client would, and refetch
     * (a refusal can mean the ticket is gone).
     */
    const scheduleManualReconnect = (s: PublicSocket) => {
      if (disposed || ended || s.active) return;
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => {
        if (disposed || ended || socket !== s) return;
        void load();
        s.connect();
      }, RECONNECT_DELAY_MS);
    };

    const onVisible = () => {
      if (document.visibilityState !== 'visible' || ended) return;
      void load();
      if (socket && !socket.connected && !socket.active) socket.connect();
    };

    retryRef.current = () => void load();
    document.addEventListener('visibilitychange', onVisible);
    // A rendered ticket is on screen already: go live (the socket's connect refetches it).
    if (rendered) startSocket();
    else void load();

    return () => {
      disposed = true;
      controller?.abort();
      clearTimeout(retryTimer);
      document.removeEventListener('visibilitychange', onVisible);
      stopSocket();
    };
  }, [uuid]);

  const retry = useCallback(() => retryRef.current(), []);
  return { view, retry };
}
