import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AnnouncementReport,
  DeviceCall,
  DisplayStatus,
} from '@truck-queue/shared/contracts/socket-events';
import { CalendarProvider } from '../../lib/calendar-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ConnectionBanner } from './core/connection-banner.tsx';
import { UnregisteredScreen } from './core/unregistered-screen.tsx';
import { useDevice } from './core/use-device.ts';
import { AnnouncementCaption, AnnouncementQueue, SoundPrompt } from './display/announcement-layer.tsx';
import { DisplayBoard, type FlashTarget } from './display/display-board.tsx';
import { useAnnouncer } from './display/use-announcer.ts';
import { useBoardRefresh, useDisplayBoard } from './display/use-display-board.ts';

/**
 * /DisplayManage: a TV display screen in kiosk mode (DESIGN.md "Devices"). Unregistered it shows
 * its short id; registered, the board of its queue types, and every call arriving over the
 * socket is shown at once and announced (chime + Thai speech, or a caption). Its voice goes to
 * the server, for the Display controller: the public board never shows IT notices.
 */
export function DisplayManagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.displayManage'));
  // Each announcement's outcome goes back over the device's socket (useDevice, below).
  const report = useRef<(report: AnnouncementReport) => void>(() => undefined);
  const { announcer, queue, reportedVoice, sound } = useAnnouncer({
    onOutcome: (outcome) => report.current(outcome),
  });
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
  const status: DisplayStatus | null = reportedVoice && {
    sound: sound === 'running' ? 'on' : sound,
    voice: reportedVoice === 'thai' ? 'browser' : 'none',
  };
  const state = useDevice('display', { onCall, onConnect: refetch, voice: reportedVoice, status });
  useEffect(() => {
    report.current = state.report;
  }, [state.report]);
  const board = useDisplayBoard(state);

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
