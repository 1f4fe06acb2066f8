/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { prehashPassword } from '@truck-queue/shared/password';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { newIdentity, registerDevice, useIdentity, type DeviceIdentity } from './support/devices.ts';
import { OUT, preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

const API_KEY = 'truck-queue-web';

async function post<T>(baseUrl: string, path: string, body: unknown, session?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: API_KEY, ...(session ? { session } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** A licence no other active ticket holds (a truck holds one ticket until it leaves). */
export function randomLicence(): string {
  return `${70 + Math.floor(Math.random() * 20)}-${1000 + Math.floor(Math.random() * 9000)} ขอนแก่น`;
}

/** An officer of the demo branch who calls every queue type (employee@example.com). */
export async function employeeSession(baseUrl: string): Promise<{ session: string; branchId: number }> {
  const { officer } = await post<{ officer: { session: string; branch: { id: number } } }>(
    baseUrl,
    'authen/signin',
    { email: 'employee@example.com', password: prehashPassword('demo1234'), remember: false },
  );
  return { session: officer.session, branchId: officer.branch.id };
}

/** The officer issues a ticket of the standard flow (as Manage Calling's "New ticket" does). */
export async function issueStandardTicket(
  baseUrl: string,
  session: string,
  licence: string,
): Promise<string> {
  const options = await post<{
    queue_type: { id: number; flow_engine_id: number; product: { id: number }[] }[];
  }>(baseUrl, 'process/printer/ticketOptions', {}, session);
  const type = options.queue_type.find((q) => q.flow_engine_id === FLOW_ENGINE.standard && q.product.length);
  if (!type) throw new Error('The employee issues no standard-flow queue type');
  const { queue } = await post<{ queue: { queue_number: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: type.id, product: type.product[0]!.id, truck_license: licence },
    session,
  );
  return queue.queue_number;
}

/**
 * The officer issues a ticket of the standard flow and calls it to its `station`-th call
 * station through the staff socket, as Manage Calling does.
 */
export async function issueAndCall(
  baseUrl: string,
  station = 0,
): Promise<{ queueNumber: string; stationName: string }> {
  const { session, branchId } = await employeeSession(baseUrl);
  const queueNumber = await issueStandardTicket(baseUrl, session, randomLicence());
  const { card } = await post<{
    card: {
      station_permission: { id: number; name: string; type: number }[];
      queue_number: { _id: number; queue_number: string }[];
    }[];
  }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 1 }, session);
  const ticketCard = card.find((c) => c.queue_number.some((q) => q.queue_number === queueNumber));
  const record = ticketCard?.queue_number.find((q) => q.queue_number === queueNumber);
  const stations = ticketCard?.station_permission.filter((s) => s.type === 1) ?? [];
  const target = stations[station % Math.max(stations.length, 1)];
  if (!record || !target) throw new Error(`Cannot call ${queueNumber}: no card or station`);

  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.emitWithAck('doCalling', branchId, record._id, target.id)) as {
      status: number;
    };
    if (ack.status !== 1) throw new Error(`doCalling refused: ${JSON.stringify(ack)}`);
  } finally {
    socket.disconnect();
  }
  return { queueNumber, stationName: target.name };
}

/**
 * Headless Chromium has no voices: make it look like a TV with a Thai voice installed, so the
 * board is shot as it normally looks (the no-voice fallback is shot on its own).
 */
async function pretendThaiVoice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const voice = { name: 'Thai', lang: 'th-TH', localService: true, default: true, voiceURI: 'th-TH' };
    Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => [voice] });
    Object.defineProperty(window.speechSynthesis, 'speak', {
      value: (utterance: SpeechSynthesisUtterance) =>
        window.setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 2_000),
    });
  });
}

async function openBoard(page: Page, identity: DeviceIdentity): Promise<void> {
  await useIdentity(page, 'display', identity);
  await page.goto('/DisplayManage');
  await page.getByTestId('display-station').first().waitFor();
  // What an installer does once (kiosk Chrome is started with the autoplay flag instead).
  const unlock = page.getByTestId('unlock-sound');
  if (await unlock.isVisible()) await unlock.click();
  await unlock.waitFor({ state: 'hidden' });
}

/** The TV display (/DisplayManage) at 1920x1080, plus 1280x720 and portrait in Thai. */
export async function shootDisplayScreens(browser: Browser, baseUrl: string): Promise<void> {
  const registered = newIdentity();
  await registerDevice(baseUrl, 'display', registered.id);
  for (let station = 0; station < 4; station++) await issueAndCall(baseUrl, station);

  for (const language of ['th', 'en'] as const satisfies Language[]) {
    for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
      const suffix = `${language}-${mode}`;
      const fresh = await preparePage(browser, baseUrl, language, mode, 1920, 1080);
      await useIdentity(fresh, 'display', newIdentity());
      await fresh.goto('/DisplayManage');
      await fresh.getByTestId('device-id').waitFor();
      await shoot(fresh, `display-unregistered-${suffix}`);
      await fresh.context().close();

      const page = await preparePage(browser, baseUrl, language, mode, 1920, 1080);
      await pretendThaiVoice(page);
      await openBoard(page, registered);
      await shoot(page, `display-board-${suffix}`);
      await page.context().close();
    }
  }

  for (const [name, width, height] of [
    ['display-board-th-light-1280x720', 1280, 720],
    ['display-board-th-light-portrait', 1080, 1920],
  ] as const) {
    const page = await preparePage(browser, baseUrl, 'th', 'light', width, height);
    await pretendThaiVoice(page);
    await openBoard(page, registered);
    await shoot(page, name);
    await page.context().close();
  }

  // No Thai voice (this machine's Chromium): the notice, and a live call shown as a caption.
  const page = await preparePage(browser, baseUrl, 'th', 'light', 1920, 1080);
  await openBoard(page, registered);
  await page.getByTestId('voice-notice').waitFor();
  const { queueNumber } = await issueAndCall(baseUrl, 1);
  await page.getByTestId('announcement-caption').filter({ hasText: queueNumber }).waitFor();
  await page.waitForTimeout(400);
  // Not shoot(): a caption lasts only a few seconds, too short to wait for the network to be idle.
  await page.screenshot({ path: path.join(OUT, 'display-board-caption-th-light.png') });
  console.log('  docs/screenshots/display-board-caption-th-light.png');
  await page.context().close();
}
