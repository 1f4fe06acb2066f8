import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { Code128Svg } from '../../lib/barcode/code128-svg.tsx';
import { QrSvg } from '../../lib/barcode/qr-svg.tsx';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { formatTicketTime } from '../../lib/format.ts';
import { PlatesText } from '../plates/plates-text.tsx';
import { PAGE_MARGIN_MM, ticketPageLengthMm, type TicketHeading } from './ticket-layout.ts';
import './printed-ticket.css';

/** Until the ticket is measured: long enough for any ticket, so nothing is cut. */
const FALLBACK_PAGE_MM = 200;

/**
 * The queue ticket as printed on 80 mm thermal paper (and shown on screen, zoomed): company
 * and branch, number, type, product, licence, time (the branch's calendar, the plant's clock),
 * the trucks ahead at issue, a QR code of the driver's page and a Code 128 of the ticket code
 * for the counters' scanners. The page size of the print follows the ticket's measured length.
 * The kiosk prints it, and so does the back office's New ticket dialog (ticket-printout.tsx):
 * one ticket, wherever issued. Its words are those of the thermal ticket the server draws
 * (shared ticket-text.ts, server printing/ticket-raster.ts).
 */
export function PrintedTicket({
  ticket,
  heading,
  followUrl,
}: {
  ticket: Ticket;
  /** The company, and the branch under it (ticket-layout.ts ticketHeading). */
  heading: TicketHeading;
  followUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar();
  const root = useRef<HTMLDivElement>(null);
  const [pageMm, setPageMm] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setPageMm(ticketPageLengthMm({ width: rect.width, height: rect.height }));
    };
    // Observing measures once at the start, then again when late fonts or a rotation change it.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const margin = `${PAGE_MARGIN_MM.top}mm ${PAGE_MARGIN_MM.side}mm ${PAGE_MARGIN_MM.bottom}mm`;
  return (
    <div className="tqk-ticket-frame">
      <style>{`@page { size: 80mm ${pageMm ?? FALLBACK_PAGE_MM}mm; margin: ${margin}; }`}</style>
      <div ref={root} className="tqk-ticket" data-testid="ticket" data-page-mm={pageMm ?? undefined}>
        <div className="tqk-ticket-company" data-testid="ticket-company">
          {heading.heading}
        </div>
        {heading.subheading && <div className="tqk-ticket-branch">{heading.subheading}</div>}
        <div className="tqk-ticket-heading">{t('kiosk.ticket.heading')}</div>
        <div
          className="tqk-ticket-number"
          data-testid="ticket-number"
          aria-label={t('kiosk.ticket.queueNumber')}
        >
          {ticket.queue_number}
        </div>
        <hr />
        <dl>
          <dt>{t('kiosk.ticket.queueType')}</dt>
          <dd>{ticket.queue_type_name}</dd>
          <dt>{t('kiosk.ticket.product')}</dt>
          <dd>{ticket.product_name}</dd>
          <dt>{t('kiosk.ticket.licence')}</dt>
          <dd className="tqk-ticket-licence" data-testid="ticket-licence">
            <PlatesText licence={ticket.truck_license} />
          </dd>
          <dt>{t('kiosk.ticket.issuedAt')}</dt>
          <dd data-testid="ticket-time">
            {formatTicketTime(ticket.created, i18n.language, calendar, config.siteTimeZone)}
          </dd>
        </dl>
        {ticket.ahead_at_issue !== null && (
          <div className="tqk-ticket-ahead" data-testid="ticket-ahead">
            {ticket.ahead_at_issue > 0
              ? t('kiosk.ticket.ahead', { n: ticket.ahead_at_issue })
              : t('kiosk.ticket.aheadNone')}
          </div>
        )}
        <hr />
        <QrSvg className="tqk-ticket-qr" text={followUrl} label={t('kiosk.ticket.scan')} />
        <div className="tqk-ticket-scan">{t('kiosk.ticket.scan')}</div>
        {ticket.line_chat_url && (
          <>
            <QrSvg
              className="tqk-ticket-qr tqk-ticket-qr-line"
              text={ticket.line_chat_url}
              label={t('kiosk.ticket.lineFollow')}
            />
            <div className="tqk-ticket-scan" data-testid="ticket-line">
              {t('kiosk.ticket.lineFollow')}
            </div>
          </>
        )}
        <Code128Svg
          className="tqk-ticket-barcode"
          text={ticket.ticket_code}
          label={t('ticket.codeBarcode', { code: ticket.ticket_code })}
          moduleSize="0.5mm"
        />
        <div className="tqk-ticket-code" data-testid="ticket-code">
          {t('ticket.code', { code: ticket.ticket_code })}
        </div>
        <div className="tqk-ticket-small">{t('kiosk.ticket.keep')}</div>
      </div>
    </div>
  );
}
