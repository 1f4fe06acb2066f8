import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnounceSentenceSchema, displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { voiceClips } from '@truck-queue/shared/contracts/device.contract';
import { voicePack, voicePreview } from '@truck-queue/shared/contracts/voice.contract';
import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { stations } from '../../db/schema.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { encodePcm16, parseWav, pcm16Samples, rms } from './wav.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;
let display: Browser;
let otherDisplay: Browser;
let displayUuid: string;
const folder = mkdtempSync(path.join(os.tmpdir(), 'tq-voice-folder-'));

/** Half a second of a tone: a recording as a plant would upload it. */
function recording(seconds = 0.5, rate = 16_000): Buffer {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(12_000 * Math.sin((2 * Math.PI * 330 * i) / rate));
  return encodePcm16(samples, rate);
}

beforeAll(async () => {
  // The folder holds the plant's own "2".
  writeFileSync(path.join(folder, '2.wav'), recording(0.3));
  t = await createTestContext({ voiceClipsDir: folder });
  plant = await createPlant(t, 'Voice plant');
  other = await createPlant(t, 'Other plant');
  await t.db.insert(stations).values({ branchId: other.branch.id, name: 'โกดังสาขาสอง' });
  display = newBrowser();
  displayUuid = (await registerDevice(t, plant, 'display', display)).uuid;
  otherDisplay = newBrowser();
  await registerDevice(t, other, 'display', otherDisplay);
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const admin = () => plant.officers.admin.session;
const upload = (token: string, audio: Buffer | string, session = admin()) =>
  t.post(
    'voice/upload',
    { token, audio: typeof audio === 'string' ? audio : audio.toString('base64') },
    { session },
  );
const clipsOf = async (browser: Browser, tokens: string[]) => {
  const response = await t.post(voiceClips.path, { tokens }, { headers: browser.headers });
  expect(response.statusCode, response.body).toBe(200);
  return voiceClips.response.parse(response.json());
};

describe('a display gets its voice pack', () => {
  it('as generated Thai clips that say something, the folder file for a token it has, and missing for a stranger', async () => {
    const answer = await clipsOf(display, ['เชิญหมายเลข', 'A', '1', '2', 'ที่', 'ลานเท 1', 'ไม่ใช่คำของสาขานี้']);
    const byToken = new Map(answer.clips.map((c) => [c.token, c]));
    for (const token of ['เชิญหมายเลข', 'A', '1', 'ที่', 'ลานเท 1']) {
      const clip = byToken.get(token)!;
      expect(clip, token).toMatchObject({ source: 'generated', mime: 'audio/wav' });
      expect(clip.version).toMatch(/^[0-9a-f]{16}$/);
      const wav = Buffer.from(clip.audio, 'base64');
      expect(parseWav(wav)!.seconds, token).toBeGreaterThan(0.1);
      expect(rms(pcm16Samples(wav)!.samples), token).toBeGreaterThan(0.03);
    }
    expect(byToken.get('2')).toMatchObject({ source: 'recorded', mime: 'audio/wav' });
    // Words that are none of the branch's are not made: a display cannot make the server say anything.
    expect(answer.missing).toEqual(['ไม่ใช่คำของสาขานี้']);
  });

  it('refuses a malformed request with VALIDATION_FAILED, and an officer with DEVICE_NOT_REGISTERED', async () => {
    const empty = await t.post(voiceClips.path, { tokens: [] }, { headers: display.headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const tooLong = await t.post(
      voiceClips.path,
      { tokens: ['ก'.repeat(101)] },
      { headers: display.headers },
    );
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // PostgreSQL text cannot hold NUL: refused as invalid, never a server error.
    const nul = await t.post(voiceClips.path, { tokens: ['\u0000'] }, { headers: display.headers });
    expect(nul.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const officer = await t.post(voiceClips.path, { tokens: ['1'] }, { session: admin() });
    expect(officer.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
  });
});

describe("a plant's own recordings", () => {
  it('refuses what is not a recording, too big, or a token of another branch, and changes nothing', async () => {
    const cases: [string, Buffer | string, string][] = [
      ['1', Buffer.from('%PDF-1.7 this is a document, not a sound'), 'audio'],
      ['1', Buffer.from('<html>hello</html>'), 'audio'],
      ['1', encodePcm16(new Int16Array(8000 * 11), 8000), 'audio'],
      ['โกดังสาขาสอง', recording(), 'token'],
      ['1', 'this is *not* base64!', 'audio'],
    ];
    for (const [token, audio, field] of cases) {
      const response = await upload(token, audio);
      expect(response.statusCode, `${token} ${field}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: field }] });
    }
    const big = await upload('1', Buffer.alloc(1024 * 1024 + 10));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const pack = await t.call(voicePack, {}, admin());
    expect(pack.tokens.find((r) => r.token === '1')?.source).toBe('generated');
  });

  it('win over the folder and the generated clip on this branch only, until removed', async () => {
    const mine = recording(0.4);
    const saved = await upload('1', mine);
    expect(saved.statusCode, saved.body).toBe(200);
    await upload('2', recording(0.6));

    const answer = await clipsOf(display, ['1', '2', '3']);
    expect(answer.clips.map((c) => [c.token, c.source])).toEqual([
      ['1', 'recorded'],
      ['2', 'recorded'],
      ['3', 'generated'],
    ]);
    expect(Buffer.from(answer.clips[0]!.audio, 'base64').equals(mine)).toBe(true);
    expect(answer.clips[0]!.version).toBe(saved.json<{ version: string }>().version);

    // The other branch's display still hears the generated "1".
    const theirs = await clipsOf(otherDisplay, ['1']);
    expect(theirs.clips[0]).toMatchObject({ token: '1', source: 'generated' });

    const pack = await t.call(voicePack, {}, admin());
    const row = (token: string) => pack.tokens.find((r) => r.token === token);
    expect(row('1')).toMatchObject({ source: 'uploaded', kind: 'digit', speech: 'หนึ่ง' });
    expect(row('ลานเท 1')).toMatchObject({ kind: 'station' });
    expect(row('เชิญหมายเลข')).toMatchObject({ kind: 'word' });
    expect(row('โกดังสาขาสอง')).toBeUndefined();

    const removed = await t.post('voice/remove', { token: '2' }, { session: admin() });
    expect(removed.statusCode).toBe(200);
    const after = await clipsOf(display, ['2']);
    expect(after.clips[0]).toMatchObject({ token: '2', source: 'recorded' });
    expect(Buffer.from(after.clips[0]!.audio, 'base64').equals(recording(0.3))).toBe(true);
    const again = await t.post('voice/remove', { token: '2' }, { session: admin() });
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a station named like an object member, said as written (found by the fuzzer: it answered INTERNAL)', async () => {
    await t.db.insert(stations).values({ branchId: plant.branch.id, name: 'constructor', active: true });
    const pack = await t.call(voicePack, {}, admin());
    expect(pack.tokens.find((r) => r.token === 'constructor')).toMatchObject({
      kind: 'station',
      speech: 'constructor',
    });
  });

  it('are previewed in the controller as displays hear them', async () => {
    const preview = await t.call(voicePreview, { tokens: ['1', '4'] }, admin());
    expect(preview.clips.map((c) => [c.token, c.source])).toEqual([
      ['1', 'recorded'],
      ['4', 'generated'],
    ]);
  });
});

describe("a display's voice settings", () => {
  it('are saved and reach the display, with the branch preferring the browser voice', async () => {
    const saved = await t.call(
      displayContracts.save,
      {
        uuid: displayUuid,
        name: 'จอหน้าโรงงาน',
        announce_sentence: 'ขอเชิญ  รถหมายเลข {number} ไปที่ {station}',
        announce_rate: 0.9,
        announce_volume: 80,
        announce_repeat: 2,
      },
      admin(),
    );
    expect(saved.device).toMatchObject({
      announce_sentence: 'ขอเชิญ รถหมายเลข {number} ไปที่ {station}',
      announce_volume: 80,
      announce_repeat: 2,
    });
    expect(saved.device.announce_rate).toBeCloseTo(0.9);
    const settings = (await t.call(yardSettings, {}, admin())).settings;
    await t.call(saveYardSettings, { ...settings, prefer_browser_voice: true }, admin());

    const hello = await t.post(
      'device/hello',
      { device_id: display.id, kind: 'display' },
      { headers: display.headers },
    );
    expect(hello.json().device).toMatchObject({
      announce_sentence: 'ขอเชิญ รถหมายเลข {number} ไปที่ {station}',
      announce_volume: 80,
      announce_repeat: 2,
      prefer_browser_voice: true,
    });
    // The new sentence's words are the pack's now.
    const pack = await t.call(voicePack, {}, admin());
    expect(pack.tokens.map((r) => r.token)).toContain('ขอเชิญ');
  });

  it('are refused when out of range or a sentence without the number, and nothing changes', async () => {
    const bad: Record<string, unknown>[] = [
      { announce_sentence: 'เชิญที่ {station}' },
      { announce_sentence: 'เชิญ {number} {nothing}' },
      { announce_sentence: '   ' },
      { announce_sentence: 'เชิญ {number}\u0000' },
      { announce_rate: 1.5 },
      { announce_rate: 0.5 },
      { announce_volume: 101 },
      { announce_repeat: 3 },
    ];
    for (const fields of bad) {
      const response = await t.post(
        displayContracts.save.path,
        { uuid: displayUuid, name: 'จอหน้าโรงงาน', ...fields },
        { session: admin() },
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // The form shows the shared rule's reason in Thai; the API's schema gives the same code.
    expect(AnnounceSentenceSchema.safeParse('เชิญที่ {station}').error?.issues[0]?.message).toBe('no_number');
    const list = await t.call(displayContracts.main, {}, admin());
    expect(list.display.find((d) => d.uuid === displayUuid)).toMatchObject({
      announce_volume: 80,
      announce_repeat: 2,
    });
  });

  it('go back to the default sentence with null, and kiosks get the defaults', async () => {
    const saved = await t.call(
      displayContracts.save,
      { uuid: displayUuid, name: 'จอหน้าโรงงาน', announce_sentence: null },
      admin(),
    );
    expect(saved.device.announce_sentence).toBeNull();
    expect(saved.device.announce_repeat).toBe(2);
    const kiosk = newBrowser();
    await registerDevice(t, plant, 'printer', kiosk);
    const hello = await t.post(
      'device/hello',
      { device_id: kiosk.id, kind: 'printer' },
      { headers: kiosk.headers },
    );
    expect(hello.json().device).toMatchObject({
      announce_sentence: null,
      announce_rate: 1,
      announce_volume: 100,
      announce_repeat: 1,
    });
  });
});
