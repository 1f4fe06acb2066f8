import { fromThaiLayout } from './keyboard-layout.ts';
import { looksLikeTicketCode, readTicketCode } from './ticket-code.ts';

/**
 * What an officer's scan box received, typed by hand or by a scanner: the lab's, the
 * weighbridge's, the gate's and Manage Calling's box all read it here, so one text always
 * names the same truck, whichever counter it was typed at.
 *
 *  - a queue number as typed (D001): `number`;
 *  - the ticket code of the ticket's Code 128 (T-016JD): `ticketCode`, or `misread` when its
 *    check symbol does not match (a smudged bar: scan again, never another truck);
 *  - the driver's page address of the ticket's QR code (…/Queue/data/<uuid>), or a bare uuid:
 *    `uuid`; any other address is `foreignLink` (a QR code that is not a ticket's).
 */
export type ScannedText =
  | { kind: 'empty' }
  | { kind: 'number'; queueNumber: string }
  | { kind: 'ticketCode'; code: string; id: number }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'misread'; text: string }
  | { kind: 'foreignLink'; text: string };

/** How a counter's call names the truck: exactly one way (the contracts' TruckRef). */
export type TruckRefBody = { queue_number: string } | { uuid: string } | { ticket_code: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BARE_UUID = new RegExp(`^${UUID}$`, 'i');
/** The driver's page: /Queue/data/<uuid>, or queue.html?id=<uuid> (any case: a box may upper-case it). */
const DRIVER_PAGE = new RegExp(`/queue/data/(${UUID})(?:[/?#]|$)|[?&]id=(${UUID})(?:[&#]|$)`, 'i');
const LINK = /^[a-z][a-z\d+.-]*:\/\/|^www\.|^\/|\/queue\/data\//i;
/** Without the control characters a scanner may send around what it read (Enter, Tab, group separators). */
function printable(text: string): string {
  return [...text].filter((char) => char >= ' ' && char !== '\u007f').join('');
}

export function parseScannedText(raw: string): ScannedText {
  const text = fromThaiLayout(printable(raw)).trim();
  if (!text) return { kind: 'empty' };

  const page = DRIVER_PAGE.exec(text);
  const uuid = page ? (page[1] ?? page[2]) : BARE_UUID.test(text) ? text : undefined;
  if (uuid) return { kind: 'uuid', uuid: uuid.toLowerCase() };
  if (LINK.test(text)) return { kind: 'foreignLink', text };

  if (looksLikeTicketCode(text)) {
    const reading = readTicketCode(text);
    return reading.ok
      ? { kind: 'ticketCode', code: reading.code, id: reading.id }
      : { kind: 'misread', text };
  }
  return { kind: 'number', queueNumber: text.toUpperCase() };
}

/** The body fields naming the truck, or null for text that names none. */
export function truckRefOf(scanned: ScannedText): TruckRefBody | null {
  switch (scanned.kind) {
    case 'number':
      return { queue_number: scanned.queueNumber };
    case 'ticketCode':
      return { ticket_code: scanned.code };
    case 'uuid':
      return { uuid: scanned.uuid };
    case 'empty':
    case 'misread':
    case 'foreignLink':
      return null;
  }
}
