import type { AnnouncementReport, DeviceCall } from '@truck-queue/shared/contracts/socket-events';

/**
 * The display's announcer (DESIGN.md "Devices"): every call is announced once, in the order
 * the calls arrived, with a chime and then a Thai sentence. An announcement is never cut off:
 * the next one starts only when the previous one has ended (or, if the browser never says it
 * ended, after a safety time that grows with the sentence). When nothing can say it (no clip
 * and no Thai voice) or the sound is blocked, it is shown as a large caption for a few seconds
 * instead.
 *
 * Every announcement ends in one report (`onOutcome`): played, captioned (and why) or failed.
 *
 * Pure logic: the browser's sound (Web Audio chime, the voice pack) and timers are injected,
 * so the queue is tested in Node.
 */

export interface Announcement {
  /** The call's id: one announcement per call and attempt, ever. */
  id: number;
  /** 0 for the call; a re-announcement's own number otherwise. */
  attempt: number;
  /** The call as the server sent it. */
  call: DeviceCall;
  queueNumber: string;
  stationName: string;
  /** The sentence as shown (caption, queue in the DOM). */
  text: string;
  /** The sentence as spoken: the number spelled out so the voice reads it clearly. */
  spoken: string;
}

export type AnnouncementPhase = 'chime' | 'speaking' | 'caption' | 'gap';

export interface CurrentAnnouncement extends Announcement {
  phase: AnnouncementPhase;
  /** Shown as a large caption on screen (no voice to speak it, or speaking failed). */
  captioned: boolean;
}

export interface AnnouncerSnapshot {
  current: CurrentAnnouncement | null;
  waiting: readonly Announcement[];
}

export interface SpeechPort {
  /**
   * Null when it can speak now; otherwise why not, as a report's reason code (e.g.
   * 'sound_blocked', 'no_voice'): the announcement is then captioned.
   */
  unavailable(): string | null;
  /**
   * Speaks the announcement in Thai; calls `done` once when it has ended, with an error code
   * (a report's reason) when it failed. Never cancels what is being spoken.
   */
  speak(announcement: Announcement, done: (error?: string) => void): void;
  /** How long speaking it may take before the announcer moves on (default: `speechTimeoutMs`). */
  timeoutMs?(announcement: Announcement): number;
}

export interface ChimePort {
  /** Starts the chime; returns how long it lasts in ms (0 when it cannot play now). */
  play(): number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AnnouncerOptions {
  compose: (call: DeviceCall) => { text: string; spoken: string };
  speech: SpeechPort | null;
  chime: ChimePort | null;
  timers?: Timers;
  /** How long a caption stays when the announcement is not spoken. */
  captionMs?: number;
  /** Silence between two announcements. */
  gapMs?: number;
  /** Told once what became of each announcement. */
  onOutcome?: (report: AnnouncementReport) => void;
  /** The clock stamped on a report (tests give their own). */
  now?: () => Date;
}

export const CAPTION_MS = 6_000;
export const GAP_MS = 800;
/** Call ids remembered to refuse a second announcement of the same call. */
const SEEN_LIMIT = 2_000;

/**
 * How long speaking `text` may take before the announcer moves on without the browser's
 * `end` event: generous (Thai voices read about 12 characters a second), never endless.
 */
export function speechTimeoutMs(text: string): number {
  return Math.min(60_000, 5_000 + 250 * [...text].length);
}

/** "A001" → "A 0 0 1": a Thai voice then reads each character ("เอ ศูนย์ ศูนย์ หนึ่ง"), not "A one". */
export function spellOut(queueNumber: string): string {
  return [...queueNumber.replace(/\s+/g, '')].join(' ');
}

/** A browser's error name ("audio-busy", "NotAllowedError") as a report's reason code ("audio_busy"). */
export function reasonCode(error: string): string {
  const code = error
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return code || 'failed';
}

const TIMED_OUT = 'timeout';

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Announcer {
  private readonly compose: AnnouncerOptions['compose'];
  private readonly speech: SpeechPort | null;
  private readonly chime: ChimePort | null;
  private readonly timers: Timers;
  private readonly captionMs: number;
  private readonly gapMs: number;
  private readonly onOutcome: AnnouncerOptions['onOutcome'];
  private readonly now: () => Date;

  /** `${call id}:${attempt}` of every announcement taken. */
  private readonly seen = new Set<string>();
  private queue: Announcement[] = [];
  private current: CurrentAnnouncement | null = null;
  private timer: unknown = null;
  /** Bumped whenever a step starts: a late `done` or timer of an earlier step is ignored. */
  private step = 0;
  private running = true;
  private snapshot: AnnouncerSnapshot = { current: null, waiting: [] };
  private readonly listeners = new Set<() => void>();

  constructor(options: AnnouncerOptions) {
    this.compose = options.compose;
    this.speech = options.speech;
    this.chime = options.chime;
    this.timers = options.timers ?? realTimers;
    this.captionMs = options.captionMs ?? CAPTION_MS;
    this.gapMs = options.gapMs ?? GAP_MS;
    this.onOutcome = options.onOutcome;
    this.now = options.now ?? (() => new Date());
  }

  /** Queues the call's announcement; false when this call (and attempt) was already announced or queued. */
  enqueue(call: DeviceCall): boolean {
    const attempt = call.attempt ?? 0;
    const key = `${call.id}:${attempt}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);
    const { text, spoken } = this.compose(call);
    this.queue.push({
      id: call.id,
      attempt,
      call,
      queueNumber: call.queue_number,
      stationName: call.station_name,
      text,
      spoken,
    });
    this.publish();
    this.next();
    return true;
  }

  getSnapshot = (): AnnouncerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops taking the next announcement (page hidden or unmounted); what is spoken now ends by itself. */
  stop(): void {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.step++;
    // The one under way finishes in the browser on its own (never cut off) and is not repeated.
    this.current = null;
    this.publish();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.next();
  }

  private publish(): void {
    this.snapshot = { current: this.current, waiting: [...this.queue] };
    for (const listener of this.listeners) listener();
  }

  private wait(ms: number, then: () => void): void {
    const step = ++this.step;
    this.timer = this.timers.setTimeout(() => {
      if (step !== this.step) return;
      this.timer = null;
      then();
    }, ms);
  }

  private setPhase(phase: AnnouncementPhase, captioned?: boolean): void {
    if (!this.current) return;
    this.current = { ...this.current, phase, captioned: captioned ?? this.current.captioned };
    this.publish();
  }

  private next(): void {
    if (!this.running || this.current) return;
    const announcement = this.queue.shift();
    if (!announcement) return;
    let unavailable: string | null = 'no_voice';
    try {
      unavailable = this.speech ? this.speech.unavailable() : 'no_voice';
    } catch (error) {
      console.warn('The voice could not be checked', error);
    }
    const spoken = unavailable === null;
    this.current = { ...announcement, phase: 'chime', captioned: !spoken };
    this.publish();
    let chimeMs = 0;
    try {
      chimeMs = this.chime?.play() ?? 0;
    } catch (error) {
      console.warn('The chime could not play', error);
    }
    this.wait(chimeMs, () => (spoken ? this.say() : this.caption('captioned', unavailable)));
  }

  private report(outcome: AnnouncementReport['outcome'], reason: string | null): void {
    const current = this.current;
    if (!current || !this.onOutcome) return;
    try {
      this.onOutcome({
        call_id: current.id,
        attempt: current.attempt,
        outcome,
        reason,
        at: this.now().toISOString(),
      });
    } catch (error) {
      console.warn('The announcement could not be reported', error);
    }
  }

  private say(): void {
    const current = this.current;
    if (!current || !this.speech) return this.caption('captioned', 'no_voice');
    this.setPhase('speaking');
    const step = ++this.step;
    let finished = false;
    const finish = (error?: string) => {
      if (finished || step !== this.step) return;
      finished = true;
      if (this.timer !== null) this.timers.clearTimeout(this.timer);
      this.timer = null;
      // No end within the safety time: maybe heard, maybe not; said so, never waited on for ever.
      if (error === TIMED_OUT) {
        this.report('failed', 'timeout');
        return this.done();
      }
      // Not spoken after all (blocked, broken): show it instead, for the caption's time.
      if (error && error !== 'interrupted') return this.caption('failed', reasonCode(error));
      this.report('played', null);
      this.done();
    };
    let timeoutMs = speechTimeoutMs(current.spoken);
    try {
      timeoutMs = this.speech.timeoutMs?.(current) ?? timeoutMs;
    } catch (error) {
      console.warn('The speech time could not be told', error);
    }
    this.timer = this.timers.setTimeout(() => finish(TIMED_OUT), timeoutMs);
    try {
      this.speech.speak(current, finish);
    } catch (error) {
      console.warn('Speech failed', error);
      finish('failed');
    }
  }

  private caption(outcome: 'captioned' | 'failed', reason: string | null): void {
    this.report(outcome, reason);
    this.setPhase('caption', true);
    this.wait(this.captionMs, () => this.done());
  }

  private done(): void {
    this.setPhase('gap');
    this.wait(this.gapMs, () => {
      this.current = null;
      this.publish();
      this.next();
    });
  }
}
