import { App, Button, Flex, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DisconnectOutlined,
  FontSizeOutlined,
  MinusCircleOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCE_REPORT_MS,
  type CallDisplayState,
  type CallingDisplay,
  type CallProof,
} from '@truck-queue/shared/contracts/announcement.contract';
import { announcementReason } from '../../../components/display-status.tsx';
import { usePhone } from '../../../lib/use-phone.ts';
import { useDates } from '../../../lib/calendar-context.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useReannounce } from '../api/use-announcements.ts';

const STATE_LOOK: Record<CallDisplayState, { color: string; icon: React.ReactNode }> = {
  played: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  captioned: { color: 'warning', icon: <FontSizeOutlined aria-hidden /> },
  failed: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
  pending: { color: 'processing', icon: <ClockCircleOutlined aria-hidden /> },
  offline: { color: 'default', icon: <DisconnectOutlined aria-hidden /> },
  not_sent: { color: 'default', icon: <MinusCircleOutlined aria-hidden /> },
  missed: { color: 'default', icon: <MinusCircleOutlined aria-hidden /> },
};

const TAG_STYLE = { marginInlineEnd: 0, fontSize: 11, lineHeight: '18px', paddingInline: 4 };

/**
 * Beside a called queue: a tag per display of its queue type saying whether it announced the
 * call (announced, caption only, failed, pending, offline, not announced; the tooltip names the
 * display, the time or the reason), and the button that announces it again; or, when no display
 * shows the queue type, one tag that says so.
 */
export function CallProofTags({
  proof,
  displays,
  queueNumber,
}: {
  proof: CallProof;
  displays: readonly CallingDisplay[];
  queueNumber: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const nameOf = (uuid: string) => displays.find((d) => d.uuid === uuid)?.name ?? '';
  if (proof.displays.length === 0) {
    const tip = t('calling.proof.tip.none');
    return (
      <Flex gap={4} wrap align="center" data-testid="call-proof" data-queue={queueNumber}>
        <Tooltip title={tip}>
          <Tag
            icon={<MinusCircleOutlined aria-hidden />}
            style={TAG_STYLE}
            data-testid="call-proof-none"
            aria-label={tip}
          >
            {t('calling.proof.state.none')}
          </Tag>
        </Tooltip>
      </Flex>
    );
  }
  return (
    <Flex gap={4} wrap align="center" data-testid="call-proof" data-queue={queueNumber}>
      {proof.displays.map((shown) => {
        const look = STATE_LOOK[shown.state];
        const display = nameOf(shown.device_uuid);
        const tip = t(`calling.proof.tip.${shown.state}`, {
          display,
          time: shown.at ? dates.dateTime(shown.at) : '',
          reason: announcementReason(t, shown.reason),
          minutes: ANNOUNCE_REPORT_MS / 60_000,
        });
        return (
          <Tooltip key={shown.device_uuid} title={tip}>
            <Tag
              color={look.color}
              icon={look.icon}
              style={TAG_STYLE}
              data-testid="call-proof-tag"
              data-display={display}
              data-state={shown.state}
              aria-label={tip}
            >
              {t(`calling.proof.state.${shown.state}`)}
            </Tag>
          </Tooltip>
        );
      })}
      <ReannounceButton callId={proof.call_id} queueNumber={queueNumber} />
    </Flex>
  );
}

function ReannounceButton({ callId, queueNumber }: { callId: number; queueNumber: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reannounce = useReannounce();
  // A thumb's target on a phone (44 px), a small icon beside the tags elsewhere.
  const phone = usePhone();
  const label = t('calling.proof.reannounce', { queue: queueNumber });
  return (
    <Tooltip title={label}>
      <Button
        size={phone ? 'large' : 'small'}
        style={phone ? { minWidth: 44, minHeight: 44 } : undefined}
        type="text"
        icon={<NotificationOutlined aria-hidden />}
        aria-label={label}
        loading={reannounce.isPending}
        onClick={() =>
          reannounce.mutate(callId, {
            onSuccess: () => void message.success(t('calling.proof.reannounced', { queue: queueNumber })),
            onError: (error) => void message.error(errorMessage(t, error)),
          })
        }
      />
    </Tooltip>
  );
}
