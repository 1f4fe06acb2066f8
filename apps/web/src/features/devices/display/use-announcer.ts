import { useEffect, useState, useSyncExternalStore } from 'react';
import { deviceContracts, type DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import type { AnnouncementReport } from '@truck-queue/shared/contracts/socket-events';
import { packTokens } from '@truck-queue/shared/voice/announcement';
import { callApi, type DeviceCredentials } from '../../../lib/api-client.ts';
import { Announcer } from './announcer.ts';
import {
  audioContext,
  audioOutput,
  browserChime,
  browserSpeech,
  soundState,
  speakThai,
  subscribeSound,
  voiceState,
} from './browser-sound.ts';
import { PackSpeech, VoicePack, trimSilence } from './voice-pack.ts';
import {
  composeSentence,
  DEFAULT_VOICE_SETTINGS,
  voiceSettingsOf,
  type VoiceSettings,
} from './voice-settings.ts';

/** Time the browser gets to load its voices before the screen says there is no Thai one. */
const VOICE_GRACE_MS = 3_000;

/** The display's voice: its pack, its announcer, and what they are told later (settings, reports). */
function createVoice() {
  let settings: VoiceSettings = DEFAULT_VOICE_SETTINGS;
  let report: ((report: AnnouncementReport) => void) | null = null;
  const pack = new VoicePack(async (bytes) => {
    const context = audioContext();
    if (!context) throw new Error('No Web Audio');
    return trimSilence(context, await context.decodeAudioData(bytes));
  });
  const speech = new PackSpeech({
    pack,
    settings: () => settings,
    audio: audioOutput,
    browser: browserSpeech,
    speakText: (text, done) => speakThai(text, done),
    hasThaiVoice: () => voiceState() === 'thai',
  });
  const announcer = new Announcer({
    compose: (call) => composeSentence(settings.sentence, call),
    speech,
    chime: browserChime,
    onOutcome: (outcome) => report?.(outcome),
  });
  return {
    pack,
    speech,
    announcer,
    configure(next: VoiceSettings, reporter: (report: AnnouncementReport) => void) {
      settings = next;
      report = reporter;
      const output = audioOutput();
      if (output) output.output.gain.value = next.volume / 100;
    },
  };
}

export type DisplayVoice = ReturnType<typeof createVoice>;

/**
 * The display's announcer with the voice pack (the browser's Thai voice where a clip is missing
 * or the display prefers it), its queue as React state, whether the screen must offer "tap to
 * turn on" (sound blocked), and the browser's voice (for the Display controller, not the public
 * screen). Announcements are always in Thai, whatever language the screen shows.
 */
export function useAnnouncer() {
  const [voice] = useState(createVoice);
  const { announcer } = voice;
  useEffect(() => {
    announcer.start();
    return () => announcer.stop();
  }, [announcer]);

  const [voiceSettled, setVoiceSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVoiceSettled(true), VOICE_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const queue = useSyncExternalStore(announcer.subscribe, announcer.getSnapshot);
  const browserVoice = useSyncExternalStore(subscribeSound, voiceState);
  const sound = useSyncExternalStore(subscribeSound, soundState);
  return {
    voice,
    announcer,
    queue,
    /** The browser's own speech once known (null until then): the display tells its status from then on. */
    reportedVoice: browserVoice === 'thai' || voiceSettled ? browserVoice : null,
    sound,
  };
}

/**
 * Feeds the registered display's voice: its settings, where its reports go, and its clips,
 * fetched ahead for every token a call may need (digits, letters, the sentence's words, the
 * names of its stations and queue types) so the first call is said without waiting.
 */
export function useVoicePack(
  voice: DisplayVoice,
  device: DeviceInfo | null,
  identity: DeviceCredentials,
  stationNames: readonly string[],
  announced: (report: AnnouncementReport) => void,
) {
  const settings = voiceSettingsOf(device);
  const settingsKey = JSON.stringify(settings);
  useEffect(() => {
    voice.configure(JSON.parse(settingsKey) as VoiceSettings, announced);
  }, [voice, settingsKey, announced]);

  const registered = device !== null;
  useEffect(() => {
    voice.pack.setSource(
      registered ? (tokens) => callApi(deviceContracts.voiceClips, { tokens }, { device: identity }) : null,
    );
  }, [voice, registered, identity]);

  const names = [...stationNames, ...(device?.queue_types.map((type) => type.queue_type_name) ?? [])];
  const tokensKey = registered ? JSON.stringify(packTokens([settings.sentence], names)) : '';
  useEffect(() => {
    if (tokensKey) void voice.pack.load(JSON.parse(tokensKey) as string[]);
  }, [voice, tokensKey, identity]);
}
