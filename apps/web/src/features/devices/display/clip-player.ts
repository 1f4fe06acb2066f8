/**
 * Plays one announcement from the voice pack's clips (DESIGN.md "Devices"): the clips of a
 * sentence are scheduled back to back on the AudioContext's clock (each source starts exactly
 * where the previous one ends, so there is no gap from timers and nothing is cut), through the
 * display's output (its volume), at the display's speed, the whole sentence once or twice with
 * a short pause. A token without a clip is said by the browser's Thai voice in its place (the
 * clips before it play out first, the ones after it are scheduled once it has been said).
 */

/** One thing said: a clip, or a token's text for the browser's voice. */
export type Piece =
  { kind: 'clip'; token: string; buffer: AudioBuffer } | { kind: 'speech'; token: string; text: string };

export interface PlayOptions {
  rate: number;
  repeat: 1 | 2;
  /** Silence between two clips of the sentence, in seconds (a breath, not a gap you notice). */
  gapS?: number;
  /** Silence before the sentence is said again. */
  pauseS?: number;
}

export const CLIP_GAP_S = 0.04;
export const REPEAT_PAUSE_S = 0.7;
/** Scheduled this far ahead of the clock, so the first clip never starts late (cut). */
const LEAD_S = 0.05;

/** What the player needs of the browser: the AudioContext, where sound goes, and the Thai voice. */
export interface PlayerPorts {
  context: Pick<AudioContext, 'currentTime' | 'createBufferSource'>;
  output: AudioNode;
  /** Says one token's text with the browser's Thai voice; `done` when it has ended. */
  speak: (text: string, done: (error?: string) => void) => void;
  /** For the pause before a repeat that starts with a spoken token. */
  wait?: (ms: number, then: () => void) => void;
}

type Step = Piece | { kind: 'pause'; seconds: number };

/** The sentence's pieces, `repeat` times, with the pause between. */
export function sequence(pieces: readonly Piece[], options: PlayOptions): Step[] {
  const steps: Step[] = [];
  for (let round = 0; round < options.repeat; round++) {
    if (round > 0) steps.push({ kind: 'pause', seconds: options.pauseS ?? REPEAT_PAUSE_S });
    steps.push(...pieces);
  }
  return steps;
}

/** How long the pieces' clips last when played at `rate`, in seconds (the browser's tokens not counted). */
export function clipsSeconds(pieces: readonly Piece[], options: PlayOptions): number {
  let total = 0;
  for (const piece of pieces) if (piece.kind === 'clip') total += piece.buffer.duration / options.rate;
  const gaps = Math.max(0, pieces.length - 1) * (options.gapS ?? CLIP_GAP_S);
  return options.repeat * (total + gaps) + (options.repeat - 1) * (options.pauseS ?? REPEAT_PAUSE_S);
}

/**
 * Plays the pieces; `done` once, after the last one has ended (the last clip's `ended`, or the
 * browser's voice saying the last token), with an error code when the browser's voice failed.
 */
export function playPieces(
  ports: PlayerPorts,
  pieces: readonly Piece[],
  options: PlayOptions,
  done: (error?: string) => void,
): void {
  const steps = sequence(pieces, options);
  const gap = options.gapS ?? CLIP_GAP_S;
  const wait = ports.wait ?? ((ms, then) => globalThis.setTimeout(then, ms));
  let finished = false;
  const finish = (error?: string) => {
    if (finished) return;
    finished = true;
    done(error);
  };

  /** Schedules the clips (and pauses) from `index` up to the next spoken token, then goes on from there. */
  const run = (index: number, pauseFirst: number) => {
    if (index >= steps.length) return finish();
    const first = steps[index]!;
    if (first.kind === 'speech') {
      const say = () => ports.speak(first.text, (error) => (error ? finish(error) : run(index + 1, gap)));
      return pauseFirst > gap ? wait(pauseFirst * 1000, say) : say();
    }
    let at = ports.context.currentTime + LEAD_S + (pauseFirst > gap ? pauseFirst : 0);
    let last: AudioBufferSourceNode | null = null;
    let next = index;
    let pending = 0;
    for (; next < steps.length; next++) {
      const step = steps[next]!;
      if (step.kind === 'speech') break;
      if (step.kind === 'pause') {
        pending = step.seconds;
        continue;
      }
      if (last) at += Math.max(gap, pending);
      else at += pending;
      pending = 0;
      const source = ports.context.createBufferSource();
      source.buffer = step.buffer;
      source.playbackRate.value = options.rate;
      source.connect(ports.output);
      source.start(at);
      at += step.buffer.duration / options.rate;
      last = source;
    }
    const after = next;
    const carry = Math.max(gap, pending);
    if (!last) return run(after, carry);
    last.onended = () => run(after, carry);
  };
  run(0, 0);
}
