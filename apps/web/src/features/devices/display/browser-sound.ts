import type { ChimePort, SpeechPort } from './announcer.ts';

/**
 * The browser's side of the announcer: the page's one AudioContext and its output (one gain, the
 * display's volume) that the chime and the voice pack's clips play through, a "ding-dong" made
 * with the Web Audio API (no audio files), and the browser's own Thai voice (speechSynthesis),
 * where there is one, for a token without a clip or a display that prefers it. Browsers keep
 * sound off until the page has been touched (kiosk Chrome runs with
 * --autoplay-policy=no-user-gesture-required instead): `soundState` tells the screen to show its
 * "tap to turn on" button. Nothing of it is remembered: every page load asks again.
 */

export type VoiceState =
  /** A Thai voice is installed. */
  | 'thai'
  /** speechSynthesis works but offers no Thai voice (or none has loaded yet). */
  | 'none'
  /** No speechSynthesis in this browser. */
  | 'unsupported';

export type SoundState = 'running' | 'blocked' | 'unsupported';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Calls `listener` when the voices or the sound's state change. */
export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let context: AudioContext | null | undefined;
let master: GainNode | null = null;

/**
 * A test's tap on the display's output (installed by a browser test before the page's scripts
 * run, e.g. to record what the display plays): called once with the AudioContext and the
 * output everything goes through. Never set in production.
 */
type AudioTap = (context: AudioContext, output: AudioNode) => void;

/** The page's one AudioContext, made on first use (null when the browser has no Web Audio). */
export function audioContext(): AudioContext | null {
  if (context !== undefined) return context;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return (context = null);
  try {
    context = new Ctor();
    context.addEventListener('statechange', notify);
  } catch (error) {
    console.warn('No Web Audio', error);
    context = null;
  }
  return context;
}

/**
 * The AudioContext and the display's output: one gain (the display's volume) that the chime and
 * every clip go through, to the speakers. Null without Web Audio.
 */
export function audioOutput(): { context: AudioContext; output: GainNode } | null {
  const ctx = audioContext();
  if (!ctx) return null;
  if (!master) {
    master = ctx.createGain();
    master.connect(ctx.destination);
    const tap = (window as unknown as { __tqAudioTap?: AudioTap }).__tqAudioTap;
    if (typeof tap === 'function') tap(ctx, master);
  }
  return { context: ctx, output: master };
}

export function soundState(): SoundState {
  const ctx = audioContext();
  if (!ctx) return 'unsupported';
  return ctx.state === 'suspended' ? 'blocked' : 'running';
}

/** From the "tap to turn on" button: a user gesture lets the page make sound from now on. */
export function unlockSound(): void {
  void audioContext()
    ?.resume()
    .catch((error: unknown) => console.warn('Sound stays off', error))
    .finally(notify);
}

const DING_HZ = 659.25; // E5
const DONG_HZ = 523.25; // C5
const NOTE_S = 0.65;
export const CHIME_MS = 1_600;

function note(ctx: AudioContext, frequency: number, start: number): void {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.5, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_S * 1.6);
  gain.connect(audioOutput()?.output ?? ctx.destination);
  // A sine and a quieter octave above it: a bell rather than a beep.
  for (const [multiple, level] of [
    [1, 1],
    [2, 0.25],
  ] as const) {
    const oscillator = ctx.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency * multiple;
    const partial = ctx.createGain();
    partial.gain.value = level;
    oscillator.connect(partial).connect(gain);
    oscillator.start(start);
    oscillator.stop(start + NOTE_S * 1.7);
  }
}

export const browserChime: ChimePort = {
  play() {
    const ctx = audioContext();
    if (!ctx || ctx.state !== 'running') return 0;
    const start = ctx.currentTime + 0.05;
    note(ctx, DING_HZ, start);
    note(ctx, DONG_HZ, start + NOTE_S);
    return CHIME_MS;
  },
};

function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : null;
}

/** The best Thai voice: th-TH first, a local one before a network one. */
export function pickThaiVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const thai = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').startsWith('th'));
  return (
    thai.find((v) => v.lang.toLowerCase().replace('_', '-') === 'th-th' && v.localService) ??
    thai.find((v) => v.lang.toLowerCase().replace('_', '-') === 'th-th') ??
    thai[0] ??
    null
  );
}

let watchingVoices = false;

export function voiceState(): VoiceState {
  const s = synth();
  if (!s) return 'unsupported';
  if (!watchingVoices) {
    watchingVoices = true;
    // Chrome loads its voices after the page: the list is empty at first.
    s.addEventListener('voiceschanged', notify);
  }
  return pickThaiVoice(s.getVoices()) ? 'thai' : 'none';
}

/** Utterances being spoken: Chrome drops the `end` event of one it has garbage-collected. */
const speaking = new Set<SpeechSynthesisUtterance>();

/** Says `text` with the browser's Thai voice; `done` when it has ended (with the browser's error, if any). */
export function speakThai(text: string, done: (error?: string) => void, rate = 0.9): void {
  const s = synth();
  if (!s) return done('unsupported');
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'th-TH';
  utterance.voice = pickThaiVoice(s.getVoices());
  utterance.rate = rate;
  const end = (error?: string) => {
    speaking.delete(utterance);
    done(error);
  };
  utterance.onend = () => end();
  utterance.onerror = (event) => end(event.error);
  speaking.add(utterance);
  // Queued behind anything still being spoken; nothing is ever cancelled.
  s.speak(utterance);
}

export const browserSpeech: SpeechPort = {
  unavailable() {
    if (soundState() === 'blocked') return 'sound_blocked';
    return voiceState() === 'thai' ? null : 'no_voice';
  },
  speak(announcement, done) {
    speakThai(announcement.spoken, done);
  },
};
