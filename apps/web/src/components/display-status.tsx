import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  FontSizeOutlined,
  SoundOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DisplayLive } from '@truck-queue/shared/contracts/announcement.contract';
import { useDates } from '../lib/calendar-context.tsx';

/** Why a display may not be heard, worst first; null when it is fine. */
export type DisplayProblem = 'offline' | 'soundBlocked' | 'noSound' | 'noVoice' | 'failing';

export function displayProblem(live: DisplayLive): DisplayProblem | null {
  if (!live.online) return 'offline';
  if (live.sound === 'blocked') return 'soundBlocked';
  if (live.sound === 'unsupported') return 'noSound';
  if (live.voice === 'none') return 'noVoice';
  if (live.last_announcement?.outcome === 'failed') return 'failing';
  return null;
}

/** The reason codes displays send that have words of their own; others are shown as their code. */
const KNOWN_REASONS = ['sound_blocked', 'no_voice', 'timeout', 'clip_missing', 'audio_error'] as const;
const isKnownReason = (reason: string): reason is (typeof KNOWN_REASONS)[number] =>
  (KNOWN_REASONS as readonly string[]).includes(reason);

/** A display's reason code (e.g. 'sound_blocked') in the officer's words. */
export function announcementReason(t: TFunction, reason: string | null): string {
  if (!reason) return t('displayStatus.reasons.unknown');
  if (isKnownReason(reason)) return t(`displayStatus.reasons.${reason}`);
  return t('displayStatus.reasons.other', { code: reason });
}

/** What a display's problem means, for a warning line. */
export function problemText(t: TFunction, live: DisplayLive, when: (iso: string) => string): string {
  const problem = displayProblem(live);
  if (problem === 'offline') {
    return live.last_seen
      ? t('displayStatus.problem.offlineSince', { time: when(live.last_seen) })
      : t('displayStatus.problem.offline');
  }
  if (problem === 'failing') {
    return t('displayStatus.problem.failing', {
      reason: announcementReason(t, live.last_announcement?.reason ?? null),
    });
  }
  return problem ? t(`displayStatus.problem.${problem}`) : '';
}

/**
 * A display's status (the Display controller's column): online or offline (with when it was last
 * seen), its sound, and its last announcement.
 */
export function DisplayStatusTags({ live }: { live: DisplayLive }) {
  const { t } = useTranslation();
  const dates = useDates();
  const problem = displayProblem(live);
  const last = live.last_announcement;
  return (
    <Flex vertical gap={4} data-testid="display-status">
      <Flex gap={6} wrap>
        <Tooltip
          title={
            live.last_seen ? t('displayStatus.lastSeen', { time: dates.dateTime(live.last_seen) }) : null
          }
        >
          <Tag
            color={live.online ? 'success' : 'default'}
            icon={live.online ? <WifiOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            style={{ marginInlineEnd: 0 }}
            data-testid="display-online"
          >
            {live.online ? t('displayStatus.online') : t('displayStatus.offline')}
          </Tag>
        </Tooltip>
        {live.online && live.sound && (
          <Tag
            color={problem === null ? 'success' : 'warning'}
            icon={problem === 'noVoice' ? <FontSizeOutlined aria-hidden /> : <SoundOutlined aria-hidden />}
            style={{ marginInlineEnd: 0 }}
            data-testid="display-sound"
          >
            {problem && problem !== 'failing'
              ? t(`displayStatus.sound.${problem}`)
              : t('displayStatus.sound.ok')}
          </Tag>
        )}
      </Flex>
      {!live.online && live.last_seen && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('displayStatus.lastSeen', { time: dates.dateTime(live.last_seen) })}
        </Typography.Text>
      )}
      <Typography.Text type={last?.outcome === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {last ? (
          <>
            {last.outcome === 'played' ? (
              <CheckCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
            ) : null}
            {t(`displayStatus.last.${last.outcome}`, {
              queue: last.queue_number,
              time: dates.dateTime(last.played_at),
              reason: announcementReason(t, last.reason),
            })}
          </>
        ) : (
          t('displayStatus.last.none')
        )}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The displays that may not be heard (offline, muted or failing), each by name with why: above
 * the calling page's list and the Display controller's table.
 */
export function DisplayWarnings({
  displays,
}: {
  displays: readonly (DisplayLive & { uuid: string; name: string })[];
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const troubled = displays.filter((d) => displayProblem(d) !== null);
  if (troubled.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="display-warnings"
      title={t('calling.proof.warningTitle', { count: troubled.length })}
      description={
        <Flex component="ul" vertical gap={2} style={{ margin: 0, paddingInlineStart: 18 }}>
          {troubled.map((d) => (
            <li key={d.uuid} data-testid="display-warning" data-display={d.name}>
              <strong>{d.name}</strong>: {problemText(t, d, (at) => dates.dateTime(at))}
            </li>
          ))}
        </Flex>
      }
    />
  );
}
