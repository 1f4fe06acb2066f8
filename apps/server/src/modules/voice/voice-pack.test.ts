import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAudio } from './audio-check.ts';
import { cacheKey, createGeneratedClips, type GeneratedClips } from './generated-clips.ts';
import { createSpeechEngine, ENGINE_VERSION, SPEECH_OPTIONS } from './speech-engine.ts';
import { createFolderClips, createVoicePack } from './voice-pack.ts';
import { encodePcm16, parseWav, pcm16Samples, rms, splitAtSilences, trimSilence } from './wav.ts';

const RATE = 22_050;
const quietLog = { warn: () => undefined };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-voice-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Silence, then a 440 Hz tone at half scale, then silence (lengths in ms). */
function toneBetweenSilences(before: number, tone: number, after: number): Int16Array {
  const n = (ms: number) => Math.round((RATE * ms) / 1000);
  const samples = new Int16Array(n(before) + n(tone) + n(after));
  for (let i = 0; i < n(tone); i++)
    samples[n(before) + i] = Math.round(16384 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  return samples;
}

describe('the cache key of a generated clip', () => {
  it('is the same for the same speech and options, and changes with the words, the voice or the speed', () => {
    const key = cacheKey('หนึ่ง');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey('หนึ่ง')).toBe(key);
    expect(cacheKey('สอง')).not.toBe(key);
    expect(cacheKey('หนึ่ง', { ...SPEECH_OPTIONS, speed: SPEECH_OPTIONS.speed + 10 })).not.toBe(key);
    expect(cacheKey('หนึ่ง', { ...SPEECH_OPTIONS, voice: 'en' })).not.toBe(key);
    expect(ENGINE_VERSION).toBe('espeak-ng@1.0.2');
  });
});

describe('trimming and cutting clips', () => {
  it('drops the silence at both ends but keeps the sound whole, with about 30 ms either side', () => {
    const samples = toneBetweenSilences(400, 300, 500);
    const trimmed = trimSilence(samples, RATE, 30);
    const seconds = trimmed.length / RATE;
    expect(seconds).toBeGreaterThanOrEqual(0.3 + 0.05);
    expect(seconds).toBeLessThanOrEqual(0.3 + 0.08);
    // All the tone's energy is still there.
    const energy = (s: Int16Array) => s.reduce((sum, x) => sum + x * x, 0);
    expect(energy(trimmed)).toBe(energy(samples));
  });

  it('leaves a clip with no sound as it was', () => {
    const silent = new Int16Array(RATE);
    expect(trimSilence(silent, RATE).length).toBe(RATE);
  });

  it('cuts one recording at its long pauses into its sounds, in order', () => {
    const parts = [
      toneBetweenSilences(100, 200, 900),
      toneBetweenSilences(0, 400, 900),
      toneBetweenSilences(0, 100, 300),
    ];
    const joined = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    const cut = splitAtSilences(joined, RATE, 700);
    expect(cut.map((c) => Math.round((c.length / RATE) * 10) / 10)).toEqual([0.2, 0.4, 0.1]);
  });

  it('writes a WAV that reads back the same', () => {
    const samples = toneBetweenSilences(10, 100, 10);
    const wav = encodePcm16(samples, RATE);
    const back = pcm16Samples(wav)!;
    expect(back.info).toMatchObject({ sampleRate: RATE, channels: 1, bitsPerSample: 16, format: 1 });
    expect([...back.samples]).toEqual([...samples]);
  });
});

describe('what an uploaded clip is, by its bytes', () => {
  const wav = (seconds: number) => encodePcm16(toneBetweenSilences(0, seconds * 1000, 0), RATE);

  it('knows WAV, MP3 and Ogg by their first bytes, whatever the file is called', () => {
    expect(checkAudio(wav(1))).toEqual({ mime: 'audio/wav', seconds: 1 });
    const mp3 = Buffer.alloc(16_000);
    mp3.set([0xff, 0xfb, 0x90, 0x64]); // MPEG-1 layer III, 128 kbit/s
    expect(checkAudio(mp3)).toMatchObject({ mime: 'audio/mpeg', seconds: 1 });
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200)]);
    expect(checkAudio(ogg)).toMatchObject({ mime: 'audio/ogg' });
  });

  it('refuses what is not audio, larger than 1 MB or longer than 10 s', () => {
    expect(checkAudio(Buffer.from('%PDF-1.7 not a sound'))).toEqual({ problem: 'NOT_AUDIO' });
    expect(checkAudio(Buffer.from('<html><body>x</body></html>'))).toEqual({ problem: 'NOT_AUDIO' });
    expect(checkAudio(Buffer.alloc(1024 * 1024 + 1))).toEqual({ problem: 'TOO_BIG' });
    // 11 s at 8 kHz is under 1 MB but too long.
    const long = encodePcm16(new Int16Array(8000 * 11), 8000);
    expect(long.length).toBeLessThan(1024 * 1024);
    expect(checkAudio(long)).toEqual({ problem: 'TOO_LONG' });
  });
});

describe('the pack, token by token', () => {
  it('plays the uploaded recording first, then the folder file, then the generated clip', async () => {
    const folder = tempDir();
    const fromFolder = encodePcm16(toneBetweenSilences(0, 200, 0), RATE);
    writeFileSync(path.join(folder, 'A.wav'), fromFolder);
    writeFileSync(path.join(folder, '1.wav'), fromFolder);
    writeFileSync(path.join(folder, 'ก.wav'), Buffer.from('not audio at all'));
    const uploaded = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]);
    const generatedFor: string[] = [];
    const generated: GeneratedClips = {
      clips: (tokens) => {
        generatedFor.push(...tokens);
        return Promise.resolve(
          new Map(
            tokens.map((t) => [t, t === 'ข' ? null : encodePcm16(toneBetweenSilences(0, 50, 0), RATE)]),
          ),
        );
      },
      cached: () => Promise.resolve(new Set<string>()),
    };
    const pack = createVoicePack({
      recordings: (branchId, tokens) =>
        Promise.resolve(
          branchId === 1 && tokens.includes('1')
            ? [{ token: '1', mime: 'audio/ogg', bytes: uploaded, sha256: 'ab'.repeat(32) }]
            : [],
        ),
      folder: createFolderClips(folder, quietLog),
      generated,
    });
    const result = await pack.clips(1, ['1', 'A', 'ก', 'ข', '1']);
    expect(result.clips.map((c) => [c.token, c.source, c.origin])).toEqual([
      ['1', 'recorded', 'uploaded'],
      ['A', 'recorded', 'folder'],
      ['ก', 'generated', 'generated'],
    ]);
    // The engine is asked only for what nobody recorded; what it cannot say is missing.
    expect(generatedFor).toEqual(['ก', 'ข']);
    expect(result.missing).toEqual(['ข']);
    // Another branch does not hear this branch's recording.
    const other = await pack.clips(2, ['1']);
    expect(other.clips[0]).toMatchObject({ token: '1', origin: 'folder' });
  });

  it('never reads a file outside the folder, whatever the token', async () => {
    const folder = tempDir();
    writeFileSync(
      path.join(path.dirname(folder), 'outside.wav'),
      encodePcm16(toneBetweenSilences(0, 100, 0), RATE),
    );
    const clips = createFolderClips(folder, quietLog);
    expect(await clips.clip('../outside')).toBeNull();
    expect(await clips.clip('.hidden')).toBeNull();
  });
});

describe('clips generated by eSpeak NG', () => {
  const engine = createSpeechEngine();
  afterAll(() => engine.close());

  it('are valid WAVs that say something, kept on disk and read back the second time', async () => {
    const cacheDir = tempDir();
    const generated = createGeneratedClips({ cacheDir, engine, log: quietLog });
    const tokens = ['1', 'A', 'ก', 'เชิญหมายเลข', 'ที่', 'ชั่งน้ำหนัก 1'];
    const clips = await generated.clips(tokens);
    for (const token of tokens) {
      const wav = clips.get(token)!;
      expect(wav, token).toBeInstanceOf(Buffer);
      const header = parseWav(wav)!;
      expect(header, token).toMatchObject({ format: 1, channels: 1, bitsPerSample: 16 });
      expect(header.seconds, token).toBeGreaterThan(0.15);
      expect(header.seconds, token).toBeLessThan(4);
      const samples = pcm16Samples(wav)!.samples;
      expect(rms(samples), token).toBeGreaterThan(0.03);
      // Every clip as loud as the others at its loudest (eSpeak says some words far softer).
      const peak = samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0) / 32768;
      expect(peak, token).toBeGreaterThan(0.75);
      expect(peak, token).toBeLessThan(0.81);
    }
    // A word is longer than a letter.
    expect(parseWav(clips.get('เชิญหมายเลข')!)!.seconds).toBeGreaterThan(parseWav(clips.get('A')!)!.seconds);
    expect(await generated.cached(tokens)).toEqual(new Set(tokens));
    const again = await generated.clips(tokens);
    expect(again.get('1')!.equals(clips.get('1')!)).toBe(true);
  });

  it('made together say what they say made one by one', async () => {
    const together = await createGeneratedClips({ cacheDir: tempDir(), engine, log: quietLog }).clips([
      '9',
      'ทางออก',
      'B',
    ]);
    const alone = createGeneratedClips({ cacheDir: tempDir(), engine, log: quietLog });
    for (const token of ['9', 'ทางออก', 'B']) {
      const one = (await alone.clips([token])).get(token)!;
      const seconds = parseWav(together.get(token)!)!.seconds;
      expect(Math.abs(seconds - parseWav(one)!.seconds), token).toBeLessThan(0.15);
    }
  });
});
