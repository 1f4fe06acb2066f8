/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { API_KEY, employeeSession, post, freshLicence } from './demo-plant.ts';

/**
 * A driver's phone on a weak signal (issue 19): slow 4G as Chromium's DevTools throttle it
 * (150 ms round trip, 1.6 Mbit/s each way) on a cheap phone's CPU (4x slower).
 */
export const WEAK_SIGNAL = { latencyMs: 150, bytesPerSecond: 200_000, cpuSlowdown: 4 };

export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: WEAK_SIGNAL.latencyMs,
    downloadThroughput: WEAK_SIGNAL.bytesPerSecond,
    uploadThroughput: WEAK_SIGNAL.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: WEAK_SIGNAL.cpuSlowdown });
}

export interface DriverTicket {
  uuid: string;
  queueNumber: string;
  /** Calls it to the first call station of its card, as Manage Calling does; the station's name. */
  call(): Promise<string>;
}

/** A standard-flow ticket of the demo plant, issued through the API as the office does. */
export async function issueDriverTicket(baseUrl: string): Promise<DriverTicket> {
  const { session, branchId } = await employeeSession(baseUrl);
  const { queue_type } = await post<{
    queue_type: { id: number; flow_engine_id: number; product: { id: number }[] }[];
  }>(baseUrl, 'process/printer/ticketOptions', {}, session);
  const type =
    queue_type.find((q) => q.flow_engine_id === FLOW_ENGINE.standard && q.product.length) ?? queue_type[0];
  if (!type?.product[0]) throw new Error('The demo employee issues no queue type with a product');
  const { queue } = await post<{ queue: { uuid: string; queue_number: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: type.id, product: type.product[0].id, truck_license: freshLicence() },
    session,
  );
  const call = async () => {
    const { card } = await post<{
      card: {
        station_permission: { id: number; name: string; type: number }[];
        queue_number: { _id: number; uuid: string; queue_number: string }[];
      }[];
    }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 1 }, session);
    // By its uuid: after the plant day turns, a truck of the day before still inside may hold
    // the same number (numbers restart every plant day), and that truck must not be called.
    const ticketCard = card.find((c) => c.queue_number.some((q) => q.uuid === queue.uuid));
    const record = ticketCard?.queue_number.find((q) => q.uuid === queue.uuid);
    const station = ticketCard?.station_permission.find((s) => s.type === 1);
    if (!record || !station) throw new Error(`Cannot call ${queue.queue_number}: no card or station`);
    const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket.emitWithAck('doCalling', branchId, record._id, station.id)) as {
        status: number;
      };
      if (ack.status !== 1) throw new Error(`doCalling refused: ${JSON.stringify(ack)}`);
    } finally {
      socket.disconnect();
    }
    return station.name;
  };
  return { uuid: queue.uuid, queueNumber: queue.queue_number, call };
}

/** The scripts a page loaded: their addresses and the bytes that came over the wire. */
export function watchScripts(page: Page): { urls: Set<string>; transferred: () => Promise<number> } {
  const urls = new Set<string>();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    urls.add(request.url());
    sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  return { urls, transferred: async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

/** The gzipped size of these files as the server sends them (its .gz beside each asset). */
export async function gzippedBytes(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes the body; content-length is the size on the wire.
    const length = Number(response.headers.get('content-length'));
    await response.arrayBuffer();
    if (response.headers.get('content-encoding') !== 'gzip' || !Number.isFinite(length))
      throw new Error(`${url} was not sent gzipped`);
    total += length;
  }
  return total;
}

/**
 * Records the page's Largest Contentful Paint from its first moment (run before any page
 * script): `window.__lcp` holds the latest candidate's time in ms.
 */
export async function recordLcp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

export const readLcp = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? null);
