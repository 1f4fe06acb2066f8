import { useEffect, useState } from 'react';
import { Button, Spin, theme } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import type { PrintFailure, PrintTarget } from '@truck-queue/shared/printing/printer-status';
import { driverPageUrl } from '../../../lib/driver-page.ts';
import { PrintedTicket } from '../../ticket/printed-ticket.tsx';
import { ticketHeading } from '../../ticket/ticket-layout.ts';
import { Notice } from './confirm-step.tsx';
import { ScreenTicket } from './printing/screen-ticket.tsx';
import type { KioskPrinter } from './printing/use-kiosk-printer.ts';
import { useIdleTimeout } from './use-idle.ts';

/** How long the issued ticket stays on screen (without a touch) before the next truck's turn. */
export const ISSUED_SCREEN_MS = 15_000;
/** A ticket that did not print stays long enough to be photographed and its number written down. */
export const PRINT_FAILED_SCREEN_MS = 60_000;
/** Lets the ticket lay out (and its page length be measured) before the print starts. */
const PRINT_DELAY_MS = 300;

/** The ticket's paper as the screen tells it. */
type Paper =
  | { state: 'browser' }
  | { state: 'printing' }
  | { state: 'printed' }
  | { state: 'failed'; reason: PrintFailure | null };

function paperOf(print: PrintOutcome, target: PrintTarget): Paper {
  switch (print.state) {
    case 'browser':
      return { state: 'browser' };
    case 'printed':
      return { state: 'printed' };
    case 'pending':
      // Only a USB kiosk prints a job itself; a network job the server never finished did not print.
      if (target !== 'usb') return { state: 'failed', reason: 'not_confirmed' };
      return print.job_id === null ? { state: 'failed', reason: 'usb_error' } : { state: 'printing' };
    case 'failed':
      return { state: 'failed', reason: print.reason };
  }
}

/**
 * The issued ticket, and what became of its paper:
 *  - browser: printed once through the print dialog (kiosk Chrome runs with --kiosk-printing,
 *    so window.print() goes straight to the default printer);
 *  - a network printer has printed it (the server did): take it below;
 *  - a USB job: the kiosk prints it itself now, then says which of the two below;
 *  - failed: never a quiet success. The screen says so in plain words and shows the ticket
 *    large enough to photograph, for a minute, and sends the driver to the office.
 */
export function IssuedStep({
  ticket,
  print,
  device,
  printer,
  printedFor,
  onDone,
}: {
  ticket: Ticket;
  print: PrintOutcome;
  device: DeviceInfo;
  printer: KioskPrinter;
  /** The ticket last sent to the print dialog: a re-render (or a remount) never prints it twice. */
  printedFor: { current: string | null };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [paper, setPaper] = useState<Paper>(() => paperOf(print, device.print_target));
  const failed = paper.state === 'failed';
  const screenMs = failed ? PRINT_FAILED_SCREEN_MS : ISSUED_SCREEN_MS;
  const left = useIdleTimeout(paper.state !== 'printing', screenMs, onDone);

  useEffect(() => {
    if (print.state !== 'browser') return;
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
  }, [print.state, ticket.uuid, printedFor]);

  // A USB job: the printer queue prints each job once, so a remount only waits for its result.
  const { printJob } = printer;
  useEffect(() => {
    if (print.state !== 'pending' || print.job_id === null || device.print_target !== 'usb') return;
    let cancelled = false;
    void printJob(print.job_id).then((result) => {
      if (cancelled) return;
      setPaper(
        result.outcome === 'printed' ? { state: 'printed' } : { state: 'failed', reason: result.reason },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [print.state, print.job_id, printJob, device.print_target]);

  const heading = ticketHeading(device.company_name, device.branch_name);
  const followUrl = driverPageUrl(ticket.uuid);
  const finish = (
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
        {t('kiosk.issued.returning', { s: left ?? Math.round(screenMs / 1000) })}
      </p>
    </div>
  );

  if (paper.state === 'failed') {
    return (
      <div className="tqk-issued tqk-print-failed" data-paper="failed">
        <div className="tqk-issued-message">
          <Notice
            tone="error"
            icon={<ExclamationCircleFilled />}
            title={t('kiosk.print.failed.title')}
            lines={[t(`kiosk.print.reason.${paper.reason ?? 'unknown'}`), t('kiosk.print.failed.photograph')]}
            testId="kiosk-print-failed"
          />
        </div>
        <ScreenTicket ticket={ticket} heading={heading} followUrl={followUrl} />
        {finish}
      </div>
    );
  }

  let message;
  switch (paper.state) {
    case 'browser':
      message = (
        <>
          <div className="tqk-step-title" style={{ color: token.colorSuccessText }}>
            <CheckCircleFilled /> {t('kiosk.issued.title')}
          </div>
          <p className="tqk-step-hint" style={{ color: token.colorText, marginTop: 8 }}>
            {t('kiosk.issued.take')}
          </p>
        </>
      );
      break;
    case 'printing':
      message = (
        <div className="tqk-step-title" data-testid="kiosk-printing" style={{ color: token.colorText }}>
          <Spin size="large" /> {t('kiosk.print.printing')}
        </div>
      );
      break;
    case 'printed':
      message = (
        <>
          <div
            className="tqk-step-title"
            data-testid="kiosk-printed"
            style={{ color: token.colorSuccessText }}
          >
            <CheckCircleFilled /> {t('kiosk.issued.title')}
          </div>
          <p className="tqk-step-hint" style={{ color: token.colorText, marginTop: 8 }}>
            {t('kiosk.print.printed')}
          </p>
        </>
      );
      break;
  }

  return (
    <div className="tqk-issued tqk-print-flat" data-paper={paper.state}>
      <div className="tqk-noprint tqk-issued-message" style={{ textAlign: 'center' }} role="status">
        {message}
      </div>
      <PrintedTicket ticket={ticket} heading={heading} followUrl={followUrl} />
      {finish}
    </div>
  );
}
