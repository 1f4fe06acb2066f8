import { useEffect } from 'react';
import { Button, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { driverPageUrl } from '../../../lib/driver-page.ts';
import { PrintedTicket } from '../../ticket/printed-ticket.tsx';
import { ticketHeading } from '../../ticket/ticket-layout.ts';
import { useIdleTimeout } from './use-idle.ts';

/** How long the issued ticket stays on screen (without a touch) before the next truck's turn. */
export const ISSUED_SCREEN_MS = 15_000;
/** Lets the ticket lay out (and its page length be measured) before the print starts. */
const PRINT_DELAY_MS = 300;

/**
 * The issued ticket, on screen and printed once: kiosk Chrome runs with --kiosk-printing, so
 * window.print() goes straight to the default printer without a dialog.
 */
export function IssuedStep({
  ticket,
  device,
  printedFor,
  onDone,
}: {
  ticket: Ticket;
  device: DeviceInfo;
  /** The ticket last sent to the printer: a re-render (or a remount) never prints it twice. */
  printedFor: { current: string | null };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const left = useIdleTimeout(true, ISSUED_SCREEN_MS, onDone);

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void document.fonts.ready.then(() => {
        if (cancelled || printedFor.current === ticket.uuid) return;
        printedFor.current = ticket.uuid;
        window.print();
      });
    }, PRINT_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [ticket.uuid, printedFor]);

  return (
    <div className="tqk-issued tqk-print-flat">
      <div className="tqk-noprint tqk-issued-message" style={{ textAlign: 'center' }} role="status">
        <div className="tqk-step-title" style={{ color: token.colorSuccessText }}>
          <CheckCircleFilled /> {t('kiosk.issued.title')}
        </div>
        <p className="tqk-step-hint" style={{ color: token.colorText, marginTop: 8 }}>
          {t('kiosk.issued.take')}
        </p>
      </div>
      <PrintedTicket
        ticket={ticket}
        heading={ticketHeading(device.company_name, device.branch_name)}
        followUrl={driverPageUrl(ticket.uuid)}
      />
      <div
        className="tqk-noprint tqk-issued-finish"
        style={{ width: '100%', maxWidth: 900, textAlign: 'center' }}
      >
        <Button
          className="tqk-big"
          size="large"
          type="primary"
          block
          onClick={onDone}
          data-testid="kiosk-finish"
        >
          {t('kiosk.issued.finish')}
        </Button>
        <p className="tqk-step-hint" style={{ color: token.colorTextSecondary, marginTop: 12 }}>
          {t('kiosk.issued.returning', { s: left ?? Math.round(ISSUED_SCREEN_MS / 1000) })}
        </p>
      </div>
    </div>
  );
}
