import type { CSSProperties, ReactNode } from 'react';
import { Button, Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { ApiOutlined, CheckCircleOutlined, ClockCircleOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LONG_WAIT_MINUTES,
  type BranchOverview,
} from '@truck-queue/shared/contracts/branches-overview.contract';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { YARD_STAGES, type YardStage } from '@truck-queue/shared/queue/yard-stage';
import { formatDuration } from '../../../lib/durations.ts';
import { intlLocale } from '../../../lib/format.ts';

type StageColors = Record<YardStage, string>;

function useStageColors(): StageColors {
  const { token } = theme.useToken();
  return {
    lab: token.purple6,
    waiting: token.gold6,
    station: token.colorPrimary,
    leaving: token.green6,
  };
}

/** The trucks inside per stage as one bar, each stage's share of it in its colour. */
function StageBar({
  stages,
  inside,
  colors,
}: {
  stages: BranchOverview['stages'];
  inside: number;
  colors: StageColors;
}) {
  const { token } = theme.useToken();
  return (
    <div
      aria-hidden
      style={{
        display: 'flex',
        height: 8,
        borderRadius: 4,
        overflow: 'hidden',
        background: token.colorFillSecondary,
      }}
    >
      {inside > 0 &&
        YARD_STAGES.filter((s) => stages[s] > 0).map((s) => (
          <div key={s} style={{ flex: stages[s], background: colors[s] }} />
        ))}
    </div>
  );
}

/** One figure: its label over its value. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block' }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: token.fontSizeLG, fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

interface BranchCardProps {
  branch: BranchOverview;
  /** Goes into the branch: switches the session to it (if it is not the current one) and opens its dashboard. */
  onOpen: (branch: BranchOverview) => void;
  /** The switch to this branch is under way. */
  opening: boolean;
  /** Another branch is being opened. */
  disabled: boolean;
}

/** A branch at a glance: trucks inside by stage, the longest wait, today's trucks and tonnage, alerts, devices offline. */
export function BranchCard({ branch, onOpen, opening, disabled }: BranchCardProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const colors = useStageColors();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  const number = (n: number, digits = 0) =>
    n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const wait = branch.longest_wait;
  const longWait = wait !== null && wait.minutes >= LONG_WAIT_MINUTES;
  const offline = branch.devices.offline;
  const offlineStyle: CSSProperties = { color: token.colorError };

  return (
    <Card
      data-testid={`branch-card-${branch.branch_id}`}
      aria-label={branch.name}
      style={{ height: '100%', borderColor: branch.current ? token.colorPrimary : undefined }}
      styles={{
        body: { padding: token.paddingMD, display: 'flex', flexDirection: 'column', gap: token.marginSM },
      }}
    >
      <Flex justify="space-between" align="flex-start" gap={token.marginXS} wrap>
        <div style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Typography.Title level={5} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {branch.name}
          </Typography.Title>
          {branch.current && (
            <Tag color="blue" style={{ marginTop: 4, marginInlineEnd: 0 }}>
              {t('branches.current')}
            </Tag>
          )}
        </div>
        <Button
          type={branch.current ? 'default' : 'primary'}
          icon={<LoginOutlined />}
          loading={opening}
          disabled={disabled && !opening}
          onClick={() => onOpen(branch)}
          aria-label={t('branches.openAria', { name: branch.name })}
        >
          {t('branches.open')}
        </Button>
      </Flex>

      <div>
        <Flex align="baseline" gap={token.marginXS} wrap>
          <span data-testid="branch-inside" style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.2 }}>
            {number(branch.inside)}
          </span>
          <Typography.Text type="secondary">{t('branches.insideNow')}</Typography.Text>
        </Flex>
        <div style={{ marginBlock: token.marginXS }}>
          <StageBar stages={branch.stages} inside={branch.inside} colors={colors} />
        </div>
        <Flex gap={4} wrap data-testid="branch-stages">
          {YARD_STAGES.map((s) => (
            <Tag key={s} variant="filled" style={{ marginInlineEnd: 0 }}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: 2,
                  background: colors[s],
                  marginInlineEnd: 6,
                }}
              />
              {t(`branches.stages.${s}`)} {number(branch.stages[s])}
            </Tag>
          ))}
        </Flex>
      </div>

      <div
        data-testid="branch-longest-wait"
        style={{
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadius,
          background: longWait ? token.colorErrorBg : token.colorFillQuaternary,
          color: longWait ? token.colorErrorText : undefined,
        }}
      >
        <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
        {wait === null
          ? t('branches.noneWaiting')
          : t('branches.longestWait', {
              duration: formatDuration(t, wait.minutes * 60, DURATION_RULES.callingWaited, {
                style: 'short',
                days: true,
              }),
              number: wait.queue_number,
            })}
      </div>

      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: token.marginSM }}>
        <Figure label={t('branches.todayTrucks')} testId="branch-today-trucks">
          {number(branch.today.trucks)}
        </Figure>
        <Figure label={t('branches.todayTonnes')} testId="branch-today-tonnes">
          {number(branch.today.net_kg / 1000, 1)}
        </Figure>
        <Figure label={t('branches.alertsOpen')} testId="branch-alerts">
          {number(branch.alerts_open)}
        </Figure>
      </div>

      <div data-testid="branch-devices" style={{ marginTop: 'auto' }}>
        {branch.devices.registered === 0 ? (
          <Typography.Text type="secondary">{t('branches.noDevices')}</Typography.Text>
        ) : offline.length === 0 ? (
          <Typography.Text type="success">
            <CheckCircleOutlined style={{ marginInlineEnd: 6 }} />
            {t('branches.devicesOnline', { count: branch.devices.registered })}
          </Typography.Text>
        ) : (
          <Tooltip
            title={offline.map((d) => (
              <div key={`${d.kind}-${d.name}`}>
                {t(`branches.deviceKinds.${d.kind}`)}: {d.name} ({t(`branches.offlineReasons.${d.reason}`)})
              </div>
            ))}
          >
            <span style={offlineStyle} tabIndex={0}>
              <ApiOutlined style={{ marginInlineEnd: 6 }} />
              {t('branches.devicesOffline', { count: offline.length, total: branch.devices.registered })}
            </span>
          </Tooltip>
        )}
      </div>
    </Card>
  );
}
