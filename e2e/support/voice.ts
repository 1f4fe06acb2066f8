/// <reference lib="dom" />
import type { Page, WebSocketRoute } from 'playwright-core';
import type { AnnouncementReport } from '@truck-queue/shared/contracts/socket-events';
import { API_KEY } from './demo-plant.ts';
import type { DeviceIdentity } from './devices.ts';

/**
 * The display's sound in a browser test: a tap on its output that records every sample it plays
 * (installed before the page's scripts, through the page's `__tqAudioTap` hook), the
 * `announced` reports it sends, and how long the server's clips of an announcement last.
 */

/** Records the display's output (a ScriptProcessor that passes silence on: nothing is heard twice). */
export async function tapDisplayAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded: Float32Array[] = [];
    const w = window as unknown as {
      __tqAudioTap: (context: AudioContext, output: AudioNode) => void;
      __tqRecorded: { chunks: Float32Array[]; sampleRate: number };
    };
    w.__tqRecorded = { chunks: recorded, sampleRate: 0 };
    w.__tqAudioTap = (context, output) => {
      w.__tqRecorded.sampleRate = context.sampleRate;
      const tap = context.createScriptProcessor(4096, 1, 1);
      tap.onaudioprocess = (event) => recorded.push(new Float32Array(event.inputBuffer.getChannelData(0)));
      output.connect(tap);
      tap.connect(context.destination);
    };
  });
}

export interface Recording {
  sampleRate: number;
  /** Seconds from the first loud sample to the last (0 when silent). */
  soundSeconds: number;
  /** Root mean square of that stretch (full scale 1). */
  rms: number;
  /** That stretch as 16-bit PCM, base64. */
  pcm16: string;
}

/** What the tap recorded since `fromChunk`: how long the display made sound, how loud, and the PCM. */
export function readRecording(page: Page, fromChunk = 0, floor = 0.02): Promise<Recording> {
  return page.evaluate(
    ([from, threshold]) => {
      const { chunks, sampleRate } = (
        window as unknown as { __tqRecorded: { chunks: Float32Array[]; sampleRate: number } }
      ).__tqRecorded;
      const taken = chunks.slice(from);
      const all = new Float32Array(taken.reduce((n, c) => n + c.length, 0));
      let offset = 0;
      for (const chunk of taken) {
        all.set(chunk, offset);
        offset += chunk.length;
      }
      let first = 0;
      while (first < all.length && Math.abs(all[first]!) < threshold) first++;
      let last = all.length - 1;
      while (last > first && Math.abs(all[last]!) < threshold) last--;
      if (first >= all.length) return { sampleRate, soundSeconds: 0, rms: 0, pcm16: '' };
      const sound = all.subarray(first, last + 1);
      let energy = 0;
      for (const v of sound) energy += v * v;
      const pcm = new Int16Array(sound.length);
      sound.forEach((v, i) => (pcm[i] = Math.round(Math.max(-1, Math.min(1, v)) * 32767)));
      let binary = '';
      const bytes = new Uint8Array(pcm.buffer);
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return {
        sampleRate,
        soundSeconds: sound.length / sampleRate,
        rms: Math.sqrt(energy / sound.length),
        pcm16: btoa(binary),
      };
    },
    [fromChunk, floor] as const,
  );
}

/** How many chunks the tap has recorded so far (to read only what comes after). */
export function recordedChunks(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __tqRecorded: { chunks: unknown[] } }).__tqRecorded.chunks.length,
  );
}

/** A mono 16-bit PCM WAV file of `pcm16` (little-endian samples). */
export function wavFile(pcm16: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm16.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm16.length, 40);
  return Buffer.concat([header, pcm16]);
}

/** How long a WAV clip's sound lasts, its silent ends aside (louder than 1% of full scale). */
export function wavSoundSeconds(wav: Buffer): number {
  const rate = wav.readUInt32LE(24);
  const data = wav.indexOf('data', 12);
  const bytes = wav.subarray(data + 8);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  const loud = (i: number) => Math.abs(samples[i]!) > 0.01 * 32768;
  let first = 0;
  while (first < samples.length && !loud(first)) first++;
  let last = samples.length - 1;
  while (last > first && !loud(last)) last--;
  return first < samples.length ? (last - first + 1) / rate : 0;
}

/** How long the server's clips of these tokens last together, asked as the display asks (device/voiceClips). */
export async function serverClipSeconds(
  baseUrl: string,
  identity: DeviceIdentity,
  tokens: readonly string[],
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/device/voiceClips`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: API_KEY,
      'device-id': identity.id,
      'device-secret': identity.secret,
    },
    body: JSON.stringify({ tokens }),
  });
  const body = (await response.json()) as {
    clips: { token: string; mime: string; audio: string }[];
    missing: string[];
  };
  if (!response.ok || body.missing.length > 0) throw new Error(`device/voiceClips: ${JSON.stringify(body)}`);
  const seconds = new Map(
    body.clips.map((clip) => [clip.token, wavSoundSeconds(Buffer.from(clip.audio, 'base64'))]),
  );
  return tokens.reduce((total, token) => total + (seconds.get(token) ?? 0), 0);
}

/**
 * The display's Socket.IO traffic, through Playwright's WebSocket route: every `announced`
 * report it sends (also when sent over HTTP long-polling, before the upgrade), and a way to
 * hand it a `called` event as the server would.
 */
export async function watchDisplaySocket(page: Page) {
  const reports: AnnouncementReport[] = [];
  /** Each WebSocket the page opened: upgraded once the page sent engine.io's upgrade ('5'). */
  const sockets: { ws: WebSocketRoute; upgraded: boolean; closed: boolean }[] = [];
  const take = (text: string) => {
    for (const match of text.matchAll(/42\/device,(\["announced",.*?\}\])/g)) {
      reports.push((JSON.parse(match[1]!) as [string, AnnouncementReport])[1]);
    }
  };
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    const socket = { ws, upgraded: false, closed: false };
    sockets.push(socket);
    ws.onMessage((message) => {
      if (message === '5') socket.upgraded = true;
      if (typeof message === 'string') take(message);
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
    ws.onClose((code, reason) => {
      socket.closed = true;
      void server.close({ code, reason });
    });
    server.onClose((code, reason) => {
      socket.closed = true;
      void ws.close({ code, reason });
    });
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/socket.io/')) take(request.postData() ?? '');
  });
  return {
    reports,
    /** Hands the page a call, as the server does, on its open WebSocket. */
    call(call: object): void {
      const socket = sockets.findLast((s) => s.upgraded && !s.closed);
      if (!socket) throw new Error('The display has no open WebSocket');
      socket.ws.send(`42/device,${JSON.stringify(['called', call])}`);
    },
    /** The page's Socket.IO runs over an open WebSocket (not long-polling). */
    onWebSocket: () => sockets.some((s) => s.upgraded && !s.closed),
  };
}
