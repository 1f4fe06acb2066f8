/** A clip as the voice calls send it: the audio file's bytes in base64. */
interface Clip {
  audio: string;
}

function bytesOf(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/**
 * Plays clips one after another, without gaps, through Web Audio on this computer (the admin's
 * preview; the display has its own player): `rate` as a display's speed, `volume` in percent.
 * Resolves when the last clip has played; rejects when the browser cannot decode one.
 */
export async function playClips(clips: readonly Clip[], { rate = 1, volume = 100 } = {}): Promise<void> {
  const context = new AudioContext();
  try {
    const buffers = await Promise.all(clips.map((clip) => context.decodeAudioData(bytesOf(clip.audio))));
    const gain = context.createGain();
    gain.gain.value = volume / 100;
    gain.connect(context.destination);
    let at = context.currentTime + 0.05;
    for (const buffer of buffers) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.playbackRate.value = rate;
      source.connect(gain);
      source.start(at);
      at += buffer.duration / rate;
    }
    await new Promise((resolve) => setTimeout(resolve, (at - context.currentTime) * 1000 + 100));
  } finally {
    await context.close();
  }
}
