/**
 * WAV files as the voice pack needs them: read the header of any PCM WAV (an upload's length),
 * and for the generated clips (16-bit PCM, as eSpeak NG writes them) trim the silence at both
 * ends and cut one recording of several tokens at its long pauses.
 */

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** 1: integer PCM; 3: float; others are compressed forms this reader only measures. */
  format: number;
  /** Bytes per second of audio, from the header. */
  byteRate: number;
  dataOffset: number;
  dataLength: number;
  /** The audio's length in seconds. */
  seconds: number;
}

/** The header of a RIFF/WAVE file, or null when it is not one (or is cut short). */
export function parseWav(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let at = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataLength' | 'seconds'> | null = null;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      fmt = {
        format: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.byteRate === 0 || fmt.channels === 0 || fmt.sampleRate === 0) return null;
      // A streamed WAV may say "as long as it goes" (0 or 0xFFFFFFFF): the file's end is the data's.
      const dataLength = Math.min(size, bytes.length - body);
      return { ...fmt, dataOffset: body, dataLength, seconds: dataLength / fmt.byteRate };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** The samples of a 16-bit PCM mono WAV (what eSpeak NG writes), or null for any other. */
export function pcm16Samples(bytes: Uint8Array): { info: WavInfo; samples: Int16Array } | null {
  const info = parseWav(bytes);
  if (!info || info.format !== 1 || info.bitsPerSample !== 16 || info.channels !== 1) return null;
  const count = Math.floor(info.dataLength / 2);
  const samples = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset + info.dataOffset, count * 2);
  for (let i = 0; i < count; i++) samples[i] = view.getInt16(i * 2, true);
  return { info, samples };
}

/** A 16-bit PCM mono WAV of these samples. */
export function encodePcm16(samples: Int16Array, sampleRate: number): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 44 + i * 2);
  return out;
}

/** Root mean square of samples, 0 (silence) to 1 (full scale). */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length) / 32768;
}

/** A 10 ms frame is sound when its RMS is above this (about -46 dBFS): breath and hiss are not. */
const SOUND_RMS = 0.005;
const FRAME_SECONDS = 0.01;

/** For each 10 ms frame, whether it holds sound. */
function soundFrames(samples: Int16Array, sampleRate: number): boolean[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const frames: boolean[] = [];
  for (let at = 0; at < samples.length; at += frame) {
    frames.push(rms(samples.subarray(at, Math.min(samples.length, at + frame))) > SOUND_RMS);
  }
  return frames;
}

/**
 * The same clip without the silence before its first sound and after its last, keeping `keepMs`
 * at each end, so that clips played back to back sound like one sentence. A clip with no sound
 * at all is returned as it was (the caller sees its RMS).
 */
export function trimSilence(samples: Int16Array, sampleRate: number, keepMs = 30): Int16Array {
  const frames = soundFrames(samples, sampleRate);
  const first = frames.indexOf(true);
  if (first < 0) return samples;
  const last = frames.lastIndexOf(true);
  const frame = Math.round(sampleRate * FRAME_SECONDS);
  const keep = Math.round((sampleRate * keepMs) / 1000);
  const start = Math.max(0, first * frame - keep);
  const end = Math.min(samples.length, (last + 1) * frame + keep);
  return samples.slice(start, end);
}

/**
 * One recording cut at every silence of at least `gapMs` into its sounds, in order (silence at
 * the ends left out). The generated pack says several tokens in one run of the engine, with a
 * long pause between them, and cuts them apart here.
 */
export function splitAtSilences(samples: Int16Array, sampleRate: number, gapMs: number): Int16Array[] {
  const frames = soundFrames(samples, sampleRate);
  const frame = Math.round(sampleRate * FRAME_SECONDS);
  const gapFrames = Math.ceil(gapMs / (FRAME_SECONDS * 1000));
  const parts: Int16Array[] = [];
  let start = -1;
  let quiet = 0;
  for (let i = 0; i <= frames.length; i++) {
    const sound = i < frames.length && frames[i];
    if (sound) {
      if (start < 0) start = i;
      quiet = 0;
      continue;
    }
    if (start < 0) continue;
    quiet++;
    if (quiet >= gapFrames || i === frames.length) {
      const end = i - quiet + 1;
      parts.push(samples.slice(start * frame, Math.min(samples.length, end * frame)));
      start = -1;
      quiet = 0;
    }
  }
  return parts;
}

/**
 * The same samples made as loud as `peak` (0 to 1 of full scale) at their loudest, amplified at
 * most `maxGain` times: eSpeak says some words (ที่) far softer than others, and a sentence of
 * clips must sound even across a yard.
 */
export function normalisePeak(samples: Int16Array, peak = 0.8, maxGain = 8): Int16Array {
  let loudest = 0;
  for (const s of samples) loudest = Math.max(loudest, Math.abs(s));
  if (loudest === 0) return samples;
  const gain = Math.min(maxGain, (peak * 32767) / loudest);
  return Int16Array.from(samples, (s) => Math.max(-32768, Math.min(32767, Math.round(s * gain))));
}
