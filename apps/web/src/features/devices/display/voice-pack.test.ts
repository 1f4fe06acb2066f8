import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementReport, DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { DEFAULT_SENTENCE } from '@truck-queue/shared/voice/announcement';
import { Announcer, type Announcement, type SpeechPort } from './announcer.ts';
import { CLIP_GAP_S, REPEAT_PAUSE_S } from './clip-player.ts';
import { CHUNK, PackSpeech, VoicePack, trimSilence, type ClipPayload } from './voice-pack.ts';
import { composeSentence, voiceSettingsOf, type VoiceSettings } from './voice-settings.ts';

/** A clip's audio as the fake server sends it: its length in tenths of a second, as text. */
const audioOf = (tenths: number) => btoa('x'.repeat(tenths));

/** A decoded clip: only its duration matters to the player. */
function buffer(duration: number): AudioBuffer {
  return { duration } as AudioBuffer;
}

/** Decodes the fake audio: one byte is a tenth of a second. */
const decode = vi.fn((bytes: ArrayBuffer) => Promise.resolve(buffer(bytes.byteLength / 10)));

/** The server's clips: each token's length in tenths (longer tokens say more), and what it has none of. */
function server(missing: readonly string[] = [], version = 'v1') {
  const asked: string[][] = [];
  const fetchClips = (tokens: string[]) => {
    asked.push(tokens);
    const clips: ClipPayload[] = tokens
      .filter((t) => !missing.includes(t))
      .map((token) => ({ token, version, audio: audioOf(Math.min(20, [...token].length * 2)) }));
    return Promise.resolve({ clips, missing: tokens.filter((t) => missing.includes(t)) });
  };
  return { asked, fetchClips };
}

interface FakeSource {
  buffer: AudioBuffer | null;
  playbackRate: { value: number };
  at: number | null;
  output: unknown;
  onended: (() => void) | null;
  connect(node: unknown): void;
  start(at: number): void;
}

/** An AudioContext that records each source it starts; `end` fires a source's `ended`. */
class FakeAudio {
  currentTime = 10;
  state: AudioContextState = 'running';
  sources: FakeSource[] = [];
  output = { gain: { value: 1 } };
  createBufferSource(): FakeSource {
    const source: FakeSource = {
      buffer: null,
      playbackRate: { value: 1 },
      at: null,
      output: null,
      onended: null,
      connect(node) {
        this.output = node;
      },
      start(at) {
        this.at = at;
      },
    };
    this.sources.push(source);
    return source;
  }
  /** Every scheduled source plays to its end, in order. */
  endAll() {
    for (let i = 0; i < this.sources.length; i++) this.sources[i]!.onended?.();
  }
}

function call(queueNumber = 'A001', station = 'ช่องชั่ง 1', extra: object = {}): DeviceCall {
  return {
    id: 7,
    attempt: 0,
    queue_id: 70,
    queue_number: queueNumber,
    queue_type_name: 'ส่งมันสำปะหลัง',
    station_id: 1,
    station_name: station,
    action: 'call',
    called_at: '2025-03-07T07:05:00.000Z',
    ...extra,
  };
}

function announcement(c: DeviceCall, settings: VoiceSettings): Announcement {
  return {
    id: c.id,
    attempt: c.attempt,
    call: c,
    queueNumber: c.queue_number,
    stationName: c.station_name,
    ...composeSentence(settings.sentence, c),
  };
}

function setup(options: { missing?: string[]; thai?: boolean; settings?: Partial<VoiceSettings> } = {}) {
  const audio = new FakeAudio();
  const pack = new VoicePack(decode);
  const srv = server(options.missing);
  pack.setSource(srv.fetchClips);
  const settings: VoiceSettings = { ...voiceSettingsOf(null), ...options.settings };
  const spokenTokens: { text: string; done: (error?: string) => void }[] = [];
  const browser: SpeechPort & { said: string[] } = {
    said: [],
    unavailable: () => (options.thai ? null : 'no_voice'),
    speak(a, done) {
      this.said.push(a.spoken);
      done();
    },
  };
  const speech = new PackSpeech({
    pack,
    settings: () => settings,
    audio: () => ({ context: audio as unknown as AudioContext, output: audio.output as unknown as GainNode }),
    browser,
    speakText: (text, done) => spokenTokens.push({ text, done }),
    hasThaiVoice: () => options.thai ?? false,
  });
  return { audio, pack, srv, settings, speech, spokenTokens, browser };
}

/** Lets the pack's fetch and decode (promises) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  decode.mockClear();
});

describe('the voice pack on a display', () => {
  it('plays the clips of a Thai sentence with a prefixed number, a plate and a station back to back, in order', async () => {
    const sentence = 'เชิญหมายเลข {number} ทะเบียน {plate} ที่ {station}';
    const { audio, speech, settings } = setup({ settings: { sentence } });
    const c = call('A001', 'ช่องชั่ง 1', { truck_license: 'กข 12••' });
    const done = vi.fn();
    speech.speak(announcement(c, settings), done);
    await settle();

    const tokens = speech.tokens(announcement(c, settings));
    expect(tokens).toEqual(['เชิญหมายเลข', 'A', '0', '0', '1', 'ทะเบียน', 'ก', 'ข', '1', '2', 'ที่', 'ช่องชั่ง 1']);
    expect(audio.sources).toHaveLength(tokens.length);
    // Each clip starts where the one before it ends (and a breath), on the audio clock.
    const starts = audio.sources.map((s) => s.at!);
    for (let i = 1; i < starts.length; i++) {
      const previous = audio.sources[i - 1]!;
      expect(starts[i]).toBeCloseTo(starts[i - 1]! + previous.buffer!.duration + CLIP_GAP_S, 6);
    }
    // Durations tell the tokens apart here: a single character is 0.2 s, a word longer.
    expect(audio.sources.map((s) => s.buffer!.duration)).toEqual([
      2, 0.2, 0.2, 0.2, 0.2, 1.4, 0.2, 0.2, 0.2, 0.2, 0.6, 2,
    ]);
    expect(audio.sources.every((s) => s.output === audio.output)).toBe(true);
    expect(done).not.toHaveBeenCalled();
  });

  it('calls done only once the last clip has ended', async () => {
    const { audio, speech, settings } = setup();
    const done = vi.fn();
    speech.speak(announcement(call(), settings), done);
    await settle();
    for (const source of audio.sources.slice(0, -1)) source.onended?.();
    expect(done).not.toHaveBeenCalled();
    audio.sources.at(-1)!.onended?.();
    expect(done).toHaveBeenCalledOnce();
  });

  it('says the whole sentence twice, after a short pause, when the display repeats', async () => {
    const { audio, speech, settings } = setup({ settings: { repeat: 2 } });
    const done = vi.fn();
    const a = announcement(call('B12'), settings);
    speech.speak(a, done);
    await settle();
    const once = speech.tokens(a).length;
    expect(audio.sources).toHaveLength(2 * once);
    const first = audio.sources.slice(0, once).map((s) => s.buffer!.duration);
    const second = audio.sources.slice(once).map((s) => s.buffer!.duration);
    expect(second).toEqual(first);
    const endOfFirst = audio.sources[once - 1]!.at! + audio.sources[once - 1]!.buffer!.duration;
    expect(audio.sources[once]!.at).toBeCloseTo(endOfFirst + REPEAT_PAUSE_S, 6);
    audio.endAll();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('plays at the display volume and speed', async () => {
    const { audio, speech, settings } = setup({ settings: { volume: 40, rate: 1.2 } });
    speech.speak(announcement(call(), settings), () => {});
    await settle();
    expect(audio.output.gain.value).toBeCloseTo(0.4);
    expect(audio.sources.every((s) => s.playbackRate.value === 1.2)).toBe(true);
    // Faster clips end sooner: the next starts at duration / rate.
    const [a, b] = audio.sources;
    expect(b!.at).toBeCloseTo(a!.at! + a!.buffer!.duration / 1.2 + CLIP_GAP_S, 6);
  });

  it("falls back token by token to the browser's Thai voice, in its place in the sentence", async () => {
    // No clip for "1": the browser's voice says "หนึ่ง" between the other clips.
    const { audio, speech, settings, spokenTokens } = setup({ missing: ['1'], thai: true });
    const done = vi.fn();
    speech.speak(announcement(call('A001', 'ชั่ง'), settings), done);
    await settle();
    // เชิญหมายเลข A 0 0 are scheduled; "1" waits for them.
    expect(audio.sources).toHaveLength(4);
    expect(spokenTokens).toEqual([]);
    audio.endAll();
    expect(spokenTokens.map((s) => s.text)).toEqual(['หนึ่ง']);
    expect(audio.sources).toHaveLength(4);
    spokenTokens[0]!.done();
    // ที่ and the station follow.
    expect(audio.sources).toHaveLength(6);
    expect(done).not.toHaveBeenCalled();
    audio.endAll();
    expect(done).toHaveBeenCalledOnce();
  });

  it('fails the announcement as clip_missing, and the announcer captions it, when a clip is missing and there is no Thai voice', async () => {
    vi.useFakeTimers();
    try {
      const { audio, speech, settings } = setup({ missing: ['ที่'] });
      const reports: AnnouncementReport[] = [];
      const announcer = new Announcer({
        compose: (c) => composeSentence(settings.sentence, c),
        speech,
        chime: { play: () => 0 },
        onOutcome: (r) => reports.push(r),
        now: () => new Date('2025-03-07T07:05:03.000Z'),
      });
      announcer.enqueue(call());
      await vi.advanceTimersByTimeAsync(10);
      expect(audio.sources).toHaveLength(0);
      expect(reports).toEqual([
        { call_id: 7, attempt: 0, outcome: 'failed', reason: 'clip_missing', at: '2025-03-07T07:05:03.000Z' },
      ]);
      expect(announcer.getSnapshot().current).toMatchObject({
        captioned: true,
        phase: 'caption',
        text: 'เชิญหมายเลข A001 ที่ ช่องชั่ง 1',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is reported played by the announcer once the clips have ended', async () => {
    vi.useFakeTimers();
    try {
      const { audio, speech, settings } = setup();
      const reports: AnnouncementReport[] = [];
      const announcer = new Announcer({
        compose: (c) => composeSentence(settings.sentence, c),
        speech,
        chime: { play: () => 0 },
        onOutcome: (r) => reports.push(r),
      });
      announcer.enqueue(call());
      await vi.advanceTimersByTimeAsync(10);
      expect(reports).toEqual([]);
      audio.endAll();
      expect(reports.map((r) => [r.outcome, r.reason])).toEqual([['played', null]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why it cannot speak: sound blocked, or neither clips nor a Thai voice', async () => {
    const blocked = setup();
    blocked.audio.state = 'suspended';
    expect(blocked.speech.unavailable()).toBe('sound_blocked');

    // A server with no clip at all and a browser without a Thai voice: nothing can say it.
    const empty = setup({ missing: ['0', '1'] });
    expect(empty.speech.unavailable()).toBeNull();
    await empty.pack.load(['0', '1']);
    expect(empty.speech.unavailable()).toBe('no_voice');

    const ok = setup();
    await ok.pack.load(['0']);
    expect(ok.speech.unavailable()).toBeNull();
  });

  it("lets the browser's Thai voice say it all when the display prefers it and has one", async () => {
    const { audio, speech, settings, browser } = setup({
      thai: true,
      settings: { preferBrowserVoice: true },
    });
    const done = vi.fn();
    speech.speak(announcement(call(), settings), done);
    await settle();
    expect(audio.sources).toHaveLength(0);
    expect(browser.said).toEqual(['เชิญหมายเลข A 0 0 1 ที่ ช่องชั่ง 1']);
    expect(done).toHaveBeenCalledOnce();
  });

  it('fetches in chunks, decodes each clip once per version, and again only when its version changes', async () => {
    const pack = new VoicePack(decode);
    let version = 'v1';
    const asked: number[] = [];
    pack.setSource((tokens) => {
      asked.push(tokens.length);
      return Promise.resolve({
        clips: tokens.map((token) => ({ token, version, audio: audioOf(3) })),
        missing: [],
      });
    });
    const tokens = Array.from({ length: CHUNK + 10 }, (_, i) => `คำ${i}`);
    await Promise.all([pack.load(tokens), pack.load(tokens.slice(0, 5))]);
    expect(asked).toEqual([CHUNK, 10]);
    expect(decode).toHaveBeenCalledTimes(CHUNK + 10);
    await pack.load(tokens);
    expect(asked).toEqual([CHUNK, 10]);

    decode.mockClear();
    await pack.refresh();
    expect(decode).not.toHaveBeenCalled();
    version = 'v2';
    await pack.refresh();
    expect(decode).toHaveBeenCalledTimes(CHUNK + 10);
  });
});

describe("a display's voice settings", () => {
  it('takes each setting from the device info, and the default for one it lacks or cannot use', () => {
    expect(voiceSettingsOf(null)).toEqual({
      sentence: DEFAULT_SENTENCE,
      rate: 1,
      volume: 100,
      repeat: 1,
      preferBrowserVoice: false,
    });
    expect(
      voiceSettingsOf({
        announce_sentence: 'หมายเลข {number} เชิญที่ {station}',
        announce_rate: 9,
        announce_volume: 55,
        announce_repeat: 2,
        prefer_browser_voice: true,
      }),
    ).toEqual({
      sentence: 'หมายเลข {number} เชิญที่ {station}',
      rate: 1.3,
      volume: 55,
      repeat: 2,
      preferBrowserVoice: true,
    });
    expect(voiceSettingsOf({ announce_sentence: null, announce_rate: 0.1 }).rate).toBe(0.7);
  });
});

describe('a clip without its silent ends', () => {
  it('keeps the sound and a little of the silence around it', () => {
    const rate = 1000;
    const data = new Float32Array(1000);
    data.fill(0.5, 300, 600);
    const source = {
      numberOfChannels: 1,
      length: data.length,
      sampleRate: rate,
      getChannelData: () => data,
    } as unknown as AudioBuffer;
    const made: { length: number; copied?: Float32Array } = { length: 0 };
    const context = {
      createBuffer: (_channels: number, length: number) => {
        made.length = length;
        return {
          copyToChannel: (copy: Float32Array) => (made.copied = copy),
        } as unknown as AudioBuffer;
      },
    };
    trimSilence(context, source, 0.01, 0.02);
    expect(made.length).toBe(300 + 2 * 20);
    expect(made.copied![0]).toBe(0);
    expect(made.copied![20]).toBe(0.5);
  });
});
