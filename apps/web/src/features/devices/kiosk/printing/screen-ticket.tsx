import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { QrSvg } from '../../../../lib/barcode/qr-svg.tsx';
import { useCalendar } from '../../../../lib/calendar-context.tsx';
import { config } from '../../../../lib/config.ts';
import { formatTicketTime } from '../../../../lib/format.ts';
import { PlatesText } from '../../../plates/plates-text.tsx';
import type { TicketHeading } from '../../../ticket/ticket-layout.ts';

/**
 * The ticket when no paper came out: made for a driver's phone to photograph off the screen.
 * The QR code is large (a module is well over 10 screen pixels, with its quiet zone on white)
 * and the number is the biggest thing on it; black on white whatever the theme.
 */
export function ScreenTicket({
  ticket,
  heading,
  followUrl,
}: {
  ticket: Ticket;
  heading: TicketHeading;
  followUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar();
  return (
    <div className="tqk-screen-ticket" data-testid="screen-ticket">
      <div className="tqk-screen-ticket-company">
        {heading.heading}
        {heading.subheading && <span> · {heading.subheading}</span>}
      </div>
      <div className="tqk-screen-ticket-label">{t('kiosk.ticket.queueNumber')}</div>
      <div className="tqk-screen-ticket-number" data-testid="ticket-number">
        {ticket.queue_number}
      </div>
      <div className="tqk-screen-ticket-body">
        <QrSvg className="tqk-screen-ticket-qr" text={followUrl} label={t('kiosk.ticket.scan')} />
        <dl>
          <dt>{t('kiosk.ticket.queueType')}</dt>
          <dd>{ticket.queue_type_name}</dd>
          <dt>{t('kiosk.ticket.product')}</dt>
          <dd>{ticket.product_name}</dd>
          <dt>{t('kiosk.ticket.licence')}</dt>
          <dd data-testid="ticket-licence">
            <PlatesText licence={ticket.truck_license} />
          </dd>
          <dt>{t('kiosk.ticket.issuedAt')}</dt>
          <dd>{formatTicketTime(ticket.created, i18n.language, calendar, config.siteTimeZone)}</dd>
          <dt>{t('ticket.codeLabel')}</dt>
          <dd data-testid="ticket-code">{ticket.ticket_code}</dd>
        </dl>
      </div>
      <div className="tqk-screen-ticket-scan">{t('kiosk.ticket.scan')}</div>
      {ticket.line_chat_url && (
        <div className="tqk-screen-ticket-line" data-testid="screen-ticket-line">
          <QrSvg
            className="tqk-screen-ticket-line-qr"
            text={ticket.line_chat_url}
            label={t('kiosk.ticket.lineFollow')}
          />
          <span>{t('kiosk.ticket.lineFollow')}</span>
        </div>
      )}
    </div>
  );
}
