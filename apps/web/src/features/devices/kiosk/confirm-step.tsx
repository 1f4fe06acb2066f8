import type { ReactNode } from 'react';
import { Alert, Button, theme } from 'antd';
import {
  ArrowLeftOutlined,
  DisconnectOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  PrinterOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceQueueType } from '@truck-queue/shared/contracts/device.contract';
import { StepHeading } from './step-heading.tsx';
import { PlatesText } from '../../plates/plates-text.tsx';

/** Why the last attempt gave no ticket. */
export type IssueFailure =
  | { kind: 'unreachable' }
  /** The server said no; `retryable` when sending the same request again may work (it was busy). */
  | { kind: 'refused'; message: string; retryable: boolean };

/** Step 4: what the ticket will say, and "Issue ticket" (or why it failed, and what to do). */
export function ConfirmStep({
  type,
  productName,
  licence,
  issuing,
  failure,
  offline,
  onIssue,
  onBack,
  onEditLicence,
  onRestart,
}: {
  type: DeviceQueueType;
  productName: string;
  licence: string;
  issuing: boolean;
  failure: IssueFailure | null;
  /** The device's connection is down: issuing will likely fail. */
  offline: boolean;
  onIssue: () => void;
  onBack: () => void;
  onEditLicence: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  let action: ReactNode;
  if (failure) {
    action = (
      <IssueFailureNotice
        failure={failure}
        issuing={issuing}
        onRetry={onIssue}
        onEditLicence={onEditLicence}
        onRestart={onRestart}
      />
    );
  } else {
    action = <IssueButton issuing={issuing} offline={offline} onIssue={onIssue} />;
  }

  return (
    <>
      <StepHeading title={t('kiosk.confirm.title')} hint={failure ? undefined : t('kiosk.confirm.hint')} />
      <dl
        className="tqk-summary"
        data-testid="kiosk-summary"
        style={{
          background: token.colorBgContainer,
          border: `2px solid ${token.colorBorderSecondary}`,
          color: token.colorText,
          margin: 0,
        }}
      >
        <dt style={{ color: token.colorTextSecondary }}>{t('kiosk.steps.type')}</dt>
        <dd>
          {type.prefix} · {type.queue_type_name}
        </dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('kiosk.steps.product')}</dt>
        <dd>{productName}</dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('kiosk.steps.licence')}</dt>
        <dd style={{ fontSize: '1.35em', letterSpacing: '0.03em' }} data-testid="kiosk-summary-licence">
          <PlatesText licence={licence} />
        </dd>
      </dl>
      {action}
      <div className="tqk-actions">
        <Button
          className="tqk-big"
          size="large"
          icon={<ArrowLeftOutlined />}
          onClick={onBack}
          disabled={issuing}
        >
          {t('kiosk.nav.back')}
        </Button>
      </div>
    </>
  );
}

/** "Issue ticket", in the largest letters of the screen, with a warning while the connection is down. */
export function IssueButton({
  issuing,
  offline,
  onIssue,
}: {
  issuing: boolean;
  offline: boolean;
  onIssue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {offline && (
        <Alert
          type="warning"
          showIcon
          style={{ fontSize: 'clamp(18px, 2vh, 28px)' }}
          title={t('kiosk.unreachable.now')}
        />
      )}
      <Button
        className="tqk-big"
        size="large"
        type="primary"
        block
        icon={<PrinterOutlined />}
        loading={issuing}
        onClick={onIssue}
        data-testid="kiosk-issue"
        style={{ height: 'clamp(96px, 11vh, 180px)', fontSize: 'clamp(34px, 4.4vh, 64px)' }}
      >
        {issuing ? t('kiosk.confirm.issuing') : t('kiosk.confirm.submit')}
      </Button>
    </>
  );
}

/**
 * Why issuing gave no ticket, and what the truck can do: try again (the same request, with its
 * key: never a second ticket), correct its plate, or start over.
 */
export function IssueFailureNotice({
  failure,
  issuing,
  onRetry,
  onEditLicence,
  onRestart,
}: {
  failure: IssueFailure;
  issuing: boolean;
  onRetry: () => void;
  /** Absent where the plate is not the truck's to change (a booking that names it). */
  onEditLicence?: (() => void) | undefined;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  if (failure.kind === 'unreachable') {
    return (
      <Notice
        testId="kiosk-unreachable"
        tone="error"
        icon={<DisconnectOutlined />}
        title={t('kiosk.unreachable.title')}
        lines={[t('kiosk.unreachable.text'), t('kiosk.unreachable.safe')]}
      >
        <Button
          className="tqk-big"
          size="large"
          type="primary"
          danger
          block
          icon={<ReloadOutlined />}
          loading={issuing}
          onClick={onRetry}
          data-testid="kiosk-retry"
        >
          {t('kiosk.unreachable.retry')}
        </Button>
      </Notice>
    );
  }
  return (
    <Notice
      testId="kiosk-refused"
      tone="warning"
      icon={<ExclamationCircleOutlined />}
      title={t('kiosk.refused.title')}
      lines={[failure.message, t('kiosk.refused.help')]}
    >
      <div className="tqk-actions" style={{ width: '100%', marginTop: 0, flexWrap: 'wrap' }}>
        {failure.retryable && (
          <Button
            className="tqk-big"
            size="large"
            icon={<ReloadOutlined />}
            loading={issuing}
            onClick={onRetry}
          >
            {t('kiosk.unreachable.retry')}
          </Button>
        )}
        {onEditLicence && (
          <Button className="tqk-big" size="large" icon={<EditOutlined />} onClick={onEditLicence}>
            {t('kiosk.refused.editLicence')}
          </Button>
        )}
        <Button className="tqk-big" size="large" type="primary" icon={<RedoOutlined />} onClick={onRestart}>
          {t('kiosk.nav.restart')}
        </Button>
      </div>
    </Notice>
  );
}

/** A large coloured panel: what went wrong, in words a driver reads at a glance, and what to do. */
export function Notice({
  tone,
  icon,
  title,
  lines,
  children,
  testId,
  role = 'alert',
}: {
  tone: 'error' | 'warning' | 'success';
  icon: ReactNode;
  title: string;
  lines: string[];
  children?: ReactNode;
  testId?: string;
  /** 'status' for news that is no failure (a booking found in its window). */
  role?: 'alert' | 'status';
}) {
  const { token } = theme.useToken();
  const colours = {
    error: {
      bg: token.colorErrorBg,
      border: token.colorErrorBorder,
      icon: token.colorError,
      text: token.colorErrorText,
    },
    warning: {
      bg: token.colorWarningBg,
      border: token.colorWarningBorder,
      icon: token.colorWarning,
      text: token.colorWarningText,
    },
    success: {
      bg: token.colorSuccessBg,
      border: token.colorSuccessBorder,
      icon: token.colorSuccess,
      text: token.colorSuccessText,
    },
  }[tone];
  return (
    <div
      className="tqk-notice"
      role={role}
      data-testid={testId}
      style={{ background: colours.bg, borderColor: colours.border, color: token.colorText }}
    >
      <span className="tqk-notice-icon" style={{ color: colours.icon }} aria-hidden="true">
        {icon}
      </span>
      <p className="tqk-notice-title" style={{ color: colours.text }}>
        {title}
      </p>
      {lines.map((line) => (
        <p key={line} className="tqk-notice-text">
          {line}
        </p>
      ))}
      {children}
    </div>
  );
}
