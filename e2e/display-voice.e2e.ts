import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { announcementTokens, DEFAULT_SENTENCE } from '@truck-queue/shared/voice/announcement';
import { employeeSession, issueAndCall, post } from './support/demo-plant.ts';
import {
  newIdentity,
  registerDevice,
  type DeviceIdentity,
  soundBlockedUntilTouched,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';
import { fileBrowser, type FileBrowser } from './support/file-browser.ts';
import { ROOT } from './support/server.ts';
import {
  readRecording,
  recordedChunks,
  serverClipSeconds,
  tapDisplayAudio,
  watchDisplaySocket,
  wavFile,
} from './support/voice.ts';

/**
 * Debian's Chromium has no Thai voice: exactly the TV that used to stay silent. The display
 * must still say every call in Thai, from the voice pack, and say what became of it.
 */

const baseUrl = inject('baseUrl');
/** The TV's browser in kiosk mode: allowed to play sound without a tap. */
const kiosk = fileBrowser(baseUrl, ['--autoplay-policy=no-user-gesture-required']);
/** A browser as it comes: silent until the page is touched. */
const plain = fileBrowser(baseUrl);

/** The chime before every announcement: two notes, about this long with their decay. */
const CHIME_S = 1.6;
/** Louder than this (RMS, full scale 1) is a voice, not noise. */
const RMS_FLOOR = 0.02;

/** A registered TV display without a Thai voice, its output recorded and its socket watched. */
async function display(browser: FileBrowser, options: { locked?: boolean } = {}) {
  const page: Page = await browser.page({ viewport: { width: 1920, height: 1080 }, appLanguage: 'th' });
  await withoutThaiVoice(page);
  await tapDisplayAudio(page);
  // Headless Chromium plays sound whatever its autoplay flag: a locked TV is made so here.
  if (options.locked) await soundBlockedUntilTouched(page);
  const socket = await watchDisplaySocket(page);
  const identity = newIdentity();
  await useIdentity(page, 'display', identity);
  await page.goto('/DisplayManage');
  await page.getByTestId('device-id').waitFor();
  const uuid = await registerDevice(baseUrl, 'display', identity);
  await page.getByTestId('display-station').first().waitFor({ timeout: 15_000 });
  return { page, socket, identity, uuid };
}

/** How long the server's clips of a call's sentence last, silent ends aside (what the display should play, about). */
function clipSeconds(identity: DeviceIdentity, queueNumber: string, station: string): Promise<number> {
  return serverClipSeconds(
    baseUrl,
    identity,
    announcementTokens(DEFAULT_SENTENCE, { number: queueNumber, station }),
  );
}

/** What the calling page is told of this display's part in the queue's latest call. */
async function proofOf(queueId: number, displayUuid: string): Promise<string | undefined> {
  const { session } = await employeeSession(baseUrl);
  const { calls } = await post<{
    calls: { queue_id: number; displays: { device_uuid: string; state: string }[] }[];
  }>(baseUrl, 'calling/announcements', { queue_ids: [queueId] }, session);
  return calls.find((c) => c.queue_id === queueId)?.displays.find((d) => d.device_uuid === displayUuid)
    ?.state;
}

describe('a TV display without a Thai voice', () => {
  it('says a call from the back office in Thai, aloud, from the voice pack, and reports it played', async () => {
    const { page, socket, identity, uuid } = await display(kiosk);
    expect(await page.getByTestId('unlock-sound').count()).toBe(0);
    const before = await recordedChunks(page);

    const { queueNumber, stationName, queueId } = await issueAndCall(baseUrl, 0);
    await expect.poll(() => socket.reports[0]?.outcome, { timeout: 30_000 }).toBe('played');
    // The server keeps it with the call within 3 s: the calling page says this display announced it.
    await expect.poll(() => proofOf(queueId, uuid), { timeout: 3_000, interval: 100 }).toBe('played');
    const report = socket.reports[0]!;
    expect(report).toMatchObject({ attempt: 0, reason: null });
    expect(Date.parse(report.at)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing shown as a caption: it was heard.
    expect(await page.getByTestId('announcement-caption').count()).toBe(0);

    const recording = await readRecording(page, before, RMS_FLOOR);
    const expected = await clipSeconds(identity, queueNumber, stationName);
    // Sound, not silence: the chime and then the sentence's clips, at a voice's loudness.
    expect(recording.rms).toBeGreaterThan(RMS_FLOOR);
    // As long as the chime and the clips played one after another: nothing skipped, nothing doubled.
    expect(recording.soundSeconds).toBeGreaterThan(CHIME_S + 0.8 * expected);
    expect(recording.soundSeconds).toBeLessThan(CHIME_S + 1.3 * expected + 1.5);
  });

  it('plays "เชิญหมายเลข A001 ที่ …" as one announcement, recorded into docs/voice (RECORD_VOICE=1 to record again)', async () => {
    const { page, socket } = await display(kiosk);
    // After its registration the display connects again: wait for that connection's WebSocket.
    await page.waitForTimeout(1_000);
    await expect.poll(() => socket.onWebSocket(), { timeout: 15_000 }).toBe(true);
    // A station of the display's branch, as the board names it (the demo's loading bay when shown).
    const stations = await page
      .getByTestId('display-station')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-station') ?? ''));
    const station = stations.find((name) => name === 'ช่องขึ้นสินค้า 1') ?? stations[0];
    if (!station) throw new Error('The board names no station');
    const before = await recordedChunks(page);
    socket.call({
      id: 2_000_000_001,
      attempt: 0,
      queue_id: 2_000_000_001,
      queue_number: 'A001',
      queue_type_name: 'ส่งมันสำปะหลัง',
      station_id: 1,
      station_name: station,
      action: 'call',
      called_at: new Date().toISOString(),
    });
    await expect
      .poll(() => socket.reports.find((r) => r.call_id === 2_000_000_001)?.outcome, { timeout: 30_000 })
      .toBe('played');
    const recording = await readRecording(page, before, 0.005);
    expect(recording.rms).toBeGreaterThan(RMS_FLOOR);
    // The chime and the sentence, a few seconds of it.
    expect(recording.soundSeconds).toBeGreaterThan(CHIME_S + 1);
    // Written when missing, or again with RECORD_VOICE=1 (so a test run leaves docs/ alone).
    const file = path.join(ROOT, 'docs/voice/announcement-A001.wav');
    if (process.env.RECORD_VOICE === '1' || !existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, wavFile(Buffer.from(recording.pcm16, 'base64'), recording.sampleRate));
    }
  });

  it('with its sound locked, shows the call as a caption, reports it captioned, and asks for a tap', async () => {
    const { page, socket, uuid } = await display(plain, { locked: true });
    await page.getByTestId('unlock-sound').waitFor();

    const { queueNumber, stationName, queueId } = await issueAndCall(baseUrl, 0);
    const caption = page.getByTestId('announcement-caption');
    await expect
      .poll(() => caption.textContent(), { timeout: 15_000 })
      .toBe(`เชิญหมายเลข ${queueNumber} ที่ ${stationName}`);
    await expect
      .poll(() => socket.reports.map((r) => [r.outcome, r.reason]), { timeout: 10_000 })
      .toEqual([['captioned', 'sound_blocked']]);
    await expect.poll(() => proofOf(queueId, uuid), { timeout: 3_000, interval: 100 }).toBe('captioned');
    // Nothing was played: the TV stayed silent until touched.
    const recording = await readRecording(page, 0, RMS_FLOOR);
    expect(recording.soundSeconds).toBe(0);
  });
});
