import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceCall, DisplayStatus } from '@truck-queue/shared/contracts/socket-events';
import { CalendarProvider } from '../../lib/calendar-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ConnectionBanner } from './core/connection-banner.tsx';
import { UnregisteredScreen } from './core/unregistered-screen.tsx';
import { useDevice } from './core/use-device.ts';
import { AnnouncementCaption, AnnouncementQueue, SoundPrompt } from './display/announcement-layer.tsx';
import { DisplayBoard, type FlashTarget } from './display/display-board.tsx';
import { useAnnouncer, useVoicePack } from './display/use-announcer.ts';
import { useBoardRefresh, useDisplayBoard } from './display/use-display-board.ts';

/**
 * /DisplayManage: a TV display screen in kiosk mode (DESIGN.md "Devices"). Unregistered it shows
 * its short id; registered, the board of its queue types, and every call arriving over the
 * socket is shown at once and announced (chime + the voice pack's Thai clips, or a caption), and
 * what became of each announcement is reported to the server. Its browser voice goes to the
 * server too, for the Display controller: the public board never shows IT notices.
 */
export function DisplayManagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.displayManage'));
  const { voice, announcer, queue, reportedVoice, sound } = useAnnouncer();
  const { refetch, showCall } = useBoardRefresh();
  const [flash, setFlash] = useState<FlashTarget | null>(null);

  const onCall = useCallback(
    (call: DeviceCall) => {
      showCall(call);
      if (announcer.enqueue(call)) {
        setFlash({ id: call.id, stationId: call.station_id, queueNumber: call.queue_number });
      }
    },
    [announcer, showCall],
  );
  const onVoiceChanged = useCallback(() => void voice.pack.refresh(), [voice]);
  // What the Display controller and the calling page show of this screen's sound.
  const status: DisplayStatus | null = reportedVoice && {
    sound: sound === 'running' ? 'on' : sound,
    voice: voice.speech.source(),
  };
  const state = useDevice('display', {
    onCall,
    onConnect: refetch,
    onVoiceChanged,
    status,
  });
  const board = useDisplayBoard(state);
  const stationNames = useMemo(
    () => board.data?.stations.map((station) => station.station_name) ?? [],
    [board.data],
  );
  useVoicePack(voice, state.device, state.identity, stationNames, state.announced);

  if (state.status !== 'registered' || !state.device) return <UnregisteredScreen state={state} />;
  return (
    <CalendarProvider calendar={state.device.calendar}>
      <DisplayBoard
        device={state.device}
        board={board.data}
        failed={board.isError || board.failureCount > 0}
        flash={flash}
        banner={<SoundPrompt sound={sound} />}
        overlays={
          <>
            <div className="tqd-connection">
              <ConnectionBanner state={state} />
            </div>
            <AnnouncementQueue queue={queue} />
            <AnnouncementCaption queue={queue} />
          </>
        }
      />
    </CalendarProvider>
  );
}
