import { ANNOUNCE_RATE, ANNOUNCE_VOLUME } from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import {
  DEFAULT_SENTENCE,
  announcementText,
  spelledTokens,
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

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  sentence: DEFAULT_SENTENCE,
  rate: ANNOUNCE_RATE.default,
  volume: ANNOUNCE_VOLUME.default,
  repeat: 1,
  preferBrowserVoice: false,
};

type VoiceFields = Partial<
  Pick<
    DeviceInfo,
    'announce_sentence' | 'announce_rate' | 'announce_volume' | 'announce_repeat' | 'prefer_browser_voice'
  >
>;

const within = (value: number | undefined, range: { min: number; max: number; default: number }) =>
  value !== undefined && Number.isFinite(value)
    ? Math.min(range.max, Math.max(range.min, value))
    : range.default;

/** The display's settings from its device info (the server checked them; kiosks carry none): each missing one is the default. */
export function voiceSettingsOf(device: VoiceFields | null | undefined): VoiceSettings {
  const fields = device ?? {};
  return {
    sentence: fields.announce_sentence?.trim() ? fields.announce_sentence : DEFAULT_SENTENCE,
    rate: within(fields.announce_rate, ANNOUNCE_RATE),
    volume: within(fields.announce_volume, ANNOUNCE_VOLUME),
    repeat: fields.announce_repeat === 2 ? 2 : 1,
    preferBrowserVoice: fields.prefer_browser_voice === true,
  };
}

/** The values a call fills a sentence's slots with (a plate only when the call carries one). */
export function sentenceValues(call: DeviceCall): SentenceValues {
  const plate = call.truck_license;
  return {
    number: call.queue_number,
    station: call.station_name,
    type: call.queue_type_name,
    ...(plate ? { plate } : {}),
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
      // A masked plate is said as far as it is shown ("กข 12••": ก ข 1 2).
      ...(values.plate ? { plate: spelledTokens(values.plate).join(' ') } : {}),
    }),
  };
}
