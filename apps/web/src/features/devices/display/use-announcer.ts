import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AnnouncementReport } from '@truck-queue/shared/contracts/socket-events';
import { i18n } from '../../../lib/i18n.ts';
import { Announcer, composeAnnouncement } from './announcer.ts';
import { browserChime, browserSpeech, soundState, subscribeSound, voiceState } from './browser-sound.ts';

/** Time the browser gets to load its voices before the screen says there is no Thai one. */
const VOICE_GRACE_MS = 3_000;

/**
 * The display's announcer with the browser's chime and voice, its queue as React state, whether
 * the screen must offer "tap to turn on" (sound blocked), and its voice (no Thai voice: captions
 * on the board, and a warning on the Display controller, not on the public screen).
 * Announcements are always in Thai, whatever language the screen shows.
 */
export function useAnnouncer(options: { onOutcome?: (report: AnnouncementReport) => void } = {}) {
  const onOutcome = useRef(options.onOutcome);
  useEffect(() => {
    onOutcome.current = options.onOutcome;
  });
  const [announcer] = useState(
    // The ref is read only when an announcement ends, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    () =>
      new Announcer({
        compose: (call) =>
          composeAnnouncement(
            (values) => i18n.getFixedT('th')('displayBoard.announcement.sentence', values),
            call,
          ),
        speech: browserSpeech,
        chime: browserChime,
        // What became of each announcement goes to the server (the calling page's proof).
        onOutcome: (report) => onOutcome.current?.(report),
      }),
  );
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
  const voice = useSyncExternalStore(subscribeSound, voiceState);
  const sound = useSyncExternalStore(subscribeSound, soundState);
  return {
    announcer,
    queue,
    /** 'thai' until the voices had time to load. */
    voice: voiceSettled ? voice : 'thai',
    /** What to tell the server (the Display controller): null until known; a Thai voice is known at once. */
    reportedVoice: voice === 'thai' || voiceSettled ? voice : null,
    sound,
  };
}
