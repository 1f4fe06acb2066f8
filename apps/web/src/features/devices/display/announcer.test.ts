import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementReport, DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { DEFAULT_SENTENCE } from '@truck-queue/shared/voice/announcement';
import { composeSentence } from './voice-settings.ts';
import {
  Announcer,
  CAPTION_MS,
  GAP_MS,
  speechTimeoutMs,
  spellOut,
  reasonCode,
  type Announcement,
  type ChimePort,
  type SpeechPort,
} from './announcer.ts';

const CHIME_MS = 1_500;

function call(
  id: number,
  queueNumber = `A${String(id).padStart(3, '0')}`,
  station = 'ช่องชั่ง 1',
  attempt = 0,
): DeviceCall {
  return {
    attempt,
    id,
    queue_id: 1000 + id,
    queue_number: queueNumber,
    queue_type_name: 'ส่งมันสำปะหลัง',
    station_id: 1,
    station_name: station,
    action: 'call',
    called_at: '2025-03-07T07:05:00.000Z',
  };
}

/** A speechSynthesis stand-in that remembers what it was asked and when each utterance ends. */
class FakeSpeech implements SpeechPort {
  spoken: string[] = [];
  pending: ((error?: string) => void)[] = [];
  speaking = 0;
  maxSpeaking = 0;
  constructor(public hasVoice = true) {}
  unavailable() {
    return this.hasVoice ? null : 'no_voice';
  }
  speak(announcement: Announcement, done: (error?: string) => void) {
    this.spoken.push(announcement.spoken);
    this.speaking++;
    this.maxSpeaking = Math.max(this.maxSpeaking, this.speaking);
    this.pending.push((error) => {
      this.speaking--;
      done(error);
    });
  }
  /** The browser's `end` (or `error`) event of the oldest utterance. */
  end(error?: string) {
    this.pending.shift()!(error);
  }
}

const chime: ChimePort & { plays: number } = {
  plays: 0,
  play() {
    this.plays++;
    return CHIME_MS;
  },
};

const compose = (c: DeviceCall) => composeSentence(DEFAULT_SENTENCE, c);

function texts(announcer: Announcer) {
  const { current, waiting } = announcer.getSnapshot();
  return [...(current ? [current.text] : []), ...waiting.map((a) => a.text)];
}

beforeEach(() => {
  vi.useFakeTimers();
  chime.plays = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('announcer', () => {
  it('chimes, then speaks the sentence with the number spelled out', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime });
    expect(announcer.enqueue(call(1))).toBe(true);
    expect(chime.plays).toBe(1);
    expect(announcer.getSnapshot().current).toMatchObject({
      phase: 'chime',
      captioned: false,
      text: 'เชิญหมายเลข A001 ที่ ช่องชั่ง 1',
    });
    expect(speech.spoken).toEqual([]);
    vi.advanceTimersByTime(CHIME_MS);
    expect(speech.spoken).toEqual(['เชิญหมายเลข A 0 0 1 ที่ ช่องชั่ง 1']);
    expect(announcer.getSnapshot().current?.phase).toBe('speaking');
    speech.end();
    vi.advanceTimersByTime(GAP_MS);
    expect(announcer.getSnapshot()).toEqual({ current: null, waiting: [] });
  });

  it('queues announcements in arrival order and never starts one before the previous has ended', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime });
    announcer.enqueue(call(1));
    vi.advanceTimersByTime(CHIME_MS);
    announcer.enqueue(call(2));
    announcer.enqueue(call(3));
    expect(texts(announcer)).toEqual([
      'เชิญหมายเลข A001 ที่ ช่องชั่ง 1',
      'เชิญหมายเลข A002 ที่ ช่องชั่ง 1',
      'เชิญหมายเลข A003 ที่ ช่องชั่ง 1',
    ]);
    // However long the first takes (short of its safety time), the second waits for it.
    vi.advanceTimersByTime(speechTimeoutMs(speech.spoken[0]!) - 1);
    expect(speech.spoken).toHaveLength(1);
    expect(chime.plays).toBe(1);
    speech.end();
    vi.advanceTimersByTime(GAP_MS + CHIME_MS);
    expect(speech.spoken).toHaveLength(2);
    speech.end();
    vi.advanceTimersByTime(GAP_MS + CHIME_MS);
    speech.end();
    vi.advanceTimersByTime(GAP_MS);
    expect(speech.spoken).toEqual([
      'เชิญหมายเลข A 0 0 1 ที่ ช่องชั่ง 1',
      'เชิญหมายเลข A 0 0 2 ที่ ช่องชั่ง 1',
      'เชิญหมายเลข A 0 0 3 ที่ ช่องชั่ง 1',
    ]);
    expect(speech.maxSpeaking).toBe(1);
    expect(texts(announcer)).toEqual([]);
  });

  it('moves on after a safety time that grows with the sentence when the browser never says it ended', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime });
    announcer.enqueue(call(1));
    announcer.enqueue(call(2));
    vi.advanceTimersByTime(CHIME_MS);
    const timeout = speechTimeoutMs(speech.spoken[0]!);
    expect(timeout).toBeGreaterThan(5_000);
    expect(speechTimeoutMs('x'.repeat(200))).toBeGreaterThan(timeout);
    vi.advanceTimersByTime(timeout + GAP_MS + CHIME_MS);
    expect(speech.spoken).toHaveLength(2);
    // The first one's late `end` does not cut the second short.
    speech.end();
    vi.advanceTimersByTime(GAP_MS + CHIME_MS);
    expect(announcer.getSnapshot().current).toMatchObject({ id: 2, phase: 'speaking' });
  });

  it('never announces the same call twice, but does announce a recall (a new call of the same number)', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime });
    expect(announcer.enqueue(call(7))).toBe(true);
    expect(announcer.enqueue(call(7))).toBe(false);
    vi.advanceTimersByTime(CHIME_MS);
    speech.end();
    vi.advanceTimersByTime(GAP_MS);
    expect(announcer.enqueue(call(7))).toBe(false);
    expect(announcer.enqueue(call(9, 'A007'))).toBe(true);
    vi.advanceTimersByTime(CHIME_MS);
    expect(speech.spoken).toEqual(['เชิญหมายเลข A 0 0 7 ที่ ช่องชั่ง 1', 'เชิญหมายเลข A 0 0 7 ที่ ช่องชั่ง 1']);
  });

  it('shows a caption for a while instead when there is no Thai voice or no speech at all', () => {
    for (const speech of [new FakeSpeech(false), null]) {
      const announcer = new Announcer({ compose, speech, chime });
      announcer.enqueue(call(1));
      announcer.enqueue(call(2));
      expect(announcer.getSnapshot().current).toMatchObject({ id: 1, captioned: true });
      vi.advanceTimersByTime(CHIME_MS);
      expect(announcer.getSnapshot().current?.phase).toBe('caption');
      vi.advanceTimersByTime(CAPTION_MS - 1);
      expect(announcer.getSnapshot().current?.id).toBe(1);
      vi.advanceTimersByTime(1 + GAP_MS);
      expect(announcer.getSnapshot().current).toMatchObject({ id: 2, captioned: true });
      expect(speech?.spoken ?? []).toEqual([]);
    }
  });

  it('falls back to the caption when speaking fails (sound blocked), and goes on without a chime', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime: null });
    announcer.enqueue(call(1));
    vi.advanceTimersByTime(0);
    speech.end('not-allowed');
    expect(announcer.getSnapshot().current).toMatchObject({ phase: 'caption', captioned: true });
    vi.advanceTimersByTime(CAPTION_MS + GAP_MS);
    expect(announcer.getSnapshot().current).toBeNull();
  });

  it('tells subscribers about every change and stops without cutting or repeating', () => {
    const speech = new FakeSpeech();
    const announcer = new Announcer({ compose, speech, chime });
    const listener = vi.fn();
    const unsubscribe = announcer.subscribe(listener);
    announcer.enqueue(call(1));
    announcer.enqueue(call(2));
    expect(listener).toHaveBeenCalled();
    announcer.stop();
    expect(texts(announcer)).toEqual(['เชิญหมายเลข A002 ที่ ช่องชั่ง 1']);
    vi.advanceTimersByTime(60_000);
    expect(speech.spoken).toEqual([]);
    announcer.start();
    vi.advanceTimersByTime(CHIME_MS);
    expect(speech.spoken).toEqual(['เชิญหมายเลข A 0 0 2 ที่ ช่องชั่ง 1']);
    unsubscribe();
  });
});

describe('what each announcement reports', () => {
  const at = new Date('2025-03-07T07:05:03.000Z');
  function reporting(speech: FakeSpeech | null) {
    const reports: AnnouncementReport[] = [];
    const announcer = new Announcer({
      compose,
      speech,
      chime,
      onOutcome: (r) => reports.push(r),
      now: () => at,
    });
    return { announcer, reports };
  }

  it('played once it was spoken to its end, with the time', () => {
    const speech = new FakeSpeech();
    const { announcer, reports } = reporting(speech);
    announcer.enqueue(call(1));
    vi.advanceTimersByTime(CHIME_MS);
    expect(reports).toEqual([]);
    speech.end();
    expect(reports).toEqual([
      { call_id: 1, attempt: 0, outcome: 'played', reason: null, at: at.toISOString() },
    ]);
  });

  it('captioned, and why, when it could not be spoken', () => {
    const { announcer, reports } = reporting(new FakeSpeech(false));
    announcer.enqueue(call(2));
    vi.advanceTimersByTime(CHIME_MS);
    expect(reports).toMatchObject([{ call_id: 2, outcome: 'captioned', reason: 'no_voice' }]);
  });

  it('failed, with the browser error as a code, when speaking broke; failed with timeout when it never ended', () => {
    const speech = new FakeSpeech();
    const { announcer, reports } = reporting(speech);
    announcer.enqueue(call(3));
    announcer.enqueue(call(4));
    vi.advanceTimersByTime(CHIME_MS);
    speech.end('audio-busy');
    vi.advanceTimersByTime(CAPTION_MS + GAP_MS + CHIME_MS);
    vi.advanceTimersByTime(speechTimeoutMs(speech.spoken[1]!));
    expect(reports).toMatchObject([
      { call_id: 3, outcome: 'failed', reason: 'audio_busy' },
      { call_id: 4, outcome: 'failed', reason: 'timeout' },
    ]);
    expect(reasonCode('NotAllowedError')).toBe('not_allowed_error');
  });

  it('a re-announcement of the same call is taken once more, after what is being said, and reported with its attempt', () => {
    const speech = new FakeSpeech();
    const { announcer, reports } = reporting(speech);
    announcer.enqueue(call(5));
    expect(announcer.enqueue(call(5, 'A005', 'ช่องชั่ง 1', 11))).toBe(true);
    expect(announcer.enqueue(call(5, 'A005', 'ช่องชั่ง 1', 11))).toBe(false);
    vi.advanceTimersByTime(CHIME_MS);
    expect(speech.spoken).toHaveLength(1);
    speech.end();
    vi.advanceTimersByTime(GAP_MS + CHIME_MS);
    speech.end();
    expect(reports.map((r) => [r.call_id, r.attempt, r.outcome])).toEqual([
      [5, 0, 'played'],
      [5, 11, 'played'],
    ]);
  });
});

describe('the sentence', () => {
  it('spells the queue number out character by character', () => {
    expect(spellOut('A001')).toBe('A 0 0 1');
    expect(spellOut('B12')).toBe('B 1 2');
  });

  it('is the display sentence filled in: as written on screen, the number spelled out for a voice', () => {
    expect(composeSentence(DEFAULT_SENTENCE, call(1, 'A001', 'ช่องชั่ง 1'))).toEqual({
      text: 'เชิญหมายเลข A001 ที่ ช่องชั่ง 1',
      spoken: 'เชิญหมายเลข A 0 0 1 ที่ ช่องชั่ง 1',
    });
    expect(
      composeSentence('รถ {plate} หมายเลข {number} ({type}) เชิญที่ {station}', {
        ...call(2, 'B12', 'ชั่ง 2'),
        truck_license: 'กข 12••',
      }),
    ).toEqual({
      text: 'รถ กข 12•• หมายเลข B12 (ส่งมันสำปะหลัง) เชิญที่ ชั่ง 2',
      spoken: 'รถ ก ข 1 2 หมายเลข B 1 2 (ส่งมันสำปะหลัง) เชิญที่ ชั่ง 2',
    });
  });
});
