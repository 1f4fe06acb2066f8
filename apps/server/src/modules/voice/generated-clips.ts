import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tokenSpeech } from '@truck-queue/shared/voice/announcement';
import {
  BATCH_GAP_MS,
  ENGINE_VERSION,
  SPEECH_OPTIONS,
  SpeechEngineClosed,
  type SpeechEngine,
  type SpeechOptions,
} from './speech-engine.ts';
import { encodePcm16, normalisePeak, pcm16Samples, rms, splitAtSilences, trimSilence } from './wav.ts';

/** How the clips are cut: part of the cache key, so that a new rule makes new clips. */
const CUT_VERSION = 'trim30-peak80';
/** Silence kept at each end of a clip: enough not to clip a consonant, short enough to run on. */
export const KEEP_MS = 30;
/** A clip quieter than this (RMS, 0 to 1) holds no speech: it counts as not made. */
export const SILENT_RMS = 0.01;
/** Texts said in one run of the engine: fewer runs (each starts the engine, ~0.1 s) for a pack. */
const BATCH = 16;

/** The file name a generated clip is kept under: engine, cut, voice options and the words said. */
export function cacheKey(speech: string, options: SpeechOptions = SPEECH_OPTIONS): string {
  return createHash('sha256')
    .update(JSON.stringify([ENGINE_VERSION, CUT_VERSION, options.voice, options.speed, speech]))
    .digest('hex');
}

export interface GeneratedClips {
  /**
   * The generated WAV of each token (keyed by token), made now when not yet on disk; null for a
   * token the engine could not say (logged). Never rejects.
   */
  clips(tokens: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Which of these tokens already have a clip on disk (nothing is made). */
  cached(tokens: readonly string[]): Promise<Set<string>>;
}

export interface GeneratedClipsOptions {
  /** `<DATA_DIR>/voice-cache`. */
  cacheDir: string;
  engine: SpeechEngine;
  log: { warn(fields: object, message: string): void };
  options?: SpeechOptions;
}

/** One clip as the pack keeps it: trimmed to KEEP_MS at each end, as loud as the others; null when silent. */
function finishClip(samples: Int16Array, sampleRate: number): Buffer | null {
  const trimmed = trimSilence(samples, sampleRate, KEEP_MS);
  return rms(trimmed) >= SILENT_RMS ? encodePcm16(normalisePeak(trimmed), sampleRate) : null;
}

/**
 * The generated clips, kept on disk by cacheKey: each made once, whoever asks; a token asked
 * for again while it is being made waits for the same run.
 */
export function createGeneratedClips({
  cacheDir,
  engine,
  log,
  options = SPEECH_OPTIONS,
}: GeneratedClipsOptions): GeneratedClips {
  const making = new Map<string, Promise<Buffer | null>>();
  const fileOf = (key: string) => path.join(cacheDir, `${key}.wav`);

  const store = async (key: string, clip: Buffer) => {
    await mkdir(cacheDir, { recursive: true });
    // Written whole, then renamed: another reader never sees half a file.
    const temporary = `${fileOf(key)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, clip);
    await rename(temporary, fileOf(key));
  };

  /** One text in a run of its own. */
  const speakOne = async (speech: string): Promise<Buffer | null> => {
    const pcm = pcm16Samples(await engine.speak([speech], options));
    if (!pcm) throw new Error('the engine wrote no 16-bit mono WAV');
    return finishClip(pcm.samples, pcm.info.sampleRate);
  };

  /** Several texts in one run, cut at the long pauses; one by one when the cut does not match. */
  const speakBatch = async (speeches: string[]): Promise<(Buffer | null)[]> => {
    if (speeches.length > 1) {
      try {
        const pcm = pcm16Samples(await engine.speak(speeches, options));
        if (pcm) {
          const parts = splitAtSilences(pcm.samples, pcm.info.sampleRate, BATCH_GAP_MS * 0.6);
          if (parts.length === speeches.length) {
            return parts.map((part) => finishClip(part, pcm.info.sampleRate));
          }
        }
      } catch (error) {
        // Shutting down: the run stops here, quietly (its waiters get nothing this time).
        if (error instanceof SpeechEngineClosed) throw error;
        log.warn({ err: error }, 'voice: a batch of clips could not be made; making them one by one');
      }
    }
    const clips: (Buffer | null)[] = [];
    for (const speech of speeches) {
      try {
        clips.push(await speakOne(speech));
      } catch (error) {
        if (error instanceof SpeechEngineClosed) throw error;
        log.warn({ err: error, speech }, 'voice: a clip could not be made');
        clips.push(null);
      }
    }
    return clips;
  };

  const make = async (wanted: { speech: string; key: string }[]): Promise<void> => {
    for (let at = 0; at < wanted.length; at += BATCH) {
      const chunk = wanted.slice(at, at + BATCH);
      const clips = await speakBatch(chunk.map((w) => w.speech));
      for (const [i, { key, speech }] of chunk.entries()) {
        const clip = clips[i] ?? null;
        if (!clip) {
          log.warn({ speech }, 'voice: the engine said nothing for this text');
          continue;
        }
        try {
          await store(key, clip);
        } catch (error) {
          log.warn({ err: error }, 'voice: a generated clip could not be kept on disk');
        }
      }
      // Each key's waiters get its clip as soon as its batch is done.
      for (const [i, { key }] of chunk.entries()) resolvers.get(key)?.(clips[i] ?? null);
    }
  };
  const resolvers = new Map<string, (clip: Buffer | null) => void>();

  return {
    async cached(tokens) {
      const found = new Set<string>();
      for (const token of tokens) {
        try {
          await access(fileOf(cacheKey(tokenSpeech(token), options)));
          found.add(token);
        } catch {
          // not made yet
        }
      }
      return found;
    },
    async clips(tokens) {
      const result = new Map<string, Buffer | null>();
      const wanted: { token: string; speech: string; key: string }[] = [];
      const seen = new Set<string>();
      for (const token of tokens) {
        const speech = tokenSpeech(token);
        const key = cacheKey(speech, options);
        if (seen.has(token)) continue;
        seen.add(token);
        wanted.push({ token, speech, key });
      }
      const toMake: { speech: string; key: string }[] = [];
      const waits: Promise<void>[] = [];
      for (const { token, speech, key } of wanted) {
        const inFlight = making.get(key);
        if (inFlight) {
          waits.push(inFlight.then((clip) => void result.set(token, clip)));
          continue;
        }
        try {
          result.set(token, await readFile(fileOf(key)));
          continue;
        } catch {
          // not made yet
        }
        const promise = new Promise<Buffer | null>((resolve) => resolvers.set(key, resolve));
        making.set(key, promise);
        waits.push(promise.then((clip) => void result.set(token, clip)));
        if (!toMake.some((m) => m.key === key)) toMake.push({ speech, key });
      }
      if (toMake.length > 0) {
        await make(toMake).catch((error: unknown) => {
          if (error instanceof SpeechEngineClosed) return;
          log.warn({ err: error }, 'voice: clips could not be made');
        });
        for (const { key } of toMake) {
          // Anything the run did not answer (it failed) is missing this time, asked again next time.
          resolvers.get(key)?.(null);
          resolvers.delete(key);
          making.delete(key);
        }
      }
      await Promise.all(waits);
      return result;
    },
  };
}
