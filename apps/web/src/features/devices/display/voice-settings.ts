import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import {
  DEFAULT_SENTENCE,
  announcementText,
  type SentenceValues,
} from '@truck-queue/shared/voice/announcement';
import { spellOut } from './announcer.ts';

/**
 * A display's voice settings (Display controller, per display): the sentence, the speed, the
 * loudness, how many times a call is said, and whether the browser's own Thai voice is
 * preferred over the voice pack when it has one.
 */
export interface VoiceSettings {
  sentence: string;
  /** Playback speed, 1 = as recorded; kept modest (it changes the pitch too). */
  rate: number;
  /** 0 to 100. */
  volume: number;
  repeat: 1 | 2;
  preferBrowserVoice: boolean;
}

export const RATE_MIN = 0.75;
export const RATE_MAX = 1.25;

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  sentence: DEFAULT_SENTENCE,
  rate: 1,
  volume: 100,
  repeat: 1,
  preferBrowserVoice: false,
};

/** The settings as the device's info may carry them (older servers send none of them). */
interface VoiceFields {
  announce_sentence?: unknown;
  announce_rate?: unknown;
  announce_volume?: unknown;
  announce_repeat?: unknown;
  prefer_browser_voice?: unknown;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The display's settings from its device info, each one that is missing or out of range as the default. */
export function voiceSettingsOf(device: object | null | undefined): VoiceSettings {
  const fields = (device ?? {}) as VoiceFields;
  const sentence =
    typeof fields.announce_sentence === 'string' && fields.announce_sentence.trim()
      ? fields.announce_sentence
      : DEFAULT_SENTENCE;
  const rate = finite(fields.announce_rate)
    ? Math.min(RATE_MAX, Math.max(RATE_MIN, fields.announce_rate))
    : DEFAULT_VOICE_SETTINGS.rate;
  const volume = finite(fields.announce_volume)
    ? Math.min(100, Math.max(0, fields.announce_volume))
    : DEFAULT_VOICE_SETTINGS.volume;
  return {
    sentence,
    rate,
    volume,
    repeat: fields.announce_repeat === 2 ? 2 : 1,
    preferBrowserVoice: fields.prefer_browser_voice === true,
  };
}

/** The values a call fills a sentence's slots with (a plate only when the call carries one). */
export function sentenceValues(call: DeviceCall): SentenceValues {
  const plate = (call as DeviceCall & { plate?: unknown }).plate;
  return {
    number: call.queue_number,
    station: call.station_name,
    type: call.queue_type_name,
    ...(typeof plate === 'string' && plate ? { plate } : {}),
  };
}

/** The caption (as written) and the browser voice's text (number and plate spelled out) of a call. */
export function composeSentence(sentence: string, call: DeviceCall): { text: string; spoken: string } {
  const values = sentenceValues(call);
  return {
    text: announcementText(sentence, values),
    spoken: announcementText(sentence, {
      ...values,
      number: spellOut(call.queue_number),
      ...(values.plate ? { plate: spellOut(values.plate) } : {}),
    }),
  };
}
