import { createRequire } from 'node:module';
import { createHelperProcess } from '../../lib/helper-process.ts';

const require = createRequire(import.meta.url);
const espeakPackage = require('espeak-ng/package.json') as { version: string };

/** What made a generated clip: part of its cache key, so a new engine makes new clips. */
export const ENGINE_VERSION = `espeak-ng@${espeakPackage.version}`;

/** How the pack's clips are spoken: Thai, a little slower than eSpeak's 175 words a minute, for a yard. */
export interface SpeechOptions {
  voice: string;
  /** Words per minute. */
  speed: number;
}
export const SPEECH_OPTIONS: SpeechOptions = { voice: 'th', speed: 140 };

/** The pause said between the texts of one run: far longer than any pause inside a word or name. */
export const BATCH_GAP_MS = 1200;

export interface SpeechEngine {
  /**
   * A WAV saying these texts in order (several: with BATCH_GAP_MS of silence between them).
   * Rejects when the engine fails or too much is already waiting.
   */
  speak(texts: string[], options?: SpeechOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

export {
  HelperBusyError as SpeechBusyError,
  HelperClosedError as SpeechEngineClosed,
} from '../../lib/helper-process.ts';

/**
 * eSpeak NG in one child process (espeak-process.mjs): one instance at a time, so the speech
 * never takes both cores of a small server; at most `maxWaiting` runs wait (more are refused,
 * SpeechBusyError); the process ends after `idleMs` without work (and does not keep the server
 * alive), and starts again on the next run.
 *
 * A process, not a worker thread: making a plant's voice pack at first start instantiates eSpeak's
 * WebAssembly once per run, and a thread that ended left some 80 MB of it resident in the server
 * for good (docs/benchmarks.md, "Issue 19: memory"). A process gives all of it back when it ends.
 */
export function createSpeechEngine({ maxWaiting = 64, idleMs = 30_000 } = {}): SpeechEngine {
  const helper = createHelperProcess<
    { texts: string[]; voice: string; speed: number; gapMs: number },
    Uint8Array
  >({
    file: 'modules/voice/espeak-process.mjs',
    name: 'the speech engine',
    idleMs,
    maxWaiting,
  });
  return {
    speak: (texts, options = SPEECH_OPTIONS) =>
      helper.run({ texts, voice: options.voice, speed: options.speed, gapMs: BATCH_GAP_MS }),
    close: () => helper.close(),
  };
}
