import { useEffect } from 'react';
import { NotificationOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnnouncerSnapshot } from './announcer.ts';
import { unlockSound, type SoundState } from './browser-sound.ts';

/**
 * The announcement queue in the DOM (not shown; screen readers hear it): what is being
 * announced and what waits, in order. Browser tests read it instead of listening.
 */
export function AnnouncementQueue({ queue }: { queue: AnnouncerSnapshot }) {
  const { t } = useTranslation();
  const { current, waiting } = queue;
  return (
    <div className="tqd-visually-hidden">
      <div data-testid="announcement-current" aria-live="polite">
        {current?.text ?? ''}
      </div>
      <ol data-testid="announcement-queue" aria-label={t('displayBoard.announcement.queueLabel')}>
        {current && (
          <li data-testid="announcement" data-current="true" data-phase={current.phase}>
            {current.text}
          </li>
        )}
        {waiting.map((a) => (
          <li key={a.id} data-testid="announcement">
            {a.text}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The announcement in large type, for screens that cannot speak it. */
export function AnnouncementCaption({ queue }: { queue: AnnouncerSnapshot }) {
  const { t } = useTranslation();
  const current = queue.current;
  if (!current?.captioned || current.phase === 'gap') return null;
  return (
    <div className="tqd-caption" role="status" aria-label={t('displayBoard.announcement.captionLabel')}>
      <NotificationOutlined className="tqd-caption-icon" aria-hidden />
      <span data-testid="announcement-caption">{current.text}</span>
    </div>
  );
}

/**
 * Browsers keep sound off until the page is touched: one slim line at the board's top edge
 * says so (it takes its own room: it never covers the board). A touch or click anywhere on the
 * screen turns the sound on, the line itself too.
 */
export function SoundPrompt({ sound }: { sound: SoundState }) {
  const { t } = useTranslation();
  const blocked = sound === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    document.addEventListener('pointerdown', unlockSound);
    document.addEventListener('keydown', unlockSound);
    return () => {
      document.removeEventListener('pointerdown', unlockSound);
      document.removeEventListener('keydown', unlockSound);
    };
  }, [blocked]);
  if (!blocked) return null;
  return (
    <button type="button" className="tqd-unlock" data-testid="unlock-sound" onClick={unlockSound}>
      <SoundOutlined aria-hidden className="tqd-unlock-icon" />
      <span className="tqd-unlock-text">{t('displayBoard.sound.enable')}</span>
      <span className="tqd-unlock-hint">{t('displayBoard.sound.blocked')}</span>
    </button>
  );
}
