import type { Announcement, SpeechPort } from './announcer.ts';
import { announcementTokens, tokenSpeech } from '@truck-queue/shared/voice/announcement';
import type { DisplaySpeech } from '@truck-queue/shared/contracts/socket-events';
import { clipsSeconds, playPieces, type Piece } from './clip-player.ts';
import { sentenceValues, type VoiceSettings } from './voice-settings.ts';

/**
 * The display's voice pack (DESIGN.md "Devices"): the server's clip of each token a call may
 * need, fetched once (in chunks), decoded once with Web Audio and kept per token and version;
 * fetched again when the branch's clips change (`voiceChanged`), a clip decoded again only
 * when its version changed. `PackSpeech` says an announcement with them.
 */

/** One clip as the server sends it (device/voiceClips). */
export interface ClipPayload {
  token: string;
  version: string;
  audio: string;
}

export type FetchClips = (tokens: string[]) => Promise<{ clips: ClipPayload[]; missing: string[] }>;
export type DecodeClip = (bytes: ArrayBuffer) => Promise<AudioBuffer>;

/** Tokens per request: well inside the contract's limit, small enough to start early. */
export const CHUNK = 64;

/** base64 → bytes, for decodeAudioData. */
export function base64Bytes(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export class VoicePack {
  private readonly clips = new Map<string, { version: string; buffer: AudioBuffer }>();
  private readonly missing = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  private fetchClips: FetchClips | null = null;
  /** The server answered at least once (with clips or without): before that the pack is not known to be empty. */
  private answered = false;

  constructor(private readonly decode: DecodeClip) {}

  /** Where clips come from (the registered display's credentials); null while not registered. */
  setSource(fetchClips: FetchClips | null): void {
    this.fetchClips = fetchClips;
  }

  clip(token: string): AudioBuffer | undefined {
    return this.clips.get(token)?.buffer;
  }

  /** The server has no clip of any token asked so far (nothing to say with the pack). */
  isEmpty(): boolean {
    return this.answered && this.loading.size === 0 && this.clips.size === 0;
  }

  /** Fetches the tokens not yet known (or all of `tokens` with `again`), in chunks; never throws. */
  async load(tokens: readonly string[], again = false): Promise<void> {
    const wanted = [...new Set(tokens)];
    const waits: Promise<void>[] = [];
    const fresh: string[] = [];
    for (const token of wanted) {
      const pending = this.loading.get(token);
      if (pending) waits.push(pending);
      else if (again || (!this.clips.has(token) && !this.missing.has(token))) fresh.push(token);
    }
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const chunk = fresh.slice(start, start + CHUNK);
      const loaded = this.fetchChunk(chunk);
      for (const token of chunk) this.loading.set(token, loaded);
      waits.push(loaded);
      await loaded;
    }
    await Promise.all(waits);
  }

  /** The branch's clips changed: every token known is fetched again (a clip decoded again only if it changed). */
  refresh(): Promise<void> {
    return this.load([...this.clips.keys(), ...this.missing], true);
  }

  private async fetchChunk(tokens: string[]): Promise<void> {
    try {
      if (!this.fetchClips) return;
      const { clips, missing } = await this.fetchClips(tokens);
      for (const token of missing) {
        this.clips.delete(token);
        this.missing.add(token);
      }
      await Promise.all(
        clips.map(async (clip) => {
          if (this.clips.get(clip.token)?.version === clip.version) return;
          try {
            const buffer = await this.decode(base64Bytes(clip.audio));
            this.clips.set(clip.token, { version: clip.version, buffer });
            this.missing.delete(clip.token);
          } catch (error) {
            console.warn(`The clip of "${clip.token}" could not be decoded`, error);
            this.missing.add(clip.token);
          }
        }),
      );
      // Only now, with its clips decoded: until then the pack is not known to be empty.
      this.answered = true;
    } catch (error) {
      // The server cannot be reached: asked again with the next announcement.
      console.warn('Voice clips could not be fetched', error);
    } finally {
      for (const token of tokens) this.loading.delete(token);
    }
  }
}

/** What the pack's speech needs of the browser. */
export interface PackSpeechPorts {
  pack: VoicePack;
  settings: () => VoiceSettings;
  /** The AudioContext and where sound goes (its volume), or null without Web Audio. */
  audio: () => { context: AudioContext; output: GainNode } | null;
  /** The browser's Thai voice: the whole announcement, and one token's text. */
  browser: SpeechPort;
  speakText: (text: string, done: (error?: string) => void) => void;
  hasThaiVoice: () => boolean;
}

/** Time for fetching the clips before the first is said (they are normally fetched ahead). */
const FETCH_ALLOWANCE_MS = 10_000;
/** A token said by the browser's voice, at most. */
const SPOKEN_TOKEN_MS = 1_500;

/**
 * Says an announcement with the voice pack; token by token, a token without a clip is said by
 * the browser's Thai voice, and without one the announcement fails ('clip_missing', and the
 * announcer shows it as a caption). With `preferBrowserVoice` and a Thai voice in the browser,
 * the browser says it all.
 */
export class PackSpeech implements SpeechPort {
  constructor(private readonly ports: PackSpeechPorts) {}

  private useBrowser(): boolean {
    return this.ports.settings().preferBrowserVoice && this.ports.hasThaiVoice();
  }

  /** What it speaks with, for the display's status: a clip that fails shows in its announcements. */
  source(): DisplaySpeech {
    if (this.useBrowser()) return 'browser';
    if (this.ports.audio()) return 'pack';
    return this.ports.hasThaiVoice() ? 'browser' : 'none';
  }

  unavailable(): string | null {
    const audio = this.ports.audio();
    if (audio?.context.state === 'suspended') return 'sound_blocked';
    if (this.useBrowser()) return this.ports.browser.unavailable();
    if (!audio || this.ports.pack.isEmpty()) return this.ports.hasThaiVoice() ? null : 'no_voice';
    return null;
  }

  /** Generous: the fetch, every token said slowly, each repeat. */
  timeoutMs(announcement: Announcement): number {
    const settings = this.ports.settings();
    const tokens = this.tokens(announcement).length;
    return FETCH_ALLOWANCE_MS + (settings.repeat * (2_000 + tokens * SPOKEN_TOKEN_MS)) / settings.rate;
  }

  tokens(announcement: Announcement): string[] {
    return announcementTokens(this.ports.settings().sentence, sentenceValues(announcement.call));
  }

  speak(announcement: Announcement, done: (error?: string) => void): void {
    const audio = this.ports.audio();
    if (this.useBrowser() || !audio) return this.ports.browser.speak(announcement, done);
    const settings = this.ports.settings();
    const tokens = this.tokens(announcement);
    void this.ports.pack.load(tokens).then(() => {
      const pieces = this.pieces(tokens);
      if (!pieces) return done('clip_missing');
      try {
        audio.output.gain.value = settings.volume / 100;
        playPieces(
          { context: audio.context, output: audio.output, speak: this.ports.speakText },
          pieces,
          { rate: settings.rate, repeat: settings.repeat },
          done,
        );
      } catch (error) {
        console.warn('The clips could not play', error);
        done('audio_error');
      }
    });
  }

  /** The clip of each token, or the browser's voice for it; null when a token has neither. */
  pieces(tokens: readonly string[]): Piece[] | null {
    const thai = this.ports.hasThaiVoice();
    const pieces: Piece[] = [];
    for (const token of tokens) {
      const buffer = this.ports.pack.clip(token);
      if (buffer) pieces.push({ kind: 'clip', token, buffer });
      else if (thai) pieces.push({ kind: 'speech', token, text: tokenSpeech(token) });
      else return null;
    }
    return pieces;
  }

  /** Seconds the announcement's clips last (for a test or the controller). */
  seconds(announcement: Announcement): number {
    const pieces = this.pieces(this.tokens(announcement)) ?? [];
    const settings = this.ports.settings();
    return clipsSeconds(pieces, { rate: settings.rate, repeat: settings.repeat });
  }
}

/**
 * A decoded clip without the silence at its ends (a generated clip has some on both sides,
 * which would sound like gaps between the words), keeping `padS` of it.
 */
export function trimSilence(
  context: Pick<BaseAudioContext, 'createBuffer'>,
  buffer: AudioBuffer,
  threshold = 0.01,
  padS = 0.02,
): AudioBuffer {
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  const loud = (i: number) => channels.some((data) => Math.abs(data[i]!) > threshold);
  let first = 0;
  while (first < buffer.length && !loud(first)) first++;
  if (first >= buffer.length) return buffer;
  let last = buffer.length - 1;
  while (last > first && !loud(last)) last--;
  const pad = Math.round(padS * buffer.sampleRate);
  const start = Math.max(0, first - pad);
  const end = Math.min(buffer.length, last + 1 + pad);
  if (start === 0 && end === buffer.length) return buffer;
  const trimmed = context.createBuffer(buffer.numberOfChannels, end - start, buffer.sampleRate);
  channels.forEach((data, c) => trimmed.copyToChannel(data.slice(start, end), c));
  return trimmed;
}
