import { Alert, Button, theme } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  PrinterOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/calendar-context.tsx';
import { spacedCode } from '../../check-in/booking-code.ts';
import { checkInNow, needsLicence, type FoundBooking } from '../../check-in/check-in-now.ts';
import { bookingPlate, bookingWhen, checkInWords } from '../../check-in/check-in-words.ts';
import { PlatesText } from '../../plates/plates-text.tsx';
import { IssueFailureNotice, Notice, type IssueFailure } from './confirm-step.tsx';
import { StepHeading } from './step-heading.tsx';

const TONE_ICON = {
  success: <CheckCircleOutlined />,
  warning: <ClockCircleOutlined />,
  error: <StopOutlined />,
};

/**
 * The booking its code found: whose it is, for which truck, product, line, day and window, and
 * what checking in does now in plain words. Where it may check in, "Issue ticket" (after the
 * plate, for a booking of any of the supplier's vehicles); where not, why and what to do.
 */
export function BookingStep({
  found,
  licence,
  issuing,
  failure,
  offline,
  onIssue,
  onLicence,
  onOtherCode,
  onRestart,
}: {
  found: FoundBooking;
  /** The plate the truck gave ('' before it did, or where the booking names it). */
  licence: string;
  issuing: boolean;
  failure: IssueFailure | null;
  offline: boolean;
  onIssue: () => void;
  /** To the licence step: give (or correct) the plate. */
  onLicence: () => void;
  onOtherCode: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dates = useDates();
  const { booking } = found;
  const words = checkInWords(t, dates, found);
  const refused = checkInNow(found).kind === 'refused';
  const askPlate = needsLicence(found);

  // The step's next move sits in the bar along the bottom, always on screen (issue 36).
  let next = null;
  if (refused)
    next = (
      <Button className="tqk-big" size="large" type="primary" onClick={onRestart}>
        {t('kiosk.nav.restart')}
      </Button>
    );
  else if (askPlate && licence === '')
    next = (
      <Button
        className="tqk-big"
        size="large"
        type="primary"
        icon={<ArrowRightOutlined />}
        iconPlacement="end"
        onClick={onLicence}
        data-testid="kiosk-booking-licence"
      >
        {t('kiosk.booking.found.givePlate')}
      </Button>
    );
  else if (!failure)
    next = (
      <Button
        className="tqk-big"
        size="large"
        type="primary"
        icon={<PrinterOutlined />}
        loading={issuing}
        onClick={onIssue}
        data-testid="kiosk-issue"
      >
        {issuing ? t('kiosk.confirm.issuing') : t('kiosk.confirm.submit')}
      </Button>
    );

  const label = { color: token.colorTextSecondary };
  return (
    <>
      <StepHeading
        title={t('kiosk.booking.found.title')}
        hint={askPlate && licence === '' && !refused ? t('kiosk.booking.found.anyVehicleHint') : undefined}
      />
      <dl
        className="tqk-summary"
        data-testid="kiosk-booking"
        style={{
          background: token.colorBgContainer,
          border: `2px solid ${token.colorBorderSecondary}`,
          color: token.colorText,
          margin: 0,
        }}
      >
        <dt style={label}>{t('checkIn.code')}</dt>
        <dd style={{ letterSpacing: '0.06em' }}>{spacedCode(booking.code)}</dd>
        <dt style={label}>{t('checkIn.supplier')}</dt>
        <dd>{booking.supplier.name}</dd>
        <dt style={label}>{t('kiosk.steps.licence')}</dt>
        <dd data-testid="kiosk-booking-plate">
          {licence !== '' ? (
            <PlatesText licence={licence} />
          ) : booking.truck_license ? (
            <PlatesText licence={booking.truck_license} />
          ) : (
            bookingPlate(t, booking)
          )}
        </dd>
        <dt style={label}>{t('kiosk.steps.product')}</dt>
        <dd>{booking.product_name}</dd>
        <dt style={label}>{t('checkIn.line')}</dt>
        <dd>{booking.queue_type_name}</dd>
        <dt style={label}>{t('checkIn.when')}</dt>
        <dd data-testid="kiosk-booking-when">{bookingWhen(dates, booking)}</dd>
      </dl>
      <Notice
        tone={words.tone}
        icon={TONE_ICON[words.tone]}
        title={words.title}
        lines={words.lines}
        role={refused ? 'alert' : 'status'}
        testId="kiosk-booking-now"
      />
      {failure && !refused && (
        <IssueFailureNotice
          failure={failure}
          issuing={issuing}
          onRetry={onIssue}
          onEditLicence={askPlate ? onLicence : undefined}
          onRestart={onRestart}
        />
      )}
      {offline && !failure && !refused && (
        <Alert
          type="warning"
          showIcon
          style={{ fontSize: 'clamp(18px, 2vh, 28px)' }}
          title={t('kiosk.unreachable.now')}
        />
      )}
      <div className="tqk-actions">
        <Button
          className="tqk-big"
          size="large"
          icon={<ArrowLeftOutlined />}
          onClick={onOtherCode}
          disabled={issuing}
          data-testid="kiosk-booking-back"
        >
          {t('kiosk.booking.found.otherCode')}
        </Button>
        {next}
      </div>
    </>
  );
}
