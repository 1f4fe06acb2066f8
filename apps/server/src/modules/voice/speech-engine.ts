import { createRequire } from 'node:module';
import { fork, type ChildProcess } from 'node:child_process';
import { sourceFile } from '../../paths.ts';

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

export class SpeechBusyError extends Error {}

/** The server is shutting down: what was waiting is dropped, and nothing is said of it. */
export class SpeechEngineClosed extends Error {}

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
  let worker: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (wav: Uint8Array) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = (): ChildProcess => {
    if (worker) return worker;
    // Plain Node: no --import loaders (tsx) or memory flags from the server, which it does not need.
    const started = fork(sourceFile('modules/voice/espeak-process.mjs'), [], {
      execArgv: [],
      // Structured clone over the channel, so a WAV arrives as bytes, not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // It never keeps the server running by itself.
    started.unref();
    started.channel?.unref();
    started.on('message', (reply: { id: number; wav?: Uint8Array; error?: string }) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.wav) waiting.resolve(reply.wav);
      else waiting.reject(new Error(reply.error ?? 'the speech engine gave no audio'));
      if (pending.size === 0) scheduleIdle();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      if (code !== 0) failAll(new Error(`the speech engine stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };

  let closed = false;

  const scheduleIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (pending.size === 0 && worker) {
        const ending = worker;
        worker = null;
        ending.kill();
      }
    }, idleMs);
    idleTimer.unref();
  };

  return {
    speak(texts, options = SPEECH_OPTIONS) {
      if (closed) return Promise.reject(new SpeechEngineClosed('the speech engine was closed'));
      if (pending.size >= maxWaiting) {
        return Promise.reject(new SpeechBusyError('the speech engine has too much waiting'));
      }
      if (idleTimer) clearTimeout(idleTimer);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        start().send({ id, texts, voice: options.voice, speed: options.speed, gapMs: BATCH_GAP_MS });
      });
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const ending = worker;
      worker = null;
      failAll(new SpeechEngineClosed('the speech engine was closed'));
      if (ending && ending.exitCode === null && ending.signalCode === null) {
        const exited = new Promise((resolve) => ending.once('exit', resolve));
        ending.kill();
        await exited;
      }
    },
  };
}
