import { parseWav } from './wav.ts';

/** The audio a plant may record its clips in, by the type browsers play. */
export const CLIP_TYPES = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
} as const;
export type ClipMime = (typeof CLIP_TYPES)[keyof typeof CLIP_TYPES];

/** A recording's limits: a token is a word or a name, said in a few seconds. */
export const CLIP_MAX_BYTES = 1024 * 1024;
export const CLIP_MAX_SECONDS = 10;

export type AudioProblem = 'NOT_AUDIO' | 'TOO_BIG' | 'TOO_LONG';

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** MPEG-1 layer III bitrates (kbit/s) by the header's index. */
const MP3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
/** MPEG-2/2.5 layer III. */
const MP3_KBPS_LOW = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Where an MP3's audio starts: after an ID3v2 tag, if any. */
function id3End(bytes: Uint8Array): number {
  if (ascii(bytes, 0, 3) !== 'ID3' || bytes.length < 10) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size;
}

/** An MP3 frame header (layer III) at `at`: its bitrate in bit/s, or null. */
function mp3Bitrate(bytes: Uint8Array, at: number): number | null {
  if (at + 4 > bytes.length) return null;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1: layer III
  const index = b2 >> 4;
  if (version === 1 || layer !== 1 || index === 0 || index === 15) return null;
  return (version === 3 ? MP3_KBPS : MP3_KBPS_LOW)[index]! * 1000;
}

/** An Ogg file's length: the last page's granule position over the stream's sample rate. */
function oggSeconds(bytes: Uint8Array): number | null {
  // The first page holds the identification header: Vorbis or Opus.
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 512)));
  let rate: number | null = null;
  const vorbis = head.indexOf('\x01vorbis', 0, 'latin1');
  if (vorbis >= 0 && vorbis + 16 <= head.length) rate = head.readUInt32LE(vorbis + 12);
  if (head.indexOf('OpusHead', 0, 'latin1') >= 0) rate = 48_000;
  if (!rate) return null;
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const last = all.lastIndexOf('OggS', undefined, 'latin1');
  if (last < 0 || last + 14 > all.length) return null;
  const granule = Number(all.readBigInt64LE(last + 6));
  return granule > 0 ? granule / rate : null;
}

/**
 * What an uploaded (or folder) clip is, judged by its bytes, not its name: WAV, MP3 or Ogg, at
 * most CLIP_MAX_BYTES and (where its header tells) CLIP_MAX_SECONDS long.
 */
export function checkAudio(
  bytes: Uint8Array,
): { mime: ClipMime; seconds: number | null } | { problem: AudioProblem } {
  if (bytes.length > CLIP_MAX_BYTES) return { problem: 'TOO_BIG' };
  let found: { mime: ClipMime; seconds: number | null } | null = null;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') {
    const info = parseWav(bytes);
    if (!info || info.dataLength === 0) return { problem: 'NOT_AUDIO' };
    found = { mime: CLIP_TYPES.wav, seconds: info.seconds };
  } else if (ascii(bytes, 0, 4) === 'OggS') {
    found = { mime: CLIP_TYPES.ogg, seconds: oggSeconds(bytes) };
  } else {
    const start = id3End(bytes);
    const bitrate = mp3Bitrate(bytes, start);
    if (bitrate) found = { mime: CLIP_TYPES.mp3, seconds: ((bytes.length - start) * 8) / bitrate };
  }
  if (!found) return { problem: 'NOT_AUDIO' };
  if (found.seconds !== null && found.seconds > CLIP_MAX_SECONDS) return { problem: 'TOO_LONG' };
  return found;
}
